//! An action read as none where only one word is wrong (`scream 6 e`: there is no row 6;
//! `steal 5` in a game of two): which word, and what this game allows there, rather than
//! the list of every action (§6 "Reading an action"). The engine's reading is unchanged:
//! this only words why it found no action.

use labscape_core::hidra::{Cell, Dir, Line, Position, Rot};

use super::story::line_words;
use crate::i18n::{Lang, tr};

/// Why `text`, which [`Position`]'s reading found no action, is none, when it begins as
/// one of the actions and a line, end, rotation, seat, cell or direction of it is wrong;
/// `None` for any other unreadable text.
pub(super) fn misread(p: &Position, text: &str, lang: Lang) -> Option<String> {
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.as_slice() {
        ["scream", l] => Some(match Line::parse(l) {
            Some(line) => incomplete("scream", &format!("scream {l} {}", line.ends()[0]), lang),
            None => bad_line(l, lang),
        }),
        [verb] => {
            let example = match *verb {
                "move" => "move n",
                "ghost" => "ghost s",
                "dig" => "dig w",
                "explore" => "explore b4",
                "steal" => "steal 1",
                "scream" => "scream 3 e",
                "use" => "use gem",
                "drop" => "drop gem",
                "weave" => "weave 90",
                _ => return None,
            };
            Some(incomplete(verb, example, lang))
        }
        ["use", "ring"] => Some(incomplete("use ring", "use ring 3", lang)),
        ["use", "mask"] => Some(incomplete("use mask", "use mask 1", lang)),
        ["scream", l, d, rest @ ..] if rest.len() <= 1 => {
            let Some(line) = Line::parse(l) else {
                return Some(bad_line(l, lang));
            };
            if !Dir::parse(d).is_some_and(|d| line.has_end(d)) {
                let [first, second] = line.ends();
                return Some(tr!(
                    lang,
                    "hidra-misread-end",
                    line = line_words(line, lang),
                    first = first.to_string(),
                    second = second.to_string(),
                    word = *d
                ));
            }
            let r = rest.first()?;
            Rot::parse(r)
                .is_none()
                .then(|| tr!(lang, "hidra-misread-rotation", word = *r))
        }
        ["use", "ring", l] => Line::parse(l).is_none().then(|| bad_line(l, lang)),
        ["steal", n] | ["use", "mask", n] => {
            let seats = p.players().len();
            let known = n.parse::<u8>().is_ok_and(|n| usize::from(n) < seats);
            (!known).then(|| {
                tr!(
                    lang,
                    "hidra-misread-seat",
                    word = *n,
                    last = seats.saturating_sub(1) as i64
                )
            })
        }
        ["explore", c] => Cell::parse(c)
            .is_none()
            .then(|| tr!(lang, "hidra-misread-cell", word = *c)),
        ["move" | "ghost" | "dig", d] | ["move" | "ghost" | "dig", d, "dodge" | "blade"] => {
            Dir::parse(d)
                .is_none()
                .then(|| tr!(lang, "hidra-misread-dir", word = *d))
        }
        _ => None,
    }
}

/// An action's first word(s) with the rest missing: what it needs, by example.
fn incomplete(verb: &str, example: &str, lang: Lang) -> String {
    tr!(
        lang,
        "hidra-misread-incomplete",
        verb = verb,
        example = example
    )
}

fn bad_line(word: &str, lang: Lang) -> String {
    tr!(lang, "hidra-misread-line", word = word)
}

#[cfg(test)]
mod tests {
    use labscape_core::{Game, hidra::Refusal};

    use super::*;

    fn game(players: usize) -> Position {
        let options = [("players".to_string(), players.to_string())];
        let s = Position::settings(&options).unwrap();
        let names: Vec<String> = ["ana", "bo", "cy", "di"][..players]
            .iter()
            .map(|n| n.to_string())
            .collect();
        Position::new_game(&s, &names, "misread").unwrap().0
    }

    /// A bad line or seat is named with the lines or seats that exist, in both languages,
    /// and only for text the engine reads as no action.
    #[test]
    fn a_bad_line_or_seat_is_named_with_what_exists() {
        let p = game(2);
        for text in [
            "scream 6 e",
            "steal 5",
            "use ring z",
            "use mask 2",
            "scream 3 n",
        ] {
            assert!(
                matches!(p.parse_action(text), Err(Refusal::Unreadable(_))),
                "{text}"
            );
        }
        let en = |t: &str| misread(&p, t, Lang::En).unwrap_or_default();
        assert_eq!(
            en("scream 6 e"),
            "“6” is not a row or a column: the rows are 1 to 5, the columns a to e"
        );
        assert_eq!(en("use ring z"), en("scream z e"));
        assert_eq!(
            en("steal 5"),
            "there is no seat 5 in this game: its seats are 0 to 1"
        );
        assert!(en("use mask 2").contains("0 to 1"), "{}", en("use mask 2"));
        assert_eq!(en("scream 3 n"), "row 3 slides towards “e” or “w”, not “n”");
        assert!(en("scream 3 e 45").contains("0, 90, 180 or 270"));
        assert!(en("explore f9").contains("a1 to e5"));
        assert!(en("move up").contains("“up”"));
        // An action's first word alone, or a scream without its end: what it needs.
        assert_eq!(en("scream 3"), "“scream” needs more, as in scream 3 e");
        assert_eq!(en("scream c"), "“scream” needs more, as in scream c n");
        assert_eq!(en("explore"), "“explore” needs more, as in explore b4");
        assert!(en("use ring").ends_with("use ring 3"), "{}", en("use ring"));
        // Four seats: 0 to 3.
        assert!(
            misread(&game(4), "steal 7", Lang::En)
                .unwrap()
                .contains("0 to 3")
        );
        let pt = |t: &str| misread(&p, t, Lang::PtBr).unwrap_or_default();
        assert!(pt("scream 6 e").contains("linha"), "{}", pt("scream 6 e"));
        assert!(pt("steal 5").contains("de 0 a 1"), "{}", pt("steal 5"));
        // Readable text, and text of no action at all, keep the usual refusal.
        for text in ["scream 3 e", "steal 1", "hello", "end now", "move n, end"] {
            assert_eq!(misread(&p, text, Lang::En), None, "{text}");
        }
    }
}
