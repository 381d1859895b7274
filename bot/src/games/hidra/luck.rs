//! `/luck` for Labirinto da Hidra: every d6 the group saw rolled (dodges, fights, thefts:
//! the thief's die and the victim's), per player, against fair dice. Only dice every
//! player saw are counted: which artifact the bats or a thief drew is secret, and is not
//! a die anyone read.

use labscape_core::{
    Game, Seat,
    game::parse_options,
    hidra::{Event, Position},
};

use crate::{
    games::GameRecord,
    i18n::{Lang, tr},
};

/// Each seat's dice, replayed from the record.
fn dice_of(r: &GameRecord) -> Result<Vec<Vec<u8>>, String> {
    let options = parse_options(&r.settings).map_err(|e| e.to_string())?;
    let settings = Position::settings(&options).map_err(|e| e.to_string())?;
    let (mut game, _) =
        Position::new_game(&settings, &r.players, &r.seed).map_err(|e| e.to_string())?;
    let mut dice = vec![Vec::new(); r.players.len()];
    let mut add = |seat: Seat, roll: u8| {
        if let Some(d) = dice.get_mut(seat.index()) {
            d.push(roll);
        }
    };
    for (i, (seat, text)) in r.actions.iter().enumerate() {
        let action = game
            .parse_action(text)
            .map_err(|e| format!("turn {}: {e}", i + 1))?;
        let (next, events) = game
            .play(Seat(*seat), &action)
            .map_err(|e| format!("turn {}: {e}", i + 1))?;
        for e in &events {
            match e {
                Event::Dodge { seat, roll, .. } => add(*seat, *roll),
                Event::Combat {
                    seat,
                    roll: Some([a, b]),
                    ..
                } => {
                    add(*seat, *a);
                    add(*seat, *b);
                }
                Event::Theft {
                    seat, victim, roll, ..
                } => {
                    add(*seat, roll[0]);
                    add(*victim, roll[1]);
                }
                _ => {}
            }
        }
        game = next;
    }
    Ok(dice)
}

/// Where a total of `n` fair d6 falls: the chance fair dice give less, a tie counting
/// half, 0 to 100 (exact: the distribution of the sum, built die by die).
pub(super) fn percentile(n: usize, total: usize) -> f64 {
    let mut dist = vec![1.0_f64];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 6];
        for (s, p) in dist.iter().enumerate() {
            for face in 1..=6 {
                next[s + face] += p / 6.0;
            }
        }
        dist = next;
    }
    let below: f64 = dist.iter().take(total).sum();
    let at = dist.get(total).copied().unwrap_or(0.0);
    100.0 * (below + at / 2.0)
}

/// A player's line: how many dice, their average against 3.5, the percentile.
fn line(who: &str, dice: &[u8], lang: Lang) -> String {
    if dice.is_empty() {
        return tr!(lang, "hidra-luck-none", who = who);
    }
    let total: usize = dice.iter().map(|d| usize::from(*d)).sum();
    let average = total as f64 / dice.len() as f64;
    let mut average = format!("{average:.2}");
    if lang == Lang::PtBr {
        average = average.replace('.', ",");
    }
    let p = percentile(dice.len(), total).round().clamp(1.0, 99.0);
    tr!(
        lang,
        "hidra-luck-line",
        who = who,
        rolls = dice.len(),
        average = average,
        percentile = p as i64
    )
}

/// `/luck` in words.
///
/// # Errors
/// The reason, when the record does not replay.
pub(super) fn luck(r: &GameRecord, lang: Lang) -> Result<String, String> {
    let dice = dice_of(r)?;
    let mut lines = vec![tr!(lang, "hidra-luck-heading", game = r.title.as_str())];
    for (who, d) in r.players.iter().zip(&dice) {
        lines.push(line(who, d, lang));
    }
    let all: Vec<u8> = dice.concat();
    lines.push(line(&tr!(lang, "hidra-luck-table"), &all, lang));
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_percentile_of_fair_dice_is_exact() {
        // One die: 1 is below every other face but ties itself: (0 + 1/6 / 2) = 1/12.
        assert!((percentile(1, 1) - 100.0 / 12.0).abs() < 1e-9);
        // Two dice totalling 7 sit exactly in the middle.
        assert!((percentile(2, 7) - 50.0).abs() < 1e-9);
        assert!(percentile(10, 60) > 99.9);
        assert!(percentile(10, 10) < 0.1);
    }
}
