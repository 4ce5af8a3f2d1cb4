//! The perft bug hunter: differential testing of another program's move generation against
//! the core. Positions come from random legal playouts; perft divides are compared at
//! increasing depth; a difference is followed down the divide to the first position where
//! the move lists themselves differ, classified by FIDE article, and shrunk by trying the
//! earlier positions of the playout at the smallest depths first.

mod classify;
mod divide;
mod double_step;
mod finding;
mod playout;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use arbiter_core::{perft, Position, SplitMix64};

pub use classify::{classify_extra, classify_missing, Category};
pub use divide::their_divide;
pub use double_step::double_step_target;
pub use finding::Finding;
pub use playout::{fen_for_peer, random_playout, Playout, Step};

use crate::implementation::{Failure, Implementation};
use crate::protocol::{ErrorKind, PositionSpec};

/// What to hunt for and for how long.
#[derive(Clone, Debug)]
pub struct HuntConfig {
    /// The seed of the random playouts: the same seed gives the same playouts.
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
    /// The seed the playouts were drawn from.
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
    /// How long the hunt took, in seconds.
    pub seconds: f64,
}

/// A position to compare: the core's position and the FEN sent to the program.
struct Root {
    pos: Position,
    fen: String,
}

impl Root {
    fn of(step: &Step) -> Root {
        Root { pos: step.pos, fen: fen_for_peer(&step.pos, step.last_move) }
    }

    /// The request's position: the root's FEN and the moves from it, in Chess960 when the
    /// playout is (Guidelines II).
    fn spec(&self, path: &[String]) -> PositionSpec {
        PositionSpec { fen: self.fen.clone(), moves: path.to_vec(), chess960: self.pos.is_chess960() }
    }
}

/// After this many positions in a row that the program failed (crashed, hung, broke the
/// protocol), the hunt stops: nothing more can be learnt from it.
pub const MAX_FAILURES_IN_A_ROW: usize = 10;

/// Runs the hunt against `imp`, the same [`Implementation`] the runner questions (a UCI engine,
/// an adapter, the reference core); `on_finding` sees each finding as soon as it is minimised.
/// The implementation restarts its program after a crash or a hang by itself.
pub fn hunt(imp: &mut dyn Implementation, config: &HuntConfig, mut on_finding: impl FnMut(&Finding)) -> HuntReport {
    let started = Instant::now();
    // A time too long to represent is no limit.
    let deadline = started.checked_add(config.time);
    let before_deadline = || deadline.is_none_or(|d| Instant::now() < d);
    let mut failures_in_a_row = 0usize;
    let mut rng = SplitMix64::new(config.seed);
    let mut report = HuntReport { seed: config.seed, ..HuntReport::default() };
    let mut seen = BTreeSet::new();
    let mut chess960_percent = config.chess960_percent;
    while report.positions < config.positions && before_deadline() {
        if failures_in_a_row >= MAX_FAILURES_IN_A_ROW {
            report.stopped = Some(format!("the program failed {failures_in_a_row} positions in a row"));
            break;
        }
        let playout = random_playout(&mut rng, config.max_plies, chess960_percent, config.sparse_percent);
        let Some(last) = playout.steps.last() else { continue };
        let chess960 = last.pos.is_chess960();
        report.positions += 1;
        let found = match first_difference(imp, &Root::of(last), config.depth) {
            Ok(found) => found,
            Err(Failure::Answered(body)) if chess960 && body.kind == ErrorKind::Unsupported => {
                // Refused for Chess960 (a UCI engine without UCI_Chess960, an adapter that
                // answers `unsupported` to the request): no more of those.
                report.positions -= 1;
                report.chess960_skipped = Some(body.to_string());
                chess960_percent = 0;
                continue;
            }
            Err(failure) => {
                failures_in_a_row += 1;
                note_failure(&mut report, &failure);
                continue;
            }
        };
        failures_in_a_row = 0;
        let Some(found) = found else { continue };
        let category = found.category.clone();
        if seen.contains(&category) {
            continue;
        }
        let finding = match minimise(imp, &playout, found, deadline) {
            Ok(f) => f,
            Err(failure) => {
                note_failure(&mut report, &failure);
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

/// Notes a failed request: `TIMEOUT` for a hang, `ERROR` for anything else.
fn note_failure(report: &mut HuntReport, failure: &Failure) {
    let outcome = match failure {
        Failure::Timeout(_) => "TIMEOUT",
        Failure::Answered(_) | Failure::Broken(_) => "ERROR",
    };
    report.errors.push(format!("{outcome}: {failure}"));
}

/// Compares divides at depth 1, 2, ... `max_depth`; the first difference, followed down.
fn first_difference(imp: &mut dyn Implementation, root: &Root, max_depth: u32) -> Result<Option<Finding>, Failure> {
    for depth in 1..=max_depth {
        if let Some(f) = walk_down(imp, root, depth)? {
            return Ok(Some(f));
        }
    }
    Ok(None)
}

/// Tries the playout's positions from its start, at the smallest depths first, for a
/// difference of the same category as `found`: the shortest path, the simplest position.
fn minimise(
    imp: &mut dyn Implementation,
    playout: &Playout,
    found: Finding,
    deadline: Option<Instant>,
) -> Result<Finding, Failure> {
    for depth in 1..=found.depth {
        for step in &playout.steps {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(found);
            }
            if let Some(f) = walk_down(imp, &Root::of(step), depth)? {
                if f.category == found.category {
                    return Ok(f);
                }
            }
        }
    }
    Ok(found)
}

/// Where another program's perft of `spec` up to `depth` first goes wrong: the divides compared
/// at depth 1, 2, ... and the first move whose count differs followed down, as the hunt does, to
/// the first position where the legal moves differ. None when the divides agree all the way
/// (the totals differ without a move to blame) or the position cannot be read by the core.
pub fn perft_difference(
    imp: &mut dyn Implementation,
    spec: &PositionSpec,
    depth: u32,
) -> Result<Option<Finding>, Failure> {
    let mode = if spec.chess960 { arbiter_core::CastlingMode::Chess960 } else { arbiter_core::CastlingMode::Standard };
    let Ok(mut pos) = Position::from_fen_in(&spec.fen, mode) else { return Ok(None) };
    let mut last = None;
    for text in &spec.moves {
        let Ok(m) = pos.parse_uci(text) else { return Ok(None) };
        pos.play_unchecked(m);
        last = Some(m);
    }
    let root = Root { pos, fen: fen_for_peer(&pos, last) };
    first_difference(imp, &root, depth)
}

/// The core's divide with moves written in the position's UCI notation.
fn core_divide(pos: &Position, depth: u32) -> BTreeMap<String, u64> {
    perft::divide(pos, depth).into_iter().map(|(m, n)| (pos.uci(m), n)).collect()
}

/// Compares divides at `depth` and, while the move lists agree, follows a move whose count
/// differs, one ply deeper each time, to the first position where the lists differ.
fn walk_down(imp: &mut dyn Implementation, root: &Root, depth: u32) -> Result<Option<Finding>, Failure> {
    let mut pos = root.pos;
    let mut path: Vec<String> = Vec::new();
    let mut fen = root.fen.clone();
    for d in (1..=depth).rev() {
        let core = core_divide(&pos, d);
        let theirs = their_divide(imp, &root.spec(&path), d)?;
        if !core.keys().eq(theirs.keys()) {
            return Ok(Some(make_finding(root, path, &pos, fen, &core, &theirs, depth)));
        }
        let Some((text, _)) = core.iter().find(|(m, n)| theirs.get(*m) != Some(n)) else {
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
    theirs: &BTreeMap<String, u64>,
    depth: u32,
) -> Finding {
    let missing: Vec<String> = core.keys().filter(|m| !theirs.contains_key(*m)).cloned().collect();
    let extra: Vec<String> = theirs.keys().filter(|m| !core.contains_key(*m)).cloned().collect();
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
