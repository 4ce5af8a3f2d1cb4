//! Perft suites as data: the EPD form (`FEN ;D1 20 ;D2 400`, one position a line, `#`
//! comments) and python-chess's block form (`id NAME` / `epd FEN` / `perft DEPTH NODES`).
//! Reading a suite checks its syntax only; the FENs are read by the caller, which can then
//! name the line of a bad one.

use std::fmt;

use crate::perft::MAX_DEPTH;
use crate::CastlingMode;

/// How many characters of an offending text a message quotes (as `arbiter_spec::excerpt`
/// does, which this crate cannot use).
const QUOTED_CHARS: usize = 200;

/// `text` quoted and escaped, at most [`QUOTED_CHARS`] characters of it, with its length
/// when cut: a 100 MB line gives a short message.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = text.chars();
    for c in chars.by_ref().take(QUOTED_CHARS) {
        out.extend(c.escape_debug());
    }
    out.push('"');
    if chars.next().is_some() {
        out.push_str(&format!("... ({} bytes)", text.len()));
    }
    out
}

/// A published perft suite built into arbiter: one of the files of `core/data/perft/`, whose
/// sources `core/data/perft/SOURCES.md` names.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    /// The file name.
    pub name: &'static str,
    /// The file's text, in one of the two forms [`parse`] reads.
    pub text: &'static str,
    /// How its FENs write castling: Chess960 for the suites whose rights name rooks off the
    /// corners (Shredder-FEN, or X-FEN with the rooks elsewhere).
    pub mode: CastlingMode,
}

/// The suites built into arbiter, in the order `arbiter perft --builtin` checks them.
pub const BUILTIN: [Builtin; 5] = [
    Builtin {
        name: "cpw_perft_results.epd",
        text: include_str!("../data/perft/cpw_perft_results.epd"),
        mode: CastlingMode::Standard,
    },
    Builtin {
        name: "perftsuite.epd",
        text: include_str!("../data/perft/perftsuite.epd"),
        mode: CastlingMode::Standard,
    },
    Builtin {
        name: "tricky_edge_cases.epd",
        text: include_str!("../data/perft/tricky_edge_cases.epd"),
        mode: CastlingMode::Standard,
    },
    Builtin {
        name: "tricky_pychess.perft",
        text: include_str!("../data/perft/tricky_pychess.perft"),
        mode: CastlingMode::Chess960,
    },
    Builtin {
        name: "chess960_fischer.epd",
        text: include_str!("../data/perft/chess960_fischer.epd"),
        mode: CastlingMode::Chess960,
    },
];

/// The built-in suite of that file name.
pub fn builtin(name: &str) -> Option<&'static Builtin> {
    BUILTIN.iter().find(|b| b.name == name)
}

/// One position of a suite with its published counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The 1-based line the position starts on.
    pub line: usize,
    /// The block's `id`, in the python-chess form.
    pub id: Option<String>,
    /// The position, as FEN.
    pub fen: String,
    /// (depth, nodes), in the order written.
    pub counts: Vec<(u32, u64)>,
}

/// A line of a suite that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SuiteError {
    /// The 1-based line at fault.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn parse_count(line: usize, depth: &str, nodes: &str) -> Result<(u32, u64), SuiteError> {
    let err = |what: &str, text: &str| SuiteError {
        line,
        message: format!("{what}: expected a whole number, found {}", quoted(text)),
    };
    let d = depth.parse::<u32>().map_err(|_| err("depth", depth))?;
    let n = nodes.parse::<u64>().map_err(|_| err("node count", nodes))?;
    if d > MAX_DEPTH {
        return Err(SuiteError {
            line,
            message: format!("depth {d} is deeper than the deepest perft arbiter counts ({MAX_DEPTH})"),
        });
    }
    Ok((d, n))
}

fn parse_epd_line(line: usize, text: &str) -> Result<SuiteEntry, SuiteError> {
    let mut parts = text.split(';');
    let fen = parts.next().unwrap_or("").trim().to_owned();
    let mut counts = Vec::new();
    for op in parts {
        let op = op.trim();
        if op.is_empty() {
            continue;
        }
        let mut words = op.split_whitespace();
        let (Some(tag), Some(nodes), None) = (words.next(), words.next(), words.next()) else {
            return Err(SuiteError { line, message: format!("expected \";D<depth> <nodes>\", found {}", quoted(op)) });
        };
        let depth = tag.strip_prefix('D').ok_or_else(|| SuiteError {
            line,
            message: format!("expected a depth tag such as D1, found {}", quoted(tag)),
        })?;
        counts.push(parse_count(line, depth, nodes)?);
    }
    if counts.is_empty() {
        return Err(SuiteError { line, message: "no perft counts (expected \";D1 <nodes>\" after the FEN)".into() });
    }
    Ok(SuiteEntry { line, id: None, fen, counts })
}

/// Reads a suite in either form. Every bad line is reported, not only the first. A suite
/// without a single position (empty, or only comments) is an error too: checking it would
/// pass while checking nothing.
pub fn parse(text: &str) -> Result<Vec<SuiteEntry>, Vec<SuiteError>> {
    let mut entries: Vec<SuiteEntry> = Vec::new();
    let mut errors = Vec::new();
    let mut pending_id: Option<(usize, String)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        match word {
            "id" => pending_id = Some((line, rest.to_owned())),
            "epd" => {
                let (start, id) = match pending_id.take() {
                    Some((l, id)) => (l, Some(id)),
                    None => (line, None),
                };
                entries.push(SuiteEntry { line: start, id, fen: rest.to_owned(), counts: Vec::new() });
            }
            "perft" => {
                let mut words = rest.split_whitespace();
                match (words.next(), words.next(), words.next(), entries.last_mut()) {
                    (Some(d), Some(n), None, Some(entry))
                        if entry.id.is_some() || entry.counts.is_empty() || !entry.fen.is_empty() =>
                    {
                        match parse_count(line, d, n) {
                            Ok(c) => entry.counts.push(c),
                            Err(e) => errors.push(e),
                        }
                    }
                    (_, _, _, None) => {
                        errors.push(SuiteError { line, message: "a perft line before any epd line".into() })
                    }
                    _ => errors.push(SuiteError {
                        line,
                        message: format!("expected \"perft <depth> <nodes>\", found {}", quoted(text)),
                    }),
                }
            }
            _ => match parse_epd_line(line, text) {
                Ok(e) => entries.push(e),
                Err(e) => errors.push(e),
            },
        }
    }
    for e in &entries {
        if e.counts.is_empty() {
            errors.push(SuiteError { line: e.line, message: "a position with no perft counts".into() });
        }
    }
    if entries.is_empty() && errors.is_empty() {
        errors.push(SuiteError {
            line: 1,
            message: "no perft counts: the suite is empty or only comments (expected \"FEN ;D1 <nodes>\" lines)".into(),
        });
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        errors.sort_by_key(|e| e.line);
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_forms() {
        let epd = "# comment\n\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 12\n";
        let e = parse(epd).unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!((e[0].line, e[0].counts.clone()), (3, vec![(1, 3), (2, 12)]));
        let blocks = "id a\nepd 8/8/8/8/8/8/8/K1k5 w - -\nperft 1 3\nperft 2 12\n\nid b\nepd 8/8/8/8/8/8/8/K1k5 b - -\nperft 1 3\n";
        let e = parse(blocks).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(e[1].id.as_deref(), Some("b"));
        assert_eq!(e[1].line, 6);
    }

    #[test]
    fn a_suite_without_counts_is_an_error() {
        for text in ["", "\n\n", "# only a comment\n  # and another\n"] {
            let errs = parse(text).unwrap_err();
            assert_eq!(errs.len(), 1, "{text:?}");
            assert!(errs[0].to_string().starts_with("line 1: no perft counts"), "{}", errs[0]);
        }
    }

    #[test]
    fn a_depth_beyond_max_depth_is_an_error_naming_the_line() {
        let text = format!("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D{} 1\n", MAX_DEPTH + 1);
        let errs = parse(&text).unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].line, 2);
        assert!(errs[0].message.contains("deeper than the deepest perft"), "{}", errs[0]);
        let blocks = "id a\nepd 8/8/8/8/8/8/8/K1k5 w - -\nperft 100000 1\n";
        let errs = parse(blocks).unwrap_err();
        assert!(errs.iter().any(|e| e.line == 3 && e.message.contains("depth 100000 is deeper")), "{errs:?}");
        let at_limit = format!("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D{MAX_DEPTH} 1\n");
        assert!(parse(&at_limit).is_ok());
    }

    #[test]
    fn long_bad_text_is_quoted_bounded() {
        let text = format!("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 {}\n", "9x".repeat(1_000_000));
        let errs = parse(&text).unwrap_err();
        assert!(errs[0].message.len() < 400, "{} bytes", errs[0].message.len());
        assert!(errs[0].message.ends_with("... (2000000 bytes)"), "{}", errs[0].message);
    }

    #[test]
    fn reports_every_bad_line() {
        let bad = "fen w - - ;D1 x\nfen2 ;E1 5\nfen3\n";
        let errs = parse(bad).unwrap_err();
        assert_eq!(errs.iter().map(|e| e.line).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert!(errs[0].to_string().contains("node count"));
    }
}
