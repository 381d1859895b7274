//! The position document `hidra-position/1` (§11.1), written canonically and read with
//! every problem of §11.3 listed. A view's document (§9) is read by the same code, with `?`
//! allowed exactly where that audience's view masks.
//!
//! The field names and the reading of the whole document are here; writing it in `write`,
//! reading each field in `read`, and the rules that tie fields together in `check`.

mod check;
mod read;
mod write;

pub(super) use write::to_doc;

use check::check;
use read::{
    read_board, read_dice, read_flags, read_list, read_pending, read_pins, read_players,
    read_result, read_rules, read_tokens,
};

use super::{
    Position,
    board::Chamber,
    items::{Artifact, Secret},
    play::sort_tokens,
};
use crate::{
    board_doc::{Problems, clip, describe},
    game::{PositionError, Seat},
    value::Value,
    view::Audience,
};

const FIELDS: &[&str] = &[
    "format", "rules", "board", "tokens", "bank", "emptied", "used", "players", "first", "round",
    "to_move", "ap", "flags", "pending", "calm", "pins", "dice", "rng", "result",
];
const OPTIONAL: &[&str] = &["dice", "rng"];
const PLAYER_FIELDS: &[&str] = &[
    "hero",
    "cell",
    "artifacts",
    "seen",
    "penalty",
    "skip",
    "no_fight",
];
const FLAG_WORDS: &[&str] = &["collected", "dug", "wove", "echo", "won", "no-fight"];

/// What may be `?` in the document being read.
#[derive(Clone, Copy)]
struct Masks {
    view: Option<Audience>,
}

impl Masks {
    fn tokens(self) -> bool {
        self.view.is_some()
    }
    fn bank(self) -> bool {
        self.view.is_some()
    }
    fn hand_of(self, seat: usize) -> bool {
        match self.view {
            None => false,
            Some(Audience::Public) => true,
            Some(Audience::Seat(s)) => s.index() != seat,
        }
    }
}

fn read_secret<T>(
    v: &Value,
    hidden_ok: bool,
    parse: impl Fn(&str) -> Option<T>,
) -> Option<Secret<T>> {
    let s = v.as_str()?;
    if s == "?" {
        return hidden_ok.then_some(Secret::Hidden);
    }
    parse(s).map(Secret::Known)
}

fn int(v: Option<&Value>) -> Option<i64> {
    v.and_then(Value::as_i64)
}

/// Reads a position (or, with `view`, that audience's view), listing every problem.
pub(super) fn from_value(value: &Value, view: Option<Audience>) -> Result<Position, PositionError> {
    let masks = Masks { view };
    let mut pr = Problems::default();
    let Value::Object(given) = value else {
        return Err(PositionError {
            problems: vec![format!("a position is an object, not {}", value.kind())],
        });
    };
    for (i, (k, _)) in given.iter().enumerate() {
        if !FIELDS.contains(&k.as_str()) {
            pr.push(format!("unknown field “{}”", clip(k)));
        } else if given[..i].iter().any(|(o, _)| o == k) {
            pr.push(format!("the field “{k}” is given twice"));
        }
    }
    for f in FIELDS {
        if !OPTIONAL.contains(f) && value.get(f).is_none() {
            pr.push(format!("the field “{f}” is missing"));
        }
    }
    match value.get("format") {
        Some(Value::Str(f)) if f == super::FORMAT => {}
        None => {}
        Some(other) => pr.push(format!(
            "format must be “{}”, not {}",
            super::FORMAT,
            describe(other)
        )),
    }

    let rules = read_rules(value.get("rules"), &mut pr);
    let board = read_board(value.get("board"), &mut pr);
    let tokens = read_tokens(value.get("tokens"), masks, &mut pr);
    let bank = read_list(value.get("bank"), "bank", &mut pr, |v| {
        read_secret(v, masks.bank(), Artifact::parse)
    });
    let emptied = read_list(value.get("emptied"), "emptied", &mut pr, |v| {
        v.as_str().and_then(Chamber::parse)
    });
    let used = read_list(value.get("used"), "used", &mut pr, |v| {
        v.as_str().and_then(Artifact::parse)
    });
    let players = read_players(value.get("players"), masks, &mut pr);
    let seats = players.as_ref().map_or(4, Vec::len);
    let seat_of = |key: &str, pr: &mut Problems| -> Option<Seat> {
        let v = value.get(key)?;
        match v.as_i64() {
            Some(n) if (0..seats as i64).contains(&n) => Some(Seat(n as u8)),
            _ => {
                pr.push(format!(
                    "{key} must be a seat (0 to {}), not {}",
                    seats - 1,
                    describe(v)
                ));
                None
            }
        }
    };
    let first = seat_of("first", &mut pr);
    let to_move = seat_of("to_move", &mut pr);
    let round = value.get("round").and_then(|v| {
        let max = rules.map_or(200, |r| i64::from(r.rounds));
        match v.as_i64() {
            Some(n) if (1..=max).contains(&n) => Some(n as u8),
            _ => {
                pr.push(format!(
                    "round must be from 1 to {max}, not {}",
                    describe(v)
                ));
                None
            }
        }
    });
    let ap = value.get("ap").and_then(|v| match v.as_i64() {
        Some(n @ 0..=5) => Some(n as u8),
        _ => {
            pr.push(format!("ap must be from 0 to 5, not {}", describe(v)));
            None
        }
    });
    let flags = read_flags(value.get("flags"), &mut pr);
    let pending = read_pending(value.get("pending"), &mut pr);
    let calm = value.get("calm").and_then(|v| match v.as_i64() {
        Some(n @ 0..=255) => Some(n as u8),
        _ => {
            pr.push(format!(
                "calm must be a whole number 0 or more, not {}",
                describe(v)
            ));
            None
        }
    });
    let pin = read_pins(value.get("pins"), seats, &mut pr);
    // Once the game is over a view is the whole position, dice included.
    let over = !matches!(value.get("result"), None | Some(Value::Null));
    let dice = read_dice(value, view.is_some() && !over, &mut pr);
    let result = read_result(value.get("result"), seats, &mut pr);

    let (
        Some(rules),
        Some(board),
        Some(tokens),
        Some(bank),
        Some(emptied),
        Some(used),
        Some(players),
        Some(first),
        Some(to_move),
        Some(round),
        Some(ap),
        Some(flags),
        Some(pending),
        Some(calm),
        Some(pin),
        Some(dice),
        Some(result),
    ) = (
        rules, board, tokens, bank, emptied, used, players, first, to_move, round, ap, flags,
        pending, calm, pin, dice, result,
    )
    else {
        return Err(pr.into_error());
    };
    let mut p = Position {
        rules,
        board,
        tokens,
        bank,
        emptied,
        used,
        players,
        first,
        round,
        to_move,
        ap,
        flags,
        pending,
        calm,
        pin,
        dice,
        result,
    };
    sort_tokens(&mut p.tokens);
    check(&p, &mut pr);
    pr.finish(|| p)
}
