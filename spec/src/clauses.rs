//! The clauses of the Laws a program can decide (`spec/fide-clauses.yaml`) and the coverage
//! of a corpus.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::corpus::{self, Corpus};

/// The clause list shipped with the corpus (a copy of the project's `fide-clauses.yaml`).
pub const BUILTIN: &str = include_str!("../fide-clauses.yaml");

/// Whether a program can decide a clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Checkable {
    Yes,
    Partial,
    No,
}

/// One clause.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    pub id: String,
    #[serde(default)]
    pub id_2018: Option<String>,
    pub title: String,
    pub checkable: Checkable,
    #[serde(default)]
    pub min: Option<u32>,
    #[serde(default)]
    pub what: Option<String>,
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
    pub fn builtin() -> Clauses {
        Clauses::parse(BUILTIN).expect("the built-in clause list parses (tested)")
    }
    pub fn parse(text: &str) -> Result<Clauses, String> {
        serde_yaml::from_str(text).map(Clauses).map_err(|e| e.to_string())
    }
    /// Reads a clause list from a file (at most [`corpus::MAX_FILE_BYTES`]).
    pub fn load(path: &Path) -> Result<Clauses, String> {
        let name = crate::excerpt::printable(&path.display().to_string());
        let bytes = corpus::read_bytes(path, corpus::MAX_FILE_BYTES).map_err(|e| format!("{name}: {e}"))?;
        let text = corpus::utf8_text(&bytes).map_err(|(line, e)| format!("{name}:{line}: {e}"))?;
        Clauses::parse(text).map_err(|e| format!("{name}: {}", corpus::bounded_message(&e)))
    }
    pub fn get(&self, id: &str) -> Option<&Clause> {
        self.0.iter().find(|c| c.id == id)
    }
}

/// One row of the coverage table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageRow {
    pub id: String,
    pub title: String,
    pub checkable: Checkable,
    pub required: u32,
    pub cases: u32,
}

impl CoverageRow {
    pub fn is_met(&self) -> bool {
        self.cases >= self.required
    }
}

/// The number of cases citing each clause, in the clause list's order.
pub fn coverage(clauses: &Clauses, corpus: &Corpus) -> Vec<CoverageRow> {
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for case in corpus.cases() {
        let mut ids: Vec<String> = case.clause_refs().into_iter().map(|r| r.id).collect();
        ids.dedup();
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
