//! A conformance case: one rule of the Laws, as data (see `docs/spec-format.md`).

use std::collections::BTreeMap;
use std::fmt;

use arbiter_core::Laws;

use serde::{Deserialize, Serialize};

use crate::excerpt::excerpt;
use crate::profile::Profile;
use crate::protocol::{
    Color, DrawClaim, ErrorKind, Event, EventSetup, GameResult, SealedVerdict, Status, Supervision, TimeControl,
};

/// The editions a case holds for when it does not say: all of them.
fn every_edition() -> Vec<Laws> {
    Laws::ALL.to_vec()
}

/// A file of cases.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    /// What the file covers.
    #[serde(default)]
    pub description: Option<String>,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// The variant a case is played in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Standard chess.
    #[default]
    Standard,
    /// Guidelines II: Chess960, castling moves written king takes own rook.
    Chess960,
}

/// One case.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Stable, unique, never reused.
    pub id: String,
    /// The clauses tested, each as its id (its number in [`Laws::CLAUSE_IDS`]) with the
    /// numbers of other editions in brackets where they differ: `"3.7.3.1 (2018: 3.7.4.1)"`
    /// ([`ClauseRef`]).
    pub refs: Vec<String>,
    /// The editions the case holds for (default: every edition, [`Laws::ALL`]).
    #[serde(default = "every_edition")]
    #[schemars(with = "Vec<crate::schema::EditionText>")]
    pub laws: Vec<Laws>,
    /// The rule in plain words, one line.
    pub description: String,
    /// Free labels, selected with `--tag`.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The starting position; the initial position (FIDE 2.3) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// A Chess960 start position number (Guidelines II.2), instead of `fen`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start960: Option<u16>,
    /// The variant: standard chess (the default) or Chess960.
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
    /// What the case asserts.
    pub expect: Expect,
    /// Expectations that differ under a profile (only where implementations may legitimately
    /// differ): replaces the named fields of `expect`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub profiles: BTreeMap<String, Expect>,
}

/// A claim and whether it is valid (FIDE 9.2, 9.3, 9.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimExpect {
    /// The draw claimed.
    pub claim: DrawClaim,
    /// The intended move (UCI), or none.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// Whether the claim is valid.
    pub valid: bool,
}

/// The result when a side's flag falls (FIDE 6.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlagExpect {
    /// The side whose flag falls.
    pub flagged: Color,
    /// The result that follows.
    pub result: GameResult,
}

/// A scoresheet fragment and how it must be read (FIDE C.12, C.13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rejection {
    /// The kind of error the refusal must have (`invalid_fen`, `illegal_position`, `illegal_move`).
    pub kind: ErrorKind,
    /// A finer reason (for example `opposite_check`), compared when the implementation gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// What reading a SAN text must give: a move (UCI) or an error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum SanReading {
    /// The move named, in UCI notation.
    Move(String),
    /// An error of the kind given.
    Error {
        /// The kind of error (`invalid_san`, `ambiguous_san`, `illegal_move` or `refused`).
        error: ErrorKind,
    },
}

/// The expectations of a case: only what it asserts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
    /// Whether the player to move is in check (FIDE 3.9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_check: Option<bool>,
    /// The state of the game (FIDE 5.1.1, 5.2, 9.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// The result of the game in the position (`*` while it goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The exact set of draws the player to move may claim now without naming a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable: Option<Vec<DrawClaim>>,
    /// Claims of a draw and whether each is valid (FIDE 9.2, 9.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<Vec<ClaimExpect>>,
    /// The result when a side's flag falls (FIDE 6.9).
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
    /// The position, or a move in `moves`, must be refused.
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

/// A reference to a clause, as a case's `refs` write it: its id (its number in
/// [`Laws::CLAUSE_IDS`]) and, in brackets, its number in other editions, `"3.7.3.1 (2018:
/// 3.7.4.1)"`; more than one bracket for more than one edition, `"N (2018: M) (2027: K)"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClauseRef {
    /// The clause's id: its number in [`Laws::CLAUSE_IDS`].
    pub id: String,
    /// The numbers written in brackets, in the order written: never [`Laws::CLAUSE_IDS`], no
    /// edition twice.
    pub numbers: Vec<(Laws, String)>,
}

impl ClauseRef {
    /// Reads `"3.7.3.1"`, `"3.7.3.1 (2018: 3.7.4.1)"` or more brackets of the form
    /// `(YEAR: NUMBER)`, one per edition other than [`Laws::CLAUSE_IDS`].
    pub fn parse(text: &str) -> Result<ClauseRef, String> {
        let whole = text;
        let text = text.trim();
        let (id, mut rest) = text.split_at(text.find(|c: char| c.is_whitespace() || c == '(').unwrap_or(text.len()));
        if id.is_empty() {
            return Err(if text.is_empty() { "empty clause reference".into() } else { ClauseRef::malformed(whole) });
        }
        let mut numbers: Vec<(Laws, String)> = Vec::new();
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let bracket = rest.strip_prefix('(').and_then(|r| r.split_once(')'));
            let Some((inside, after)) = bracket else { return Err(ClauseRef::malformed(whole)) };
            let Some((year, number)) = inside.split_once(':') else { return Err(ClauseRef::malformed(whole)) };
            let number = number.trim();
            if number.is_empty() || number.contains(|c: char| c.is_whitespace() || c == '(') {
                return Err(ClauseRef::malformed(whole));
            }
            let laws: Laws = year.trim().parse().map_err(|e| format!("clause reference {}: {e}", excerpt(whole)))?;
            if laws == Laws::CLAUSE_IDS {
                return Err(format!(
                    "clause reference {}: the number before the brackets is the {laws} number",
                    excerpt(whole)
                ));
            }
            if numbers.iter().any(|(seen, _)| *seen == laws) {
                return Err(format!("clause reference {}: the {laws} number is given twice", excerpt(whole)));
            }
            numbers.push((laws, number.to_owned()));
            rest = after;
        }
        Ok(ClauseRef { id: id.to_owned(), numbers })
    }

    fn malformed(text: &str) -> String {
        let years: Vec<String> =
            Laws::ALL.iter().filter(|&&laws| laws != Laws::CLAUSE_IDS).map(|laws| laws.to_string()).collect();
        format!(
            "clause reference {}: expected \"N\" or \"N (YEAR: M)\", YEAR one of {}",
            excerpt(text),
            years.join(", ")
        )
    }

    /// The reference as it should be written: the id, then the number of each edition in
    /// `laws` where it differs (oldest first). Editions in which the clause does not exist are
    /// left out.
    pub fn canonical(id: &str, laws: impl IntoIterator<Item = Laws>) -> String {
        let mut text = id.to_owned();
        let mut laws: Vec<Laws> = laws.into_iter().collect();
        laws.sort();
        laws.dedup();
        for laws in laws {
            match laws.number(id) {
                Some(number) if number != id => text.push_str(&format!(" ({laws}: {number})")),
                _ => {}
            }
        }
        text
    }

    /// The number written for `laws`: the id for [`Laws::CLAUSE_IDS`], the bracket's number
    /// for another edition, `None` when the reference gives none.
    pub fn number_in(&self, laws: Laws) -> Option<&str> {
        if laws == Laws::CLAUSE_IDS {
            return Some(&self.id);
        }
        self.numbers.iter().find(|(l, _)| *l == laws).map(|(_, n)| n.as_str())
    }

    /// What is wrong with the numbers written against the edition table
    /// ([`Laws::number`]): a number that differs from the table's, one written for an edition
    /// where the clause has its id's number or no counterpart, or one left out for an edition
    /// older than [`Laws::CLAUSE_IDS`] (every reference has given those from the start; the
    /// numbers of newer editions may be left out, so that no case file has to change when one
    /// comes).
    pub fn numbering_problems(&self) -> Vec<String> {
        let older = Laws::ALL.into_iter().filter(|&laws| laws < Laws::CLAUSE_IDS);
        let right = ClauseRef::canonical(&self.id, older.clone().chain(self.numbers.iter().map(|(laws, _)| *laws)));
        let mut problems = Vec::new();
        for (laws, written) in &self.numbers {
            match laws.number(&self.id) {
                Some(number) if number == self.id => {
                    problems.push(format!("clause {} has the same number in {laws}: write \"{right}\"", self.id))
                }
                Some(number) if number != written => problems.push(format!(
                    "clause {} is {number} in {laws}, not {}: write \"{right}\"",
                    self.id,
                    excerpt(written)
                )),
                Some(_) => {}
                None => problems.push(format!("clause {} has no counterpart in {laws}: write \"{right}\"", self.id)),
            }
        }
        for laws in older {
            match laws.number(&self.id) {
                Some(number) if number != self.id && self.number_in(laws).is_none() => {
                    problems.push(format!("clause {} was {number} in {laws}: write \"{right}\"", self.id))
                }
                _ => {}
            }
        }
        problems
    }

    /// The article: the clause number's first part (`3` for `3.8.2.2`, `C` for `C.10`).
    pub fn article(&self) -> &str {
        self.id.split('.').next().unwrap_or(&self.id)
    }
}

impl fmt::Display for ClauseRef {
    /// As written in a case file: `3.7.3.1 (2018: 3.7.4.1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.id)?;
        for (laws, number) in &self.numbers {
            write!(f, " ({laws}: {number})")?;
        }
        Ok(())
    }
}

impl Case {
    /// The clauses it cites (the ones that parse; `arbiter check` reports the others).
    pub fn clause_refs(&self) -> Vec<ClauseRef> {
        self.refs.iter().filter_map(|r| ClauseRef::parse(r).ok()).collect()
    }
    /// Whether it cites `clause` or a clause below it (`3.8` is cited by a case citing 3.8.2.1).
    pub fn cites(&self, clause: &str) -> bool {
        self.clause_refs().iter().any(|r| r.id == clause || r.id.starts_with(&format!("{clause}.")))
    }
    /// The article it is grouped under in reports: the first clause's article.
    pub fn article(&self) -> String {
        self.clause_refs().first().map(|r| r.article().to_owned()).unwrap_or_else(|| "?".into())
    }
    /// How its events are played: time control and supervision.
    pub fn event_setup(&self) -> EventSetup {
        EventSetup { time_control: self.time_control.clone(), supervision: self.supervision }
    }
    /// Its expectations under a profile: `expect`, overridden by each override that applies
    /// under it ([`Profile::override_keys`]: the single parts first, combinations after).
    pub fn expect_under(&self, profile: &Profile) -> Expect {
        let mut expect = self.expect.clone();
        for key in profile.override_keys() {
            if let Some(over) = self.profiles.get(&key) {
                expect = expect.overridden_by(over);
            }
        }
        expect
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
        assert_eq!(ClauseRef::parse("3.8.2.2"), Ok(ClauseRef { id: "3.8.2.2".into(), numbers: vec![] }));
        let ep = ClauseRef { id: "3.7.3.1".into(), numbers: vec![(Laws::Fide2018, "3.7.4.1".into())] };
        // Every spelling the shipped corpus and today's files use, and spaces around the number.
        for text in [
            "3.7.3.1 (2018: 3.7.4.1)",
            "3.7.3.1 (2018:3.7.4.1)",
            " 3.7.3.1  ( 2018 : 3.7.4.1 ) ",
            "3.7.3.1(2018: 3.7.4.1)",
        ] {
            assert_eq!(ClauseRef::parse(text).as_ref(), Ok(&ep), "{text}");
        }
        assert_eq!(ep.to_string(), "3.7.3.1 (2018: 3.7.4.1)");
        assert_eq!((ep.number_in(Laws::Fide2018), ep.number_in(Laws::Fide2023)), (Some("3.7.4.1"), Some("3.7.3.1")));
        assert_eq!(ClauseRef::parse("C.10").map(|r| r.article().to_owned()), Ok("C".to_owned()));
    }

    #[test]
    fn clause_ref_refuses_what_names_no_edition_once() {
        let err = |text: &str| ClauseRef::parse(text).err().unwrap_or_default();
        for bad in [
            "3.7.3.1 2018 3.7.4.1",
            "3.7.3.1 (2018 3.7.4.1)",
            "3.7.3.1 (2018: )",
            "3.7.3.1 (2018: 3.7.4.1",
            "(2018: 3)",
        ] {
            assert!(err(bad).contains("expected \"N\" or \"N (YEAR: M)\", YEAR one of 2018"), "{bad}: {}", err(bad));
        }
        assert_eq!(err("  "), "empty clause reference");
        assert!(err("9.2.1 (2019: 9.2.1.1)").contains("unknown edition of the Laws 2019: expected 2018 or 2023"));
        assert!(err("9.2.1 (2023: 9.2.1)").contains("the number before the brackets is the 2023 number"));
        assert!(err("9.2.1 (2018: 9.2.1.1) (2018: 9.2.1.1)").contains("the 2018 number is given twice"));
        // Bounded, whatever was written.
        assert!(err(&format!("9.2.1 ({}: 1)", "9".repeat(100_000))).len() < 400);
    }

    /// The numbers written are checked against the edition table (core/data/editions.txt).
    #[test]
    fn clause_ref_numbers_agree_with_the_edition_table() {
        let problems = |text: &str| ClauseRef::parse(text).map(|r| r.numbering_problems()).unwrap_or_default();
        assert_eq!(problems("B.3 (2018: B.4)"), Vec::<String>::new());
        assert_eq!(problems("3.8.2.2"), Vec::<String>::new());
        // Issue 12: 2023 B.3 is 2018 B.4, not B.2.
        assert_eq!(problems("B.3 (2018: B.2)"), ["clause B.3 is B.4 in 2018, not \"B.2\": write \"B.3 (2018: B.4)\""]);
        assert_eq!(problems("B.3"), ["clause B.3 was B.4 in 2018: write \"B.3 (2018: B.4)\""]);
        assert_eq!(
            problems("3.8.2.2 (2018: 3.8.2.2)"),
            ["clause 3.8.2.2 has the same number in 2018: write \"3.8.2.2\""]
        );
        assert_eq!(ClauseRef::canonical("9.2.3", Laws::ALL), "9.2.3 (2018: 9.2.2)");
        assert_eq!(ClauseRef::canonical("9.2.3", [Laws::Fide2023]), "9.2.3");
    }

    #[test]
    fn profile_override_replaces_only_named_fields() {
        let base = Expect { in_check: Some(false), status: Some(Status::Ongoing), ..Expect::default() };
        let over = Expect { status: Some(Status::DeadPosition), ..Expect::default() };
        let merged = base.overridden_by(&over);
        assert_eq!((merged.in_check, merged.status), (Some(false), Some(Status::DeadPosition)));
    }
}
