//! Direction words as players type them in chat (`north`, `norte`, `L`), read as the one
//! letter of the notation (`n`, `e`, `s`, `w`), for the games that step by compass
//! direction (Skarb's seeker, Hidra's adventurers). Written once, in both languages, for
//! every such game ([`ChatGame::chat_words`](super::ChatGame::chat_words)); the engines'
//! own notations stay as strict as their rules files say (Skarb's refuses `north`).

use std::borrow::Cow;

/// The words for each direction, in any case: the notation's letter first, then English,
/// then Brazilian Portuguese (with the letters of its compass rose: L for leste, O for
/// oeste).
const WORDS: [(&str, &[&str]); 4] = [
    ("n", &["n", "north", "norte"]),
    ("e", &["e", "east", "leste", "l"]),
    ("s", &["s", "south", "sul"]),
    ("w", &["w", "west", "oeste", "o"]),
];

/// The notation's letter for a direction word (`north`, `Norte`, `n`), if `word` is one.
pub fn letter(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    WORDS
        .iter()
        .find(|(_, words)| words.contains(&word.as_str()))
        .map(|(letter, _)| *letter)
}

/// `text` with every word that names a direction replaced by its letter (`move norte, dig
/// West` → `move n, dig w`); a word is a run of letters and digits, so a square (`e5`) or
/// a longer word (`nest`) stays as it is. The text itself when it names none.
pub fn to_letters(text: &str) -> Cow<'_, str> {
    let mut out = String::new();
    // The end of the text copied into `out`, and where the current word began.
    let mut copied = 0;
    let mut start = None;
    let ends = text.char_indices().map(Some).chain([None]);
    for at in ends {
        match at {
            Some((i, c)) if c.is_alphanumeric() => {
                start.get_or_insert(i);
            }
            _ => {
                let end = at.map_or(text.len(), |(i, _)| i);
                if let Some(s) = start.take() {
                    let word = &text[s..end];
                    if let Some(l) = letter(word) {
                        out.push_str(&text[copied..s]);
                        out.push_str(l);
                        copied = end;
                    }
                }
            }
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_direction_word_reads_as_its_letter_in_both_languages() {
        for (word, l) in [
            ("north", "n"),
            ("NORTH", "n"),
            ("Norte", "n"),
            ("east", "e"),
            ("leste", "e"),
            ("L", "e"),
            ("south", "s"),
            ("sul", "s"),
            ("West", "w"),
            ("oeste", "w"),
            ("o", "w"),
            ("n", "n"),
        ] {
            assert_eq!(letter(word), Some(l), "{word}");
            assert_eq!(to_letters(word), l, "{word}");
        }
        for word in ["nort", "up", "pass", "c3", "", "northeast"] {
            assert_eq!(letter(word), None, "{word}");
        }
    }

    #[test]
    fn only_whole_words_are_read_and_everything_else_stays() {
        assert_eq!(to_letters(" north "), " n ");
        assert_eq!(to_letters("move norte, dig West"), "move n, dig w");
        assert_eq!(to_letters("scream 3 leste 90"), "scream 3 e 90");
        // Squares, other words and words that merely begin like a direction stay.
        for same in [
            "e5",
            "c3",
            "pass",
            "explore b4",
            "northern",
            "nest",
            "o2",
            "use ring 3",
        ] {
            assert!(matches!(to_letters(same), Cow::Borrowed(_)), "{same}");
        }
        assert_eq!(to_letters("sul!"), "s!");
        assert_eq!(to_letters("ñ norte"), "ñ n");
    }
}
