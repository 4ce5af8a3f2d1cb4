//! `arbiter unwinnable`: can a side still checkmate by some series of legal moves (FIDE
//! 5.2.2, 6.9)? For one position (`--fen`) or for a file of positions (one a line, optionally
//! followed by `white` or `black`, the way CHA reads them; `-` for standard input), with the
//! certificate of each verdict: the helpmate line in UCI, or what the proof rests on.

use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter_core::unwinnable::DEFAULT_NODE_BUDGET;
use arbiter_core::{analyse, CastlingMode, Color, Move, Position, Verdict};
use indicatif::{ProgressBar, ProgressStyle};

use arbiter_spec::excerpt::{excerpt, printable};

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("source").args(["fen", "file"]).required(true)))]
pub struct Args {
    /// The position.
    #[arg(long)]
    pub fen: Option<String>,
    /// A file of positions, one FEN a line (move counters optional), optionally followed by
    /// `white` or `black`; `-` reads standard input. Blank lines and `#` comments are skipped.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Read the positions as Chess960 (Guidelines II): castling rights with the king or rooks
    /// off their standard squares.
    #[arg(long)]
    pub chess960: bool,
    /// The side whose checkmate is asked for (a side written on a line of a file wins).
    #[arg(long, value_enum, default_value_t = Side::Both)]
    pub side: Side,
    /// The node budget of each verdict; past it the verdict is undetermined.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_BUDGET)]
    pub nodes: u64,
    /// `text` for people, `json` for machines (one JSON object a line, then a summary object).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    White,
    Black,
    Both,
}

impl Side {
    fn colors(self) -> &'static [Color] {
        match self {
            Side::White => &[Color::White],
            Side::Black => &[Color::Black],
            Side::Both => &[Color::White, Color::Black],
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// The verdicts given so far, by kind.
#[derive(Default)]
struct Tally {
    winnable: u64,
    unwinnable: u64,
    undetermined: u64,
    bad_lines: u64,
}

pub fn run(args: Args) -> ExitCode {
    let mut tally = Tally::default();
    if let Some(fen) = &args.fen {
        let pos = match Position::from_fen_in(fen, CastlingMode::from_chess960(args.chess960)) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("arbiter unwinnable: --fen {}: {e}", excerpt(fen));
                return ExitCode::from(2);
            }
        };
        for &side in args.side.colors() {
            let answer = Answer::of(&pos, side, args.nodes);
            tally.count(&answer.verdict);
            match args.format {
                Format::Text => outln!("{}", answer.text()),
                Format::Json => outln!("{}", answer.json(None, fen)),
            }
        }
    } else if let Some(path) = &args.file {
        let lines = match read_lines(path) {
            Ok(lines) => lines,
            Err(e) => {
                eprintln!("arbiter unwinnable: {}: cannot read: {e}", printable(&path.display().to_string()));
                return ExitCode::from(2);
            }
        };
        run_lines(&args, &printable(&path.display().to_string()), &lines, &mut tally);
    }
    match args.format {
        Format::Text => outln!(
            "{} winnable, {} unwinnable, {} undetermined{}",
            tally.winnable,
            tally.unwinnable,
            tally.undetermined,
            if tally.bad_lines > 0 { format!(", {} bad lines", tally.bad_lines) } else { String::new() }
        ),
        Format::Json => outln!(
            "{}",
            serde_json::json!({
                "winnable": tally.winnable,
                "unwinnable": tally.unwinnable,
                "undetermined": tally.undetermined,
                "bad_lines": tally.bad_lines,
            })
        ),
    }
    if tally.bad_lines > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

fn read_lines(path: &PathBuf) -> std::io::Result<Vec<String>> {
    if path.as_os_str() == "-" {
        std::io::stdin().lock().lines().collect()
    } else {
        std::fs::read_to_string(path).map(|text| text.lines().map(str::to_owned).collect())
    }
}

fn run_lines(args: &Args, source: &str, lines: &[String], tally: &mut Tally) {
    let bar = ProgressBar::new(lines.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    for (index, raw) in lines.iter().enumerate() {
        bar.inc(1);
        let number = index + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (fen, sides) = match parse_line(text, CastlingMode::from_chess960(args.chess960)) {
            Ok((pos, side)) => (pos, side.map_or(args.side.colors(), |side| side.colors())),
            Err(message) => {
                tally.bad_lines += 1;
                bar.suspend(|| eprintln!("arbiter unwinnable: {source}:{number}: {message}"));
                continue;
            }
        };
        let answers: Vec<Answer> = sides.iter().map(|&side| Answer::of(&fen.1, side, args.nodes)).collect();
        for answer in &answers {
            tally.count(&answer.verdict);
        }
        bar.suspend(|| match args.format {
            Format::Text => {
                let verdicts: Vec<String> = answers.iter().map(Answer::text).collect();
                outln!("{number}: {}: {}", fen.0, verdicts.join("; "));
            }
            Format::Json => {
                for answer in &answers {
                    outln!("{}", answer.json(Some(number), &fen.0));
                }
            }
        });
    }
    bar.finish_and_clear();
}

/// A line of a positions file: a FEN (move counters optional), optionally followed by
/// `white` or `black`. The FEN as written (with counters) and the position, and the side.
fn parse_line(text: &str, mode: CastlingMode) -> Result<((String, Position), Option<Side>), String> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let side = match fields.last().map(|f| f.to_ascii_lowercase()) {
        Some(last) if last == "white" => Some(Side::White),
        Some(last) if last == "black" => Some(Side::Black),
        _ => None,
    };
    if side.is_some() {
        fields.pop();
    }
    let mut fen = fields.join(" ");
    if fields.len() == 4 {
        fen.push_str(" 0 1");
    }
    match Position::from_fen_in(&fen, mode) {
        Ok(pos) => Ok(((fen, pos), side)),
        Err(e) => Err(format!("not a position: {}: {e}", excerpt(text))),
    }
}

impl Tally {
    fn count(&mut self, verdict: &Verdict) {
        match verdict {
            Verdict::Winnable(_) => self.winnable += 1,
            Verdict::Unwinnable(_) => self.unwinnable += 1,
            Verdict::Undetermined => self.undetermined += 1,
        }
    }
}

/// One verdict with its certificate and cost.
struct Answer {
    side: Color,
    verdict: Verdict,
    /// The helpmate line in UCI (empty unless winnable).
    line: Vec<String>,
    nodes: u64,
    time: Duration,
}

impl Answer {
    fn of(pos: &Position, side: Color, budget: u64) -> Answer {
        let start = Instant::now();
        let analysis = analyse(pos, side, budget);
        let time = start.elapsed();
        let line = match &analysis.verdict {
            Verdict::Winnable(moves) => uci_line(pos, moves),
            _ => Vec::new(),
        };
        Answer { side, verdict: analysis.verdict, line, nodes: analysis.nodes, time }
    }

    fn side_name(&self) -> &'static str {
        match self.side {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    fn kind(&self) -> &'static str {
        match self.verdict {
            Verdict::Winnable(_) => "winnable",
            Verdict::Unwinnable(_) => "unwinnable",
            Verdict::Undetermined => "undetermined",
        }
    }

    /// `white: winnable (e2e4 ... d8h4#), 120 nodes, 0.2 ms`
    fn text(&self) -> String {
        let certificate = match &self.verdict {
            Verdict::Winnable(_) if self.line.is_empty() => " (checkmate on the board)".to_owned(),
            Verdict::Winnable(_) => format!(" ({}#)", self.line.join(" ")),
            Verdict::Unwinnable(proof) => format!(" ({proof})"),
            Verdict::Undetermined => " (node budget exhausted)".to_owned(),
        };
        format!(
            "{}: {}{certificate}, {} nodes, {:.1} ms",
            self.side_name(),
            self.kind(),
            self.nodes,
            self.time.as_secs_f64() * 1e3
        )
    }

    fn json(&self, line_number: Option<usize>, fen: &str) -> serde_json::Value {
        let mut object = serde_json::json!({
            "fen": fen,
            "side": self.side_name(),
            "verdict": self.kind(),
            "nodes": self.nodes,
            "micros": self.time.as_micros() as u64,
        });
        if let Some(n) = line_number {
            object["line"] = n.into();
        }
        match &self.verdict {
            Verdict::Winnable(_) => object["helpmate"] = self.line.clone().into(),
            Verdict::Unwinnable(proof) => object["proof"] = proof.kind().into(),
            Verdict::Undetermined => {}
        }
        object
    }
}

/// The moves of a line in UCI. A move's UCI text depends on the castling mode alone
/// ([`Position::uci`]), the same all along the line, so no move needs to be played.
fn uci_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| pos.uci(m)).collect()
}
