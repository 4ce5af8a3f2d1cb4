//! One module per subcommand.

/// Writes formatted text to standard output. A reader that has gone away (`arbiter run | head`)
/// ends the program quietly with status 0, as other command-line tools do, instead of the
/// panic of `print!`.
pub fn write_stdout(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_fmt(args).and_then(|()| out.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("arbiter: cannot write to standard output: {error}");
        std::process::exit(2);
    }
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

pub mod check;
pub mod coverage;
pub mod explain;
pub mod hunt;
pub mod list;
pub mod matrix;
pub mod perft;
pub mod run;
pub mod selection;
pub mod serve;
pub mod unwinnable;
