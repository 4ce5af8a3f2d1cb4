//! The category of a game from its time control (FIDE A.1, B.1), and what depends on it: the
//! penalty of Articles 7 and 9 (7.5.5, 9.5.3; A.3 in 2023, B.2 in 2018) and the obligation
//! to record the moves (8.4, A.2).

use crate::arbiter::Millis;
use crate::{Category, Laws, Supervision};

const MINUTE: Millis = 60 * 1000;

/// FIDE 7.5.5 and 9.5.3: the time given to the opponent after an illegal move or an
/// incorrect claim: two minutes; one in rapid under the 2023 Laws (A.3); in blitz one
/// minute in every game under the 2018 Laws (B.2), but under the 2023 Laws only without
/// adequate supervision (B.3, through A.3): with it the Competition Rules apply (B.2), two
/// minutes.
pub fn penalty_ms(category: Category, laws: Laws, supervision: Supervision) -> Millis {
    match (category, laws, supervision) {
        (Category::Standard, _, _) | (Category::Rapid, Laws::Fide2018, _) => 2 * MINUTE,
        (Category::Blitz, Laws::Fide2023, Supervision::Full) => 2 * MINUTE,
        (Category::Rapid, Laws::Fide2023, _) | (Category::Blitz, _, _) => MINUTE,
    }
}
