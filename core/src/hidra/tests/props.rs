//! Property tests over whole random games for 2, 3 and 4 players, every position on the
//! way checked:
//! - every legal action applies and costs what `cost` says (its AP, when nothing else
//!   takes AP in the same action), and `cost` accepts exactly the listed actions;
//! - every other action the notation can write, and a set of unreadable texts, is refused
//!   (`illegal` or `unreadable`) with the position unchanged;
//! - the position reads back as written;
//! - the tiles are always the box's 25 (counted from the document: 4 `I`, 4 `L`, 3 `T`,
//!   `C1`…`C8` once each, 3 `O`, `H`, `E`, `P`, each with its kind's walls, in any
//!   rotation), and every artifact is in exactly one place (a token, the bank, a hand or
//!   used up), the three hazards always on the board;
//! - a seat's view never holds a secret of another seat: its document names no hazard or
//!   artifact but those §9 lets it know (face up, used up, its own hand, what it has
//!   seen), masks every other hand, `seen`, the bank and the dice, lists the same legal
//!   actions for the seat to move, and reads back; masked events leak nothing;
//! - games end, never past the rules' round limit.

use proptest::prelude::*;

use super::*;
use crate::view::Audience;

/// Every action the notation can write, as text.
fn all_texts(seats: usize) -> Vec<String> {
    let mut v = Vec::new();
    for w in ["move", "ghost", "dig"] {
        for d in ["n", "e", "s", "w"] {
            for a in ["", " dodge", " blade"] {
                v.push(format!("{w} {d}{a}"));
            }
        }
    }
    for c in Cell::all() {
        v.push(format!("explore {c}"));
    }
    for n in 0..seats {
        v.push(format!("steal {n}"));
        v.push(format!("use mask {n}"));
    }
    v.extend(
        [
            "use gem",
            "use bell",
            "provoke",
            "end",
            "weave 90",
            "weave 180",
            "weave 270",
        ]
        .map(String::from),
    );
    for l in Line::all() {
        v.push(format!("use ring {l}"));
        for d in l.ends() {
            for r in ["", " 90", " 180", " 270"] {
                v.push(format!("scream {l} {d}{r}"));
            }
        }
    }
    for a in Artifact::ALL {
        v.push(format!("drop {a}"));
    }
    v
}

/// The names `seat` may read in its view of `full`.
fn check_view(full: &Position, audience: Audience) {
    let view = full.mask(audience);
    let d = doc(&view);
    assert!(d.get("dice").is_none() && d.get("rng").is_none());
    let me = audience.seat();
    for (t, ft) in view.tokens().iter().zip(full.tokens()) {
        assert_eq!(t.cell, ft.cell);
        if let Face::Down(Secret::Known(n)) = t.face {
            let seat = me.expect("the public sees no face-down name");
            assert!(
                full.players()[seat.index()]
                    .seen
                    .contains(&Secret::Known(n)),
                "{audience}: {n} shown unseen"
            );
        }
    }
    for (i, pl) in view.players().iter().enumerate() {
        let mine = me.is_some_and(|s| s.index() == i);
        let full_pl = &full.players()[i];
        assert_eq!(pl.artifacts.len(), full_pl.artifacts.len());
        assert_eq!(pl.seen.len(), full_pl.seen.len());
        if mine {
            assert_eq!(pl, full_pl);
        } else {
            assert!(
                pl.artifacts
                    .iter()
                    .chain(pl.seen.iter().map(|_| &Secret::Hidden))
                    .all(|a| *a == Secret::Hidden)
            );
            assert!(pl.seen.iter().all(|s| *s == Secret::Hidden));
        }
    }
    assert!(view.bank().iter().all(|a| *a == Secret::Hidden));
    assert_eq!(view.bank().len(), full.bank().len());
    // The view's document reads back as that audience's view, and the seat to move lists
    // the same actions from it as from the whole position.
    let back = Position::from_view_value(serde_json::from_value(d).unwrap(), audience)
        .unwrap_or_else(|e| panic!("{audience}: {e}"));
    assert_eq!(back.position(), &view);
    if me == Some(full.seat_to_move()) {
        assert_eq!(legal(&view), legal(full));
    }
}

/// Masked events name no secret the audience may not know.
fn check_events(before: &Position, next: &Position, events: &[Event]) {
    if next.result().is_some() {
        return;
    }
    for a in (0..before.seat_count() as u8)
        .map(|s| Audience::Seat(Seat(s)))
        .chain([Audience::Public])
    {
        for e in before.mask_events(next, a, events) {
            let j = serde_json::to_value(&e).unwrap();
            let Some(only) = j.get("only").and_then(|o| o.as_array()) else {
                continue;
            };
            let allowed = a.seat().is_some_and(|s| only.contains(&json!(s.0)));
            if allowed {
                continue;
            }
            for key in ["artifact", "token"] {
                if let Some(v) = j.get(key) {
                    assert_eq!(v, &json!("?"), "{a}: {j}");
                }
            }
            for key in ["artifacts"] {
                if let Some(v) = j.get(key) {
                    assert!(v.as_array().unwrap().iter().all(|x| x == "?"), "{a}: {j}");
                }
            }
            if let Some(ts) = j.get("tokens") {
                assert!(
                    ts.as_array().unwrap().iter().all(|t| t["name"] == "?"),
                    "{a}: {j}"
                );
            }
        }
    }
}

/// Texts that are not one of the notation's forms (§6 "unreadable").
const UNREADABLE: &[&str] = &[
    "hello",
    "",
    "move",
    "move x",
    "move n sideways",
    "explore f6",
    "explore a0",
    "steal 7",
    "use blade",
    "use crown",
    "use ring 6",
    "use ring f",
    "weave 45",
    "weave 0",
    "scream 3 n",
    "scream c e",
    "scream 3 e 45",
    "drop sword",
];

/// The box's 25 tiles counted from the document's board, each with its kind's walls in
/// some rotation (§2.1), written independently of the engine's own check.
fn check_tiles(d: &Json) {
    let mut codes = Vec::new();
    for row in d["board"].as_array().unwrap() {
        for tile in row.as_str().unwrap().split(' ') {
            let (code, walls) = tile.split_once(':').unwrap_or((tile, ""));
            let opposite = ["NS", "EW"].contains(&walls);
            let fits = match code {
                "I" => opposite,
                "L" => walls.len() == 2 && !opposite,
                "T" => walls.len() == 1,
                c if c.starts_with('C') => walls.len() == 3,
                _ => walls.is_empty(),
            };
            assert!(fits, "{tile}: walls that its kind does not have");
            codes.push(code.to_string());
        }
    }
    codes.sort();
    let mut want: Vec<String> = ["I"; 4]
        .into_iter()
        .chain(["L"; 4])
        .chain(["T"; 3])
        .chain(["O"; 3])
        .chain(["H", "E", "P"])
        .map(String::from)
        .chain((1..=8).map(|n| format!("C{n}")))
        .collect();
    want.sort();
    assert_eq!(codes, want, "the board holds the box's 25 tiles");
}

/// Every artifact in exactly one place, the three hazards on the board (the whole
/// position's document).
fn check_items(d: &Json) {
    let names = |v: &Json| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    };
    let mut artifacts: Vec<String> = names(&d["bank"]);
    artifacts.extend(names(&d["used"]));
    for pl in d["players"].as_array().unwrap() {
        artifacts.extend(names(&pl["artifacts"]));
    }
    let mut hazards = 0;
    for t in d["tokens"].as_array().unwrap() {
        let name = t["name"].as_str().unwrap();
        if Artifact::parse(name).is_some() {
            artifacts.push(name.to_string());
        } else {
            assert!(Hazard::parse(name).is_some(), "{t}");
            hazards += 1;
        }
    }
    artifacts.sort();
    let mut all: Vec<String> = Artifact::ALL.iter().map(|a| a.id().to_string()).collect();
    all.sort();
    assert_eq!(artifacts, all, "every artifact once");
    assert_eq!(hazards, 3, "the three hazards stay on the board");
}

/// Every string of `v` (a document, all the way down).
fn strings<'a>(v: &'a Json, out: &mut Vec<&'a str>) {
    match v {
        Json::String(s) => out.push(s),
        Json::Array(xs) => xs.iter().for_each(|x| strings(x, out)),
        Json::Object(m) => m.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// The view's document, as the engine prints it, names only what §9 lets `audience`
/// know: face-up tokens, used-up artifacts and, for a seat, its own hand and `seen`.
fn check_view_doc(full: &Position, audience: Audience) {
    let d = view_doc(full, audience);
    let found = leaks(full, audience, &d);
    assert!(found.is_empty(), "{audience}'s view names {found:?}: {d}");
    assert!(
        d.get("dice").is_none() && d.get("rng").is_none(),
        "{audience}"
    );
    for (i, pl) in d["players"].as_array().unwrap().iter().enumerate() {
        if audience.seat().is_some_and(|s| s.index() == i) {
            continue;
        }
        for key in ["artifacts", "seen"] {
            assert!(
                pl[key].as_array().unwrap().iter().all(|x| x == "?"),
                "{audience}: seat {i}'s {key}"
            );
        }
    }
    assert!(d["bank"].as_array().unwrap().iter().all(|x| x == "?"));
}

/// The hazard and artifact names in `d` that `audience` may not know of `full`.
fn leaks(full: &Position, audience: Audience, d: &Json) -> Vec<String> {
    let mut known: Vec<&str> = full.used().iter().map(|a| a.id()).collect();
    for t in full.tokens() {
        if let Face::Up(n) = t.face {
            known.push(n.id());
        }
    }
    if let Some(me) = audience.seat() {
        let pl = &full.players()[me.index()];
        for a in &pl.artifacts {
            if let Secret::Known(a) = a {
                known.push(a.id());
            }
        }
        for n in &pl.seen {
            if let Secret::Known(n) = n {
                known.push(n.id());
            }
        }
    }
    // `flags` holds words of the turn, one of them `echo` (the Amulet spent), no names.
    let mut scanned = d.clone();
    scanned["flags"] = json!([]);
    let mut found = Vec::new();
    strings(&scanned, &mut found);
    found
        .into_iter()
        .filter(|s| TokenName::parse(s).is_some() && !known.contains(s))
        .map(String::from)
        .collect()
}

#[test]
fn the_leak_check_finds_names_in_a_document_that_is_not_a_view() {
    let p = pos(&b_with(|v| hold(v, 1, &["ring"])));
    let whole = doc(&p);
    let mut found = leaks(&p, Audience::Seat(Seat(0)), &whole);
    found.sort();
    assert_eq!(
        found,
        [
            "bats",
            "bell",
            "blade",
            "chalice",
            "crown",
            "echo",
            "gem",
            "lamp",
            "map",
            "mask",
            "mud",
            "ring",
            "stalactites"
        ]
    );
    assert!(
        leaks(
            &p,
            Audience::Seat(Seat(0)),
            &view_doc(&p, Audience::Seat(Seat(0)))
        )
        .is_empty()
    );
}

/// Every text of `texts` (the notation's every form) is accepted exactly when listed, and
/// every refusal, like every unreadable text, leaves the position as it was.
fn check_refusals(p: &Position, texts: &[String], legal_now: &[String]) {
    use crate::game::Refusal as _;
    let before = p.clone();
    for t in texts {
        match p.apply(None, t) {
            Ok(_) => assert!(legal_now.contains(t), "{t} applied, not in {legal_now:?}"),
            Err(e) => {
                assert!(!legal_now.contains(t), "{t} listed, refused: {e}");
                assert!(["illegal", "unreadable"].contains(&e.code()), "{t}: {e}");
            }
        }
    }
    for t in UNREADABLE {
        let e = p.apply(None, t).map(|_| ()).expect_err(t);
        assert_eq!(e.code(), "unreadable", "{t:?}: {e}");
    }
    assert_eq!(p, &before, "a refusal changed the position");
}

/// Events that take no AP of their own: an action made only of these costs exactly its
/// price.
const QUIET: &[&str] = &[
    "moved",
    "explored",
    "used",
    "woven",
    "pinned",
    "swapped",
    "vision",
    "stolen",
    "theft",
    "collected",
    "provoked",
    "scream",
    "dropped",
    "calmed",
    "unpinned",
];

/// `action`, priced `cost` on `p`, led to `next` with `events`: the AP it took.
fn check_cost(p: &Position, action: &Action, cost: u8, next: &Position, events: &[Event]) {
    let ev: Vec<Json> = events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let k = kinds(&ev);
    if k.iter().any(|x| x == "ended" || x == "game_over") {
        return;
    }
    assert!(
        next.ap() + cost <= p.ap(),
        "{action}: {} + {cost} > {}",
        next.ap(),
        p.ap()
    );
    let quiet = k.iter().all(|x| QUIET.contains(&x.as_str()));
    let failed = ev.iter().any(|e| e["success"] == json!(false));
    if quiet && !failed && !p.flags().won {
        assert_eq!(next.ap() + cost, p.ap(), "{action}: {ev:?}");
    }
}

/// The checks made of every position, whole games or quick ones.
fn check_position(p: &Position) {
    let d = doc(p);
    assert_eq!(pos(&d), *p, "the document reads back");
    check_tiles(&d);
    check_items(&d);
    assert!(
        p.round() <= p.rules().rounds,
        "round {} past the limit",
        p.round()
    );
}

/// Everything about the actions of `p`, one by one (the deep games).
fn check_every_action(p: &Position, texts: &[String]) {
    let legal_now = legal(p);
    check_refusals(p, texts, &legal_now);
    let seat = p.seat_to_move();
    for a in p.legal_actions() {
        let cost = p.cost(&a).unwrap_or_else(|e| panic!("{a} listed: {e}"));
        let (next, events) = p
            .play(seat, &a)
            .unwrap_or_else(|e| panic!("{a} listed, refused: {e}"));
        check_cost(p, &a, cost, &next, &events);
    }
    for a in (0..p.seat_count() as u8)
        .map(|s| Audience::Seat(Seat(s)))
        .chain([Audience::Public])
    {
        check_view(p, a);
        check_view_doc(p, a);
    }
}

/// Plays a whole game with the computer players, checking every position on the way;
/// the number of actions.
fn play_out(players: usize, seed: u64, deep: bool) -> usize {
    let settings = Position::settings(&[("players".into(), players.to_string())]).unwrap();
    let names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
    let (mut p, _) = Position::new_game(&settings, &names, &format!("seed {seed}")).unwrap();
    let texts = all_texts(players);
    let policies = ["random", "easy", "strong"];
    for n in 0..5000 {
        check_position(&p);
        if p.is_over() {
            assert!(p.legal_actions().is_empty());
            let end = p.result().unwrap();
            if end.reason == EndReason::RoundLimit {
                assert_eq!(p.round(), p.rules().rounds);
            }
            return n;
        }
        if deep {
            check_every_action(&p, &texts);
        } else {
            check_view_doc(&p, Audience::Seat(p.seat_to_move()));
        }
        let seat = p.seat_to_move();
        let policy = policies[(seed as usize + n + seat.index()) % 3];
        let action = p.choose(policy, &format!("{seed}/{n}")).expect("an action");
        let cost = p.cost(&action).expect("the policy plays legal actions");
        let (next, events) = p.play(seat, &action).unwrap();
        check_cost(&p, &action, cost, &next, &events);
        if deep {
            check_events(&p, &next, &events);
        }
        p = next;
    }
    panic!("the game did not end in 5000 actions");
}

#[test]
fn whole_games_for_two_three_and_four_players_hold_every_property() {
    for players in 2..=4 {
        for seed in 0..2u64 {
            play_out(players, seed, true);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_games_end_and_stay_valid(seed in any::<u64>(), players in 2usize..=4) {
        play_out(players, seed, false);
    }
}

/// A field of B given a random value: the reader answers (a position or its problems)
/// and never panics; a position it accepts plays every legal action.
fn mutate(v: &mut Json, field: usize, pick: usize) {
    let values = [
        json!(null),
        json!(0),
        json!(-1),
        json!(3),
        json!(255),
        json!("?"),
        json!("c3"),
        json!([]),
        json!(["?"]),
        json!(["scream"]),
        json!(["drop", "scream"]),
        json!(["won"]),
        json!({"winner": 1, "reason": "portal"}),
        json!({"winner": null, "reason": "round-limit"}),
        json!([{"line": "c", "seat": 2}]),
        json!(["gem"]),
        json!(true),
    ];
    let keys = [
        "rules", "board", "tokens", "bank", "emptied", "used", "players", "first", "round",
        "to_move", "ap", "flags", "pending", "calm", "pins", "dice", "result",
    ];
    let value = values[pick % values.len()].clone();
    let key = keys[field % keys.len()];
    match key {
        "players" => {
            player(v, pick % 3)[["cell", "penalty", "artifacts", "seen", "skip"][pick % 5]] = value
        }
        "tokens" => v["tokens"][pick % 8][["cell", "name", "up"][pick % 3]] = value,
        _ => v[key] = value,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn any_document_is_read_or_refused_without_panicking(
        changes in proptest::collection::vec((0usize..17, 0usize..1000), 1..4)
    ) {
        let mut v = b();
        for (field, pick) in changes {
            mutate(&mut v, field, pick);
        }
        if let Ok(p) = read(&v) {
            prop_assert_eq!(pos(&doc(&p)), p.clone());
            for a in p.legal_actions() {
                prop_assert!(p.play(p.seat_to_move(), &a).is_ok());
            }
        }
    }
}
