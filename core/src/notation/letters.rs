//! Piece letters (FIDE Appendix C.2 and C.3): the English letters, the national letter sets a
//! player may use instead, and the figurines recommended for print.

use crate::Role;

/// A set of piece letters (FIDE C.3: each player may use the names common in their country).
///
/// The pawn has no letter in any set (C.4). Letters are upper case; files are always lower
/// case (C.5), which is what keeps the English `B` (bishop) apart from the file `b`, and the
/// French `F` (fou) apart from the file `f`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum LetterSet {
    /// FIDE C.2: K Q R B N.
    #[default]
    English,
    /// K (König) D (Dame) T (Turm) L (Läufer) S (Springer).
    German,
    /// R (roi) D (dame) T (tour) F (fou) C (cavalier).
    French,
    /// R (rey) D (dama) T (torre) A (alfil) C (caballo).
    Spanish,
    /// K (koning) D (dame) T (toren) L (loper) P (paard).
    Dutch,
    /// R (re) D (donna) T (torre) A (alfiere) C (cavallo).
    Italian,
    /// FIDE C.3: the figurines ♔ ♕ ♖ ♗ ♘ (written in White's shapes; the black shapes are read too).
    Figurine,
}

impl LetterSet {
    /// Every letter set, English first.
    pub const ALL: [LetterSet; 7] = [
        LetterSet::English,
        LetterSet::German,
        LetterSet::French,
        LetterSet::Spanish,
        LetterSet::Dutch,
        LetterSet::Italian,
        LetterSet::Figurine,
    ];

    /// The letters for knight, bishop, rook, queen and king, in that order.
    const fn letters(self) -> [char; 5] {
        match self {
            LetterSet::English => ['N', 'B', 'R', 'Q', 'K'],
            LetterSet::German => ['S', 'L', 'T', 'D', 'K'],
            LetterSet::French => ['C', 'F', 'T', 'D', 'R'],
            LetterSet::Spanish => ['C', 'A', 'T', 'D', 'R'],
            LetterSet::Dutch => ['P', 'L', 'T', 'D', 'K'],
            LetterSet::Italian => ['C', 'A', 'T', 'D', 'R'],
            LetterSet::Figurine => ['♘', '♗', '♖', '♕', '♔'],
        }
    }

    /// FIDE C.2/C.3: the letter of a piece (`None` for the pawn, C.4).
    pub const fn letter(self, role: Role) -> Option<char> {
        match role {
            Role::Pawn => None,
            _ => Some(self.letters()[role.index() - 1]),
        }
    }

    /// The piece a letter of this set names. Figurines of either colour are read in every set,
    /// since they belong to no language.
    pub fn role(self, c: char) -> Option<Role> {
        if !c.is_ascii() {
            return figurine_role(c);
        }
        let index = self.letters().iter().position(|&l| l == c)?;
        Some(Role::ALL[index + 1])
    }

    /// A short name of the set, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            LetterSet::English => "English",
            LetterSet::German => "German",
            LetterSet::French => "French",
            LetterSet::Spanish => "Spanish",
            LetterSet::Dutch => "Dutch",
            LetterSet::Italian => "Italian",
            LetterSet::Figurine => "figurine",
        }
    }
}

/// The piece a figurine shows, either colour (FIDE C.3).
fn figurine_role(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        _ => None,
    }
}

/// Which letters a reader accepts (FIDE C.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Letters {
    /// One letter set, known in advance (figurines are always read as well).
    Set(LetterSet),
    /// Any of the sets. A letter whose sets disagree (`R`: rook in English, king in French,
    /// Spanish and Italian) stands for every piece it can mean, and the move is read only if exactly one of them can make
    /// it; otherwise the reader reports the move as ambiguous.
    Auto,
}

impl Default for Letters {
    /// English (FIDE C.2).
    fn default() -> Letters {
        Letters::Set(LetterSet::English)
    }
}

/// A set of roles, one bit per role (what a letter may mean).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Roles(u8);

impl Roles {
    /// No role.
    pub const NONE: Roles = Roles(0);

    /// The set of `role` alone.
    pub const fn only(role: Role) -> Roles {
        Roles(1 << role as u8)
    }
    /// Whether `role` is in the set.
    pub const fn contains(self, role: Role) -> bool {
        self.0 & (1 << role as u8) != 0
    }
    /// Whether the set holds no role.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The set with `role` added.
    pub const fn with(self, role: Role) -> Roles {
        Roles(self.0 | 1 << role as u8)
    }
    /// The roles a pawn may promote to (FIDE 3.7.3.3).
    pub const fn promotions(self) -> Roles {
        Roles(self.0 & 0b1_1110)
    }
}

impl Letters {
    /// Every piece `c` can mean in these letters (empty when it is no piece letter).
    pub fn roles(self, c: char) -> Roles {
        match self {
            Letters::Set(set) => set.role(c).map_or(Roles::NONE, Roles::only),
            Letters::Auto => LetterSet::ALL.into_iter().filter_map(|set| set.role(c)).fold(Roles::NONE, Roles::with),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c3_letter_sets_round_trip() {
        for set in LetterSet::ALL {
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                let letter = set.letter(role).expect("pieces have letters");
                assert_eq!(set.role(letter), Some(role), "{set:?} {role:?}");
            }
            assert_eq!(set.letter(Role::Pawn), None);
        }
    }

    #[test]
    fn c3_auto_letters_r_means_rook_or_king() {
        let r = Letters::Auto.roles('R');
        assert!(r.contains(Role::Rook) && r.contains(Role::King) && !r.contains(Role::Queen));
        assert_eq!(Letters::Auto.roles('S'), Roles::only(Role::Knight));
        assert_eq!(Letters::Auto.roles('F'), Roles::only(Role::Bishop));
        assert!(Letters::Auto.roles('f').is_empty());
    }
}
