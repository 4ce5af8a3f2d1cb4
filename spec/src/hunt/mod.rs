//! The perft bug hunter: differential testing of another program's move generation against
//! the core. Positions come from random legal playouts; perft divides are compared at
//! increasing depth; a difference is followed down the divide to the first position where
//! the move lists themselves differ, classified by FIDE article, and shrunk by trying the
//! earlier positions of the playout at the smallest depths first.

mod adapter_peer;
mod classify;
mod double_step;
mod finding;
mod playout;
mod rng;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use arbiter_core::{perft, Position};

pub use adapter_peer::AdapterPeer;
pub use classify::{classify_extra, classify_missing, Category};
pub use double_step::double_step_target;
pub use finding::Finding;
pub use playout::{fen_for_peer, random_playout, Playout, Step};
pub use rng::Rng;

use crate::uci::{Divide, UciEngine, UciError};

/// A program whose move generation the hunt can question: anything that gives a perft
/// divide for a position: the UCI client, and the adapter protocol ([`AdapterPeer`]).
pub trait PerftPeer {
    /// The divide at `depth` of `fen` after `moves` (UCI texts).
    fn divide(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, UciError>;
    /// Switches Chess960 mode; `Unsupported` when the program cannot.
    fn set_chess960(&mut self, on: bool) -> Result<(), UciError>;
    /// Starts the program again after a crash or hang.
    fn restart(&mut self) -> Result<(), UciError>;
}

impl PerftPeer for UciEngine {
    fn divide(&mut self, fen: &str, moves: &[String], depth: u32) -> Result<Divide, UciError> {
        self.perft(fen, moves, depth)
    }
    fn set_chess960(&mut self, on: bool) -> Result<(), UciError> {
        UciEngine::set_chess960(self, on)
    }
    fn restart(&mut self) -> Result<(), UciError> {
        UciEngine::restart(self)
    }
}

/// What to hunt for and for how long.
#[derive(Clone, Debug)]
pub struct HuntConfig {
    pub seed: u64,
    /// How many playouts to generate at most.
    pub positions: u64,
    /// The deepest perft to compare.
    pub depth: u32,
    /// Stop after this much time (the current comparison is finished first).
    pub time: Duration,
    /// Stop after this many findings (0: no limit).
    pub max_findings: usize,
    /// The longest playout, in plies.
    pub max_plies: u64,
    /// The share of playouts from a Chess960 start, in percent.
    pub chess960_percent: u64,
    /// The share of playouts from a random sparse setup, in percent.
    pub sparse_percent: u64,
}

impl Default for HuntConfig {
    fn default() -> HuntConfig {
        HuntConfig {
            seed: 0,
            positions: 1000,
            depth: 3,
            time: Duration::from_secs(60),
            max_findings: 0,
            max_plies: 120,
            chess960_percent: 25,
            sparse_percent: 40,
        }
    }
}

/// The result of a hunt.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct HuntReport {
    pub seed: u64,
    /// Playouts whose positions were compared.
    pub positions: u64,
    /// One finding per category, minimised.
    pub findings: Vec<Finding>,
    /// Engine errors (crashes, timeouts, protocol errors) met and recovered from.
    pub errors: Vec<String>,
    /// Why Chess960 playouts were skipped, if they were.
    pub chess960_skipped: Option<String>,
    /// Why the hunt stopped early, if it did (the engine failed every request, for one).
    pub stopped: Option<String>,
    pub seconds: f64,
}

/// A position to compare: the core's position and the FEN sent to the peer.
struct Root {
    pos: Position,
    fen: String,
}

impl Root {
    fn of(step: &Step) -> Root {
        Root { pos: step.pos, fen: fen_for_peer(&step.pos, step.last_move) }
    }
}

/// After this many positions in a row that the peer failed (crashed, hung, broke the
/// protocol), the hunt stops: nothing more can be learnt from it.
pub const MAX_FAILURES_IN_A_ROW: usize = 10;

/// Runs the hunt; `on_finding` sees each finding as soon as it is minimised.
pub fn hunt(peer: &mut dyn PerftPeer, config: &HuntConfig, mut on_finding: impl FnMut(&Finding)) -> HuntReport {
    let started = Instant::now();
    // A time too long to represent is no limit.
    let deadline = started.checked_add(config.time);
    let before_deadline = || deadline.is_none_or(|d| Instant::now() < d);
    let mut failures_in_a_row = 0usize;
    let mut rng = Rng::new(config.seed);
    let mut report = HuntReport { seed: config.seed, ..HuntReport::default() };
    let mut seen = BTreeSet::new();
    let mut chess960_percent = config.chess960_percent;
    let mut chess960 = false;
    while report.positions < config.positions && before_deadline() {
        if failures_in_a_row >= MAX_FAILURES_IN_A_ROW {
            report.stopped = Some(format!("the program failed {failures_in_a_row} positions in a row"));
            break;
        }
        let playout = random_playout(&mut rng, config.max_plies, chess960_percent, config.sparse_percent);
        let Some(last) = playout.steps.last() else { continue };
        let wants_960 = last.pos.is_chess960();
        if wants_960 != chess960 {
            match peer.set_chess960(wants_960) {
                Ok(()) => chess960 = wants_960,
                Err(e) => {
                    report.chess960_skipped = Some(e.to_string());
                    chess960_percent = 0;
                    continue;
                }
            }
        }
        report.positions += 1;
        let found = match first_difference(peer, &Root::of(last), config.depth) {
            Ok(found) => found,
            Err(e @ UciError::Unsupported { .. }) if chess960 => {
                // Refused for Chess960 (an adapter answers that per request): no more of those.
                report.positions -= 1;
                report.chess960_skipped = Some(e.to_string());
                chess960_percent = 0;
                continue;
            }
            Err(e) => {
                failures_in_a_row += 1;
                recover(peer, &mut report, e, chess960);
                continue;
            }
        };
        failures_in_a_row = 0;
        let Some(found) = found else { continue };
        let category = found.category.clone();
        if seen.contains(&category) {
            continue;
        }
        let finding = match minimise(peer, &playout, found, deadline) {
            Ok(f) => f,
            Err(e) => {
                recover(peer, &mut report, e, chess960);
                continue;
            }
        };
        seen.insert(category);
        on_finding(&finding);
        report.findings.push(finding);
        if config.max_findings > 0 && report.findings.len() >= config.max_findings {
            break;
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    report
}

/// Notes an engine error and restarts the engine.
fn recover(peer: &mut dyn PerftPeer, report: &mut HuntReport, error: UciError, chess960: bool) {
    report.errors.push(format!("{}: {error}", error.outcome()));
    let restarted = peer.restart().and_then(|()| if chess960 { peer.set_chess960(true) } else { Ok(()) });
    if let Err(e) = restarted {
        report.errors.push(format!("restart failed: {e}"));
    }
}

/// Compares divides at depth 1, 2, ... `max_depth`; the first difference, followed down.
fn first_difference(peer: &mut dyn PerftPeer, root: &Root, max_depth: u32) -> Result<Option<Finding>, UciError> {
    for depth in 1..=max_depth {
        if let Some(f) = walk_down(peer, root, depth)? {
            return Ok(Some(f));
        }
    }
    Ok(None)
}

/// Tries the playout's positions from its start, at the smallest depths first, for a
/// difference of the same category as `found`: the shortest path, the simplest position.
fn minimise(
    peer: &mut dyn PerftPeer,
    playout: &Playout,
    found: Finding,
    deadline: Option<Instant>,
) -> Result<Finding, UciError> {
    for depth in 1..=found.depth {
        for step in &playout.steps {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(found);
            }
            if let Some(f) = walk_down(peer, &Root::of(step), depth)? {
                if f.category == found.category {
                    return Ok(f);
                }
            }
        }
    }
    Ok(found)
}

/// The core's divide with moves written in the position's UCI notation.
fn core_divide(pos: &Position, depth: u32) -> BTreeMap<String, u64> {
    perft::divide(pos, depth).into_iter().map(|(m, n)| (pos.uci(m), n)).collect()
}

/// Compares divides at `depth` and, while the move lists agree, follows a move whose count
/// differs, one ply deeper each time, to the first position where the lists differ.
fn walk_down(peer: &mut dyn PerftPeer, root: &Root, depth: u32) -> Result<Option<Finding>, UciError> {
    let mut pos = root.pos;
    let mut path: Vec<String> = Vec::new();
    let mut fen = root.fen.clone();
    for d in (1..=depth).rev() {
        let core = core_divide(&pos, d);
        let theirs = peer.divide(&root.fen, &path, d)?;
        if !core.keys().eq(theirs.moves.keys()) {
            return Ok(Some(make_finding(root, path, &pos, fen, &core, &theirs, depth)));
        }
        let Some((text, _)) = core.iter().find(|(m, n)| theirs.moves.get(*m) != Some(n)) else {
            return Ok(None);
        };
        let Ok(m) = pos.parse_uci(text) else { return Ok(None) };
        pos.play_unchecked(m);
        fen = fen_for_peer(&pos, Some(m));
        path.push(text.clone());
    }
    Ok(None)
}

fn make_finding(
    root: &Root,
    path: Vec<String>,
    pos: &Position,
    fen: String,
    core: &BTreeMap<String, u64>,
    theirs: &Divide,
    depth: u32,
) -> Finding {
    let missing: Vec<String> = core.keys().filter(|m| !theirs.moves.contains_key(*m)).cloned().collect();
    let extra: Vec<String> = theirs.moves.keys().filter(|m| !core.contains_key(*m)).cloned().collect();
    let classified = missing
        .iter()
        .map(|m| (classify_missing(pos, m), true))
        .chain(extra.iter().map(|m| (classify_extra(pos, m), false)));
    let (category, is_missing) = classified.min().unwrap_or((Category::Other, false));
    let refs: Vec<String> = category.refs(is_missing).into_iter().map(str::to_owned).collect();
    let article = refs.first().cloned().unwrap_or_default();
    let id =
        format!("hunt-{}-{}", article.replace('.', "-"), finding::short_hash(&format!("{fen} {missing:?} {extra:?}")));
    Finding {
        id,
        article,
        refs,
        category: category.name().to_owned(),
        root_fen: root.fen.clone(),
        path,
        fen,
        missing,
        extra,
        chess960: pos.is_chess960(),
        depth,
    }
}
