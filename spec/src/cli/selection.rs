//! Which corpus and which of its cases a command works on (`--cases`, `--id`, `--clause`,
//! `--tag`, `--file`).

use std::path::PathBuf;

use arbiter_spec::clauses::Clauses;
use arbiter_spec::corpus::{self, Corpus, CorpusError, LocatedCase};

/// Corpus and filters.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Selection {
    /// The corpus directory (default: the corpus shipped with arbiter).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
    /// Only the case with this id (repeatable).
    #[arg(long = "id", value_name = "ID")]
    pub ids: Vec<String>,
    /// Only cases citing this clause or one below it (`3.8` selects 3.8.2.1; repeatable).
    #[arg(long = "clause", value_name = "CLAUSE")]
    pub clauses: Vec<String>,
    /// Only cases with this tag (repeatable).
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,
    /// Only cases from files whose path contains this text (repeatable).
    #[arg(long = "file", value_name = "TEXT")]
    pub files: Vec<String>,
}

impl Selection {
    pub fn dir(&self) -> PathBuf {
        self.cases.clone().unwrap_or_else(corpus::default_dir)
    }

    /// Loads the corpus, or prints every problem (with file and line) and returns `None`.
    pub fn load_or_report(&self) -> Option<Corpus> {
        corpus::load(&self.dir()).map_err(|errors| print_errors(&errors)).ok()
    }

    /// Loads and checks the corpus; every problem is returned.
    pub fn load_checked(&self) -> Result<Corpus, Vec<CorpusError>> {
        let corpus = corpus::load(&self.dir())?;
        let errors = corpus::check(&corpus, &Clauses::builtin());
        if errors.is_empty() {
            Ok(corpus)
        } else {
            Err(errors)
        }
    }

    /// The selected cases, in corpus order.
    pub fn select<'a>(&self, corpus: &'a Corpus) -> Vec<&'a LocatedCase> {
        corpus.cases.iter().filter(|c| self.matches(c)).collect()
    }

    fn matches(&self, located: &LocatedCase) -> bool {
        let case = &located.case;
        let any =
            |filters: &[String], test: &dyn Fn(&str) -> bool| filters.is_empty() || filters.iter().any(|f| test(f));
        any(&self.ids, &|id| case.id == id)
            && any(&self.clauses, &|clause| {
                case.clause_refs().iter().any(|r| r.id == clause || r.id.starts_with(&format!("{clause}.")))
            })
            && any(&self.tags, &|tag| case.tags.iter().any(|t| t == tag))
            && any(&self.files, &|text| located.file.to_string_lossy().contains(text))
    }

    /// The options that select the same corpus again, for a rerun command.
    pub fn corpus_args(&self) -> String {
        match &self.cases {
            Some(dir) => format!(" --cases {}", dir.display()),
            None => String::new(),
        }
    }
}

/// Prints corpus errors to stderr.
pub fn print_errors(errors: &[CorpusError]) {
    for e in errors {
        eprintln!("{e}");
    }
    eprintln!("{} problem(s) in the corpus", errors.len());
}
