//! The clauses of the Laws a program can decide (`spec/fide-clauses.yaml`) and the coverage
//! of a corpus.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::corpus::Corpus;

/// The clause list shipped with the corpus (a copy of the project's `fide-clauses.yaml`).
pub const BUILTIN: &str = include_str!("../fide-clauses.yaml");

/// Whether a program can decide a clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Checkable {
    /// A program can decide all of it.
    Yes,
    /// A program can decide part of it (the part named in `what`).
    Partial,
    /// A program cannot decide it; listed so that the corpus can say why it has no case.
    No,
}

/// One clause.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// Its id: its number in [`Laws::CLAUSE_IDS`](arbiter_core::Laws::CLAUSE_IDS) (its number
    /// in another edition: [`Laws::number`](arbiter_core::Laws::number)).
    pub id: String,
    /// Its title, in short.
    pub title: String,
    /// Whether a program can decide it.
    pub checkable: Checkable,
    /// The number of cases it needs, when not the default (see [`Clause::required`]).
    #[serde(default)]
    pub min: Option<u32>,
    /// The part a program can decide, or what the cases must include.
    #[serde(default)]
    pub what: Option<String>,
    /// How its content differs between editions of the Laws, if it does.
    #[serde(default)]
    pub laws: Option<String>,
}

impl Clause {
    /// The number of cases required (default 1 for a checkable clause, 0 otherwise).
    pub fn required(&self) -> u32 {
        match self.checkable {
            Checkable::No => 0,
            _ => self.min.unwrap_or(1),
        }
    }
}

/// The clause list, in order.
#[derive(Clone, Debug)]
pub struct Clauses(pub Vec<Clause>);

impl Clauses {
    /// The clause list shipped with the corpus ([`BUILTIN`]).
    pub fn builtin() -> Clauses {
        Clauses::parse(BUILTIN).expect("the built-in clause list parses (tested)")
    }
    /// Reads a clause list in the YAML form of `fide-clauses.yaml`.
    pub fn parse(text: &str) -> Result<Clauses, String> {
        serde_yaml::from_str(text).map(Clauses).map_err(|e| e.to_string())
    }
    /// The clause with the id `id`.
    pub fn get(&self, id: &str) -> Option<&Clause> {
        self.0.iter().find(|c| c.id == id)
    }
}

/// One row of the coverage table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageRow {
    /// The clause's id.
    pub id: String,
    /// The clause's title.
    pub title: String,
    /// Whether a program can decide the clause.
    pub checkable: Checkable,
    /// The number of cases the clause needs.
    pub required: u32,
    /// The number of cases citing it.
    pub cases: u32,
}

impl CoverageRow {
    /// Whether enough cases cite the clause.
    pub fn is_met(&self) -> bool {
        self.cases >= self.required
    }
}

/// The number of cases citing each clause, in the clause list's order.
pub fn coverage(clauses: &Clauses, corpus: &Corpus) -> Vec<CoverageRow> {
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for case in corpus.cases() {
        // A case citing a clause twice counts once for it, wherever the two refs stand.
        let ids: BTreeSet<String> = case.clause_refs().into_iter().map(|r| r.id).collect();
        for id in ids {
            *counts.entry(id).or_default() += 1;
        }
    }
    clauses
        .0
        .iter()
        .map(|c| CoverageRow {
            id: c.id.clone(),
            title: c.title.clone(),
            checkable: c.checkable,
            required: c.required(),
            cases: counts.get(&c.id).copied().unwrap_or(0),
        })
        .collect()
}

/// The part of the Laws a clause belongs to, in the order of the Laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// Articles 1 to 12 (the Basic Rules of Play and the Competition Rules).
    Article,
    /// The appendices, lettered: A (rapid), B (blitz), C (notation), D (visually disabled).
    Appendix,
    /// The Guidelines, numbered in Roman numerals: I (adjourned games), II (Chess960), III
    /// (games without increment, quickplay finishes).
    Guidelines,
}

/// One dot-separated part of a clause number: a number or, for the first part of an appendix
/// or the Guidelines, a letter or Roman numeral.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Segment {
    Number(u32),
    Text(String),
}

/// Where a clause or article sorts in the Laws: numbered articles by number (3.9 before
/// 3.10), then the appendices by letter, then the Guidelines by Roman numeral (I, II, III),
/// each clause after the clauses it is part of. The one order every list of clauses and
/// articles is shown in (reports, the conformance matrix, `arbiter coverage --json`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClauseKey {
    part: Part,
    segments: Vec<Segment>,
    /// As written, for [`ClauseKey::as_str`] and as the last tie-breaker.
    text: String,
}

impl ClauseKey {
    /// The key of a clause number (`3.10.3`, `A.5.1`, `III.4`) or an article (`3`, `B`, `I`).
    pub fn of(number: &str) -> ClauseKey {
        let mut parts = number.split('.');
        let first = parts.next().unwrap_or_default();
        let (part, lead) = match first.parse::<u32>() {
            Ok(n) => (Part::Article, Segment::Number(n)),
            Err(_) => match roman(first) {
                Some(n) => (Part::Guidelines, Segment::Number(n)),
                None => (Part::Appendix, Segment::Text(first.to_owned())),
            },
        };
        let rest = parts.map(|p| p.parse().map(Segment::Number).unwrap_or_else(|_| Segment::Text(p.to_owned())));
        ClauseKey { part, segments: std::iter::once(lead).chain(rest).collect(), text: number.to_owned() }
    }

    /// The part of the Laws it is in.
    pub fn part(&self) -> Part {
        self.part
    }

    /// The number as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The title of its article: `Article 3`, `Appendix C`, `Guidelines III`.
    pub fn article_title(&self) -> String {
        let article = self.text.split('.').next().unwrap_or_default();
        match self.part {
            Part::Article => format!("Article {article}"),
            Part::Appendix => format!("Appendix {article}"),
            Part::Guidelines => format!("Guidelines {article}"),
        }
    }
}

impl Ord for ClauseKey {
    fn cmp(&self, other: &ClauseKey) -> Ordering {
        (self.part, &self.segments, &self.text).cmp(&(other.part, &other.segments, &other.text))
    }
}

impl PartialOrd for ClauseKey {
    fn partial_cmp(&self, other: &ClauseKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl serde::Serialize for ClauseKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

/// The value of a Roman numeral of the Guidelines' kind (I to XXXIX, upper case): `None` for
/// anything else, such as an appendix letter.
fn roman(text: &str) -> Option<u32> {
    let (tens, rest) = match text.find(|c| c != 'X') {
        Some(at) => text.split_at(at),
        None => (text, ""),
    };
    let units = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
    let unit = units.iter().position(|u| *u == rest)?;
    let value = 10 * tens.len() as u32 + unit as u32;
    (value > 0 && tens.len() <= 3).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Case;
    use crate::corpus::LocatedCase;
    use arbiter_core::Laws;

    fn corpus(refs: &[&[&str]]) -> Corpus {
        let cases = refs
            .iter()
            .enumerate()
            .map(|(i, refs)| {
                let yaml = format!("{{id: c{i}, refs: {refs:?}, description: d, expect: {{in_check: false}}}}");
                let case: Case = serde_yaml::from_str(&yaml).expect("a valid case");
                LocatedCase { case, file: "f.yaml".into(), line: i + 1 }
            })
            .collect();
        Corpus { root: ".".into(), cases }
    }

    fn cases_citing(rows: &[CoverageRow], id: &str) -> u32 {
        rows.iter().find(|r| r.id == id).map(|r| r.cases).unwrap_or(u32::MAX)
    }

    /// Issue 12: a case citing a clause twice, with another clause between, counts once.
    #[test]
    fn coverage_counts_a_case_once_per_clause() {
        let corpus = corpus(&[&["3.9.1", "3.1", "3.9.1"], &["3.9.1", "3.9.1"], &["3.1"]]);
        let rows = coverage(&Clauses::builtin(), &corpus);
        assert_eq!(cases_citing(&rows, "3.9.1"), 2);
        assert_eq!(cases_citing(&rows, "3.1"), 2);
        assert_eq!(cases_citing(&rows, "3.2"), 0);
    }

    #[test]
    fn clauses_sort_as_in_the_laws() {
        let mut ids =
            ["III.4", "B.3", "10.1", "3.10.3", "I.8", "A.5.1", "3.9.2", "II.3", "3.10", "C.10", "C.2", "3", "II", "A"];
        ids.sort_by_key(|id| ClauseKey::of(id));
        assert_eq!(
            ids,
            ["3", "3.9.2", "3.10", "3.10.3", "10.1", "A", "A.5.1", "B.3", "C.2", "C.10", "I.8", "II", "II.3", "III.4"]
        );
        // The clause list is written in that order.
        let listed: Vec<ClauseKey> = Clauses::builtin().0.iter().map(|c| ClauseKey::of(&c.id)).collect();
        let checkable = listed.iter().take_while(|k| k.as_str() != "4.1").count();
        assert!(listed[..checkable].windows(2).all(|w| w[0] < w[1]), "fide-clauses.yaml is in the order of the Laws");
    }

    /// Issue 12: Guidelines I (adjourned games) is not an appendix.
    #[test]
    fn articles_are_titled_by_their_part() {
        let title = |article: &str| ClauseKey::of(article).article_title();
        assert_eq!(title("3"), "Article 3");
        assert_eq!(title("10.2"), "Article 10");
        assert_eq!(title("A"), "Appendix A");
        assert_eq!(title("D.2.1"), "Appendix D");
        assert_eq!(title("I"), "Guidelines I");
        assert_eq!(title("I.8"), "Guidelines I");
        assert_eq!(title("II"), "Guidelines II");
        assert_eq!(title("III.3"), "Guidelines III");
        assert_eq!(ClauseKey::of("C").part(), Part::Appendix);
        // Written as the number, as `arbiter coverage --json` writes its keys.
        let map: BTreeMap<ClauseKey, u32> =
            [("10.1", 1), ("I.8", 2), ("3.10.3", 3)].map(|(k, v)| (ClauseKey::of(k), v)).into();
        assert_eq!(serde_json::to_string(&map).ok(), Some(r#"{"3.10.3":3,"10.1":1,"I.8":2}"#.to_owned()));
        assert_eq!(ClauseKey::of("IV").part(), Part::Guidelines);
    }

    /// Every clause the edition table renumbers is a listed clause, and the 2018 numbers are the
    /// ones the list gave before they moved to the table (`id_2018`, from the English Laws of
    /// 2018 and 2023).
    #[test]
    fn edition_table_agrees_with_the_clause_list() {
        let clauses = Clauses::builtin();
        for laws in Laws::ALL {
            for (id, _) in laws.renumbered() {
                assert!(
                    clauses.get(id).is_some(),
                    "core/data/editions.txt renumbers {id}, which fide-clauses.yaml lacks"
                );
            }
        }
        let was_2018 = [
            ("3.7.3.1", "3.7.4.1"),
            ("3.7.3.2", "3.7.4.2"),
            ("3.7.3.3", "3.7.5.1"),
            ("3.7.3.4", "3.7.5.2"),
            ("3.7.3.5", "3.7.5.3"),
            ("9.2.1", "9.2.1.1"),
            ("9.2.2", "9.2.1.2"),
            ("9.2.3", "9.2.2"),
            ("9.2.3.1", "9.2.2.1"),
            ("9.2.3.2", "9.2.2.2"),
            ("A.5.1", "A.4.1"),
            ("A.5.2", "A.4.2"),
            ("A.5.3", "A.4.3"),
            ("A.5.4", "A.4.4"),
            ("B.2", "B.3"),
            ("B.3", "B.4"),
        ];
        for clause in &clauses.0 {
            let expected = was_2018.iter().find(|(id, _)| *id == clause.id).map_or(clause.id.as_str(), |(_, old)| old);
            assert_eq!(Laws::Fide2018.number(&clause.id), Some(expected), "{}", clause.id);
            assert_eq!(Laws::CLAUSE_IDS.number(&clause.id), Some(clause.id.as_str()));
        }
    }
}
