//! A transposition table for perft: the leaf counts of subtrees already counted, keyed by the
//! position's Zobrist key and the depth that remains, so that a position reached again by
//! another move order is not counted twice.
//!
//! **Exactness.** Every entry holds the full 64-bit key and the depth next to its count, and a
//! look-up answers only when both are equal to the ones asked for: two positions whose keys
//! fall in the same bucket (the index is the key's low bits) never see each other's counts.
//! What the table cannot tell apart is two positions with the same 64-bit key; the key covers
//! everything perft's tree depends on (side to move, pieces, castling rights, and the en
//! passant square only when a capture there is legal, see [`Position::key`](crate::Position::key)),
//! so that would take a 64-bit Zobrist collision.
//!
//! **Layout.** The table is a power-of-two number of 64-byte buckets (one cache line each).
//! A bucket holds [`SLOTS`] entries of a key and a word packing the count with the depth
//! (counts of 2^56 nodes or more are not stored: those subtrees are counted again), and a
//! sequence word that makes the bucket safe to share among threads.
//!
//! **Sharing.** Readers never wait and writers never wait: a writer claims the bucket by moving
//! its sequence word from even to odd with one compare-and-swap (if another writer holds it,
//! the store is skipped: it is a cache), writes the entry and makes the sequence even again;
//! a reader reads the sequence, the entries and the sequence again, and believes what it read
//! only when both sequences are the same even number (a seqlock). A torn read is therefore a
//! miss, never a wrong count; everything is atomics, no `unsafe`.
//!
//! **Replacement.** A store of a key and depth already in the bucket overwrites it; otherwise
//! it takes an empty slot, else the slot with the smallest count (the subtree cheapest to
//! count again). A new entry is always stored, so the table follows the search, and the
//! largest subtrees stay, since they are the most work to count again.
//!
//! ```
//! use arbiter_core::perft::{self, Table};
//! use arbiter_core::Position;
//!
//! let table = Table::with_megabytes(1).unwrap();
//! let start = Position::startpos();
//! assert_eq!(perft::perft_hashed(&start, 5, &table), 4_865_609);
//! // The root's count is in the table now, under its key and depth only.
//! assert_eq!(table.probe(start.key(), 5), Some(4_865_609));
//! assert_eq!(table.probe(start.key(), 6), None);
//! assert_eq!(table.probe(start.key() ^ 1, 5), None);
//! ```

use std::sync::atomic::{fence, AtomicU64, Ordering};

/// Entries per bucket.
pub const SLOTS: usize = 3;

/// Bytes per bucket (a cache line).
pub const BUCKET_BYTES: usize = 64;

/// The largest table [`Table::with_megabytes`] makes: 64 GiB.
pub const MAX_MEGABYTES: usize = 1 << 16;

/// Counts this large or larger are not stored (the low 8 bits of an entry's data word hold
/// the depth).
const MAX_STORED_COUNT: u64 = 1 << 56;

/// One slot: the position's key, and its count shifted left by 8 with the depth in the low 8
/// bits. Depth 0 (data 0) marks an empty slot; perft never stores depth 0.
#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// A bucket: the sequence word of its seqlock (odd while a writer holds it) and its slots.
#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    sequence: AtomicU64,
    slots: [Slot; SLOTS],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == BUCKET_BYTES);

/// Why a table could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The size asked for is 0 MB or more than [`MAX_MEGABYTES`].
    #[error("a perft hash table of {0} MB: the size must be from 1 to {MAX_MEGABYTES} MB")]
    Size(usize),
    /// The memory could not be allocated.
    #[error("cannot allocate a perft hash table of {0} bytes")]
    Allocation(usize),
}

/// A transposition table for perft, shared by reference among threads (see the
/// [module documentation](self) for its layout, its exactness and its replacement policy).
pub struct Table {
    buckets: Box<[Bucket]>,
    mask: u64,
}

impl Table {
    /// A table of `megabytes` MiB (1 to [`MAX_MEGABYTES`]): the largest power-of-two number
    /// of buckets that fits.
    pub fn with_megabytes(megabytes: usize) -> Result<Table, TableError> {
        if megabytes == 0 || megabytes > MAX_MEGABYTES {
            return Err(TableError::Size(megabytes));
        }
        Table::with_bytes(megabytes << 20)
    }

    /// A table of at most `bytes` bytes (but at least one bucket): the largest power-of-two
    /// number of buckets that fits. A tiny table is legal; it only finds less.
    pub fn with_bytes(bytes: usize) -> Result<Table, TableError> {
        let wanted = (bytes / BUCKET_BYTES).max(1);
        // The largest power of two not above `wanted`.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut vec: Vec<Bucket> = Vec::new();
        vec.try_reserve_exact(buckets).map_err(|_| TableError::Allocation(buckets * BUCKET_BYTES))?;
        vec.resize_with(buckets, Bucket::default);
        Ok(Table { buckets: vec.into_boxed_slice(), mask: buckets as u64 - 1 })
    }

    /// The number of buckets (a power of two).
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// The bucket of `key`: its low bits.
    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // The mask keeps the index below the length, a power of two.
        &self.buckets[(key & self.mask) as usize]
    }

    /// The count stored for the position of Zobrist key `key` with `depth` plies left, if the
    /// table holds it: only an entry of exactly this key and this depth answers.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let bucket = self.bucket(key);
        let before = bucket.sequence.load(Ordering::Acquire);
        if before & 1 != 0 {
            return None;
        }
        let mut found = None;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            if slot.key.load(Ordering::Relaxed) == key && data & 0xff == u64::from(depth) && depth != 0 {
                found = Some(data >> 8);
                break;
            }
        }
        // The loads above may not move after the second read of the sequence: a writer that
        // changed a slot while we read it has changed the sequence by then.
        fence(Ordering::Acquire);
        if bucket.sequence.load(Ordering::Relaxed) != before {
            return None;
        }
        found
    }

    /// Stores `count` for the position of key `key` with `depth` plies left (1 to 255; other
    /// depths, and counts of 2^56 or more, are not stored). Skipped when another thread is
    /// writing the same bucket at that moment.
    #[inline]
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if depth == 0 || depth > 0xff || count >= MAX_STORED_COUNT {
            return;
        }
        let bucket = self.bucket(key);
        let sequence = bucket.sequence.load(Ordering::Relaxed);
        if sequence & 1 != 0
            || bucket
                .sequence
                .compare_exchange(sequence, sequence.wrapping_add(1), Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        // The odd sequence is visible before any slot changes: a reader that sees a changed
        // slot sees the sequence changed too.
        fence(Ordering::Release);
        let data = (count << 8) | u64::from(depth);
        let mut victim = 0;
        let mut smallest = u64::MAX;
        for (i, slot) in bucket.slots.iter().enumerate() {
            let old = slot.data.load(Ordering::Relaxed);
            if old == 0 || (slot.key.load(Ordering::Relaxed) == key && old & 0xff == u64::from(depth)) {
                victim = i;
                break;
            }
            if old >> 8 < smallest {
                smallest = old >> 8;
                victim = i;
            }
        }
        let slot = &bucket.slots[victim];
        slot.key.store(key, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
        bucket.sequence.store(sequence.wrapping_add(2), Ordering::Release);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for bucket in self.buckets.iter_mut() {
            *bucket = Bucket::default();
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("buckets", &self.buckets.len()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_buckets_within_the_size_asked() {
        assert_eq!(Table::with_bytes(0).unwrap().buckets(), 1);
        assert_eq!(Table::with_bytes(64 * 5).unwrap().buckets(), 4);
        assert_eq!(Table::with_megabytes(1).unwrap().bytes(), 1 << 20);
        assert_eq!(Table::with_megabytes(3).unwrap().bytes(), 2 << 20);
        assert_eq!(Table::with_megabytes(0).unwrap_err(), TableError::Size(0));
        assert!(Table::with_megabytes(MAX_MEGABYTES + 1).is_err());
    }

    #[test]
    fn an_entry_answers_only_its_own_key_and_depth() {
        // One bucket: every key collides in the index.
        let table = Table::with_bytes(1).unwrap();
        table.store(0x1234, 3, 99);
        assert_eq!(table.probe(0x1234, 3), Some(99));
        assert_eq!(table.probe(0x1234, 4), None);
        assert_eq!(table.probe(0x1235, 3), None);
        assert_eq!(table.probe(0x1234 ^ (1 << 63), 3), None);
    }

    #[test]
    fn replacement_keeps_the_largest_counts_and_always_takes_the_new_one() {
        let table = Table::with_bytes(1).unwrap();
        table.store(1, 2, 100);
        table.store(2, 2, 5);
        table.store(3, 2, 300);
        // Full: the smallest (key 2) goes.
        table.store(4, 2, 50);
        assert_eq!(table.probe(2, 2), None);
        assert_eq!(table.probe(4, 2), Some(50));
        assert_eq!(table.probe(1, 2), Some(100));
        assert_eq!(table.probe(3, 2), Some(300));
        // The same key and depth is overwritten in place.
        table.store(3, 2, 301);
        assert_eq!(table.probe(3, 2), Some(301));
        assert_eq!(table.probe(4, 2), Some(50));
    }

    #[test]
    fn what_cannot_be_stored_is_not() {
        let mut table = Table::with_bytes(1).unwrap();
        table.store(7, 0, 1);
        table.store(7, 256, 1);
        table.store(7, 9, MAX_STORED_COUNT);
        assert_eq!(table.probe(7, 0), None);
        assert_eq!(table.probe(7, 256), None);
        assert_eq!(table.probe(7, 9), None);
        table.store(7, 9, MAX_STORED_COUNT - 1);
        assert_eq!(table.probe(7, 9), Some(MAX_STORED_COUNT - 1));
        table.clear();
        assert_eq!(table.probe(7, 9), None);
    }

    #[test]
    fn threads_sharing_a_tiny_table_never_read_a_wrong_count() {
        // Four threads store and read counts derived from the key in a two-bucket table, so
        // that readers and writers meet in the same bucket all the time.
        let table = Table::with_bytes(128).unwrap();
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let table = &table;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = (i * 7 + t) % 64;
                        let depth = (i % 5) as u32 + 1;
                        let count = key.wrapping_mul(0x9E37_79B9) ^ u64::from(depth);
                        if i % 2 == 0 {
                            table.store(key, depth, count & (MAX_STORED_COUNT - 1));
                        } else if let Some(found) = table.probe(key, depth) {
                            assert_eq!(found, count & (MAX_STORED_COUNT - 1));
                        }
                    }
                });
            }
        });
    }
}
