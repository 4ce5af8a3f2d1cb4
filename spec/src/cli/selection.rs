//! Which corpus and which of its cases a command works on (`--cases`, `--id`, `--clause`,
//! `--tag`, `--file`). A selection of no case is an error: a command that checked nothing
//! must not say that all went well.

use std::path::PathBuf;

use arbiter_spec::clauses::Clauses;
use arbiter_spec::corpus::{self, Corpus, CorpusError, LocatedCase};
use arbiter_spec::excerpt::printable;
use arbiter_spec::report::shell_word;

/// Corpus and filters.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Selection {
    /// The corpus directory (default: the corpus built into arbiter, `spec/cases` of its source).
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
    /// Leaves out the case with this id (repeatable).
    #[arg(long = "exclude-id", value_name = "ID")]
    pub exclude_ids: Vec<String>,
    /// Leaves out cases with this tag (repeatable).
    #[arg(long = "exclude-tag", value_name = "TAG")]
    pub exclude_tags: Vec<String>,
    /// Leaves out cases from files whose path contains this text (repeatable).
    #[arg(long = "exclude-file", value_name = "TEXT")]
    pub exclude_files: Vec<String>,
    /// Only the K-th of N shards of the selected cases (`--shard 2/4`): each case belongs to
    /// one shard by its id alone, so every implementation, and every run, gets the same split,
    /// and the N shards together are the whole selection.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
}

/// One of N shards (`--shard K/N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which one, from 1.
    pub index: u32,
    /// How many.
    pub count: u32,
}

impl Shard {
    /// The most shards `--shard` accepts.
    pub const MAX: u32 = 1024;

    /// `K/N` with 1 <= K <= N <= [`Shard::MAX`].
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected K/N, a shard K of N shards with 1 <= K <= N <= {}", Shard::MAX);
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (k.trim().parse::<u32>().map_err(|_| bad())?, n.trim().parse::<u32>().map_err(|_| bad())?);
        if index == 0 || index > count || count > Shard::MAX {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether the case `id` is in this shard: by a hash of the id (FNV-1a, 64 bits), so that
    /// the split depends on nothing else.
    pub fn holds(&self, id: &str) -> bool {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in id.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Selection {
    /// The corpus as messages name it: `--cases DIR`, or the embedded one.
    pub fn dir(&self) -> PathBuf {
        self.cases.clone().unwrap_or_else(|| PathBuf::from(corpus::EMBEDDED))
    }

    /// Loads the whole corpus: `--cases DIR`, else the one built into arbiter.
    fn load(&self) -> Result<Corpus, Vec<CorpusError>> {
        match &self.cases {
            Some(dir) => corpus::load(dir),
            None => corpus::load_embedded(),
        }
    }

    /// Loads the whole corpus, or prints every problem (with file and line) and returns `None`.
    pub fn load_or_report(&self) -> Option<Corpus> {
        self.load().map_err(|errors| print_errors(&errors)).ok()
    }

    /// Loads and checks the whole corpus; every problem is returned.
    pub fn load_whole_checked(&self) -> Result<Corpus, Vec<CorpusError>> {
        let corpus = self.load()?;
        let errors = corpus::check(&corpus, &Clauses::builtin());
        if errors.is_empty() {
            Ok(corpus)
        } else {
            Err(errors)
        }
    }

    /// Loads and checks the whole corpus (a problem anywhere is a problem), then keeps only the
    /// selected cases; selecting none is an error.
    pub fn load_checked(&self) -> Result<Corpus, Vec<CorpusError>> {
        let corpus = self.load_whole_checked()?;
        let cases = self.select_some(&corpus).map_err(|e| vec![e])?.into_iter().cloned().collect();
        Ok(Corpus { root: corpus.root.clone(), cases })
    }

    /// The selected cases, in corpus order.
    pub fn select<'a>(&self, corpus: &'a Corpus) -> Vec<&'a LocatedCase> {
        corpus.cases.iter().filter(|c| self.matches(c)).collect()
    }

    /// The selected cases, or an error saying that none is (an empty corpus, or filters that
    /// match no case).
    pub fn select_some<'a>(&self, corpus: &'a Corpus) -> Result<Vec<&'a LocatedCase>, CorpusError> {
        let cases = self.select(corpus);
        if !cases.is_empty() {
            return Ok(cases);
        }
        let message = if corpus.cases.is_empty() {
            "no case: the corpus's files hold no cases".to_owned()
        } else {
            format!("no case of the {} matches the filters{}", corpus.cases.len(), printable(&self.filter_args()))
        };
        Err(CorpusError { file: self.dir(), line: None, case: None, message })
    }

    /// Whether the filters select this case.
    pub fn matches(&self, located: &LocatedCase) -> bool {
        let case = &located.case;
        let any =
            |filters: &[String], test: &dyn Fn(&str) -> bool| filters.is_empty() || filters.iter().any(|f| test(f));
        any(&self.ids, &|id| case.id == id)
            && any(&self.clauses, &|clause| case.cites(clause))
            && any(&self.tags, &|tag| case.tags.iter().any(|t| t == tag))
            && any(&self.files, &|text| located.file.to_string_lossy().contains(text))
            && !self.exclude_ids.contains(&case.id)
            && !self.exclude_tags.iter().any(|tag| case.tags.contains(tag))
            && !self.exclude_files.iter().any(|text| located.file.to_string_lossy().contains(text.as_str()))
            && self.shard.is_none_or(|shard| shard.holds(&case.id))
    }

    /// The filters as options (` --id ID --tag TAG`), for messages.
    pub fn filter_args(&self) -> String {
        let mut args = String::new();
        for (flag, values) in [
            ("--id", &self.ids),
            ("--clause", &self.clauses),
            ("--tag", &self.tags),
            ("--file", &self.files),
            ("--exclude-id", &self.exclude_ids),
            ("--exclude-tag", &self.exclude_tags),
            ("--exclude-file", &self.exclude_files),
        ] {
            for value in values {
                args.push_str(&format!(" {flag} {}", shell_word(value)));
            }
        }
        if let Some(shard) = self.shard {
            args.push_str(&format!(" --shard {shard}"));
        }
        args
    }

    /// The options that select the same corpus again, for a rerun command.
    pub fn corpus_args(&self) -> String {
        match &self.cases {
            Some(dir) => format!(" --cases {}", shell_word(&dir.to_string_lossy())),
            None => String::new(),
        }
    }
}

/// Prints corpus errors to stderr, and how many there are when there are several.
pub fn print_errors(errors: &[CorpusError]) {
    for e in errors {
        eprintln!("{}", super::printable_lines(&e.to_string()));
    }
    if errors.len() > 1 {
        eprintln!("{} problem(s) in the corpus", errors.len());
    }
}
