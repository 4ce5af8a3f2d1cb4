//! Reading an engine's perft divide: one line per legal move with the leaf count below it,
//! then the total. Tolerant of the common formats: `e2e4: 20` (Stockfish), `e2e4 20`,
//! `E2E4: 20`, and totals written `Nodes searched: 8902`, `Nodes: 8902` or `Total: 8902`.

use std::collections::BTreeMap;

/// A perft divide: the total leaf count and the count below each move (UCI text, lower case).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Divide {
    /// The total leaf count.
    pub nodes: u64,
    /// The count below each move (UCI, lower case).
    pub moves: BTreeMap<String, u64>,
}

/// One line of `go perft` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DivideLine {
    /// `e2e4: 20`: a move and its count.
    Move(String, u64),
    /// `Nodes searched: 8902`: the total, which ends the output.
    Total(u64),
    /// Anything else (`info string ...`, blank lines): ignored.
    Other,
}

/// Classifies one output line.
pub(crate) fn parse_line(line: &str) -> DivideLine {
    let lower = line.trim().to_ascii_lowercase();
    for label in ["nodes searched", "total nodes", "nodes", "total"] {
        if let Some(rest) = lower.strip_prefix(label) {
            let rest = rest.trim_start_matches([':', '=', ' ', '\t']);
            if let Ok(n) = rest.trim().parse() {
                return DivideLine::Total(n);
            }
        }
    }
    let mut parts = lower.splitn(2, |c: char| c == ':' || c.is_whitespace());
    let (Some(mv), Some(count)) = (parts.next(), parts.next()) else { return DivideLine::Other };
    let count = count.trim_start_matches([':', ' ', '\t']).trim();
    match (arbiter_core::is_uci_text(mv), count.parse()) {
        (true, Ok(n)) => DivideLine::Move(mv.to_owned(), n),
        _ => DivideLine::Other,
    }
}

/// Accumulates divide lines until the total; checks the total against the sum of the moves.
#[derive(Default)]
pub(crate) struct DivideReader {
    divide: Divide,
}

impl DivideReader {
    /// Feeds one line; returns the finished divide after the total line, or an error message
    /// when the output contradicts itself (a move listed twice, a total that is not the sum).
    pub(crate) fn feed(&mut self, line: &str) -> Option<Result<Divide, String>> {
        match parse_line(line) {
            DivideLine::Other => None,
            DivideLine::Move(mv, n) => {
                let twice = self.divide.moves.insert(mv.clone(), n).is_some();
                twice.then(|| Err(format!("move {mv} listed twice in the divide")))
            }
            DivideLine::Total(total) => {
                let sum: u64 = self.divide.moves.values().sum();
                if total != sum {
                    return Some(Err(format!(
                        "total {total} is not the sum {sum} of the {} divide lines",
                        self.divide.moves.len()
                    )));
                }
                self.divide.nodes = total;
                Some(Ok(std::mem::take(&mut self.divide)))
            }
        }
    }
}

/// Reads a whole divide output (up to and including its total line).
pub fn parse_divide(text: &str) -> Result<Divide, String> {
    let mut reader = DivideReader::default();
    for line in text.lines() {
        if let Some(done) = reader.feed(line) {
            return done;
        }
    }
    Err("no total line (such as `Nodes searched: N`) in the divide output".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_stockfish_format() {
        let text = "info string NNUE evaluation using nn.nnue\na2a3: 1\nb1c3: 1\n\nNodes searched: 2\n\n";
        let d = parse_divide(text).unwrap();
        assert_eq!(d.nodes, 2);
        assert_eq!(d.moves.into_iter().collect::<Vec<_>>(), [("a2a3".to_owned(), 1), ("b1c3".to_owned(), 1)]);
    }

    #[test]
    fn reads_other_formats() {
        let d = parse_divide("E7E8Q 3\ne7e8n: 4\nnodes: 7\n").unwrap();
        assert_eq!(d.moves["e7e8q"], 3);
        assert_eq!(d.moves["e7e8n"], 4);
        assert_eq!(parse_divide("a2a4 5\nTotal: 5").unwrap().nodes, 5);
        assert_eq!(parse_divide("Total nodes = 0").unwrap(), Divide::default());
    }

    #[test]
    fn rejects_a_total_that_is_not_the_sum() {
        let err = parse_divide("a2a3: 1\nb1c3: 1\nNodes searched: 3\n").unwrap_err();
        assert!(err.contains("not the sum"), "{err}");
        assert!(parse_divide("a2a3: 1\na2a3: 1\nNodes searched: 2\n").is_err());
        assert!(parse_divide("a2a3: 1\n").is_err());
    }
}
