//! The position document `hidra-position/1` (§11.1), written canonically and read with
//! every problem of §11.3 listed. A view's document (§9) is read by the same code, with `?`
//! allowed exactly where that audience's view masks.

use super::{
    Board, End, EndReason, Flags, Pending, Pin, Player, Position, Rules,
    board::{CELLS, Cell, Chamber, Line, Tile, TileKind},
    items::{Artifact, Face, Hero, Secret, Token, TokenName, tuning},
    play::sort_tokens,
    setup::Defence,
};
use crate::{
    board_doc::{Problems, clip, describe},
    game::{PositionError, Seat},
    labscape::Dice,
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

fn secret_value<T: std::fmt::Display>(s: &Secret<T>) -> Value {
    Value::from(s.to_string())
}

/// The position as its document.
pub(super) fn to_doc(p: &Position) -> Value {
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
        ("format", Value::from(super::FORMAT)),
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

fn read_rules(v: Option<&Value>, pr: &mut Problems) -> Option<Rules> {
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

fn read_board(v: Option<&Value>, pr: &mut Problems) -> Option<Board> {
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

fn read_list<T>(
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

fn read_tokens(v: Option<&Value>, masks: Masks, pr: &mut Problems) -> Option<Vec<Token>> {
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

fn read_players(v: Option<&Value>, masks: Masks, pr: &mut Problems) -> Option<Vec<Player>> {
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

fn read_flags(v: Option<&Value>, pr: &mut Problems) -> Option<Flags> {
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

fn read_pending(v: Option<&Value>, pr: &mut Problems) -> Option<Pending> {
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

fn read_pins(v: Option<&Value>, seats: usize, pr: &mut Problems) -> Option<Option<Pin>> {
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

fn read_dice(value: &Value, view: bool, pr: &mut Problems) -> Option<Option<Dice>> {
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

fn read_result(v: Option<&Value>, seats: usize, pr: &mut Problems) -> Option<Option<End>> {
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

/// The rules of §11.3 that tie fields together.
fn check(p: &Position, pr: &mut Problems) {
    let kind = |c: Cell| p.board.tile(c).kind();
    let hydra = p.board.hydra();
    // Tokens.
    let mut hazards = Vec::new();
    for t in &p.tokens {
        let chamber = matches!(kind(t.cell), TileKind::Chamber(_));
        match (t.face, t.name()) {
            (_, Some(TokenName::Hazard(h))) => {
                if !chamber {
                    pr.push(format!(
                        "the hazard {h} lies on {}, which is not a chamber",
                        t.cell
                    ));
                }
                hazards.push(h);
            }
            (Face::Down(_), _) if !chamber => {
                pr.push(format!(
                    "a face-down token lies on {}, which is not a chamber",
                    t.cell
                ));
            }
            (Face::Up(TokenName::Artifact(a)), _) if t.cell != hydra => {
                pr.push(format!(
                    "the face-up {a} lies on {}: face-up artifacts lie only on the Hydra's tile",
                    t.cell
                ));
            }
            _ => {}
        }
    }
    for c in Cell::all() {
        if matches!(kind(c), TileKind::Chamber(_)) && p.tokens_on(c).count() > 1 {
            pr.push(format!(
                "the chamber on {c} holds {} tokens: one at most",
                p.tokens_on(c).count()
            ));
        }
    }
    let hidden_down = p
        .tokens
        .iter()
        .filter(|t| matches!(t.face, Face::Down(Secret::Hidden)))
        .count();
    let mut distinct = hazards.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != hazards.len() || hazards.len() > 3 || hazards.len() + hidden_down < 3 {
        pr.push(format!(
            "the board must hold exactly 3 different hazards, not {}",
            hazards
                .iter()
                .map(|h| h.id())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    // Artifacts: each exactly once among board, bank, hands and used.
    let mut slots = 0usize;
    let mut known: Vec<Artifact> = Vec::new();
    let mut count = |s: Secret<Artifact>| {
        slots += 1;
        if let Secret::Known(a) = s {
            known.push(a);
        }
    };
    for t in &p.tokens {
        match t.face {
            Face::Down(Secret::Known(TokenName::Artifact(a)))
            | Face::Up(TokenName::Artifact(a)) => count(Secret::Known(a)),
            _ => {}
        }
    }
    p.bank.iter().for_each(|a| count(*a));
    p.players
        .iter()
        .flat_map(|pl| &pl.artifacts)
        .for_each(|a| count(*a));
    p.used.iter().for_each(|a| count(Secret::Known(*a)));
    let hidden_artifacts_on_board = hidden_down.saturating_sub(3 - hazards.len().min(3));
    slots += hidden_artifacts_on_board;
    for a in Artifact::ALL {
        let n = known.iter().filter(|k| *k == a).count();
        if n > 1 {
            pr.push(format!(
                "the {a} is found {n} times among the board, bank, hands and used"
            ));
        }
    }
    if slots != Artifact::ALL.len() {
        pr.push(format!(
            "every artifact must be exactly once among the board, the bank, the hands and used: {slots} found"
        ));
    } else if p.dice.is_some() {
        for a in Artifact::ALL {
            if !known.contains(a) {
                pr.push(format!(
                    "the {a} is missing from the board, the bank, the hands and used"
                ));
            }
        }
    }
    // Emptied chambers.
    for (i, c) in p.emptied.iter().enumerate() {
        if p.emptied[..i].contains(c) {
            pr.push(format!("emptied names {c} twice"));
        }
        if p.tokens_on(p.board.chamber(*c)).next().is_some() {
            pr.push(format!("emptied names {c}, which holds a token"));
        }
    }
    for c in Chamber::all() {
        if p.tokens_on(p.board.chamber(c)).next().is_none() && !p.emptied.contains(&c) {
            pr.push(format!("{c} holds no token but is not in emptied"));
        }
    }
    // Seen.
    for (i, pl) in p.players.iter().enumerate() {
        for (j, s) in pl.seen.iter().enumerate() {
            let Secret::Known(n) = s else { continue };
            if pl.seen[..j].contains(s) {
                pr.push(format!("player {i} has seen {n} twice"));
            }
            let down = p
                .tokens
                .iter()
                .any(|t| t.face == Face::Down(Secret::Known(*n)));
            if !down && p.dice.is_some() {
                pr.push(format!(
                    "player {i} has seen {n}, which is not a face-down token"
                ));
            }
        }
        if kind(pl.cell) == TileKind::Portal
            && p.result.is_none_or(|r| r.winner != Some(Seat(i as u8)))
        {
            pr.push(format!(
                "player {i} stands on the Portal without having won"
            ));
        }
    }
    if p.pending.drop && p.hand_size(p.to_move) < 2 {
        pr.push("a drop is pending but the seat to move holds fewer than 2 artifacts");
    }
    if p.result.is_none() {
        if p.artifacts_left() < tuning::TO_WIN {
            pr.push("fewer than 3 artifacts are left but the game has no result");
        }
        if p.ap == 0 && p.pending.is_empty() {
            pr.push("the seat to move has no action points and nothing pending");
        }
        if p.flags.won && p.players[p.to_move.index()].cell != hydra {
            pr.push("won is set but the seat to move is not on the Hydra's tile");
        }
    }
}
