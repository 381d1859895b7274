//! The two languages stay twins: the same messages, the same variables, each formats
//! cleanly; every message the code asks for exists, and every message is used. Those
//! checks are shared with the bot's catalog, in `tests/shared/catalog_checks.rs`; the
//! ones below are this catalog's own.

use super::*;

/// Who reads this catalog, in the shared checks' messages.
const WHO: &str = "the image";
/// Fewer message ids than this found in the sources means the search for them broke.
const MIN_IDS: usize = 100;

#[path = "../../../tests/shared/catalog_checks.rs"]
mod catalog;

#[test]
fn a_missing_message_fails_loudly_in_tests() {
    let r = std::panic::catch_unwind(|| t(Lang::PtBr, "no-such-message", &[]));
    assert!(r.is_err());
    assert!(format(Lang::En, "no-such-message", &[]).is_err());
    // A missing variable is a formatting error too.
    assert!(format(Lang::En, "chip-dawn", &[]).is_err());
}

#[test]
fn plurals_follow_each_language() {
    let keys = |lang, d: i32| tr!(lang, "fx-keys", delta = signed(d), n = d.unsigned_abs());
    assert_eq!(keys(Lang::En, 1), "+1 key");
    assert_eq!(keys(Lang::En, -1), "-1 key");
    assert_eq!(keys(Lang::En, 0), "+0 keys");
    assert_eq!(keys(Lang::En, 3), "+3 keys");
    assert_eq!(keys(Lang::PtBr, 1), "+1 chave");
    assert_eq!(keys(Lang::PtBr, 0), "+0 chaves");
    assert_eq!(keys(Lang::PtBr, -2), "-2 chaves");
    assert_eq!(
        tr!(Lang::PtBr, "over-some-sub", escaped = 1, n = 4),
        "1 de 4 escapou antes do amanhecer."
    );
    assert_eq!(
        tr!(Lang::PtBr, "over-some-sub", escaped = 2, n = 4),
        "2 de 4 escaparam antes do amanhecer."
    );
    assert_eq!(
        tr!(Lang::En, "lobby-dawn", dawn = 27, n = 1),
        "dawn at minute 27 with 1 player"
    );
}

#[test]
fn english_names_match_the_rules() {
    use labscape_core::labscape::{Difficulty, SetupMode, rules::STANDARD};

    use crate::labscape::names::{difficulty_name, setup_name};
    for d in Difficulty::ALL {
        assert_eq!(difficulty_name(Lang::En, d), d.name());
    }
    for s in [SetupMode::Random, SetupMode::Draft] {
        assert_eq!(setup_name(Lang::En, s), s.name());
    }
    for entry in &STANDARD.special_table {
        assert_eq!(
            crate::labscape::names::special_name(Lang::En, entry.id, "?"),
            entry.name,
            "{}",
            entry.id
        );
        assert_ne!(
            crate::labscape::names::special_name(Lang::PtBr, entry.id, "?"),
            "?",
            "{} has no Portuguese name",
            entry.id
        );
    }
}

#[test]
fn no_isolation_marks_and_no_stray_whitespace() {
    for lang in Lang::ALL {
        let s = tr!(lang, "chip-to-play", who = "ana");
        assert!(!s.contains('\u{2068}'), "{s:?}");
        assert_eq!(s.trim(), s);
    }
}
