//! Loading a corpus (a directory of YAML case files) and checking it (`arbiter check`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use arbiter_core::{chess960, fen, CastlingNotation, Position};

use crate::case::{Case, CaseFile, ClauseRef, Expect, Variant};
use crate::clauses::Clauses;
use crate::profile;
use crate::protocol::{GameResult, PositionSpec, Status};

/// A problem in a corpus, naming the file, the line and the case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorpusError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub case: Option<String>,
    pub message: String,
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(case) = &self.case {
            write!(f, ": case {case}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// A case with where it was read.
#[derive(Clone, Debug)]
pub struct LocatedCase {
    pub case: Case,
    /// The file, relative to the corpus directory.
    pub file: PathBuf,
    /// The line of its `id`.
    pub line: usize,
}

/// A loaded corpus.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    pub root: PathBuf,
    pub cases: Vec<LocatedCase>,
}

impl Corpus {
    pub fn cases(&self) -> impl Iterator<Item = &Case> {
        self.cases.iter().map(|c| &c.case)
    }
    pub fn find(&self, id: &str) -> Option<&LocatedCase> {
        self.cases.iter().find(|c| c.case.id == id)
    }
}

/// The corpus shipped with arbiter (`spec/cases`).
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cases")
}

/// Loads every `*.yaml` file under `root` (sorted by path). All files are read; every
/// error is reported.
pub fn load(root: &Path) -> Result<Corpus, Vec<CorpusError>> {
    let mut files = Vec::new();
    collect_yaml(root, &mut files).map_err(|e| vec![error(root, None, None, e)])?;
    if files.is_empty() {
        return Err(vec![error(root, None, None, "no .yaml case files found".into())]);
    }
    files.sort();
    let mut corpus = Corpus { root: root.to_owned(), cases: Vec::new() };
    let mut errors = Vec::new();
    for path in files {
        let relative = path.strip_prefix(root).unwrap_or(&path).to_owned();
        match std::fs::read_to_string(&path) {
            Ok(text) => match parse_file(&relative, &text) {
                Ok(cases) => corpus.cases.extend(cases),
                Err(e) => errors.push(e),
            },
            Err(e) => errors.push(error(&relative, None, None, e.to_string())),
        }
    }
    if errors.is_empty() {
        Ok(corpus)
    } else {
        Err(errors)
    }
}

fn collect_yaml(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read the corpus directory: {e}"))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            collect_yaml(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

fn error(file: &Path, line: Option<usize>, case: Option<String>, message: String) -> CorpusError {
    CorpusError { file: file.to_owned(), line, case, message }
}

/// Parses one case file's text; `file` names it in errors.
pub fn parse_file(file: &Path, text: &str) -> Result<Vec<LocatedCase>, CorpusError> {
    let id_lines = id_lines(text);
    let parsed: CaseFile = serde_yaml::from_str(text).map_err(|e| {
        let line = e.location().map(|l| l.line());
        let case = line.and_then(|l| id_lines.iter().rev().find(|(_, at)| *at <= l).map(|(id, _)| id.clone()));
        error(file, line, case, e.to_string())
    })?;
    Ok(parsed
        .cases
        .into_iter()
        .map(|case| {
            let line = id_lines.iter().find(|(id, _)| *id == case.id).map(|(_, l)| *l).unwrap_or(1);
            LocatedCase { case, file: file.to_owned(), line }
        })
        .collect())
}

/// The `id:` keys of a case file with their (1-based) lines.
fn id_lines(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let rest = line.trim_start().trim_start_matches('-').trim_start().strip_prefix("id:")?;
            let id = rest.split('#').next().unwrap_or("").trim().trim_matches(|c| c == '"' || c == '\'');
            Some((id.to_owned(), n + 1))
        })
        .collect()
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
    let chess960 = case.variant == Variant::Chess960 || case.start960.is_some_and(|n| n != 518);
    Ok(PositionSpec { fen: start_fen(case)?, moves, chess960 })
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
            report(&mut errors, format!("duplicate id (first used at {}:{line})", file.display()));
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
    }
    if case.description.trim().is_empty() || case.description.contains('\n') {
        problems.push("the description must be one non-empty line".into());
    }
    if case.laws.is_empty() {
        problems.push("`laws` lists no edition".into());
    }
    problems.extend(ref_problems(case, clauses));
    for name in case.profiles.keys() {
        if profile::find(name).is_none() {
            problems.push(format!("unknown profile {name:?} (known: {})", profile::names()));
        }
    }
    if case.pgn.is_some() && !case.moves.is_empty() {
        problems.push("give `moves` or `pgn`, not both".into());
    }
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
    }
    problems
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
                None => problems.push(format!("unknown clause {:?} (not in fide-clauses.yaml)", r.id)),
                Some(clause) if clause.id_2018 != r.id_2018 => problems.push(match &clause.id_2018 {
                    Some(old) => format!("clause {} was {old} in 2018: write \"{} (2018: {old})\"", r.id, r.id),
                    None => format!("clause {} has the same number in 2018: write \"{}\"", r.id, r.id),
                }),
                Some(_) => {}
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
        if let Err(e) = Position::from_fen(text) {
            problems.push(format!("bad FEN {text:?}: {e}"));
        }
    }
    let expect = &case.expect;
    let listed = [&expect.legal, &expect.illegal, &expect.legal_moves];
    let moves = case.moves.iter().chain(listed.into_iter().flatten().flatten());
    for m in moves {
        if !arbiter_core::is_uci_text(m) {
            problems.push(format!("{m:?} is not a UCI move (such as e2e4 or e7e8q)"));
        }
    }
    if let Some(fen) = &expect.fen {
        if let Err(e) = Position::from_fen(fen) {
            problems.push(format!("expected FEN {fen:?} does not parse: {e}"));
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
        problems.push(format!("{m} is both legal and illegal"));
    }
    if let Some(all) = &e.legal_moves {
        let all: BTreeSet<&String> = all.iter().collect();
        for m in legal.difference(&all) {
            problems.push(format!("{m} is legal but not in legal_moves"));
        }
        for m in illegal.intersection(&all) {
            problems.push(format!("{m} is illegal but in legal_moves"));
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
