//! Unwinnability (FIDE 5.2.2, 6.9) on the data of `core/tests/data/unwinnability/` (sources in
//! SOURCES.md there):
//! - the 30,000 Lichess flag falls: for each, whether the side that did not flag can still
//!   checkmate, with the default budget; the summary prints the mean, median, 99th percentile
//!   and worst time per verdict (the thread's CPU time, which a busy host does not inflate by
//!   the time the thread waits for a core), how many verdicts took up to 10 us, 100 us, 1 ms,
//!   10 ms, 50 ms and more, and the verdicts that differ from CHA's;
//! - the half of CHA's test vector: both sides of every position the core accepts (FIDE
//!   3.10.3), counted right, wrong and undetermined against CHA's labels.
//!
//! Criterion then times `unwinnable` on a fixed sample of the Lichess positions.

use std::time::{Duration, Instant};

use arbiter_benches::thread_cpu_ns;
use arbiter_core::{unwinnable, Color, Position, Verdict};
use criterion::{criterion_group, criterion_main, Criterion};

const LICHESS: &str = include_str!("../../core/tests/data/unwinnability/lichess-30k-cha.tsv");
const TEST_VECTOR: &str = include_str!("../../core/tests/data/unwinnability/cha-test-vector-half.txt");

/// The Lichess positions, the side asked about, and whether CHA calls it winnable.
fn lichess() -> Vec<(Position, Color, bool)> {
    LICHESS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let pos: Position = fields[0].parse().expect("the data's FENs are valid");
            (pos, !pos.turn(), fields[2] == "winnable")
        })
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn lichess_summary(set: &[(Position, Color, bool)]) {
    let mut times = Vec::with_capacity(set.len());
    let (mut same, mut undetermined, mut different) = (0, 0, 0);
    let mut worst = (Duration::ZERO, String::new());
    for (pos, side, winnable) in set {
        let start = thread_cpu_ns();
        let verdict = unwinnable(pos, *side);
        let took = Duration::from_nanos(thread_cpu_ns() - start);
        match (&verdict, winnable) {
            (Verdict::Winnable(_), true) | (Verdict::Unwinnable(_), false) => same += 1,
            (Verdict::Undetermined, _) => undetermined += 1,
            _ => different += 1,
        }
        if took > worst.0 {
            worst = (took, pos.fen());
        }
        times.push(took);
    }
    times.sort_unstable();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!("unwinnable, Lichess flag falls: {} positions, default budget", set.len());
    println!(
        "  time per verdict: mean {mean:?}, median {:?}, p99 {:?}, worst {:?} ({})",
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        worst.0,
        worst.1
    );
    let limits = [10u64, 100, 1_000, 10_000, 50_000].map(Duration::from_micros);
    let mut below = Vec::new();
    let mut from = 0;
    for limit in limits {
        let upto = times.partition_point(|&t| t <= limit);
        below.push(format!("<= {limit:?}: {}", upto - from));
        from = upto;
    }
    below.push(format!("> 50ms: {}", times.len() - from));
    println!("  distribution: {}", below.join(", "));
    println!("  same verdict as CHA {same}, undetermined {undetermined}, different {different}");
}

fn test_vector_summary() {
    let (mut right, mut wrong, mut undetermined, mut refused) = (0, 0, 0, 0);
    let start = Instant::now();
    for line in TEST_VECTOR.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let (label, fen) = line.split_at(2);
        let Ok(pos) = Position::from_fen(&format!("{} 0 1", fen.trim())) else {
            refused += 1;
            continue;
        };
        for (index, side) in Color::ALL.into_iter().enumerate() {
            let winnable = label.as_bytes()[index] != b'-';
            match (unwinnable(&pos, side), winnable) {
                (Verdict::Winnable(_), true) | (Verdict::Unwinnable(_), false) => right += 1,
                (Verdict::Undetermined, _) => undetermined += 1,
                _ => wrong += 1,
            }
        }
    }
    let queries = right + wrong + undetermined;
    println!(
        "unwinnable, CHA test-vector half: {queries} queries ({refused} positions refused by FIDE 3.10.3) in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    println!(
        "  right {right} ({:.2} %), wrong {wrong}, undetermined {undetermined} ({:.2} %)",
        100.0 * f64::from(right) / f64::from(queries),
        100.0 * f64::from(undetermined) / f64::from(queries)
    );
}

fn bench(c: &mut Criterion) {
    let set = lichess();
    lichess_summary(&set);
    test_vector_summary();
    let sample: Vec<(Position, Color, bool)> = set.iter().step_by(300).copied().collect();
    let mut group = c.benchmark_group("unwinnable");
    group.sample_size(10);
    group.bench_function("lichess/100 flag falls", |b| {
        b.iter(|| sample.iter().for_each(|(pos, side, _)| drop(std::hint::black_box(unwinnable(pos, *side)))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
