//! The known word a mistyped one most likely means: a command (`/staus` → `/status`,
//! `/rulse` → `/rules`), a game (`/new avanso` → `avanco`). One measure for both: the
//! edit distance with adjacent letters swapped counting as one edit.

use crate::games;

/// The edit distance between two short words: insertions, deletions, substitutions and
/// swaps of two adjacent letters, each one edit (Damerau–Levenshtein, as the optimal
/// string alignment: no letter is edited twice).
pub(super) fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two rows back (for a swap), the last one and this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[b.len()]
}

/// The command `verb` (a word no command is, lower case) most likely misspells: the
/// service's commands, then the games' own (`move`, `walls`), the nearest within one edit
/// for a word of up to four letters, two for a longer one; on a tie, one that begins with
/// the same letter, then the first. `None` when none is that near, or for a word of one
/// letter (a slip too short to guess from).
pub(super) fn command(verb: &str) -> Option<&'static str> {
    let verb = verb.replace('_', "-");
    let len = verb.chars().count();
    if len < 2 {
        return None;
    }
    let most = if len <= 4 { 1 } else { 2 };
    let first = verb.chars().next();
    let games = labscape_core::GameKind::ALL.iter().flat_map(|k| {
        let m = games::of(*k);
        m.verbs()
            .iter()
            .copied()
            .chain(m.looks().iter().map(|(w, _)| *w))
    });
    super::command::WORDS
        .iter()
        .copied()
        .chain(games)
        // `p`, `/play`'s short form, is near every two-letter slip.
        .filter(|w| w.len() >= 2)
        .map(|w| (distance(&verb, w), w.chars().next() != first, w))
        .filter(|(d, _, _)| *d <= most)
        // The first of the nearest: `min_by_key` keeps the first of equals.
        .min_by_key(|(d, other_letter, _)| (*d, *other_letter))
        .map(|(_, _, w)| w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        app::tests::{ctx, say, service},
        store::GameStore,
    };

    #[test]
    fn a_swap_of_two_letters_is_one_edit() {
        assert_eq!(distance("rulse", "rules"), 1);
        assert_eq!(distance("staus", "status"), 1);
        assert_eq!(distance("status", "status"), 0);
        assert_eq!(distance("", "log"), 3);
        assert_eq!(distance("ca", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn a_mistyped_command_is_named_and_a_far_word_is_not() {
        for (typed, meant) in [
            ("staus", "status"),
            ("rulse", "rules"),
            ("hlep", "help"),
            ("strat", "start"),
            ("tabel", "table"),
            ("rol", "roll"),
            ("wlals", "walls"),
            ("rotate_wal", "rotate-wall"),
            ("exprt", "export"),
            ("resgin", "resign"),
            ("myveiw", "myview"),
        ] {
            assert_eq!(command(typed), Some(meant), "{typed}");
        }
        for far in ["fly", "c3", "n", "north", "xyzzy", "pass", "e4"] {
            assert_eq!(command(far), None, "{far}");
        }
    }

    /// Local play, Telegram and Discord's text all meet in the service's line reader: the
    /// suggestion is given there, in the reader's language, and nothing changes.
    #[tokio::test]
    async fn the_service_suggests_the_nearest_command_in_both_languages() {
        let s = service().await;
        let r = say(&s, "ana", "/staus").await;
        assert!(
            r.text
                .ends_with("“/staus” is not a command; did you mean /status? /help lists them"),
            "{}",
            r.text
        );
        let far = say(&s, "ana", "/fly").await;
        assert!(
            far.text
                .ends_with("“/fly” is not a command; /help lists them"),
            "{}",
            far.text
        );
        say(&s, "ana", "/me lang pt").await;
        let pt = say(&s, "ana", "/rulse").await;
        assert!(
            pt.text.ends_with(
                "“/rulse” não é um comando; você quis dizer /rules? /help mostra a lista"
            ),
            "{}",
            pt.text
        );
        let live = s.store().live_game(&ctx("ana").scope).await.unwrap();
        assert!(live.is_none(), "nothing was opened");
    }
}
