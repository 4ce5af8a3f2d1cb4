//! Rule profiles: the points where implementations may legitimately differ, and nowhere else.
//!
//! A profile is an edition of the Laws and a rule model (how threefold repetition and fifty
//! moves draw, how far dead positions are recognised). It is written as its parts joined by
//! `+`: `fide-2018`, `automatic-draws`, `automatic-draws+material-only`. Each part sets one of
//! the three axes; an axis no part sets keeps the default, the Laws of 2023 as written
//! (`fide-2023`). A case's `profiles:` overrides are keyed by a part or by a combined name:
//! under a profile, every override keyed by a combination of its parts applies, the single
//! parts first and the larger combinations after ([`Profile::override_keys`]); `arbiter check`
//! refuses a case where two overrides that apply together set a field to different values and
//! no override of their combination says which holds.
//!
//! ```
//! use arbiter_spec::profile::{DeadMode, DrawMode, Profile};
//!
//! let profile = Profile::parse("material-only+automatic-draws").unwrap();
//! assert_eq!((profile.draws, profile.dead), (DrawMode::Automatic, DeadMode::MaterialOnly));
//! assert_eq!(profile.name(), "automatic-draws+material-only");
//! assert!(Profile::parse("automatic-draws+automatic-draws").is_err());
//! ```

pub use arbiter_core::types::{DeadMode, DrawMode};
use arbiter_core::Laws;

use crate::excerpt::excerpt;
use crate::protocol::Hello;

/// A rule profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The edition of the Laws it follows.
    pub laws: Laws,
    /// Whether draws by repetition and by the fifty-move rule need a claim (FIDE 9.2, 9.3) or come automatically.
    pub draws: DrawMode,
    /// How far a dead position (FIDE 5.2.2) is recognised.
    pub dead: DeadMode,
}

/// The default profile's name.
pub const DEFAULT_PROFILE: &str = "fide-2023";

/// One axis of a profile and the value a part gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The edition.
    Laws(Laws),
    /// How threefold repetition and fifty moves draw.
    Draws(DrawMode),
    /// How dead positions are recognised.
    Dead(DeadMode),
}

impl Setting {
    /// Which axis it sets (0, 1, 2: edition, draws, dead positions).
    fn axis(self) -> usize {
        match self {
            Setting::Laws(_) => 0,
            Setting::Draws(_) => 1,
            Setting::Dead(_) => 2,
        }
    }
}

/// A named part of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its name, as `--profile`, `hello` and a case's `profiles:` write it.
    pub name: &'static str,
    /// What it sets.
    pub setting: Setting,
    /// What it is, in a line.
    pub description: &'static str,
}

/// The parts profiles are combined from, in the order their names and case overrides combine.
pub const PARTS: [Part; 4] = [
    Part { name: "fide-2023", setting: Setting::Laws(Laws::Fide2023), description: "the FIDE Laws of 2023 as written" },
    Part { name: "fide-2018", setting: Setting::Laws(Laws::Fide2018), description: "the FIDE Laws of 2018 as written" },
    Part {
        name: "automatic-draws",
        setting: Setting::Draws(DrawMode::Automatic),
        description: "threefold repetition and fifty moves draw automatically (many servers)",
    },
    Part {
        name: "material-only",
        setting: Setting::Dead(DeadMode::MaterialOnly),
        description: "dead positions recognised by insufficient material only",
    },
];

impl Default for Profile {
    fn default() -> Profile {
        Profile { laws: Laws::Fide2023, draws: DrawMode::Claims, dead: DeadMode::Full }
    }
}

impl Profile {
    /// Reads a profile name: parts joined by `+` (or `,`), at most one per axis.
    pub fn parse(text: &str) -> Result<Profile, String> {
        Ok(parts_of(text)?.iter().fold(Profile::default(), |profile, part| profile.with(part.setting)))
    }

    /// The profile an implementation declares in `hello`: its `profile` (else the default),
    /// with the axes its `rules` name. A `rules` axis that contradicts a part `profile` names
    /// is an error, and so is an unknown profile.
    pub fn declared(hello: &Hello) -> Result<Profile, String> {
        let named = match &hello.profile {
            Some(name) => parts_of(name).map_err(|e| format!("hello declares the profile {}: {e}", excerpt(name)))?,
            None => Vec::new(),
        };
        let mut profile = named.iter().fold(Profile::default(), |profile, part| profile.with(part.setting));
        let Some(rules) = hello.rules else { return Ok(profile) };
        let wanted = [rules.draws.map(Setting::Draws), rules.dead.map(Setting::Dead)];
        for setting in wanted.into_iter().flatten() {
            if let Some(part) = named.iter().find(|p| p.setting.axis() == setting.axis() && p.setting != setting) {
                return Err(format!("hello's profile {} and its rules ({setting:?}) contradict each other", part.name));
            }
            profile = profile.with(setting);
        }
        Ok(profile)
    }

    /// `self` with one axis changed.
    pub fn with(self, setting: Setting) -> Profile {
        match setting {
            Setting::Laws(laws) => Profile { laws, ..self },
            Setting::Draws(draws) => Profile { draws, ..self },
            Setting::Dead(dead) => Profile { dead, ..self },
        }
    }

    /// The parts it is made of, in the order of [`PARTS`] (`fide-2023` included when it is the
    /// edition): the keys of the case overrides that apply under this profile.
    pub fn parts(&self) -> Vec<&'static str> {
        PARTS
            .iter()
            .filter(|p| match p.setting {
                Setting::Laws(laws) => laws == self.laws,
                Setting::Draws(draws) => draws == self.draws,
                Setting::Dead(dead) => dead == self.dead,
            })
            .map(|p| p.name)
            .collect()
    }

    /// The keys of the case overrides that apply under this profile, in the order they apply:
    /// `fide-2023` if it is the edition, then the name of every combination of its other parts,
    /// the single parts first, the whole profile last (`fide-2018`, `automatic-draws`,
    /// `fide-2018+automatic-draws`).
    pub fn override_keys(&self) -> Vec<String> {
        let parts = self.parts();
        let mut keys: Vec<Vec<&str>> = Vec::new();
        let others: Vec<&str> = parts.iter().copied().filter(|p| *p != DEFAULT_PROFILE).collect();
        for mask in 1..(1usize << others.len()) {
            keys.push(others.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, p)| *p).collect());
        }
        // By size, each size in the order of PARTS (the masks count up in that order).
        keys.sort_by_key(|k| k.len());
        let mut names: Vec<String> = keys.into_iter().map(|k| k.join("+")).collect();
        if parts.contains(&DEFAULT_PROFILE) {
            names.insert(0, DEFAULT_PROFILE.to_owned());
        }
        names
    }

    /// Its canonical name: its parts joined by `+`, `fide-2023` left out unless alone.
    pub fn name(&self) -> String {
        let parts = self.parts();
        match parts.as_slice() {
            [only] => (*only).to_owned(),
            _ => parts.iter().filter(|p| **p != DEFAULT_PROFILE).copied().collect::<Vec<_>>().join("+"),
        }
    }

    /// The rule model in words, for reports.
    pub fn rules_in_words(&self) -> String {
        let draws = match self.draws {
            DrawMode::Claims => "threefold repetition and fifty moves on a claim (9.2, 9.3)",
            DrawMode::Automatic => "threefold repetition and fifty moves automatic",
        };
        let dead = match self.dead {
            DeadMode::Full => "dead positions in full (5.2.2)",
            DeadMode::MaterialOnly => "dead positions by insufficient material only",
        };
        format!("Laws of {}; {draws}; {dead}", self.laws)
    }

    /// Every profile: each combination of an edition, a draw mode and a dead-position mode.
    pub fn all() -> Vec<Profile> {
        let mut all = Vec::new();
        for laws in [Laws::Fide2023, Laws::Fide2018] {
            for draws in [DrawMode::Claims, DrawMode::Automatic] {
                for dead in [DeadMode::Full, DeadMode::MaterialOnly] {
                    all.push(Profile { laws, draws, dead });
                }
            }
        }
        all
    }
}

/// The parts a profile name is made of, at most one per axis.
fn parts_of(text: &str) -> Result<Vec<Part>, String> {
    let mut parts: Vec<Part> = Vec::new();
    for word in text.split(['+', ',']).map(str::trim) {
        let part = *PARTS
            .iter()
            .find(|p| p.name == word)
            .ok_or_else(|| format!("unknown profile {} (known: {})", excerpt(word), names()))?;
        if let Some(first) = parts.iter().find(|p| p.setting.axis() == part.setting.axis()) {
            return Err(format!("the profile parts {} and {} set the same rule: choose one", first.name, part.name));
        }
        parts.push(part);
    }
    Ok(parts)
}

/// The profile with this name (parts joined by `+`), if it is one.
pub fn find(name: &str) -> Option<Profile> {
    Profile::parse(name).ok()
}

/// The names of the parts, for error messages.
pub fn names() -> String {
    let parts: Vec<&str> = PARTS.iter().map(|p| p.name).collect();
    format!("{}; combine them with +", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Rules;

    #[test]
    fn names_round_trip_through_parse_for_every_profile() {
        for profile in Profile::all() {
            assert_eq!(Profile::parse(&profile.name()), Ok(profile), "{}", profile.name());
        }
        assert_eq!(Profile::all().len(), 8);
    }

    #[test]
    fn parts_combine_one_per_axis() {
        let p = Profile::parse("fide-2018, automatic-draws").expect("two axes");
        assert_eq!((p.laws, p.draws, p.dead), (Laws::Fide2018, DrawMode::Automatic, DeadMode::Full));
        assert_eq!(p.name(), "fide-2018+automatic-draws");
        assert_eq!(Profile::parse("fide-2023"), Ok(Profile::default()));
        let e = Profile::parse("fide-2018+fide-2023").expect_err("one edition");
        assert!(e.contains("fide-2018 and fide-2023"), "{e}");
        assert!(Profile::parse("automatic").expect_err("unknown").contains("unknown profile \"automatic\""));
        assert!(Profile::parse("").is_err());
    }

    fn hello(profile: Option<&str>, rules: Option<Rules>) -> Hello {
        Hello {
            name: "x".into(),
            version: "1".into(),
            protocol: crate::protocol::PROTOCOL_VERSION,
            ops: vec![],
            profile: profile.map(str::to_owned),
            note: None,
            rules,
        }
    }

    #[test]
    fn hello_rules_combine_with_its_profile_and_may_not_contradict_it() {
        let automatic = Rules { draws: Some(DrawMode::Automatic), ..Rules::default() };
        let material = Rules { dead: Some(DeadMode::MaterialOnly), chess960: Some(false), ..Rules::default() };
        assert_eq!(Profile::declared(&hello(None, None)), Ok(Profile::default()));
        let p = Profile::declared(&hello(Some("fide-2018"), Some(automatic))).expect("two axes");
        assert_eq!(p.name(), "fide-2018+automatic-draws");
        let p = Profile::declared(&hello(Some("automatic-draws"), Some(material))).expect("two axes");
        assert_eq!(p.name(), "automatic-draws+material-only");
        let claims = Rules { draws: Some(DrawMode::Claims), ..Rules::default() };
        let e = Profile::declared(&hello(Some("automatic-draws"), Some(claims))).expect_err("contradiction");
        assert!(e.contains("automatic-draws") && e.contains("contradict"), "{e}");
        assert!(Profile::declared(&hello(Some("nonsense"), None)).expect_err("unknown").contains("nonsense"));
    }
}
