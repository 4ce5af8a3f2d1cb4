//! A conformance case: one rule of the Laws, as data (see `docs/spec-format.md`).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::excerpt::excerpt;
use crate::protocol::{
    Color, DrawClaim, ErrorKind, Event, EventSetup, GameResult, SealedVerdict, Status, Supervision, TimeControl,
};

/// An edition of the FIDE Laws of Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub enum Edition {
    /// The Laws in force from 1 January 2018.
    Fide2018,
    /// The Laws in force from 1 January 2023.
    Fide2023,
}

impl Edition {
    pub const ALL: [Edition; 2] = [Edition::Fide2018, Edition::Fide2023];
    pub fn year(self) -> u16 {
        match self {
            Edition::Fide2018 => 2018,
            Edition::Fide2023 => 2023,
        }
    }
}

impl TryFrom<u16> for Edition {
    type Error = String;
    fn try_from(year: u16) -> Result<Edition, String> {
        match year {
            2018 => Ok(Edition::Fide2018),
            2023 => Ok(Edition::Fide2023),
            other => Err(format!("unknown edition of the Laws {other}: expected 2018 or 2023")),
        }
    }
}

impl From<Edition> for u16 {
    fn from(e: Edition) -> u16 {
        e.year()
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

fn both_editions() -> Vec<Edition> {
    Edition::ALL.to_vec()
}

/// A file of cases.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    /// What the file covers.
    #[serde(default)]
    pub description: Option<String>,
    pub cases: Vec<Case>,
}

/// The variant a case is played in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    #[default]
    Standard,
    /// Guidelines II: Chess960, castling moves written king takes own rook.
    Chess960,
}

/// One case.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Stable, unique, never reused.
    pub id: String,
    /// The clauses tested: current numbers, with the 2018 number where it differs, as
    /// `"3.7.3.1 (2018: 3.7.4.1)"`.
    pub refs: Vec<String>,
    /// The editions the case holds for (default both).
    #[serde(default = "both_editions")]
    pub laws: Vec<Edition>,
    /// The rule in plain words, one line.
    pub description: String,
    #[serde(default)]
    pub tags: Vec<String>,
    /// The starting position; the initial position (FIDE 2.3) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// A Chess960 start position number (Guidelines II.2), instead of `fen`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start960: Option<u16>,
    #[serde(default)]
    pub variant: Variant,
    /// Moves played from the starting position, in UCI notation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// Moves played from the starting position as a PGN movetext fragment (SAN), instead of `moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pgn: Option<String>,
    /// Events at the board, for the arbiter's procedures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// The time control the events are played under (FIDE 6.3; the category follows, A.1,
    /// B.1); 90 minutes and 30 seconds a move when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// Full supervision (the default) or none (rapid and blitz only: A.5, A.4 in 2018).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supervision: Option<Supervision>,
    pub expect: Expect,
    /// Expectations that differ under a profile (only where implementations may legitimately
    /// differ): replaces the named fields of `expect`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub profiles: BTreeMap<String, Expect>,
}

/// A claim and whether it is valid (FIDE 9.2, 9.3, 9.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimExpect {
    pub claim: DrawClaim,
    /// The intended move (UCI), or none.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    pub valid: bool,
}

/// The result when a side's flag falls (FIDE 6.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagExpect {
    pub flagged: Color,
    pub result: GameResult,
}

/// A scoresheet fragment and how it must be read (FIDE C.12, C.13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoresheetExpect {
    /// The text as written on the scoresheet, from the case's position.
    pub text: String,
    /// The moves read (UCI), when the case asserts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The half-moves (1 = White's first) after which a draw offer `(=)` is written.
    pub draw_offers: Vec<u32>,
}

/// A position or move that must be refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rejection {
    pub kind: ErrorKind,
    /// A finer reason (for example `opposite_check`), compared when the implementation gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// What reading a SAN text must give: a move (UCI) or an error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SanReading {
    Move(String),
    Error { error: ErrorKind },
}

/// The expectations of a case: only what it asserts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Moves that must be legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// Moves that must not be legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<Vec<String>>,
    /// The exact set of legal moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The exact set of draws the player to move may claim now without naming a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable: Option<Vec<DrawClaim>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<Vec<ClaimExpect>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Vec<FlagExpect>>,
    /// The position after the moves, compared as a position (FIDE 9.2.3) and halfmove clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Depth to leaf-node count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perft: Option<BTreeMap<u32, u64>>,
    /// Move (UCI) to SAN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub san: Option<BTreeMap<String, String>>,
    /// SAN text to the move (UCI) or the error it must give.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_san: Option<BTreeMap<String, SanReading>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejected: Option<Rejection>,
    /// The arbiter's outcome of the case's events.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::protocol::EventOutcome::read_strict"
    )]
    pub events: Option<crate::protocol::EventOutcome>,
    /// FIDE D.2.1: move (UCI) to its spoken form (umlauts or their ASCII spelling alike).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spoken: Option<BTreeMap<String, String>>,
    /// Guidelines I.8: a sealed move as written to its verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<BTreeMap<String, SealedVerdict>>,
    /// FIDE C.12: scoresheet fragments and the draw offers written in them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoresheet: Option<Vec<ScoresheetExpect>>,
}

impl Expect {
    /// `self` with the fields that `over` sets replaced.
    pub fn overridden_by(&self, over: &Expect) -> Expect {
        fn pick<T: Clone>(over: &Option<T>, base: &Option<T>) -> Option<T> {
            over.clone().or_else(|| base.clone())
        }
        Expect {
            legal: pick(&over.legal, &self.legal),
            illegal: pick(&over.illegal, &self.illegal),
            legal_moves: pick(&over.legal_moves, &self.legal_moves),
            in_check: pick(&over.in_check, &self.in_check),
            status: pick(&over.status, &self.status),
            result: pick(&over.result, &self.result),
            claimable: pick(&over.claimable, &self.claimable),
            claim: pick(&over.claim, &self.claim),
            flag: pick(&over.flag, &self.flag),
            fen: pick(&over.fen, &self.fen),
            perft: pick(&over.perft, &self.perft),
            san: pick(&over.san, &self.san),
            parse_san: pick(&over.parse_san, &self.parse_san),
            rejected: pick(&over.rejected, &self.rejected),
            events: pick(&over.events, &self.events),
            spoken: pick(&over.spoken, &self.spoken),
            sealed: pick(&over.sealed, &self.sealed),
            scoresheet: pick(&over.scoresheet, &self.scoresheet),
        }
    }

    /// Whether it asserts anything the `observe` operation answers.
    pub fn needs_observe(&self) -> bool {
        self.legal.is_some()
            || self.illegal.is_some()
            || self.legal_moves.is_some()
            || self.in_check.is_some()
            || self.status.is_some()
            || self.result.is_some()
            || self.claimable.is_some()
            || self.fen.is_some()
            || self.rejected.is_some()
    }

    /// Whether it asserts nothing.
    pub fn is_empty(&self) -> bool {
        *self == Expect::default()
    }
}

/// A reference to a clause: its current number and, where it differs, its 2018 number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClauseRef {
    pub id: String,
    pub id_2018: Option<String>,
}

impl ClauseRef {
    /// Reads `"3.7.3.1"` or `"3.7.3.1 (2018: 3.7.4.1)"`.
    pub fn parse(text: &str) -> Result<ClauseRef, String> {
        let text = text.trim();
        let (id, rest) = match text.split_once(' ') {
            Some((id, rest)) => (id, Some(rest.trim())),
            None => (text, None),
        };
        let id_2018 = match rest {
            None => None,
            Some(rest) => Some(
                rest.strip_prefix("(2018:")
                    .and_then(|r| r.strip_suffix(')'))
                    .map(|r| r.trim().to_owned())
                    .ok_or_else(|| format!("clause reference {}: expected \"N\" or \"N (2018: M)\"", excerpt(text)))?,
            ),
        };
        if id.is_empty() {
            return Err("empty clause reference".into());
        }
        Ok(ClauseRef { id: id.to_owned(), id_2018 })
    }

    /// The article: the clause number's first part (`3` for `3.8.2.2`, `C` for `C.10`).
    pub fn article(&self) -> &str {
        self.id.split('.').next().unwrap_or(&self.id)
    }
}

impl Case {
    /// The clauses it cites (the ones that parse; `arbiter check` reports the others).
    pub fn clause_refs(&self) -> Vec<ClauseRef> {
        self.refs.iter().filter_map(|r| ClauseRef::parse(r).ok()).collect()
    }
    /// The article it is grouped under in reports: the first clause's article.
    pub fn article(&self) -> String {
        self.clause_refs().first().map(|r| r.article().to_owned()).unwrap_or_else(|| "?".into())
    }
    /// How its events are played: time control and supervision.
    pub fn event_setup(&self) -> EventSetup {
        EventSetup { time_control: self.time_control.clone(), supervision: self.supervision }
    }
    /// Its expectations under a profile.
    pub fn expect_under(&self, profile: &str) -> Expect {
        match self.profiles.get(profile) {
            Some(over) => self.expect.overridden_by(over),
            None => self.expect.clone(),
        }
    }
}

/// The SAN moves of a PGN movetext fragment (a case's `pgn`): move numbers, comments (`{...}`),
/// NAGs (`$1`), variations (`(...)`) and a final result left out. A comment or variation left
/// open, a closing brace or parenthesis with none open, and a result followed by more text are
/// errors: each would otherwise drop moves silently, and the case would run on the wrong
/// position.
pub fn pgn_moves(pgn: &str) -> Result<Vec<String>, String> {
    let mut depth = 0usize;
    // Where the open comment and the outermost open variation began (character offsets).
    let mut comment: Option<usize> = None;
    let mut variation = 0;
    let mut cleaned = String::new();
    for (at, c) in pgn.chars().enumerate() {
        match c {
            _ if comment.is_some() => {
                if c == '}' {
                    comment = None;
                    cleaned.push(' ');
                }
            }
            '{' => comment = Some(at),
            '}' => return Err(format!("pgn: a `}}` at character {} closes no comment", at + 1)),
            '(' => {
                if depth == 0 {
                    variation = at;
                }
                depth += 1;
            }
            ')' if depth == 0 => return Err(format!("pgn: a `)` at character {} closes no variation", at + 1)),
            ')' => {
                depth -= 1;
                cleaned.push(' ');
            }
            _ if depth > 0 => {}
            _ => cleaned.push(c),
        }
    }
    if let Some(at) = comment {
        return Err(format!("pgn: the comment `{{` at character {} is never closed", at + 1));
    }
    if depth > 0 {
        return Err(format!("pgn: the variation `(` at character {} is never closed", variation + 1));
    }
    let mut out = Vec::new();
    let mut tokens = cleaned.split_whitespace();
    while let Some(token) = tokens.next() {
        let token = match token.rfind('.') {
            Some(i) if token[..i].chars().all(|c| c.is_ascii_digit() || c == '.') => &token[i + 1..],
            _ => token,
        };
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
            if let Some(next) = tokens.next() {
                return Err(format!("pgn: the result {token} ends the movetext, but {} follows it", excerpt(next)));
            }
        } else if !token.is_empty() && !token.starts_with('$') {
            out.push(token.to_owned());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_moves_drops_numbers_results_comments_and_variations() {
        let moves = pgn_moves("1. e4 e5 {a comment} 2. Nf3 (2. f4 exf4) Nc6 3...a6 $1 4. O-O 0-0 1-0");
        assert_eq!(moves, Ok(["e4", "e5", "Nf3", "Nc6", "a6", "O-O", "0-0"].map(String::from).to_vec()));
        // Comments do not nest, and brackets inside them are text.
        assert_eq!(
            pgn_moves("1. e4 {a ( b { c} e5 (1... c5 {x)} (1... e6)) Nf3"),
            Ok(vec!["e4".into(), "e5".into(), "Nf3".into()])
        );
    }

    #[test]
    fn pgn_moves_refuses_what_would_drop_moves() {
        let err = |pgn: &str| pgn_moves(pgn).err().unwrap_or_default();
        assert!(err("1. e4 {never closed e5 2. Nf3").contains("comment `{` at character 7 is never closed"));
        assert!(err("1. e4 (1. d4 d5 e5 2. Nf3").contains("variation `(` at character 7 is never closed"));
        assert!(err("1. e4 1-0 e5").contains("the result 1-0 ends the movetext, but \"e5\" follows it"));
        assert!(err("1. e4 * 2. d4").contains("the result *"));
        assert!(err("1. e4 e5) Nf3").contains("`)` at character 9 closes no variation"));
        assert!(err("1. e4 } e5").contains("`}` at character 7 closes no comment"));
        assert_eq!(pgn_moves("1. e4 e5 1/2-1/2"), Ok(vec!["e4".into(), "e5".into()]));
    }

    #[test]
    fn clause_ref_reads_current_and_2018_numbers() {
        assert_eq!(ClauseRef::parse("3.8.2.2"), Ok(ClauseRef { id: "3.8.2.2".into(), id_2018: None }));
        assert_eq!(
            ClauseRef::parse("3.7.3.1 (2018: 3.7.4.1)"),
            Ok(ClauseRef { id: "3.7.3.1".into(), id_2018: Some("3.7.4.1".into()) })
        );
        assert!(ClauseRef::parse("3.7.3.1 2018 3.7.4.1").is_err());
        assert_eq!(ClauseRef::parse("C.10").map(|r| r.article().to_owned()), Ok("C".to_owned()));
    }

    #[test]
    fn profile_override_replaces_only_named_fields() {
        let base = Expect { in_check: Some(false), status: Some(Status::Ongoing), ..Expect::default() };
        let over = Expect { status: Some(Status::DeadPosition), ..Expect::default() };
        let merged = base.overridden_by(&over);
        assert_eq!((merged.in_check, merged.status), (Some(false), Some(Status::DeadPosition)));
    }
}
