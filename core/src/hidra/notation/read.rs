//! Reading each field of the document, with every problem listed.

use super::{FLAG_WORDS, Masks, PLAYER_FIELDS, int, read_secret};
use crate::hidra::{
    Board, End, EndReason, Flags, Pending, Pin, Player, Rules,
    board::{CELLS, Cell, Line, Tile},
    items::{Artifact, Face, Hero, Secret, Token, TokenName},
    setup::Defence,
};
use crate::{
    board_doc::{Problems, clip, describe},
    game::Seat,
    labscape::Dice,
    value::Value,
};

pub(super) fn read_rules(v: Option<&Value>, pr: &mut Problems) -> Option<Rules> {
    let v = v?;
    let shape = "rules must be {\"defence\": \"fixed\" or \"scaled\", \"hydra_every\": 1–10, \"rounds\": 5–200}";
    let keys_ok = matches!(v, Value::Object(f) if f.len() == 3);
    let defence = v
        .get("defence")
        .and_then(Value::as_str)
        .and_then(Defence::parse);
    let every = int(v.get("hydra_every")).filter(|n| (1..=10).contains(n));
    let rounds = int(v.get("rounds")).filter(|n| (5..=200).contains(n));
    match (keys_ok, defence, every, rounds) {
        (true, Some(defence), Some(e), Some(r)) => Some(Rules {
            defence,
            hydra_every: e as u8,
            rounds: r as u8,
        }),
        _ => {
            pr.push(shape);
            None
        }
    }
}

pub(super) fn read_board(v: Option<&Value>, pr: &mut Problems) -> Option<Board> {
    let v = v?;
    let shape = "board must be 5 strings (rank 5 first) of 5 tile codes separated by one space";
    let Value::Array(rows) = v else {
        pr.push(format!("{shape}, not {}", describe(v)));
        return None;
    };
    if rows.len() != 5 {
        pr.push(format!("{shape}: it has {} rows", rows.len()));
        return None;
    }
    let mut tiles: [Option<Tile>; CELLS] = [None; CELLS];
    let mut ok = true;
    for (i, row) in rows.iter().enumerate() {
        let rank = 4 - i as u8;
        let codes: Vec<&str> = row
            .as_str()
            .map(|s| s.split(' ').collect())
            .unwrap_or_default();
        if codes.len() != 5 {
            pr.push(format!("{shape}: rank {} is {}", rank + 1, describe(row)));
            ok = false;
            continue;
        }
        for (file, code) in codes.iter().enumerate() {
            let cell = Cell::new(file as u8, rank).expect("on the board");
            match Tile::parse(code) {
                Some(t) => tiles[cell.index()] = Some(t),
                None => {
                    pr.push(format!(
                        "{cell} holds “{}”, not a tile code with its walls (O, I:NS, L:NE, T:N, C1:NES, H, E, P)",
                        clip(code)
                    ));
                    ok = false;
                }
            }
        }
    }
    if !ok {
        return None;
    }
    let tiles = tiles.map(|t| t.expect("all read"));
    match Board::new(tiles) {
        Ok(b) => Some(b),
        Err(e) => {
            pr.push(e);
            None
        }
    }
}

pub(super) fn read_list<T>(
    v: Option<&Value>,
    key: &str,
    pr: &mut Problems,
    item: impl Fn(&Value) -> Option<T>,
) -> Option<Vec<T>> {
    let v = v?;
    let Value::Array(xs) = v else {
        pr.push(format!("{key} must be a list, not {}", describe(v)));
        return None;
    };
    let mut out = Vec::with_capacity(xs.len());
    let mut ok = true;
    for x in xs {
        match item(x) {
            Some(t) => out.push(t),
            None => {
                pr.push(format!(
                    "{key} holds {}, which is not allowed there",
                    describe(x)
                ));
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

pub(super) fn read_tokens(
    v: Option<&Value>,
    masks: Masks,
    pr: &mut Problems,
) -> Option<Vec<Token>> {
    let v = v?;
    let Value::Array(xs) = v else {
        pr.push(format!("tokens must be a list, not {}", describe(v)));
        return None;
    };
    let mut out = Vec::new();
    let mut ok = true;
    for (i, x) in xs.iter().enumerate() {
        let keys_ok = matches!(x, Value::Object(f) if f.len() == 3);
        let cell = x.get("cell").and_then(Value::as_str).and_then(Cell::parse);
        let up = match x.get("up") {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        };
        let name = x.get("name");
        let face = match (up, name) {
            (Some(true), Some(n)) => n.as_str().and_then(TokenName::parse).map(Face::Up),
            (Some(false), Some(n)) => {
                read_secret(n, masks.tokens(), TokenName::parse).map(Face::Down)
            }
            _ => None,
        };
        match (keys_ok, cell, face) {
            (true, Some(cell), Some(face)) => out.push(Token { cell, face }),
            _ => {
                let mut what = Vec::new();
                if !keys_ok {
                    what.push("exactly the fields cell, name, up".to_string());
                }
                if cell.is_none() {
                    what.push("a cell a1–e5".to_string());
                }
                if up.is_none() {
                    what.push("up true or false".to_string());
                }
                if face.is_none() && up.is_some() {
                    what.push(format!(
                        "a hazard or artifact name, not {}",
                        name.map_or_else(|| "none".into(), describe)
                    ));
                }
                pr.push(format!(
                    "token {i} must have a token's fields: {}",
                    what.join("; ")
                ));
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

pub(super) fn read_players(
    v: Option<&Value>,
    masks: Masks,
    pr: &mut Problems,
) -> Option<Vec<Player>> {
    let v = v?;
    let Value::Array(xs) = v else {
        pr.push(format!("players must be a list, not {}", describe(v)));
        return None;
    };
    if !(2..=4).contains(&xs.len()) {
        pr.push(format!("a game has 2 to 4 players, not {}", xs.len()));
        return None;
    }
    let mut out: Vec<Player> = Vec::new();
    let mut ok = true;
    for (i, x) in xs.iter().enumerate() {
        let mut bad = |what: String| {
            pr.push(format!("player {i}: {what}"));
            ok = false;
        };
        let Value::Object(fields) = x else {
            bad(format!("must be an object, not {}", x.kind()));
            continue;
        };
        if fields.len() != PLAYER_FIELDS.len() || !PLAYER_FIELDS.iter().all(|f| x.get(f).is_some())
        {
            bad(format!(
                "must have exactly the fields {}",
                PLAYER_FIELDS.join(", ")
            ));
            continue;
        }
        let hero = x.get("hero").and_then(Value::as_str).and_then(Hero::parse);
        let cell = x.get("cell").and_then(Value::as_str).and_then(Cell::parse);
        let hidden = masks.hand_of(i);
        let list = |key: &str| match x.get(key) {
            Some(Value::Array(a)) => Some(a.clone()),
            _ => None,
        };
        let artifacts: Option<Vec<Secret<Artifact>>> = list("artifacts").and_then(|a| {
            a.iter()
                .map(|v| read_secret(v, hidden, Artifact::parse))
                .collect()
        });
        let seen: Option<Vec<Secret<TokenName>>> = list("seen").and_then(|a| {
            a.iter()
                .map(|v| read_secret(v, hidden, TokenName::parse))
                .collect()
        });
        let penalty = int(x.get("penalty")).filter(|n| (0..=255).contains(n));
        let flag = |key: &str| match x.get(key) {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        };
        let (skip, no_fight) = (flag("skip"), flag("no_fight"));
        match (hero, cell, artifacts, seen, penalty, skip, no_fight) {
            (
                Some(hero),
                Some(cell),
                Some(artifacts),
                Some(seen),
                Some(pen),
                Some(skip),
                Some(no_fight),
            ) => {
                if out.iter().any(|p| p.hero == hero) {
                    bad(format!("the {hero} is seated twice"));
                }
                out.push(Player {
                    hero,
                    cell,
                    artifacts,
                    seen,
                    penalty: pen as u8,
                    skip,
                    no_fight,
                });
            }
            (hero, cell, artifacts, seen, penalty, skip, no_fight) => {
                let mut what = Vec::new();
                if hero.is_none() {
                    what.push("hero must be digger, weaver, rogue or warden");
                }
                if cell.is_none() {
                    what.push("cell must be a cell a1–e5");
                }
                if artifacts.is_none() {
                    what.push("artifacts must be a list of artifact names");
                }
                if seen.is_none() {
                    what.push("seen must be a list of token names");
                }
                if penalty.is_none() {
                    what.push("penalty must be a whole number 0 or more");
                }
                if skip.is_none() || no_fight.is_none() {
                    what.push("skip and no_fight must be true or false");
                }
                bad(what.join("; "));
            }
        }
    }
    ok.then_some(out)
}

pub(super) fn read_flags(v: Option<&Value>, pr: &mut Problems) -> Option<Flags> {
    let v = v?;
    let words = read_list(Some(v), "flags", pr, |x| {
        x.as_str()
            .filter(|w| FLAG_WORDS.contains(w))
            .map(str::to_string)
    })?;
    let mut f = Flags::default();
    let mut ok = true;
    for (i, w) in words.iter().enumerate() {
        if words[..i].contains(w) {
            pr.push(format!("the flag “{w}” is given twice"));
            ok = false;
        }
        match w.as_str() {
            "collected" => f.collected = true,
            "dug" => f.dug = true,
            "wove" => f.wove = true,
            "echo" => f.echo = true,
            "won" => f.won = true,
            _ => f.no_fight = true,
        }
    }
    ok.then_some(f)
}

pub(super) fn read_pending(v: Option<&Value>, pr: &mut Problems) -> Option<Pending> {
    let v = v?;
    let words = read_list(Some(v), "pending", pr, |x| {
        x.as_str()
            .filter(|w| ["drop", "scream", "hydra"].contains(w))
            .map(str::to_string)
    })?;
    let order = |w: &str| match w {
        "drop" => 0,
        "scream" => 1,
        _ => 2,
    };
    let in_order = words.windows(2).all(|w| order(&w[0]) < order(&w[1]));
    let starts_hydra = words.first().is_some_and(|w| w == "hydra");
    if !in_order || starts_hydra {
        pr.push("pending must list drop, scream, hydra in that order, each at most once, and not start with hydra");
        return None;
    }
    Some(Pending {
        drop: words.iter().any(|w| w == "drop"),
        scream: words.iter().any(|w| w == "scream"),
        hydra: words.iter().any(|w| w == "hydra"),
    })
}

pub(super) fn read_pins(v: Option<&Value>, seats: usize, pr: &mut Problems) -> Option<Option<Pin>> {
    let v = v?;
    let shape = "pins must be [] or [{\"line\": a row 1–5 or a column a–e, \"seat\": a seat}]";
    match v {
        Value::Array(xs) if xs.is_empty() => Some(None),
        Value::Array(xs) if xs.len() == 1 => {
            let x = &xs[0];
            let keys_ok = matches!(x, Value::Object(f) if f.len() == 2);
            let line = x.get("line").and_then(Value::as_str).and_then(Line::parse);
            let seat = int(x.get("seat")).filter(|n| (0..seats as i64).contains(n));
            match (keys_ok, line, seat) {
                (true, Some(line), Some(s)) => Some(Some(Pin {
                    line,
                    seat: Seat(s as u8),
                })),
                _ => {
                    pr.push(shape);
                    None
                }
            }
        }
        _ => {
            pr.push(shape);
            None
        }
    }
}

pub(super) fn read_dice(value: &Value, view: bool, pr: &mut Problems) -> Option<Option<Dice>> {
    if view {
        if value.get("dice").is_some() || value.get("rng").is_some() {
            pr.push("a view holds no dice and no rng");
            return None;
        }
        return Some(None);
    }
    let mut dice = match value.get("rng") {
        None => Some(Dice::from_seed("")),
        Some(Value::Str(s)) => {
            let d = Dice::from_state(s);
            if d.is_none() {
                pr.push(format!(
                    "rng “{}” is not a generator state this engine wrote",
                    clip(s)
                ));
            }
            d
        }
        Some(other) => {
            pr.push(format!("rng must be a string, not {}", describe(other)));
            None
        }
    };
    if let Some(v) = value.get("dice") {
        let q = read_list(Some(v), "dice", pr, |x| {
            x.as_i64().filter(|n| (1..=6).contains(n)).map(|n| n as u8)
        });
        match (q, dice.take()) {
            (Some(q), Some(d)) => dice = Some(d.with_queue(q)),
            _ => return None,
        }
    }
    dice.map(Some)
}

pub(super) fn read_result(
    v: Option<&Value>,
    seats: usize,
    pr: &mut Problems,
) -> Option<Option<End>> {
    match v? {
        Value::Null => Some(None),
        r => {
            let keys_ok = matches!(r, Value::Object(f) if f.len() == 2);
            let reason = r
                .get("reason")
                .and_then(Value::as_str)
                .and_then(EndReason::parse);
            let winner = match r.get("winner") {
                Some(Value::Null) => Some(None),
                Some(w) => w
                    .as_i64()
                    .filter(|n| (0..seats as i64).contains(n))
                    .map(|n| Some(Seat(n as u8))),
                None => None,
            };
            match (keys_ok, winner, reason) {
                (true, Some(Some(w)), Some(EndReason::Portal)) => Some(Some(End {
                    winner: Some(w),
                    reason: EndReason::Portal,
                })),
                (true, Some(None), Some(reason)) if reason != EndReason::Portal => {
                    Some(Some(End {
                        winner: None,
                        reason,
                    }))
                }
                _ => {
                    pr.push(
                        "result must be null, {\"winner\": a seat, \"reason\": \"portal\"} or \
                         {\"winner\": null, \"reason\": \"too-few-artifacts\" or \"round-limit\"}",
                    );
                    None
                }
            }
        }
    }
}
