//! A difference found by the hunt, and its forms: a text report, JSON, and a ready-to-add
//! YAML case.

use serde::Serialize;

use arbiter_core::Laws;

use crate::case::ClauseRef;

/// The first position where another program's legal moves differ from the core's.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// `hunt-<article>-<hash>`: stable for the same position and difference.
    pub id: String,
    /// The main FIDE article the difference falls under.
    pub article: String,
    /// Every article involved, the main one first.
    pub refs: Vec<String>,
    /// The kind of rule (`en passant`, `castling`, `pins / check`...).
    pub category: String,
    /// The generated position the hunt started from (FEN).
    pub root_fen: String,
    /// The moves from the generated position to the differing one (UCI).
    pub path: Vec<String>,
    /// The differing position (FEN, en passant target written after a double step).
    pub fen: String,
    /// Legal moves (per the Laws) that the program does not list.
    pub missing: Vec<String>,
    /// Moves the program lists that the Laws do not allow.
    pub extra: Vec<String>,
    /// Whether the position is one of Chess960 (Guidelines II), its castling moves written king takes own rook.
    pub chess960: bool,
    /// The perft depth at which the totals first differed.
    pub depth: u32,
}

impl Finding {
    /// Human-readable lines.
    pub fn to_text(&self) -> String {
        let list = |moves: &[String]| if moves.is_empty() { "-".to_owned() } else { moves.join(" ") };
        format!(
            "FIDE {} ({}) [{}]\n  position: {}\n  missing (legal, not listed): {}\n  extra (listed, illegal): {}\n  from generated position: {}\n  path: {}\n",
            self.article,
            self.category,
            self.id,
            self.fen,
            list(&self.missing),
            list(&self.extra),
            self.root_fen,
            list(&self.path),
        )
    }

    /// The finding as a case file the corpus loads as it is (`docs/spec-format.md`): the
    /// `cases:` wrapper around one case with `id`, `refs` (2023 numbers, with the 2018 number
    /// where it differs: `"3.7.3.1 (2018: 3.7.4.1)"`), `description`, `tags: [hunt]`,
    /// `variant: chess960` when the position is one (Guidelines II), `fen`, and `expect` with
    /// `legal: [...]` (the missing moves) and/or `illegal: [...]` (the extra ones).
    pub fn to_yaml(&self) -> String {
        let refs = self.refs.iter().map(|id| ClauseRef::canonical(id, Laws::ALL)).collect();
        let file = CaseFile {
            description: format!("Found by arbiter hunt (FIDE {}, {}).", self.article, self.category),
            cases: [HuntCase {
                id: &self.id,
                refs,
                description: self.description(),
                tags: ["hunt"],
                variant: self.chess960.then_some("chess960"),
                fen: &self.fen,
                expect: HuntExpect { legal: &self.missing, illegal: &self.extra },
            }],
        };
        // Strings, lists and maps only: serialising cannot fail.
        serde_yaml::to_string(&file).unwrap_or_default()
    }

    fn description(&self) -> String {
        let mut parts = Vec::new();
        if !self.missing.is_empty() {
            parts.push(format!("legal here: {}", self.missing.join(" ")));
        }
        if !self.extra.is_empty() {
            parts.push(format!("illegal here: {}", self.extra.join(" ")));
        }
        format!("{} (FIDE {}); {}. Found by arbiter hunt.", self.category, self.article, parts.join("; "))
    }
}

/// A short stable hash (FNV-1a) of a text, for case ids.
pub(crate) fn short_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", h & 0xffff_ffff)
}

/// A case file (`docs/spec-format.md`): the wrapper around the cases.
#[derive(Serialize)]
struct CaseFile<'a> {
    description: String,
    cases: [HuntCase<'a>; 1],
}

/// One case of the corpus, in the keys a finding needs.
#[derive(Serialize)]
struct HuntCase<'a> {
    id: &'a str,
    refs: Vec<String>,
    description: String,
    tags: [&'static str; 1],
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'static str>,
    fen: &'a str,
    expect: HuntExpect<'a>,
}

#[derive(Serialize)]
struct HuntExpect<'a> {
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    legal: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    illegal: &'a [String],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Variant;
    use crate::corpus;

    fn finding(chess960: bool) -> Finding {
        Finding {
            id: "hunt-3-7-3-1-0123abcd".into(),
            article: "3.7.3.1".into(),
            refs: vec!["3.9.2".into(), "3.7.3.1".into()],
            category: "en passant: exposing the king".into(),
            root_fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into(),
            path: vec!["e2e4".into()],
            fen: "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1".into(),
            missing: vec!["e8d8".into()],
            extra: vec!["e8e7".into(), "e8f8".into()],
            chess960,
            depth: 1,
        }
    }

    #[test]
    fn yaml_case_loads_as_it_is_with_2018_numbers_and_variant_ii() {
        for chess960 in [false, true] {
            let f = finding(chess960);
            let yaml = f.to_yaml();
            let cases =
                corpus::parse_file(std::path::Path::new("hunt.yaml"), &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
            assert_eq!(cases.len(), 1, "{yaml}");
            let case = &cases[0].case;
            assert_eq!(case.id, f.id);
            assert_eq!(case.refs, ["3.9.2", "3.7.3.1 (2018: 3.7.4.1)"], "{yaml}");
            assert_eq!(case.variant, if chess960 { Variant::Chess960 } else { Variant::Standard }, "{yaml}");
            assert_eq!(case.fen.as_deref(), Some(f.fen.as_str()));
            assert_eq!(case.expect.legal.as_deref(), Some(&f.missing[..]));
            assert_eq!(case.expect.illegal.as_deref(), Some(&f.extra[..]));
            assert_eq!(
                corpus::case_problems(case, &crate::clauses::Clauses::builtin()),
                Vec::<String>::new(),
                "{yaml}"
            );
        }
    }
}
