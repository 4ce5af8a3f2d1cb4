//! Rule profiles: the points where implementations may legitimately differ, and nowhere else.

pub use arbiter_core::types::{DeadMode, DrawMode};
use arbiter_core::Laws;

/// A rule profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Its name, as `--profile` and `hello` write it (`fide-2023`).
    pub name: &'static str,
    /// The edition of the Laws it follows.
    pub laws: Laws,
    /// Whether draws by repetition and by the fifty-move rule need a claim (FIDE 9.2, 9.3) or come automatically.
    pub draws: DrawMode,
    /// How far a dead position (FIDE 5.2.2) is recognised.
    pub dead: DeadMode,
    /// What it is, in a line.
    pub description: &'static str,
}

/// The default profile.
pub const DEFAULT_PROFILE: &str = "fide-2023";

/// The known profiles.
pub const PROFILES: [Profile; 4] = [
    Profile {
        name: "fide-2023",
        laws: Laws::Fide2023,
        draws: DrawMode::Claims,
        dead: DeadMode::Full,
        description: "the FIDE Laws of 2023 as written",
    },
    Profile {
        name: "fide-2018",
        laws: Laws::Fide2018,
        draws: DrawMode::Claims,
        dead: DeadMode::Full,
        description: "the FIDE Laws of 2018 as written",
    },
    Profile {
        name: "automatic-draws",
        laws: Laws::Fide2023,
        draws: DrawMode::Automatic,
        dead: DeadMode::Full,
        description: "2023 Laws, but threefold repetition and fifty moves draw automatically (many servers)",
    },
    Profile {
        name: "material-only",
        laws: Laws::Fide2023,
        draws: DrawMode::Claims,
        dead: DeadMode::MaterialOnly,
        description: "2023 Laws, but dead positions recognised by insufficient material only",
    },
];

/// The profile with this name.
pub fn find(name: &str) -> Option<Profile> {
    PROFILES.iter().copied().find(|p| p.name == name)
}

/// The names of the known profiles, for error messages.
pub fn names() -> String {
    PROFILES.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}
