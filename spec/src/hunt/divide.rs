//! Another program's perft divide (FIDE 3: every legal move, each counted to the depth), asked
//! through [`Implementation::perft`]. A program whose `perft` gives only the total is asked
//! for its legal moves (`observe`) and for the total after each of them, one ply less deep.

use std::collections::BTreeMap;

use crate::answer_check;
use crate::implementation::{observe, perft, Failure, Implementation};
use crate::protocol::PositionSpec;

/// The divide of `position` at `depth` (at least 1): each legal move (UCI) with its count.
/// An answer that does not add up, or lists a move that is not UCI, is [`Failure::Broken`].
pub fn their_divide(
    imp: &mut dyn Implementation,
    position: &PositionSpec,
    depth: u32,
) -> Result<BTreeMap<String, u64>, Failure> {
    let waiting_for = || format!("perft {depth} of {} after {} move(s)", position.fen, position.moves.len());
    let answer = perft(imp, position, depth)?;
    answer_check::perft(&answer).map_err(|problem| Failure::Broken(format!("{}: {problem}", waiting_for())))?;
    if !answer.divide.is_empty() || answer.nodes == 0 || depth == 0 {
        return Ok(answer.divide);
    }
    // No divide: the moves from `observe`, each counted by a perft one ply less deep.
    let observation = observe(imp, position).map_err(|f| {
        Failure::Broken(format!(
            "{}: perft gives no divide, and observe failed ({f}): the hunt needs one",
            waiting_for()
        ))
    })?;
    answer_check::observation(&observation)
        .map_err(|problem| Failure::Broken(format!("{}: {problem}", waiting_for())))?;
    let Some(moves) = observation.legal_moves else {
        return Err(Failure::Broken(format!(
            "{}: perft gives no divide, and observe no legal moves: the hunt needs one",
            waiting_for()
        )));
    };
    let mut divide = BTreeMap::new();
    for mv in moves {
        let nodes = if depth == 1 {
            1
        } else {
            let mut child = position.clone();
            child.moves.push(mv.clone());
            perft(imp, &child, depth - 1)?.nodes
        };
        divide.insert(mv, nodes);
    }
    match divide.values().try_fold(0u64, |sum, &n| sum.checked_add(n)) {
        Some(sum) if sum == answer.nodes => Ok(divide),
        sum => Err(Failure::Broken(format!(
            "{}: the perfts after each legal move sum to {}, the total is {}",
            waiting_for(),
            sum.map_or("more than 2^64".to_owned(), |s| s.to_string()),
            answer.nodes
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::implementation::Answer;
    use crate::protocol::{Hello, Op, PerftAnswer, Reply};
    use crate::reference::Reference;

    /// The reference core with its `perft` divide taken away: only the total is answered.
    struct TotalsOnly(Reference);

    impl Implementation for TotalsOnly {
        fn hello(&mut self) -> Answer<Hello> {
            self.0.hello()
        }
        fn answer(&mut self, op: &Op) -> Answer<Reply> {
            match self.0.answer(op)? {
                Reply::Perft(a) => Ok(Reply::Perft(PerftAnswer { nodes: a.nodes, divide: BTreeMap::new() })),
                other => Ok(other),
            }
        }
    }

    fn start() -> PositionSpec {
        PositionSpec { fen: arbiter_core::Position::startpos().fen(), moves: vec![], chess960: false }
    }

    #[test]
    fn divide_without_one_from_the_program_is_built_from_its_moves_3_10_1() {
        let mut full = Reference::default();
        let mut totals = TotalsOnly(Reference::default());
        for depth in 1..=3 {
            let expected = their_divide(&mut full, &start(), depth).unwrap();
            assert_eq!(expected.len(), 20, "FIDE 3: twenty moves from the initial position");
            assert_eq!(their_divide(&mut totals, &start(), depth).unwrap(), expected, "depth {depth}");
        }
    }

    /// The reference core claiming one node more than its divide holds.
    struct BadSum(Reference);

    impl Implementation for BadSum {
        fn hello(&mut self) -> Answer<Hello> {
            self.0.hello()
        }
        fn answer(&mut self, op: &Op) -> Answer<Reply> {
            match self.0.answer(op)? {
                Reply::Perft(a) => Ok(Reply::Perft(PerftAnswer { nodes: a.nodes + 1, divide: a.divide })),
                _ => Err(Failure::unsupported(op.name())),
            }
        }
    }

    #[test]
    fn divide_that_does_not_add_up_is_a_broken_answer() {
        let failure = their_divide(&mut BadSum(Reference::default()), &start(), 2).unwrap_err();
        assert!(matches!(&failure, Failure::Broken(m) if m.contains("sums to 400")), "{failure}");
    }
}
