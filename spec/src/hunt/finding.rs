//! A difference found by the hunt, and its forms: a text report, JSON, and a ready-to-add
//! YAML case.

use serde::Serialize;

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

    /// The finding as a corpus case in a simple YAML form:
    /// `id`, `refs`, `description`, `fen` (and `chess960: true` when needed), and `expect`
    /// with `legal: [...]` (the missing moves) and/or `illegal: [...]` (the extra ones).
    pub fn to_yaml(&self) -> String {
        let quoted = |items: &[String]| items.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
        let mut yaml = format!(
            "id: {}\nrefs: [{}]\ndescription: \"{}\"\nfen: \"{}\"\n",
            self.id,
            quoted(&self.refs),
            self.description(),
            self.fen
        );
        if self.chess960 {
            yaml.push_str("chess960: true\n");
        }
        yaml.push_str("expect:\n");
        if !self.missing.is_empty() {
            yaml.push_str(&format!("  legal: [{}]\n", quoted(&self.missing)));
        }
        if !self.extra.is_empty() {
            yaml.push_str(&format!("  illegal: [{}]\n", quoted(&self.extra)));
        }
        yaml
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
