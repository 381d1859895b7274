//! Every worked example of `hidra.md` (E1–E14) as a test on the base position B, the rules'
//! sentences one by one, and property tests over random games for 2, 3 and 4 players.

mod examples;
mod props;
mod rules;

use serde_json::{Value as Json, json};

use super::*;
use crate::game::Game;

/// The base position B of §11.1.
fn b() -> Json {
    json!({"format": "hidra-position/1",
     "rules": {"defence": "fixed", "hydra_every": 5, "rounds": 30},
     "board": ["L:NW C1:NEW T:N C2:NES L:NE",
               "I:EW O C3:ESW T:E C4:NEW",
               "E O H I:NS C5:NES",
               "C6:NSW L:ES O T:S P",
               "L:SW C7:NES I:EW C8:NSW I:NS"],
     "tokens": [{"cell": "b5", "name": "gem", "up": false},
                {"cell": "d5", "name": "stalactites", "up": false},
                {"cell": "c4", "name": "bats", "up": false},
                {"cell": "e4", "name": "map", "up": false},
                {"cell": "e3", "name": "mud", "up": false},
                {"cell": "a2", "name": "chalice", "up": false},
                {"cell": "b1", "name": "bell", "up": false},
                {"cell": "d1", "name": "crown", "up": false}],
     "bank": ["ring", "mask", "blade", "echo", "lamp"],
     "emptied": [], "used": [],
     "players": [
       {"hero": "digger", "cell": "a3", "artifacts": [], "seen": [], "penalty": 0, "skip": false, "no_fight": false},
       {"hero": "weaver", "cell": "a3", "artifacts": [], "seen": [], "penalty": 0, "skip": false, "no_fight": false},
       {"hero": "rogue", "cell": "a3", "artifacts": [], "seen": [], "penalty": 0, "skip": false, "no_fight": false}],
     "first": 0, "round": 1, "to_move": 0, "ap": 4, "flags": [], "pending": [], "calm": 0, "pins": [],
     "result": null})
}

/// B changed by `f`.
fn b_with(f: impl FnOnce(&mut Json)) -> Json {
    let mut v = b();
    f(&mut v);
    v
}

fn read(v: &Json) -> Result<Position, crate::PositionError> {
    Position::from_value(serde_json::from_value(v.clone()).unwrap())
}

fn pos(v: &Json) -> Position {
    read(v).unwrap_or_else(|e| panic!("{e}"))
}

fn doc(p: &Position) -> Json {
    serde_json::to_value(p.to_doc()).unwrap()
}

/// Applies `text` for the seat to move: the next position and its events as JSON.
fn apply(p: &Position, text: &str) -> (Position, Vec<Json>) {
    let (_, next, ev) = p
        .apply(None, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (
        next,
        ev.iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect(),
    )
}

fn refused(p: &Position, seat: Option<u8>, text: &str) -> Refusal {
    p.apply(seat.map(Seat), text).map(|_| ()).expect_err(text)
}

fn code(p: &Position, text: &str) -> &'static str {
    use crate::game::Refusal as _;
    refused(p, None, text).code()
}

fn legal(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_actions().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

fn sorted(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split(", ").map(str::to_string).collect();
    v.sort();
    v
}

fn kinds(ev: &[Json]) -> Vec<String> {
    ev.iter()
        .map(|e| e["kind"].as_str().unwrap().to_string())
        .collect()
}

fn player(v: &mut Json, seat: usize) -> &mut Json {
    &mut v["players"][seat]
}

/// Seat `seat` stands on `cell`.
fn put(v: &mut Json, seat: usize, cell: &str) {
    player(v, seat)["cell"] = json!(cell);
}

/// The chamber code of the tile on `cell` of the document's board.
fn chamber_at(v: &Json, cell: &str) -> String {
    let c = Cell::parse(cell).unwrap();
    let row = v["board"][4 - usize::from(c.rank())].as_str().unwrap();
    let code = row.split(' ').nth(usize::from(c.file())).unwrap();
    code.split(':').next().unwrap().to_string()
}

/// Seat `seat` holds `names`, taken off the board (their chambers emptied in order) or
/// out of the bank.
fn hold(v: &mut Json, seat: usize, names: &[&str]) {
    for name in names {
        let tokens = v["tokens"].as_array_mut().unwrap();
        if let Some(i) = tokens.iter().position(|t| t["name"] == json!(name)) {
            let t = tokens.remove(i);
            let ch = chamber_at(v, t["cell"].as_str().unwrap());
            v["emptied"].as_array_mut().unwrap().push(json!(ch));
        } else {
            let bank = v["bank"].as_array_mut().unwrap();
            let i = bank
                .iter()
                .position(|a| a == &json!(name))
                .unwrap_or_else(|| panic!("{name} neither on the board nor in the bank"));
            bank.remove(i);
        }
        player(v, seat)["artifacts"]
            .as_array_mut()
            .unwrap()
            .push(json!(name));
    }
}

fn to_move(v: &mut Json, seat: u8) {
    v["to_move"] = json!(seat);
}

fn cell_of(p: &Position, seat: usize) -> String {
    p.players()[seat].cell.to_string()
}

/// `audience`'s view as the engine prints it.
fn view_doc(p: &Position, audience: crate::view::Audience) -> Json {
    let v = p.view(audience);
    serde_json::to_value(crate::view::ViewDoc {
        doc: v.to_doc(),
        view: audience,
    })
    .unwrap()
}
