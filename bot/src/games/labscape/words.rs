//! Labscape's actions as a Portuguese speaker types them: the verbs (`mover`, `rolar`,
//! `girar`, `esperar`) and, in a move, the compass letters of a Brazilian rose (L for
//! leste, O for oeste) and whole direction words (`norte`, `east`). Read into the
//! notation before the game reads it; the notation itself (the engine's) stays strict.

use std::borrow::Cow;

use crate::games::directions;

/// The Portuguese verbs and the notation's verb each stands for.
pub const VERBS: [(&str, &str); 4] = [
    ("mover", "move"),
    ("rolar", "roll"),
    ("girar", "rotate-wall"),
    ("esperar", "wait"),
];

/// `text` in the notation's words: its verb in English, and a move's steps in the letters
/// N, E, S, W. The text itself when there is nothing to change.
pub fn to_notation(text: &str) -> Cow<'_, str> {
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return Cow::Borrowed(text);
    };
    let lower = first.to_lowercase();
    let english = VERBS.iter().find(|(pt, _)| *pt == lower).map(|(_, en)| *en);
    let rest: Vec<Cow<'_, str>> = if english.unwrap_or(&lower) == "move" {
        words.map(steps).collect()
    } else {
        words.map(Cow::Borrowed).collect()
    };
    if english.is_none() && rest.iter().all(|w| matches!(w, Cow::Borrowed(_))) {
        return Cow::Borrowed(text);
    }
    let mut out = english.unwrap_or(first).to_string();
    for w in rest {
        out.push(' ');
        out.push_str(&w);
    }
    Cow::Owned(out)
}

/// A move's steps: a run of compass letters, each read as `directions.rs` reads one
/// letter (`NNL` → `NNE`: L for leste, O for oeste), or one direction word as its letter
/// (`leste` → `E`); any other word as it is.
fn steps(word: &str) -> Cow<'_, str> {
    let letters: Option<String> = word
        .chars()
        .map(|c| directions::letter(c.encode_utf8(&mut [0; 4])))
        .collect();
    match letters.or_else(|| directions::letter(word).map(str::to_string)) {
        Some(l) if !l.eq_ignore_ascii_case(word) => Cow::Owned(l.to_ascii_uppercase()),
        _ => Cow::Borrowed(word),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portuguese_verbs_and_compass_letters_read_as_the_notation() {
        for (typed, read) in [
            ("mover NNL", "move NNE"),
            ("move LLO", "move EEW"),
            ("Mover norte leste", "move N E"),
            ("rolar", "roll"),
            ("girar B3:NE B2:SE", "rotate-wall B3:NE B2:SE"),
            ("esperar 2", "wait 2"),
        ] {
            assert_eq!(to_notation(typed), read, "{typed}");
        }
        // What needs nothing is left as typed, to the letter.
        for typed in [
            "move NNE",
            "roll",
            "exit",
            "rotate-wall B1:NW",
            "move  n",
            "",
        ] {
            assert!(
                matches!(to_notation(typed), Cow::Borrowed(t) if t == typed),
                "{typed}"
            );
        }
        // Only a move's steps are read as directions: a wall's corner stays.
        assert_eq!(to_notation("girar B1:NO"), "rotate-wall B1:NO");
    }
}
