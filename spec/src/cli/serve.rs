//! `arbiter serve`: the reference core behind the adapter protocol on stdin and stdout.

use std::process::ExitCode;

use arbiter_spec::profile::{Profile, DEFAULT_PROFILE};
use arbiter_spec::reference::Reference;

#[derive(clap::Args)]
pub struct Args {
    /// The rule profile the reference follows and declares in `hello` (so that `arbiter run`
    /// against it follows the same profile): fide-2023, fide-2018, automatic-draws, material-only,
    /// or several joined by `+`.
    #[arg(long, default_value = DEFAULT_PROFILE)]
    pub profile: String,
}

pub fn run(args: Args) -> ExitCode {
    let profile = match Profile::parse(&args.profile) {
        Ok(profile) => profile,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match arbiter_spec::serve::serve(&mut Reference::for_profile(&profile, profile.laws), stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::from(1)
        }
    }
}
