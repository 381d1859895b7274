//! Writing a position as its canonical document, secrets as `?` where a view masks them.

use super::FLAG_WORDS;
use crate::hidra::{
    Position,
    items::{Face, Secret},
    play::sort_tokens,
};
use crate::value::Value;

fn secret_value<T: std::fmt::Display>(s: &Secret<T>) -> Value {
    Value::from(s.to_string())
}

/// The position as its document.
pub(in crate::hidra) fn to_doc(p: &Position) -> Value {
    let mut tokens = p.tokens.clone();
    sort_tokens(&mut tokens);
    let tokens = tokens
        .iter()
        .map(|t| {
            let (name, up) = match t.face {
                Face::Down(n) => (secret_value(&n), false),
                Face::Up(n) => (Value::from(n.id()), true),
            };
            Value::object([
                ("cell", Value::from(t.cell.to_string())),
                ("name", name),
                ("up", Value::from(up)),
            ])
        })
        .collect();
    let players = p
        .players
        .iter()
        .map(|pl| {
            Value::object([
                ("hero", Value::from(pl.hero.id())),
                ("cell", Value::from(pl.cell.to_string())),
                (
                    "artifacts",
                    Value::Array(pl.artifacts.iter().map(secret_value).collect()),
                ),
                (
                    "seen",
                    Value::Array(pl.seen.iter().map(secret_value).collect()),
                ),
                ("penalty", Value::from(pl.penalty)),
                ("skip", Value::from(pl.skip)),
                ("no_fight", Value::from(pl.no_fight)),
            ])
        })
        .collect();
    let f = p.flags;
    let flags: Vec<&str> = [f.collected, f.dug, f.wove, f.echo, f.won, f.no_fight]
        .into_iter()
        .zip(FLAG_WORDS)
        .filter(|(on, _)| *on)
        .map(|(_, w)| *w)
        .collect();
    let pd = p.pending;
    let pending: Vec<&str> = [
        (pd.drop, "drop"),
        (pd.scream, "scream"),
        (pd.hydra, "hydra"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, w)| w)
    .collect();
    let pins = match p.pin {
        None => Value::Array(vec![]),
        Some(pin) => Value::Array(vec![Value::object([
            ("line", Value::from(pin.line.to_string())),
            ("seat", Value::from(pin.seat.0)),
        ])]),
    };
    let mut fields: Vec<(&str, Value)> = vec![
        ("format", Value::from(crate::hidra::FORMAT)),
        (
            "rules",
            Value::object([
                ("defence", Value::from(p.rules.defence.word())),
                ("hydra_every", Value::from(p.rules.hydra_every)),
                ("rounds", Value::from(p.rules.rounds)),
            ]),
        ),
        ("board", Value::from(p.board.rows())),
        ("tokens", Value::Array(tokens)),
        (
            "bank",
            Value::Array(p.bank.iter().map(secret_value).collect()),
        ),
        (
            "emptied",
            Value::Array(
                p.emptied
                    .iter()
                    .map(|c| Value::from(c.to_string()))
                    .collect(),
            ),
        ),
        (
            "used",
            Value::Array(p.used.iter().map(|a| Value::from(a.id())).collect()),
        ),
        ("players", Value::Array(players)),
        ("first", Value::from(p.first.0)),
        ("round", Value::from(p.round)),
        ("to_move", Value::from(p.to_move.0)),
        ("ap", Value::from(p.ap)),
        ("flags", Value::from(flags)),
        ("pending", Value::from(pending)),
        ("calm", Value::from(p.calm)),
        ("pins", pins),
    ];
    if let Some(d) = &p.dice {
        let queue: Vec<Value> = d.queue().map(Value::from).collect();
        if !queue.is_empty() {
            fields.push(("dice", Value::Array(queue)));
        }
        fields.push(("rng", Value::from(d.state())));
    }
    let result = match p.result {
        None => Value::Null,
        Some(e) => Value::object([
            ("winner", e.winner.map_or(Value::Null, |w| Value::from(w.0))),
            ("reason", Value::from(e.reason.word())),
        ]),
    };
    fields.push(("result", result));
    Value::object(fields)
}
