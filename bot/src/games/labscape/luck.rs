//! `/luck` for Labscape: everyone's dice and searches against fair dice, in plain
//! sentences, from the game's record.

use labscape_core::labscape::{Luck, Tally};

use super::record::labscape_record;
use crate::{
    games::GameRecord,
    i18n::{Lang, tr},
};

/// Below or above these percentiles a tally is called out as unusual (fair dice land
/// between them nine times in ten).
const USUAL: (f64, f64) = (5.0, 95.0);

/// `/luck` of a game's record, in words.
///
/// # Errors
/// The reason, when the record does not replay.
pub fn luck(r: &GameRecord, lang: Lang) -> Result<String, String> {
    let luck = labscape_record(r).luck().map_err(|e| e.to_string())?;
    Ok(luck_text(&r.title, r.actions.len(), &luck, lang))
}

/// A number with one decimal, written the language's way (`7.5`, `7,5`).
fn decimal(x: f64, lang: Lang) -> String {
    let s = format!("{x:.1}");
    match lang {
        Lang::En => s,
        Lang::PtBr => s.replace('.', ","),
    }
}

/// A percentile as a whole number, never a flat 0 or 100 (fair dice can always do better
/// or worse).
fn percentile(p: f64) -> String {
    if p < 1.0 {
        "<1".into()
    } else if p > 99.0 {
        ">99".into()
    } else {
        format!("{}", p.round())
    }
}

fn unusual(t: &Tally) -> bool {
    t.rolls > 0 && !(USUAL.0..=USUAL.1).contains(&t.percentile)
}

/// `/luck` in words: each player's dice and searches against fair dice, the whole table,
/// and whether anything is out of the ordinary.
pub fn luck_text(game: &str, turns: usize, luck: &Luck, lang: Lang) -> String {
    let mut lines = vec![tr!(lang, "luck-heading", game = game, turns = turns)];
    let mut odd = Vec::new();
    for p in &luck.players {
        let who = p.name.as_str();
        if p.dice.rolls == 0 {
            lines.push(tr!(lang, "luck-no-rolls", who = who));
            continue;
        }
        lines.push(tr!(
            lang,
            "luck-dice",
            who = who,
            rolls = p.dice.rolls,
            actual = p.dice.actual,
            expected = decimal(p.dice.expected, lang),
            percentile = percentile(p.dice.percentile)
        ));
        if p.search.rolls > 0 {
            lines.push(tr!(
                lang,
                "luck-search",
                who = who,
                searches = p.search.rolls,
                actual = p.search.actual,
                expected = decimal(p.search.expected, lang),
                percentile = percentile(p.search.percentile)
            ));
        }
        if unusual(&p.dice) {
            odd.push(tr!(
                lang,
                "luck-odd-dice",
                who = who,
                percentile = percentile(p.dice.percentile)
            ));
        }
        if unusual(&p.search) {
            odd.push(tr!(
                lang,
                "luck-odd-search",
                who = who,
                percentile = percentile(p.search.percentile)
            ));
        }
    }
    if luck.table.rolls > 0 {
        lines.push(tr!(
            lang,
            "luck-table",
            rolls = luck.table.rolls,
            actual = luck.table.actual,
            expected = decimal(luck.table.expected, lang),
            percentile = percentile(luck.table.percentile)
        ));
    }
    lines.push(if odd.is_empty() {
        tr!(lang, "luck-ordinary")
    } else {
        tr!(lang, "luck-unusual", which = odd.join("; "))
    });
    lines.push(tr!(lang, "luck-check"));
    lines.join("\n")
}
