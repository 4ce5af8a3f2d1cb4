//! Loading a corpus (a directory of YAML case files) and checking it (`arbiter check`).

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt;
use std::path::{Path, PathBuf};

use arbiter_core::{chess960, fen, perft, CastlingMode, CastlingNotation, Position};

use crate::case::{pgn_moves, Case, CaseFile, ClauseRef, Expect, Variant};
use crate::clauses::Clauses;
use crate::excerpt::{excerpt, printable, EXCERPT_CHARS};
use crate::profile;
use crate::protocol::{GameResult, PositionSpec, Status};

/// A problem in a corpus, naming the file, the line and the case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusError {
    /// The file, relative to the corpus directory.
    pub file: PathBuf,
    /// The line, when known.
    pub line: Option<usize>,
    /// The case's id, when the problem is in a case.
    pub case: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", printable(&self.file.display().to_string()))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(case) = &self.case {
            write!(f, ": case {}", shown(case))?;
        }
        write!(f, ": {}", self.message)
    }
}

/// A name (a case id, a move) as a message shows it: as it is when short and printable, else
/// through [`excerpt`].
fn shown(name: &str) -> String {
    if name.chars().count() <= MAX_ID_CHARS && !name.chars().any(char::is_control) {
        name.to_owned()
    } else {
        excerpt(name)
    }
}

/// The longest case id (in characters) `check` accepts.
pub const MAX_ID_CHARS: usize = 200;

/// A case with where it was read.
#[derive(Clone, Debug)]
pub struct LocatedCase {
    /// The case.
    pub case: Case,
    /// The file, relative to the corpus directory.
    pub file: PathBuf,
    /// The line of its `id`.
    pub line: usize,
}

/// A loaded corpus.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    /// The directory the corpus was loaded from.
    pub root: PathBuf,
    /// The cases, in the order read.
    pub cases: Vec<LocatedCase>,
}

impl Corpus {
    /// The cases, in the order read.
    pub fn cases(&self) -> impl Iterator<Item = &Case> {
        self.cases.iter().map(|c| &c.case)
    }
    /// The case with the id `id`, with where it was read.
    pub fn find(&self, id: &str) -> Option<&LocatedCase> {
        self.cases.iter().find(|c| c.case.id == id)
    }
}

/// The source directory of the corpus shipped with arbiter (`spec/cases`), as it was when this
/// crate was built: for arbiter's own tests and tools. A binary uses [`load_embedded`], which
/// does not need the source tree.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cases")
}

/// The largest case file (or perft suite, or clause list) arbiter reads: 16 MiB, some 400
/// times the largest file of the shipped corpus. A larger file is an error, not an allocation.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The deepest nesting of flow collections (`[...]`, `{...}`) a case file may have. The schema
/// itself never needs more than a handful of levels; the YAML parser's time grows with the
/// square of this depth (libyaml looks at every open level for each token), so a file of
/// brackets is refused here, at once, instead of parsed for minutes.
pub const MAX_FLOW_DEPTH: usize = 32;

/// Loads every `*.yaml` (or `*.yml`, in any letter case) file under `root`, sorted by path,
/// each checked against the case schema (`spec/schema.json`) too.
/// Symbolic links are followed, but a directory reached twice (a link loop, or two links to
/// one directory) is an error, and so is a case file that is not a regular file (a FIFO, a
/// device): the walk ends and never blocks. All files are read; every error is reported.
pub fn load(root: &Path) -> Result<Corpus, Vec<CorpusError>> {
    let files = collect_yaml(root)?;
    if files.is_empty() {
        return Err(vec![error(root, None, None, "no .yaml case files found".into())]);
    }
    let read = files.into_iter().map(|path| {
        let relative = path.strip_prefix(root).unwrap_or(&path).to_owned();
        let bytes = read_bytes(&path, MAX_FILE_BYTES);
        (relative, bytes)
    });
    parse_all(root, read)
}

/// The name the corpus shipped with arbiter goes by in messages and in [`Corpus::root`].
pub const EMBEDDED: &str = "the corpus built into arbiter";

/// The corpus shipped with arbiter, built into the binary (`spec/build.rs` embeds
/// `spec/cases`), so that a binary copied out of its source tree still has it. It is read and
/// checked exactly as [`load`] reads a directory; the files keep their paths under `spec/cases`.
///
/// ```
/// let corpus = arbiter_spec::corpus::load_embedded().expect("the shipped corpus loads");
/// assert!(corpus.cases.len() > 500);
/// assert!(corpus.cases.iter().all(|c| c.file.is_relative()));
/// ```
pub fn load_embedded() -> Result<Corpus, Vec<CorpusError>> {
    let files = embedded::FILES.iter().map(|(path, bytes)| (PathBuf::from(path), Ok(bytes.to_vec())));
    parse_all(Path::new(EMBEDDED), files)
}

/// The files of the embedded corpus, generated by `spec/build.rs`.
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_corpus.rs"));
}

/// Parses and schema-checks case files read (or not) from `root`: every error is reported.
fn parse_all(
    root: &Path,
    files: impl Iterator<Item = (PathBuf, Result<Vec<u8>, String>)>,
) -> Result<Corpus, Vec<CorpusError>> {
    let validator = crate::schema::CaseValidator::new().map_err(|e| vec![error(root, None, None, e)])?;
    let mut corpus = Corpus { root: root.to_owned(), cases: Vec::new() };
    let mut errors = Vec::new();
    for (relative, bytes) in files {
        match bytes {
            Ok(bytes) => match parse_bytes(&relative, &bytes) {
                Ok(cases) => {
                    // What a tool reading the file by the schema alone would refuse (the
                    // schema is generated from the types just read, so normally nothing).
                    let text = String::from_utf8_lossy(&bytes);
                    errors.extend(validator.problems(&text).into_iter().map(|p| error(&relative, None, None, p)));
                    corpus.cases.extend(cases);
                }
                Err(e) => errors.push(e),
            },
            Err(e) => errors.push(error(&relative, None, None, e)),
        }
    }
    if errors.is_empty() {
        Ok(corpus)
    } else {
        Err(errors)
    }
}

/// The case files under `root`, sorted. The walk keeps a list of directories still to read
/// (no recursion, no open directory handles held) and the real path of every directory read.
fn collect_yaml(root: &Path) -> Result<Vec<PathBuf>, Vec<CorpusError>> {
    let fail = |message: String| vec![error(root, None, None, message)];
    let real_root = std::fs::canonicalize(root).map_err(|e| fail(format!("cannot read the corpus directory: {e}")))?;
    if !real_root.is_dir() {
        return Err(fail("the corpus is not a directory".into()));
    }
    let relative = |path: &Path| path.strip_prefix(root).unwrap_or(path).to_owned();
    let mut seen: HashMap<PathBuf, PathBuf> = HashMap::from([(real_root, root.to_owned())]);
    let mut pending = vec![root.to_owned()];
    let mut files = Vec::new();
    let mut errors = Vec::new();
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                errors.push(error(&relative(&dir), None, None, format!("cannot read the directory: {e}")));
                continue;
            }
        };
        for entry in entries {
            let path = match entry {
                Ok(entry) => entry.path(),
                Err(e) => {
                    errors.push(error(&relative(&dir), None, None, format!("cannot read the directory: {e}")));
                    continue;
                }
            };
            let is_case_file = is_case_file_name(&path);
            // `metadata` follows links: a dangling link is an error only where a case file was meant.
            let metadata = match std::fs::metadata(&path) {
                Ok(m) => m,
                Err(e) if is_case_file => {
                    errors.push(error(&relative(&path), None, None, format!("cannot read: {e}")));
                    continue;
                }
                Err(_) => continue,
            };
            if metadata.is_dir() {
                let real = match std::fs::canonicalize(&path) {
                    Ok(real) => real,
                    Err(e) => {
                        errors.push(error(&relative(&path), None, None, format!("cannot read the directory: {e}")));
                        continue;
                    }
                };
                match seen.get(&real) {
                    Some(first) => errors.push(error(
                        &relative(&path),
                        None,
                        None,
                        format!(
                            "this directory was already read as {} (a symbolic link loop, or a second link to it)",
                            printable(&first.display().to_string())
                        ),
                    )),
                    None => {
                        seen.insert(real, path.clone());
                        pending.push(path);
                    }
                }
            } else if is_case_file {
                if metadata.is_file() {
                    files.push(path);
                } else {
                    errors.push(error(
                        &relative(&path),
                        None,
                        None,
                        "not a regular file (a FIFO, socket or device cannot hold cases)".into(),
                    ));
                }
            }
        }
    }
    if errors.is_empty() {
        files.sort();
        Ok(files)
    } else {
        errors.sort_by(|a, b| a.file.cmp(&b.file));
        Err(errors)
    }
}

/// `*.yaml` or `*.yml`, in any letter case (`CASES.YAML` is a case file too).
fn is_case_file_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
}

/// Reads at most `limit` bytes of a file: a larger file is an error, and nothing larger is
/// ever allocated. A directory is an error too.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err("cannot read: it is a directory".into());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("larger than the limit of {limit} bytes"));
    }
    Ok(bytes)
}

/// `bytes` as UTF-8 text, or the line of the first byte that is not UTF-8 and the message.
pub fn utf8_text(bytes: &[u8]) -> Result<&str, (usize, String)> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        let column = at - bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        (line, format!("not UTF-8 text: byte {:#04x} at column {column}", bytes[at]))
    })
}

fn error(file: &Path, line: Option<usize>, case: Option<String>, message: String) -> CorpusError {
    CorpusError { file: file.to_owned(), line, case, message }
}

/// Parses one case file's bytes (what `arbiter check` reads from each file); `file` names it
/// in errors. Text that is not UTF-8 is an error naming its line.
pub fn parse_bytes(file: &Path, bytes: &[u8]) -> Result<Vec<LocatedCase>, CorpusError> {
    let text = utf8_text(bytes).map_err(|(line, message)| error(file, Some(line), None, message))?;
    parse_file(file, text)
}

/// Parses one case file's text; `file` names it in errors.
///
/// ```
/// use std::path::Path;
/// use arbiter_spec::corpus::parse_file;
///
/// let text = "cases:\n  - id: start-perft\n    refs: [\"3.10.1\"]\n    description: twenty moves from the start\n    expect: {perft: {1: 20}}\n";
/// let cases = parse_file(Path::new("start.yaml"), text).unwrap();
/// assert_eq!((cases[0].case.id.as_str(), cases[0].line), ("start-perft", 2));
/// // A misspelt expectation is an error naming the file, not a case that asserts nothing.
/// let error = parse_file(Path::new("bad.yaml"), &text.replace("perft:", "pertf:")).unwrap_err();
/// assert!(error.to_string().starts_with("bad.yaml"));
/// ```
pub fn parse_file(file: &Path, text: &str) -> Result<Vec<LocatedCase>, CorpusError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(error(file, None, None, format!("larger than the limit of {MAX_FILE_BYTES} bytes")));
    }
    let ids = id_lines(text);
    let case_at = |line: usize| ids.iter().rev().find(|(_, at)| *at <= line).map(|(id, _)| id.clone());
    if let Some(line) = flow_too_deep(text) {
        let message = format!("brackets nested more than {MAX_FLOW_DEPTH} deep (no case needs that many)");
        return Err(error(file, Some(line), case_at(line), message));
    }
    let parsed: CaseFile = serde_yaml::from_str(text).map_err(|e| {
        let line = e.location().map(|l| l.line());
        error(file, line, line.and_then(case_at), bounded_message(&e.to_string()))
    })?;
    Ok(locate(parsed.cases, &ids, file))
}

/// A message that may quote its input (a parser's unknown key, a FEN error's field): kept as
/// it is when short and printable, else quoted through [`excerpt`].
pub fn bounded_message(message: &str) -> String {
    if message.len() <= 2 * EXCERPT_CHARS && !message.chars().any(char::is_control) {
        message.to_owned()
    } else {
        excerpt(message)
    }
}

/// Each case with the line of its `id`: the `id` keys are matched to the cases in order, so
/// that two cases with one id get their own lines. Linear in the file's size.
fn locate(cases: Vec<Case>, ids: &[(String, usize)], file: &Path) -> Vec<LocatedCase> {
    let mut lines: HashMap<&str, VecDeque<usize>> = HashMap::new();
    for (id, line) in ids {
        lines.entry(id.as_str()).or_default().push_back(*line);
    }
    let mut last = 1;
    cases
        .into_iter()
        .map(|case| {
            if let Some(queue) = lines.get_mut(case.id.as_str()) {
                while let Some(line) = queue.pop_front() {
                    if line >= last {
                        last = line;
                        break;
                    }
                }
            }
            LocatedCase { case, file: file.to_owned(), line: last }
        })
        .collect()
}

/// The `id` keys of a case file with their (1-based) lines: `id: x`, `"id": x`, `'id': x`, in
/// block style (`- id: x`) or in flow style (`- {refs: [...], id: x}`), several a line.
fn id_lines(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        let mut at_start = true;
        while let Some(found) = next_id_key(rest, at_start) {
            let value = &rest[found..];
            let end = value.find([',', '}', '#']).unwrap_or(value.len());
            let id = value[..end].trim().trim_matches(|c| c == '"' || c == '\'');
            out.push((id.to_owned(), n + 1));
            rest = &value[end..];
            at_start = false;
        }
    }
    out
}

/// Where the value of the next `id` key in `line` starts: a key `id` (bare or quoted) that
/// begins the line (after `-`, `?` and `{`) or follows `{` or `,`, followed by `:`.
fn next_id_key(line: &str, at_start: bool) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut i = 0;
    let mut key_may_start = at_start;
    while i < bytes.len() {
        let c = bytes[i];
        if key_may_start {
            for key in ["id", "\"id\"", "'id'"] {
                if line[i..].starts_with(key) {
                    let after = line[i + key.len()..].trim_start_matches([' ', '\t']);
                    if let Some(value) = after.strip_prefix(':') {
                        if value.is_empty() || value.starts_with([' ', '\t']) {
                            return Some(line.len() - value.len());
                        }
                    }
                }
            }
        }
        key_may_start = match c {
            b'{' | b',' => true,
            b'-' | b'?' => key_may_start && at_start,
            b' ' | b'\t' => key_may_start,
            _ => false,
        };
        i += 1;
    }
    None
}

/// The line at which flow collections nest deeper than [`MAX_FLOW_DEPTH`], if they do. This
/// reads the text the way libyaml's scanner does as far as brackets go: its line breaks
/// (`\n`, `\r`, NEL, LS, PS), comments, quoted scalars, plain scalars (continued on lines
/// indented deeper than the innermost block collection), block scalars (`|`, `>`, with their
/// indentation), anchors, aliases, tags and document markers, and counts every `[` or `{`
/// that begins a token. Linear in the text.
fn flow_too_deep(text: &str) -> Option<usize> {
    fn anchor_char(c: u8) -> bool {
        c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
    }
    fn tag_char(c: u8) -> bool {
        anchor_char(c) || b";/?:@&=+$.%!~*'()".contains(&c)
    }
    let b = text.as_bytes();
    // The length of the line break at `i`, 0 if there is none.
    let line_break = |i: usize| match b.get(i..).unwrap_or_default() {
        [b'\r', b'\n', ..] => 2,
        [b'\n' | b'\r', ..] => 1,
        [0xc2, 0x85, ..] => 2,
        [0xe2, 0x80, 0xa8 | 0xa9, ..] => 3,
        _ => 0,
    };
    let blank = |i: usize| i >= b.len() || matches!(b[i], b' ' | b'\t') || line_break(i) > 0;
    let flow_indicator = |i: usize| i < b.len() && matches!(b[i], b',' | b'[' | b']' | b'{' | b'}');
    // libyaml's block indentation: the columns of the open block collections, innermost last.
    let mut indents: Vec<usize> = Vec::new();
    let innermost = |indents: &Vec<usize>| indents.last().map_or(-1, |&c| c as isize);
    let mut depth = 0usize;
    let mut line = 1;
    let mut line_start = 0;
    let mut i = 0;
    // Whether the next character begins a token (is not inside a plain scalar).
    let mut token_start = true;
    // Whether the next token may be a key (block context), and the column of the last one
    // that may: a `:` after it opens a block mapping there.
    let mut key_allowed = true;
    let mut key_column = 0;
    // Whether the next non-blank character is the first of its line, and whether the last line
    // break came inside a plain scalar (in block context).
    let mut line_head = true;
    let mut in_plain_at_break = false;
    while i < b.len() {
        let c = b[i];
        let brk = line_break(i);
        if brk > 0 {
            line += 1;
            line_start = i + brk;
            // An empty line leaves a plain scalar as it was.
            let had_text = !std::mem::replace(&mut line_head, true);
            if depth == 0 && had_text {
                in_plain_at_break = !token_start;
                token_start = true;
            }
            i += brk;
            continue;
        }
        if c == b' ' || c == b'\t' {
            i += 1;
            continue;
        }
        let column = i - line_start;
        let after_blank = i == line_start || blank(i - 1);
        if std::mem::take(&mut line_head) && depth == 0 {
            if in_plain_at_break && column as isize > innermost(&indents) {
                // The plain scalar goes on.
                token_start = false;
            } else {
                while indents.last().is_some_and(|&open| open > column) {
                    indents.pop();
                }
                token_start = true;
                key_allowed = true;
            }
            in_plain_at_break = false;
        }
        // A token (scalar, property or collection) begins here: the key, if one may begin.
        let mut begin_token = |key_allowed: &mut bool| {
            if depth == 0 && std::mem::take(key_allowed) {
                key_column = column;
            }
        };
        match c {
            b'#' if after_blank || token_start => {
                while i + 1 < b.len() && line_break(i + 1) == 0 {
                    i += 1;
                }
                token_start = true;
            }
            b'-' | b'.'
                if column == 0 && b[i..].starts_with(if c == b'-' { b"---" } else { b"..." }) && blank(i + 3) =>
            {
                // A document marker: block collections end.
                indents.clear();
                i += 2;
                token_start = true;
                key_allowed = true;
            }
            b'"' | b'\'' if token_start => {
                begin_token(&mut key_allowed);
                i += 1;
                while i < b.len() {
                    match b[i] {
                        b'\\' if c == b'"' => i += 1,
                        b'\'' if c == b'\'' && b.get(i + 1) == Some(&b'\'') => i += 1,
                        q if q == c => break,
                        _ => {
                            let brk = line_break(i);
                            if brk > 0 {
                                line += 1;
                                line_start = i + brk;
                                i += brk - 1;
                            }
                        }
                    }
                    i += 1;
                }
            }
            b'[' | b'{' if token_start || depth > 0 => {
                begin_token(&mut key_allowed);
                depth += 1;
                if depth > MAX_FLOW_DEPTH {
                    return Some(line);
                }
                token_start = true;
            }
            b']' | b'}' if depth > 0 => {
                depth -= 1;
                token_start = true;
            }
            b',' if depth > 0 => token_start = true,
            b'|' | b'>' if depth == 0 && token_start => {
                // A block scalar: its header, then the lines indented as deep as its content
                // (given, or that of its first line with text), and the empty ones.
                let parent = innermost(&indents);
                let mut content = None;
                let mut j = i + 1;
                while j < b.len() && matches!(b[j], b'+' | b'-' | b'1'..=b'9') {
                    if b[j].is_ascii_digit() {
                        content = Some(parent.max(0) + isize::from(b[j] - b'0'));
                    }
                    j += 1;
                }
                let mut leading = 0;
                loop {
                    while i < b.len() && line_break(i) == 0 {
                        i += 1;
                    }
                    if i >= b.len() {
                        break;
                    }
                    let next = i + line_break(i);
                    let indent = b[next..].iter().take_while(|&&x| x == b' ').count() as isize;
                    let first = next + indent as usize;
                    if first >= b.len() || line_break(first) > 0 {
                        leading = leading.max(indent);
                    } else if indent < *content.get_or_insert(indent.max(leading).max(parent + 1).max(1)) {
                        break;
                    }
                    line += 1;
                    line_start = next;
                    i = next;
                }
                // `i` is at the line break before the next node, or at the end.
                token_start = true;
                continue;
            }
            b'-' | b'?' if token_start && blank(i + 1) => {
                if depth == 0 && (column as isize) > innermost(&indents) {
                    indents.push(column);
                }
                key_allowed = true;
            }
            b':' if blank(i + 1) || (depth > 0 && (token_start || flow_indicator(i + 1))) => {
                if depth == 0 && (key_column as isize) > innermost(&indents) {
                    indents.push(key_column);
                }
                token_start = true;
                key_allowed = true;
            }
            b'&' | b'*' | b'!' if token_start => {
                begin_token(&mut key_allowed);
                if c == b'!' && b.get(i + 1) == Some(&b'<') {
                    while i + 1 < b.len() && b[i] != b'>' && line_break(i + 1) == 0 {
                        i += 1;
                    }
                } else {
                    let part_of: fn(u8) -> bool = if c == b'!' { tag_char } else { anchor_char };
                    while i + 1 < b.len() && part_of(b[i + 1]) {
                        i += 1;
                    }
                }
            }
            _ => {
                if token_start {
                    begin_token(&mut key_allowed);
                }
                token_start = false;
            }
        }
        i += 1;
    }
    None
}

/// The FEN of a case's starting position (FIDE 2.3 when none is given, Guidelines II.2 for a
/// Chess960 start number).
pub fn start_fen(case: &Case) -> Result<String, String> {
    match (&case.fen, case.start960) {
        (Some(_), Some(_)) => Err("give `fen` or `start960`, not both".into()),
        (Some(fen), None) => Ok(fen.clone()),
        (None, Some(n)) => chess960::start_position(n)
            .map(|p| if p.is_chess960() { fen::write_with(&p, CastlingNotation::Shredder) } else { p.fen() })
            .ok_or_else(|| format!("start960 {n}: Chess960 start positions are numbered 0 to 959")),
        (None, None) => Ok(Position::startpos().fen()),
    }
}

/// The position request for a case, with `moves` as the moves (the PGN is read by the runner).
pub fn position_spec(case: &Case, moves: Vec<String>) -> Result<PositionSpec, String> {
    Ok(PositionSpec { fen: start_fen(case)?, moves, chess960: castling_mode(case).is_chess960() })
}

/// Chess960 for a case of that variant or with a Chess960 start other than the standard one
/// (Guidelines II.2: number 518); standard chess otherwise.
pub fn castling_mode(case: &Case) -> CastlingMode {
    CastlingMode::from_chess960(
        case.variant == Variant::Chess960 || case.start960.is_some_and(|n| n != chess960::STANDARD_START_NUMBER),
    )
}

/// The problems of a case's `profiles:` overrides: a key that is not a profile's canonical name
/// (its parts in the order of `profile::PARTS`), and, under a profile where two overrides apply
/// that set one field to different values, neither covering the other, no override for their
/// combination to settle which holds. (An override keyed `fide-2023` applies first under every
/// profile of that edition, so any other that applies settles it.)
fn override_problems(case: &Case) -> Vec<String> {
    let mut problems = Vec::new();
    for name in case.profiles.keys() {
        match profile::Profile::parse(name) {
            Err(e) => problems.push(e),
            Ok(p) if p.name() != *name => problems.push(format!("write the profile {} as {}", excerpt(name), p.name())),
            Ok(_) => {}
        }
    }
    let parts = |key: &str| -> BTreeSet<String> { key.split('+').map(str::to_owned).collect() };
    for profile in profile::Profile::all() {
        let applying: Vec<(BTreeSet<String>, &Expect)> = profile
            .override_keys()
            .iter()
            .filter(|key| key.as_str() != profile::DEFAULT_PROFILE)
            .filter_map(|key| case.profiles.get(key).map(|e| (parts(key), e)))
            .collect();
        for (i, (a, over_a)) in applying.iter().enumerate() {
            for (b, over_b) in &applying[i + 1..] {
                let both: BTreeSet<String> = a.union(b).cloned().collect();
                let settled = applying.iter().any(|(c, _)| c.is_superset(&both));
                if !settled && over_a.overridden_by(over_b) != over_b.overridden_by(over_a) {
                    let combined = profile::Profile::parse(&both.iter().cloned().collect::<Vec<_>>().join("+"))
                        .map(|p| p.name())
                        .unwrap_or_default();
                    problems.push(format!(
                        "under the profile {combined} the overrides {} and {} set a field to different values: add an override `{combined}:` that says which holds",
                        a.iter().cloned().collect::<Vec<_>>().join("+"),
                        b.iter().cloned().collect::<Vec<_>>().join("+"),
                    ));
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    problems
}

/// Checks a loaded corpus: duplicate ids, unknown clauses and profiles, FENs that do not
/// parse, malformed moves, and expectations that contradict each other.
pub fn check(corpus: &Corpus, clauses: &Clauses) -> Vec<CorpusError> {
    let mut errors = Vec::new();
    let mut seen: BTreeMap<&str, (&Path, usize)> = BTreeMap::new();
    for located in &corpus.cases {
        let case = &located.case;
        let report = |errors: &mut Vec<CorpusError>, message: String| {
            errors.push(error(&located.file, Some(located.line), Some(case.id.clone()), message));
        };
        if let Some((file, line)) = seen.insert(&case.id, (&located.file, located.line)) {
            let first = printable(&file.display().to_string());
            report(&mut errors, format!("duplicate id (first used at {first}:{line})"));
        }
        for problem in case_problems(case, clauses) {
            report(&mut errors, problem);
        }
    }
    errors
}

/// Everything wrong with one case.
pub fn case_problems(case: &Case, clauses: &Clauses) -> Vec<String> {
    let mut problems = Vec::new();
    if case.id.trim().is_empty() || case.id.contains(char::is_whitespace) {
        problems.push("the id must be non-empty and contain no spaces".into());
    } else if case.id.chars().count() > MAX_ID_CHARS || case.id.contains(char::is_control) {
        problems.push(format!("the id must be at most {MAX_ID_CHARS} printable characters"));
    }
    if case.description.trim().is_empty() || case.description.contains('\n') {
        problems.push("the description must be one non-empty line".into());
    }
    if case.laws.is_empty() {
        problems.push("`laws` lists no edition".into());
    }
    problems.extend(ref_problems(case, clauses));
    problems.extend(override_problems(case));
    if case.pgn.is_some() && !case.moves.is_empty() {
        problems.push("give `moves` or `pgn`, not both".into());
    }
    if let Some(Err(e)) = case.pgn.as_deref().map(pgn_moves) {
        problems.push(e);
    }
    problems.extend(event_problems(case));
    if case.expect.is_empty() && case.profiles.values().all(Expect::is_empty) {
        problems.push("the case expects nothing".into());
    }
    match start_fen(case) {
        Err(e) => problems.push(e),
        Ok(text) => problems.extend(position_problems(case, &text)),
    }
    for (name, expect) in
        std::iter::once(("expect", &case.expect)).chain(case.profiles.iter().map(|(n, e)| (n.as_str(), e)))
    {
        let merged = case.expect.overridden_by(expect);
        problems.extend(contradictions(&merged).into_iter().map(|p| format!("{name}: {p}")));
        problems.extend(perft_problems(&merged).into_iter().map(|p| format!("{name}: {p}")));
    }
    problems
}

/// The events, their time control and supervision are played only for `expect.events`:
/// without it they would be ignored, and the case would pass asserting nothing about them.
fn event_problems(case: &Case) -> Vec<String> {
    let expects_events = case.expect.events.is_some() || case.profiles.values().any(|e| e.events.is_some());
    let given = [
        (!case.events.is_empty(), "events"),
        (case.time_control.is_some(), "time_control"),
        (case.supervision.is_some(), "supervision"),
    ];
    if expects_events {
        return Vec::new();
    }
    given
        .into_iter()
        .filter(|(set, _)| *set)
        .map(|(_, key)| format!("`{key}` is given but nothing is expected of the events (no `expect.events`)"))
        .collect()
}

/// A perft depth beyond [`perft::MAX_DEPTH`] could not be counted: refused here, naming the
/// case, instead of overflowing the stack of whoever runs it.
fn perft_problems(expect: &Expect) -> Vec<String> {
    expect
        .perft
        .iter()
        .flat_map(|counts| counts.keys())
        .filter(|&&depth| depth > perft::MAX_DEPTH)
        .map(|depth| format!("perft depth {depth} is deeper than the deepest arbiter counts ({})", perft::MAX_DEPTH))
        .collect()
}

fn ref_problems(case: &Case, clauses: &Clauses) -> Vec<String> {
    let mut problems = Vec::new();
    if case.refs.is_empty() {
        problems.push("`refs` cites no clause".into());
    }
    for text in &case.refs {
        match ClauseRef::parse(text) {
            Err(e) => problems.push(e),
            Ok(r) => match clauses.get(&r.id) {
                None => problems.push(format!("unknown clause {} (not in fide-clauses.yaml)", excerpt(&r.id))),
                Some(_) => problems.extend(r.numbering_problems()),
            },
        }
    }
    problems
}

/// The starting FEN must parse unless the case expects it to be rejected; moves must be
/// UCI-shaped.
fn position_problems(case: &Case, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let expects_rejection = case.expect.rejected.is_some() || case.profiles.values().any(|e| e.rejected.is_some());
    if !expects_rejection {
        if let Err(e) = Position::from_fen_in(text, castling_mode(case)) {
            problems.push(format!("bad FEN {}: {}", excerpt(text), bounded_message(&e.to_string())));
        }
    }
    let expect = &case.expect;
    let listed = [&expect.legal, &expect.illegal, &expect.legal_moves];
    let moves = case.moves.iter().chain(listed.into_iter().flatten().flatten());
    for m in moves {
        if !arbiter_core::is_uci_text(m) {
            problems.push(format!("{} is not a UCI move (such as e2e4 or e7e8q)", excerpt(m)));
        }
    }
    if let Some(fen) = &expect.fen {
        if let Err(e) = Position::from_fen_in(fen, castling_mode(case)) {
            problems.push(format!("expected FEN {} does not parse: {}", excerpt(fen), bounded_message(&e.to_string())));
        }
    }
    problems
}

/// Expectations that cannot all hold.
pub fn contradictions(e: &Expect) -> Vec<String> {
    let mut problems = Vec::new();
    let legal: BTreeSet<&String> = e.legal.iter().flatten().collect();
    let illegal: BTreeSet<&String> = e.illegal.iter().flatten().collect();
    for m in legal.intersection(&illegal) {
        problems.push(format!("{} is both legal and illegal", shown(m)));
    }
    if let Some(all) = &e.legal_moves {
        let all: BTreeSet<&String> = all.iter().collect();
        for m in legal.difference(&all) {
            problems.push(format!("{} is legal but not in legal_moves", shown(m)));
        }
        for m in illegal.intersection(&all) {
            problems.push(format!("{} is illegal but in legal_moves", shown(m)));
        }
        let mates = matches!(e.status, Some(Status::Checkmate | Status::Stalemate));
        if mates && !all.is_empty() {
            problems.push("checkmate or stalemate with legal moves".into());
        }
        if e.status == Some(Status::Ongoing) && all.is_empty() {
            problems.push("ongoing without a legal move".into());
        }
    }
    match (e.status, e.in_check) {
        (Some(Status::Checkmate), Some(false)) => problems.push("checkmate but not in check".into()),
        (Some(Status::Stalemate), Some(true)) => problems.push("stalemate but in check".into()),
        _ => {}
    }
    if let (Some(status), Some(result)) = (e.status, e.result) {
        let fits = match status {
            Status::Ongoing => result == GameResult::Ongoing,
            Status::Checkmate => matches!(result, GameResult::WhiteWins | GameResult::BlackWins),
            _ => result == GameResult::Draw,
        };
        if !fits {
            problems.push(format!("status {status:?} does not give result {result:?}"));
        }
    }
    if e.rejected.is_some() && (e.needs_observe_besides_rejection() || e.perft.is_some()) {
        problems.push("a rejected position or move cannot have other expectations about it".into());
    }
    if let Some(perft) = &e.perft {
        if perft.get(&0).is_some_and(|n| *n != 1) {
            problems.push("perft at depth 0 is 1".into());
        }
    }
    problems
}

impl Expect {
    fn needs_observe_besides_rejection(&self) -> bool {
        Expect { rejected: None, ..self.clone() }.needs_observe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_keys_are_found_in_every_form() {
        let text = "cases:\n  - id: a\n  - \"id\": b # c\n  - 'id': 'c'\n  - {id: d, refs: []}\n  - {refs: [x], \"id\": e}\n    description: \"id: not-a-key\"\n  - {id: f}, {id: g}\n";
        let ids: Vec<(String, usize)> = id_lines(text);
        let expected = [("a", 2), ("b", 3), ("c", 4), ("d", 5), ("e", 6), ("f", 8), ("g", 8)];
        assert_eq!(ids, expected.map(|(id, line)| (id.to_owned(), line)).to_vec());
    }

    #[test]
    fn case_file_names_in_any_letter_case() {
        for name in ["a.yaml", "a.YAML", "a.Yml", "a.yml"] {
            assert!(is_case_file_name(Path::new(name)), "{name}");
        }
        for name in ["a.yaml~", "yaml", "a.json", "a.yaml.bak"] {
            assert!(!is_case_file_name(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn flow_depth_counts_brackets_that_nest_collections_only() {
        let deep = |n: usize| format!("cases: {}{}\n", "[".repeat(n), "]".repeat(n));
        assert_eq!(flow_too_deep(&deep(MAX_FLOW_DEPTH)), None);
        assert_eq!(flow_too_deep(&deep(MAX_FLOW_DEPTH + 1)), Some(1));
        assert_eq!(flow_too_deep(&format!("a: b\nc: {}", "{a: ".repeat(100))), Some(2));
        // Brackets in quoted scalars, plain scalars, comments and block scalars are text.
        let many = "{".repeat(100);
        for text in [
            format!("cases:\n  - pgn: \"1. e4 {many}\"\n"),
            format!("cases: [{{pgn: \"{many}\\\" {many}\"}}, {{d: '{many}'' {many}'}}]\n"),
            format!("cases:\n  - description: a{many} b {many}\n"),
            format!("cases: # {many}\n  - [a, b] # {many}\n"),
            format!("cases:\n  - description: |\n      {many}\n\n      {many}\n    refs: [\"3.1\"]\n"),
        ] {
            assert_eq!(flow_too_deep(&text), None, "{text}");
        }
        // ... but the block scalar ends where its indentation does.
        let after_block = format!("cases:\n  - description: >\n      text\n    refs: {}\n", "[".repeat(40));
        assert_eq!(flow_too_deep(&after_block), Some(4));
        // A quote inside a plain scalar (in flow, or on a line continuing one in block
        // context) is text, not the start of a string that would hide the brackets after it.
        let continued = format!("cases:\n  - description: a\n      \"b\n    refs: {}\n    x: \"\n", "[".repeat(40));
        assert_eq!(flow_too_deep(&continued), Some(4));
        let not_continued = format!("cases:\n  - description: a\n    refs: \"{}\"\n", "[".repeat(40));
        assert_eq!(flow_too_deep(&not_continued), None);
        let open = "[".repeat(40);
        // A plain scalar that is the whole document goes on at any indentation (found by the
        // case_loader fuzz target); one under a key, only deeper than the key.
        assert_eq!(flow_too_deep(&format!("?{open}\n{open}\n \"{open}\n")), None);
        assert_eq!(flow_too_deep(&format!("?{open}\r\r\n\n  \n{open}\n")), None);
        assert_eq!(flow_too_deep(&format!("a: ?\n{open}\n")), Some(2));
        // A block scalar's indentation is its first line's, or the one its header gives.
        assert_eq!(flow_too_deep(&format!("a: |\n    text\n  {open}\n")), Some(3));
        assert_eq!(flow_too_deep(&format!("a: |2\n    text\n  \"{open}\n")), None);
        // An anchor ends where libyaml ends it (which then refuses the quote after it at once).
        assert_eq!(flow_too_deep(&format!("a: [&x\"]]]] {}\"]", "[".repeat(40))), None);
        // Lines end at every break libyaml knows, comments and all; brackets after a document
        // marker, an anchor or a tag are counted (libyaml reads the first, and refuses the
        // others at once).
        for text in [
            format!("a: b\r{open}"),
            format!("a: b # c\r{open}"),
            format!("a: b\u{2028}{open}"),
            format!("a: b\u{85}{open}"),
            format!("--- {open}"),
            format!("a: &x{open}"),
            format!("a: !t{open}"),
            format!("a: [&x\"]]]]\" {open}]"),
            format!("a: |\r  text\r{open}"),
        ] {
            assert_eq!(
                flow_too_deep(&text),
                Some(if text.starts_with("a: |") {
                    3
                } else if text.contains('\r') || text.contains(['\u{2028}', '\u{85}']) {
                    2
                } else {
                    1
                }),
                "{text:?}"
            );
        }
        assert_eq!(flow_too_deep(&format!("cases: [a \"b, {}", "[".repeat(40))), Some(1));
    }

    #[test]
    fn bad_utf8_is_located() {
        assert_eq!(utf8_text(b"ab\ncd\xffe"), Err((2, "not UTF-8 text: byte 0xff at column 3".into())));
        assert_eq!(utf8_text("é\n".as_bytes()), Ok("é\n"));
    }
}
