//! One module per subcommand, and the two functions every byte the command line writes goes
//! through: [`write_stdout`] and [`write_stderr`].

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU8, Ordering};

/// What became of standard output: still open, its reader gone away, or failed otherwise.
static STDOUT: AtomicU8 = AtomicU8::new(STDOUT_OPEN);
const STDOUT_OPEN: u8 = 0;
const STDOUT_GONE: u8 = 1;
const STDOUT_FAILED: u8 = 2;

/// Writes formatted text to standard output, never panicking (as `print!` does on a closed
/// pipe). When the reader has gone away (`arbiter run | head`) nothing more is written, but the
/// command goes on and ends with the status its results give: a failing run piped into `head`
/// still fails. Any other failure (a full disk) is said once on stderr and makes the command
/// fail (see [`finish`]): its report is lost.
pub fn write_stdout(args: std::fmt::Arguments<'_>) {
    if STDOUT.load(Ordering::Relaxed) != STDOUT_OPEN {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_fmt(args).and_then(|()| out.flush()) {
        arbiter_spec::child::kill_all();
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            STDOUT.store(STDOUT_GONE, Ordering::Relaxed);
        } else {
            STDOUT.store(STDOUT_FAILED, Ordering::Relaxed);
            write_stderr(format_args!("arbiter: cannot write to standard output: {error}\n"));
        }
    }
}

/// Writes formatted text to standard error. It cannot panic (as `eprint!` does when stderr is
/// a closed pipe, `arbiter check 2>&1 | head -1`): a message that cannot be written is dropped.
pub fn write_stderr(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// The exit status of a command that would end with `status`: 2 when its output could not be
/// written (other than to a reader that went away), since then the report it owed is lost.
pub fn finish(status: ExitCode) -> ExitCode {
    if STDOUT.load(Ordering::Relaxed) == STDOUT_FAILED {
        ExitCode::from(2)
    } else {
        status
    }
}

/// `text` for a terminal: its line breaks kept, every other control character escaped
/// ([`printable`](arbiter_spec::excerpt::printable)).
pub fn printable_lines(text: &str) -> String {
    text.split('\n').map(arbiter_spec::excerpt::printable).collect::<Vec<_>>().join("\n")
}

/// The values of `--laws`: the years of [`Laws::ALL`](arbiter_core::Laws::ALL), listed in
/// `--help` and checked by clap, read as the edition they name.
pub fn laws_arg() -> impl clap::builder::TypedValueParser<Value = arbiter_core::Laws> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    // clap keeps the names for the life of the program; it asks for them once per parser.
    let years = arbiter_core::Laws::ALL.map(|laws| PossibleValue::new(&*String::leak(laws.to_string())));
    PossibleValuesParser::new(years).try_map(|year| year.parse::<arbiter_core::Laws>())
}

/// `print!` through [`write_stdout`] (defined before the modules below, so that they see it).
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::write_stdout(format_args!($($arg)*)) };
}

/// `println!` through [`write_stdout`].
macro_rules! outln {
    () => { $crate::cli::write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` through [`write_stderr`]. It shadows the standard library's `eprintln!` in every
/// subcommand module (all are declared below), so that no message on stderr can panic, whoever
/// writes it.
macro_rules! eprintln {
    () => { $crate::cli::write_stderr(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::write_stderr(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` through [`write_stderr`], shadowing the standard library's like [`eprintln!`].
#[allow(unused_macros)]
macro_rules! eprint {
    ($($arg:tt)*) => { $crate::cli::write_stderr(format_args!($($arg)*)) };
}

pub mod bench;
pub mod check;
pub mod coverage;
pub mod explain;
pub mod hunt;
pub mod list;
pub mod matrix;
pub mod merge;
pub mod perft;
pub mod run;
pub mod selection;
pub mod serve;
pub mod unwinnable;
