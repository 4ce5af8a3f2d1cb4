//! Parallel perft gives the same published counts as the serial one.

use arbiter_core::perft::{divide_parallel, perft_parallel};
use arbiter_core::Position;

#[test]
fn parallel_perft_matches_published_counts() {
    let start = Position::startpos();
    assert_eq!(perft_parallel(&start, 5, 2), 4_865_609);
    assert_eq!(perft_parallel(&start, 3, 0), 8_902);
    let kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(perft_parallel(&kiwipete, 4, 2), 4_085_603);
    let divide = divide_parallel(&kiwipete, 3, 2);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
}
