//! Every sentence of `skarb.md`: the worked examples E1–E9 (E10 is the command line's, in
//! the bot's engine tests), the options, the refusals, the invalid positions, the views
//! and their events, random whole games of several sizes in both variants (every legal
//! action applies, other actions are refused with nothing changed, the way stays open, no
//! view holds a square the seeker has not seen), and the computer players.

use proptest::prelude::*;
use rand_core::RngCore;
use serde_json::{Value as Json, json};

use super::*;
use crate::{
    game::{Game, Refusal as RefusalTrait, SettingsError, policy_rng},
    view::Audience,
};

fn read(doc: Json) -> Position {
    Position::from_value(serde_json::from_value(doc).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

fn problems(doc: Json) -> Vec<String> {
    Position::from_value(serde_json::from_value(doc).unwrap())
        .expect_err("invalid")
        .problems
}

fn doc(p: &Position) -> Json {
    serde_json::to_value(p.to_doc()).unwrap()
}

fn view_doc(p: &Position, a: Audience) -> Json {
    serde_json::to_value(crate::view::ViewDoc {
        doc: p.view(a).to_doc(),
        view: a,
    })
    .unwrap()
}

fn position(board: &[&str], map: bool, turn: u32, to_move: u8, seen: Option<&[&str]>) -> Position {
    read(
        json!({"format": FORMAT, "board": board, "map": map, "turn": turn,
        "to_move": to_move, "result": null, "points": null, "seen": seen}),
    )
}

fn legal(p: &Position) -> Vec<String> {
    let mut l: Vec<String> = p.legal_actions().iter().map(ToString::to_string).collect();
    l.sort();
    l
}

fn sorted(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

fn apply(p: &Position, text: &str) -> (Position, Json) {
    let (_, next, ev) = p
        .apply(None, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (next, serde_json::to_value(ev).unwrap())
}

fn refusal(p: &Position, seat: Option<u8>, text: &str) -> Refusal {
    p.apply(seat.map(Seat), text).expect_err(text)
}

fn code(p: &Position, text: &str) -> &'static str {
    refusal(p, None, text).code()
}

fn settings(options: &[(&str, &str)]) -> Result<Settings, SettingsError> {
    let o: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Position::settings(&o)
}

fn new(size: u8, map: bool) -> Position {
    Position::start(Settings {
        size: Size::new(size).unwrap(),
        map,
    })
}

// --- §2 options and setup.

#[test]
fn options_default_to_eight_with_the_map_and_refuse_bad_values() {
    assert_eq!(settings(&[]).unwrap(), Settings::default());
    assert_eq!(Settings::default().size.get(), 8);
    assert!(Settings::default().map);
    let s = settings(&[("size", "12"), ("map", "no")]).unwrap();
    assert_eq!((s.size.get(), s.map), (12, false));
    assert_eq!(
        Position::options(&s),
        vec![("size", "12".to_string()), ("map", "no".to_string())]
    );
    for n in [5, 25] {
        assert!(settings(&[("size", &n.to_string())]).is_ok());
    }
    for (k, v) in [
        ("size", "4"),
        ("size", "26"),
        ("size", "eight"),
        ("map", "maybe"),
    ] {
        match settings(&[(k, v)]) {
            Err(SettingsError::BadValue { key, .. }) => assert_eq!(key, k),
            other => panic!("{k}={v}: {other:?}"),
        }
    }
    assert!(matches!(
        settings(&[("colour", "red")]),
        Err(SettingsError::UnknownOption { .. })
    ));
}

#[test]
fn a_game_seats_two_and_the_seed_changes_nothing() {
    let s = Settings::default();
    assert_eq!(Position::seats(&s), 2..=2);
    assert!(Position::new_game(&s, &["a".into()], "x").is_err());
    let a = Position::new_game(&s, &["a".into(), "b".into()], "x").unwrap();
    let b = Position::new_game(&s, &["a".into(), "b".into()], "y").unwrap();
    assert_eq!(a, b);
    assert!(a.1.is_empty());
}

// --- E1.

#[test]
fn e1_the_start() {
    let p = new(5, true);
    assert_eq!(
        doc(&p),
        json!({"format": "skarb-position/1",
            "board": ["T....", ".....", ".....", ".....", "....S"],
            "map": true, "turn": 1, "to_move": 0, "result": null, "points": null, "seen": null})
    );
    assert_eq!(
        legal(&p),
        sorted("a1 a2 a3 b1 b2 b3 c1 c2 c3 c4 c5 d3 d4 d5 e3 e4 e5 pass")
    );
    let (after, _) = apply(&p, "pass");
    assert_eq!(legal(&after), sorted("n w pass"));

    let (eight, _) =
        Position::new_game(&Settings::default(), &["a".into(), "b".into()], "").unwrap();
    let l = legal(&eight);
    assert_eq!(l.len(), 57);
    for no in ["g1", "g2", "h1", "h2", "a8", "b8", "a7", "b7"] {
        assert!(!l.contains(&no.to_string()), "{no}");
    }

    let six = Position::start(settings(&[("size", "6"), ("map", "no")]).unwrap());
    assert_eq!(
        doc(&six),
        json!({"format": "skarb-position/1",
            "board": ["T.....", "......", "......", "......", "......", ".....S"],
            "map": false, "turn": 1, "to_move": 0, "result": null, "points": null,
            "seen": ["??????", "??????", "??????", "???...", "???...", "???..."]})
    );
}

// --- E2.

const E2: [&str; 5] = ["T....", "..##.", "####.", "...#.", "##..S"];

#[test]
fn e2_the_path_rule() {
    let p = position(&E2, true, 10, 0, None);
    assert_eq!(legal(&p), sorted("a2 b2 c1 c2 pass"));
    for sq in ["c5", "d5", "e5", "e4", "e3"] {
        assert_eq!(
            refusal(&p, None, sq),
            Refusal::ClosesPath(sq_(sq, 5)),
            "{sq}"
        );
    }
    for sq in ["d1", "e2"] {
        assert!(
            matches!(refusal(&p, None, sq), Refusal::NextToSeeker { .. }),
            "{sq}"
        );
    }
    assert_eq!(refusal(&p, None, "e1"), Refusal::SeekerSquare(sq_("e1", 5)));
    for sq in ["b5", "a4", "b4"] {
        assert_eq!(
            refusal(&p, None, sq),
            Refusal::TreasureCorner(sq_(sq, 5)),
            "{sq}"
        );
    }
    assert_eq!(
        refusal(&p, None, "a5"),
        Refusal::TreasureSquare(sq_("a5", 5))
    );
    assert_eq!(refusal(&p, None, "d4"), Refusal::AlreadyHedge(sq_("d4", 5)));
    assert_eq!(refusal(&p, None, "n"), Refusal::ArchitectWalks);
    for bad in [
        "c5", "d5", "e5", "e4", "e3", "d1", "e2", "e1", "b5", "a4", "b4", "a5", "d4", "n",
    ] {
        assert_eq!(code(&p, bad), "illegal", "{bad}");
    }
    for bad in ["f3", "a6", "3,2", "hello"] {
        assert_eq!(code(&p, bad), "unreadable", "{bad}");
    }
    let (after, _) = apply(&p, "pass");
    assert_eq!(legal(&after), sorted("n w pass"));
    assert_eq!(refusal(&after, None, "s"), Refusal::IntoRing(Dir::S));
    assert_eq!(refusal(&after, None, "e"), Refusal::IntoRing(Dir::E));
    assert_eq!(code(&after, "s"), "illegal");
    assert_eq!(code(&after, "e"), "illegal");
}

fn sq_(text: &str, n: u8) -> Square {
    Square::parse(text, Size::new(n).unwrap()).unwrap()
}

// --- E3.

#[test]
fn e3_the_seekers_steps() {
    let (p, _) = apply(&new(5, true), "pass");
    let (next, ev) = apply(&p, "e2");
    assert_eq!(ev, json!([{"kind": "moved", "from": "e1", "to": "e2"}]));
    assert_eq!(
        doc(&next)["board"],
        json!(["T....", ".....", ".....", "....S", "....."])
    );
    assert_eq!(doc(&next)["turn"], 2);
    assert_eq!(doc(&next)["to_move"], 0);
    assert_eq!(p.apply(None, "e2").unwrap().0, Action::Step(Dir::N));
    for bad in ["e3", "d2", "e1"] {
        assert_eq!(code(&p, bad), "illegal", "{bad}");
        assert!(matches!(refusal(&p, None, bad), Refusal::NotNext { .. }));
    }
    assert_eq!(p.apply(None, "N").unwrap().0, Action::Step(Dir::N));
    assert_eq!(p.apply(None, "  w ").unwrap().0, Action::Step(Dir::W));
    assert_eq!(refusal(&p, Some(0), "n").code(), "not-your-turn");
}

// --- E4.

#[test]
fn e4_points() {
    // (n, with the map, [(round of arrival, points)]).
    type Case<'a> = (u8, bool, &'a [(u32, [u8; 2])]);
    let cases: &[Case<'_>] = &[
        (
            5,
            true,
            &[
                (8, [0, 100]),
                (9, [6, 94]),
                (16, [44, 56]),
                (17, [50, 50]),
                (18, [56, 44]),
                (25, [94, 6]),
                (26, [100, 0]),
            ],
        ),
        (
            8,
            true,
            &[
                (14, [0, 100]),
                (15, [2, 98]),
                (39, [49, 51]),
                (40, [51, 49]),
                (48, [67, 33]),
                (64, [98, 2]),
            ],
        ),
        (
            8,
            false,
            &[
                (48, [19, 81]),
                (103, [50, 50]),
                (104, [50, 50]),
                (192, [99, 1]),
            ],
        ),
        (7, false, &[(131, [87, 13]), (63, [37, 63])]),
    ];
    for (n, map, rows) in cases {
        let size = Size::new(*n).unwrap();
        for (t, want) in *rows {
            assert_eq!(points(size, *map, *t), *want, "n {n} map {map} round {t}");
        }
    }
    assert_eq!(limit(Size::new(5).unwrap(), true), 25);
    assert_eq!(limit(Size::new(8).unwrap(), false), 192);
    assert_eq!(winner([50, 50]), SEEKER);
    assert_eq!(winner([56, 44]), ARCHITECT);
    assert_eq!(winner([44, 56]), SEEKER);
}

// --- E5.

#[test]
fn e5_arrival_and_the_limit() {
    let near = ["TS...", ".....", ".....", ".....", "....."];
    let p = position(&near, true, 8, 1, None);
    let (end, ev) = apply(&p, "w");
    assert_eq!(
        ev,
        json!([{"kind": "moved", "from": "b5", "to": "a5"},
            {"kind": "game_over", "winner": 1, "points": [0, 100]}])
    );
    let d = doc(&end);
    assert_eq!(d["board"][0], "S....");
    assert_eq!(d["result"]["winner"], 1);
    assert_eq!(d["points"], json!([0, 100]));
    assert_eq!(
        (d["to_move"].clone(), d["turn"].clone()),
        (json!(1), json!(8))
    );
    assert_eq!(end.outcome().unwrap().winner(), Some(SEEKER));
    assert_eq!(read(d.clone()), end, "a finished position reads back");

    let (late, ev) = apply(&position(&near, true, 25, 1, None), "w");
    assert_eq!(
        ev[1],
        json!({"kind": "game_over", "winner": 0, "points": [94, 6]})
    );
    assert_eq!(late.outcome().unwrap().winner(), Some(ARCHITECT));

    let start = ["T....", ".....", ".....", ".....", "....S"];
    let last = position(&start, true, 25, 1, None);
    let (by_pass, ev) = apply(&last, "pass");
    assert_eq!(
        ev,
        json!([{"kind": "passed", "seat": 1},
            {"kind": "game_over", "winner": 0, "points": [100, 0]}])
    );
    let (by_step, ev) = apply(&last, "n");
    assert_eq!(
        ev,
        json!([{"kind": "moved", "from": "e1", "to": "e2"},
            {"kind": "game_over", "winner": 0, "points": [100, 0]}])
    );
    for end in [&end, &late, &by_pass, &by_step] {
        assert!(end.legal_actions().is_empty());
        for seat in [0, 1] {
            for a in ["pass", "n", "c3"] {
                assert_eq!(refusal(end, Some(seat), a), Refusal::GameOver);
            }
        }
        assert_eq!(read(doc(end)), *end);
    }
    assert_eq!(by_pass.outcome().unwrap().reason.code(), Some("limit"));
    assert_eq!(end.outcome().unwrap().reason.code(), Some("arrived"));
}

#[test]
fn the_architects_action_never_ends_the_game() {
    let p = position(
        &["T....", ".....", ".....", ".....", "....S"],
        true,
        25,
        0,
        None,
    );
    let (next, ev) = apply(&p, "pass");
    assert_eq!(ev, json!([{"kind": "passed", "seat": 0}]));
    assert!(!next.is_over());
    assert_eq!(next.to_move(), Some(SEEKER));
}

// --- E6, E7, E8: views.

fn e6_start() -> Position {
    Position::start(settings(&[("size", "6"), ("map", "no")]).unwrap())
}

#[test]
fn e6_the_seekers_view_and_memory() {
    let mut p = e6_start();
    let mut told = Vec::new();
    for a in ["a1", "w", "c3", "w", "pass", "w", "f3"] {
        let (_, next, ev) = p.apply(None, a).unwrap();
        told.extend(p.mask_events(&next, Audience::Seat(SEEKER), &ev));
        assert_eq!(
            p.mask_events(&next, Audience::Public, &ev),
            p.mask_events(&next, Audience::Seat(SEEKER), &ev)
        );
        assert_eq!(p.mask_events(&next, Audience::Seat(ARCHITECT), &ev), ev);
        p = next;
    }
    assert_eq!(
        serde_json::to_value(&told).unwrap(),
        json!([{"kind": "hidden", "seat": 0}, {"kind": "moved", "from": "f1", "to": "e1"},
            {"kind": "planted", "square": "c3"}, {"kind": "moved", "from": "e1", "to": "d1"},
            {"kind": "hidden", "seat": 0}, {"kind": "moved", "from": "d1", "to": "c1"},
            {"kind": "hidden", "seat": 0}])
    );
    let whole = json!({"format": "skarb-position/1",
        "board": ["T.....", "......", "......", "..#..#", "......", "#.S..."],
        "map": false, "turn": 4, "to_move": 1, "result": null, "points": null,
        "seen": ["??????", "??????", "??????", "..#...", "......", "#....."]});
    assert_eq!(doc(&p), whole);
    assert_eq!(read(whole.clone()), p);
    for (a, tag) in [
        (Audience::Seat(SEEKER), json!(1)),
        (Audience::Public, json!("public")),
    ] {
        let v = view_doc(&p, a);
        assert_eq!(
            v["board"],
            json!(["T?????", "??????", "??????", "..#..?", ".....?", "#.S..?"])
        );
        assert_eq!(v["seen"], whole["seen"]);
        assert_eq!(v["view"], tag);
    }
    let mut architect = whole.clone();
    architect["view"] = json!(0);
    assert_eq!(view_doc(&p, Audience::Seat(ARCHITECT)), architect);
    assert_eq!(legal(&p), sorted("e n w pass"));
    assert_eq!(legal(&p.view(Audience::Seat(SEEKER))), sorted("e n w pass"));

    let (after, _) = apply(&p, "e");
    let v = view_doc(&after, Audience::Seat(SEEKER));
    assert_eq!(v["board"][3], "?.#..#");
    assert_eq!(doc(&after)["seen"][3], "..#..#");
}

#[test]
fn e7_a_far_hedge_and_a_pass_look_the_same() {
    let mut p = e6_start();
    for a in ["a1", "w", "c3", "w", "pass", "w"] {
        p = apply(&p, a).0;
    }
    let seen_by = |a: Audience, text: &str| {
        let (_, next, ev) = p.apply(None, text).unwrap();
        (
            serde_json::to_value(p.mask_events(&next, a, &ev)).unwrap(),
            view_doc(&next, a),
            next,
        )
    };
    let seeker = Audience::Seat(SEEKER);
    let (far, far_view, after_far) = seen_by(seeker, "f3");
    let (pass, pass_view, after_pass) = seen_by(seeker, "pass");
    assert_eq!(far, json!([{"kind": "hidden", "seat": 0}]));
    assert_eq!((&far, &far_view), (&pass, &pass_view));
    let (near, near_view, _) = seen_by(seeker, "d3");
    assert_eq!(near, json!([{"kind": "planted", "square": "d3"}]));
    assert_eq!(near_view["board"][3], "..##.?");
    let architect = Audience::Seat(ARCHITECT);
    assert_eq!(
        seen_by(architect, "f3").0,
        json!([{"kind": "planted", "square": "f3"}])
    );
    assert_eq!(
        seen_by(architect, "pass").0,
        json!([{"kind": "passed", "seat": 0}])
    );
    assert_eq!(
        seen_by(architect, "d3").0,
        json!([{"kind": "planted", "square": "d3"}])
    );
    let far_refusal = refusal(&after_far, None, "f3");
    assert_eq!(far_refusal, refusal(&after_pass, None, "f3"));
    assert_eq!(far_refusal.code(), "illegal");
    assert_eq!(
        far_refusal.to_string(),
        refusal(&after_pass, None, "f3").to_string()
    );
}

#[test]
fn e8_views_and_the_games_end() {
    let p = read(
        json!({"format": FORMAT, "board": ["TS...", ".....", ".....", ".....", "....."],
        "map": false, "turn": 8, "to_move": 1, "result": null, "points": null,
        "seen": ["....?", "....?", "....?", "?????", "?????"]}),
    );
    assert!(p.has_secrets());
    assert_eq!(
        view_doc(&p, Audience::Seat(SEEKER))["board"],
        json!(["TS..?", "....?", "....?", "?????", "?????"])
    );
    let (end, ev) = apply(&p, "w");
    assert_eq!(ev[1]["points"], json!([0, 100]));
    assert!(!end.has_secrets());
    for a in [
        Audience::Seat(ARCHITECT),
        Audience::Seat(SEEKER),
        Audience::Public,
    ] {
        let v = view_doc(&end, a);
        assert_eq!(
            v["board"],
            json!(["S....", ".....", ".....", ".....", "....."])
        );
        let mut whole = doc(&end);
        whole["view"] = serde_json::to_value(a).unwrap();
        assert_eq!(v, whole);
        // The action that ends the game is told whole to everyone.
        assert_eq!(p.mask_events(&end, a, &end_events(&p)), end_events(&p));
    }
}

fn end_events(p: &Position) -> Vec<Event> {
    p.apply(None, "w").unwrap().2
}

#[test]
fn with_the_map_nobody_has_secrets() {
    let p = apply(&new(8, true), "a1").0;
    assert!(!p.has_secrets());
    for a in [Audience::Seat(SEEKER), Audience::Public] {
        assert_eq!(*p.view(a), p);
    }
    let start = new(8, true);
    let (_, next, ev) = start.apply(None, "a1").unwrap();
    assert_eq!(start.mask_events(&next, Audience::Public, &ev), ev);
}

// --- E9.

#[test]
fn e9_the_seeds_example_architect() {
    let mut p = new(8, true);
    let hedges = "e1 e2 e3 e4 e5 e6 e7 c8 c7 c6 c5 c4 c3 c2 a1 a2 a3 a4 a5 a6";
    for h in hedges.split_whitespace() {
        assert!(legal(&p).contains(&h.to_string()), "{h}");
        p = apply(&p, h).0;
        p = apply(&p, "pass").0;
    }
    assert_eq!(
        doc(&p)["board"],
        json!([
            "T.#.....", "..#.#...", "#.#.#...", "#.#.#...", "#.#.#...", "#.#.#...", "#.#.#...",
            "#...#..S"
        ])
    );
    assert_eq!(p.turn(), 21);
    assert_eq!(p.distances(None)[p.seeker().index(p.size())], 28);
    let mut last = Json::Null;
    while !p.is_over() {
        p = apply(&p, "pass").0;
        // The strong seeker with the map walks a shortest way.
        let step = p.choose("strong", &format!("t{}", p.turn())).unwrap();
        let (next, ev) = apply(&p, &step.to_string());
        p = next;
        last = ev;
    }
    assert_eq!(p.turn(), 48);
    assert_eq!(
        last.as_array().unwrap().last().unwrap(),
        &json!({"kind": "game_over", "winner": 0, "points": [67, 33]})
    );
}

// --- §6 notation: readable actions and invalid positions.

#[test]
fn readable_means_pass_a_direction_or_a_square_of_this_board() {
    let p = new(5, true);
    for bad in [
        "hello", "3,2", "f3", "a0", "north", "c3 d4", "a6", "", "a01", "z1",
    ] {
        assert_eq!(code(&p, bad), "unreadable", "{bad:?}");
    }
    assert_eq!(p.parse_action(" PASS ").unwrap(), Action::Pass);
    assert_eq!(p.parse_action("C3").unwrap().to_string(), "c3");
    let big = new(25, true);
    assert_eq!(big.parse_action("y25").unwrap().to_string(), "y25");
    assert_eq!(code(&big, "z1"), "unreadable");
}

fn base() -> Json {
    json!({"format": FORMAT, "board": ["T....", ".....", ".....", ".....", "....S"],
        "map": true, "turn": 1, "to_move": 0, "result": null, "points": null, "seen": null})
}

fn with(changes: &[(&str, Json)]) -> Json {
    let mut d = base();
    for (k, v) in changes {
        d[*k] = v.clone();
    }
    d
}

#[test]
fn invalid_positions_list_every_problem() {
    let cases: Vec<(Json, &str)> = vec![
        (
            {
                let mut d = base();
                d["extra"] = json!(1);
                d
            },
            "unknown field",
        ),
        (
            {
                let mut d = base();
                d.as_object_mut().unwrap().remove("seen");
                d
            },
            "“seen” is missing",
        ),
        (with(&[("format", json!("rastros-position/1"))]), "format"),
        (
            with(&[("board", json!(["T...", "....", "....", "...S"]))]),
            "from 5 to 25",
        ),
        (
            with(&[("board", json!(["T....", ".....", ".....", "....", "....S"]))]),
            "row 4",
        ),
        (
            with(&[(
                "board",
                json!(["T....", ".....", "..x..", ".....", "....S"]),
            )]),
            "c3 holds “x”",
        ),
        (
            with(&[(
                "board",
                json!(["T....", ".....", ".....", ".....", "....."]),
            )]),
            "exactly one seeker",
        ),
        (
            with(&[(
                "board",
                json!(["T....", ".....", "..S..", ".....", "....S"]),
            )]),
            "exactly one seeker",
        ),
        (
            with(&[(
                "board",
                json!(["T...T", ".....", ".....", ".....", "....S"]),
            )]),
            "not on e5",
        ),
        (
            with(&[(
                "board",
                json!([".....", ".....", ".....", ".....", "....S"]),
            )]),
            "missing from a5",
        ),
        (
            with(&[(
                "board",
                json!(["S...T", ".....", ".....", ".....", "....."]),
            )]),
            "not on e5",
        ),
        (
            with(&[(
                "board",
                json!(["T#...", ".....", ".....", ".....", "....S"]),
            )]),
            "b5 is a hedge",
        ),
        (
            with(&[(
                "board",
                json!(["T....", "##...", ".....", ".....", "....S"]),
            )]),
            "a4 is a hedge",
        ),
        (
            with(&[(
                "board",
                json!(["T....", ".....", "#####", ".....", "....S"]),
            )]),
            "no way leads",
        ),
        (with(&[("map", json!("yes"))]), "map must be"),
        (with(&[("turn", json!(0))]), "turn must be"),
        (with(&[("turn", json!(26))]), "from 1 to 25"),
        (with(&[("to_move", json!(2))]), "to_move"),
        (
            with(&[("result", json!({"winner": 3, "reason": "x"}))]),
            "result must be",
        ),
        (with(&[("points", json!([60, 50]))]), "points must be"),
        (with(&[("points", json!([100, 0]))]), "points are given"),
        (
            with(&[(
                "board",
                json!(["S....", ".....", ".....", ".....", "....."]),
            )]),
            "has no result",
        ),
        (
            with(&[("seen", json!(vec!["?????"; 5]))]),
            "seen must be null",
        ),
    ];
    for (d, want) in cases {
        let p = problems(d.clone());
        assert!(p.iter().any(|m| m.contains(want)), "{want}: {p:?} for {d}");
    }
    // Several problems at once.
    let p = problems(with(&[
        ("turn", json!(0)),
        ("to_move", json!(5)),
        ("map", json!(1)),
    ]));
    assert!(p.len() >= 3, "{p:?}");
    // Points while the game runs are listed beside a bad seat to move.
    let p = problems(with(&[("to_move", json!(5)), ("points", json!([50, 50]))]));
    assert!(p.iter().any(|m| m.contains("to_move")), "{p:?}");
    assert!(p.iter().any(|m| m.contains("points are given")), "{p:?}");
}

#[test]
fn invalid_finished_positions() {
    let arrived = |turn: u32, to_move: u8, winner: u8, pts: Json| {
        json!({"format": FORMAT, "board": ["S....", ".....", ".....", ".....", "....."],
            "map": true, "turn": turn, "to_move": to_move,
            "result": {"winner": winner, "reason": "x"}, "points": pts, "seen": null})
    };
    assert!(
        Position::from_value(serde_json::from_value(arrived(17, 1, 1, json!([50, 50]))).unwrap())
            .is_ok()
    );
    for (d, want) in [
        (arrived(17, 1, 1, Json::Null), "points must be [50, 50]"),
        (arrived(17, 0, 1, json!([50, 50])), "to_move must be 1"),
        (arrived(17, 1, 1, json!([40, 60])), "not [40, 60]"),
        (arrived(18, 1, 1, json!([56, 44])), "winner must be seat 0"),
        (arrived(17, 1, 0, json!([50, 50])), "winner must be seat 1"),
    ] {
        let p = problems(d.clone());
        assert!(p.iter().any(|m| m.contains(want)), "{want}: {p:?}");
    }
    let early = json!({"format": FORMAT, "board": ["T....", ".....", ".....", ".....", "....S"],
        "map": true, "turn": 24, "to_move": 1, "result": {"winner": 0, "reason": "x"},
        "points": [100, 0], "seen": null});
    assert!(problems(early).iter().any(|m| m.contains("not the last")));
    let at_limit = json!({"format": FORMAT, "board": ["T....", ".....", ".....", ".....", "....S"],
        "map": true, "turn": 25, "to_move": 1, "result": {"winner": 0, "reason": "x"},
        "points": [100, 0], "seen": null});
    assert_eq!(read(at_limit).end(), Some(End::Limit));
}

#[test]
fn invalid_memories() {
    let d = |seen: Json| {
        json!({"format": FORMAT, "board": ["T....", ".....", "..#..", ".....", "....S"],
            "map": false, "turn": 1, "to_move": 0, "result": null, "points": null, "seen": seen})
    };
    assert!(
        Position::from_value(
            serde_json::from_value(d(json!(["?????", "?????", "..#..", "..…..", "....."])))
                .unwrap()
        )
        .is_err()
    );
    let ok = read(d(json!(["?????", "?????", "..#..", ".....", "....."])));
    assert_eq!(ok.memory(sq_("c3", 5)), Some(Memory::Hedge));
    for (seen, want) in [
        (Json::Null, "seen must be 5 strings"),
        (
            json!(["?????", "?????", "?????", ".....", "....."]),
            "c3 is in the seeker's field",
        ),
        (
            json!(["#????", "?????", "..#..", ".....", "....."]),
            "a5 is remembered as a hedge",
        ),
        (
            json!(["?????", "?????", "..x..", ".....", "....."]),
            "holds “x”",
        ),
    ] {
        let p = problems(d(seen));
        assert!(p.iter().any(|m| m.contains(want)), "{want}: {p:?}");
    }
}

#[test]
fn the_whole_position_refuses_question_marks_and_a_view_reads_them() {
    let v = json!({"format": FORMAT, "board": ["T?????", "??????", "??????", "..#..?", ".....?", "#.S..?"],
        "map": false, "turn": 4, "to_move": 1, "result": null, "points": null,
        "seen": ["??????", "??????", "??????", "..#...", "......", "#....."]});
    assert!(problems(v.clone()).iter().any(|m| m.contains("holds “?”")));
    let view = Position::from_view_value(
        serde_json::from_value(v.clone()).unwrap(),
        Audience::Seat(SEEKER),
    )
    .unwrap();
    assert_eq!(view.audience(), Audience::Seat(SEEKER));
    assert!(view.is_masked());
    assert_eq!(legal(&view), sorted("e n w pass"));
    assert_eq!(doc(&view), v);
    // A view's characters are still checked.
    let mut bad = v;
    bad["board"][1] = json!("??x???");
    assert!(
        Position::from_view_value(serde_json::from_value(bad).unwrap(), Audience::Public).is_err()
    );
}

// --- Views, property tests and random games.

/// A random game of size `n` and variant `map`, played by random actions (and some
/// refused ones), checking every step.
fn random_game(n: u8, map: bool, seed: u64) {
    let mut rng = policy_rng(&format!("{n}{map}{seed}"));
    let mut p = new(n, map);
    let mut steps = 0;
    while !p.is_over() && steps < 400 {
        steps += 1;
        let legal_now = p.legal_actions();
        assert!(legal_now.contains(&Action::Pass));
        // Every legal action applies; a random square or direction not legal is refused
        // and changes nothing.
        let size = p.size();
        let sq = Square::at(rng.next_u32() as usize % size.squares(), size);
        for a in [
            Action::Plant(sq),
            Action::Step(Dir::ALL[rng.next_u32() as usize % 4]),
        ] {
            let before = p.clone();
            let r = p.play(p.seat_to_move(), &a);
            // The seeker may name the square he steps to.
            let canonical = match a {
                Action::Plant(to) if p.seat_to_move() == SEEKER => {
                    p.seeker().dir_to(to).map_or(a, Action::Step)
                }
                _ => a,
            };
            assert_eq!(
                r.is_ok(),
                legal_now.contains(&canonical),
                "{a} in {:?}",
                doc(&p)
            );
            assert_eq!(p, before);
        }
        // Now and then, every square: the architect's legal plants are exactly those the
        // rules allow (conditions 1–3, and a way left open), worked out square by square.
        if p.seat_to_move() == ARCHITECT && steps % 8 == 1 {
            let by_rule: Vec<Action> = Square::all(size)
                .filter(|sq| p.plant_refusal(*sq).is_none() && p.way_remains(Some(*sq)))
                .map(Action::Plant)
                .chain([Action::Pass])
                .collect();
            assert_eq!(legal_now, by_rule, "{:?}", doc(&p));
        }
        check_views(&p);
        // The architect hedges most of the time, so the mazes fill.
        let a = if p.seat_to_move() == ARCHITECT
            && legal_now.len() > 1
            && !rng.next_u32().is_multiple_of(5)
        {
            legal_now[rng.next_u32() as usize % (legal_now.len() - 1)]
        } else {
            legal_now[rng.next_u32() as usize % legal_now.len()]
        };
        let (next, events) = p.play(p.seat_to_move(), &a).unwrap();
        assert!(!events.is_empty());
        assert!(next.way_remains(None), "the way stays open");
        check_events(&p, &next, &events);
        // The document reads back to the same position.
        assert_eq!(read(doc(&next)), next);
        p = next;
    }
    check_views(&p);
}

/// Views hold nothing the seeker has not seen: every square outside his field of view
/// (the treasure's aside) is `?` in his view and in the public one, and changing those
/// squares in the whole position changes neither view by one byte.
fn check_views(p: &Position) {
    let architect = view_doc(p, Audience::Seat(ARCHITECT));
    let mut whole = doc(p);
    whole["view"] = json!(0);
    assert_eq!(architect, whole);
    let mut flipped = p.clone();
    for sq in Square::all(p.size()) {
        if !p.in_field(sq) && sq != p.treasure() {
            let i = sq.index(p.size());
            flipped.board[i] = match p.board[i] {
                Cell::Grass => Cell::Hedge,
                _ => Cell::Grass,
            };
        }
    }
    for a in [Audience::Seat(SEEKER), Audience::Public] {
        let v = view_doc(p, a);
        let text = v.to_string();
        assert_eq!(v["seen"], doc(p)["seen"]);
        if p.has_secrets() {
            assert_eq!(text, view_doc(&flipped, a).to_string(), "a view leaks");
            let n = p.size().get();
            for sq in Square::all(p.size()) {
                let c = v["board"][usize::from(n - 1 - sq.rank())].as_str().unwrap()
                    [usize::from(sq.file())..]
                    .chars()
                    .next()
                    .unwrap();
                if !p.in_field(sq) && sq != p.treasure() {
                    assert_eq!(c, '?', "{sq} outside the field of view");
                }
            }
        } else {
            let mut whole = doc(p);
            whole["view"] = serde_json::to_value(a).unwrap();
            assert_eq!(v, whole);
        }
    }
}

fn check_events(p: &Position, next: &Position, events: &[Event]) {
    for a in [Audience::Seat(SEEKER), Audience::Public] {
        let masked = p.mask_events(next, a, events);
        if !p.has_secrets() || next.is_over() {
            assert_eq!(masked, events);
            continue;
        }
        for e in &masked {
            match e {
                Event::Planted { square } => assert!(p.in_field(*square)),
                Event::Passed { seat } => assert_eq!(*seat, SEEKER),
                _ => {}
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_games_keep_every_rule(n in 5u8..=12, map in any::<bool>(), seed in any::<u64>()) {
        random_game(n, map, seed);
    }
}

#[test]
fn random_games_on_the_largest_maze() {
    random_game(25, false, 1);
    random_game(25, true, 2);
}

// --- Computer players.

fn play_out(mut p: Position, architect: &str, seeker: &str) -> Position {
    let mut i = 0;
    while !p.is_over() {
        let policy = if p.seat_to_move() == ARCHITECT {
            architect
        } else {
            seeker
        };
        let a = p.choose(policy, &format!("s{i}")).unwrap();
        p = p.play(p.seat_to_move(), &a).unwrap().0;
        i += 1;
    }
    p
}

#[test]
fn every_policy_plays_whole_games_in_both_variants() {
    for map in [true, false] {
        for a in Position::POLICIES {
            for s in Position::POLICIES {
                let end = play_out(new(6, map), a, s);
                assert!(end.final_points().is_some(), "{a} vs {s}");
            }
        }
    }
    assert_eq!(new(5, true).choose("nobody", "s"), None);
}

#[test]
fn a_strong_seeker_reaches_the_treasure_without_the_map() {
    let end = play_out(new(10, false), "strong", "strong");
    assert_eq!(end.end(), Some(End::Arrived), "{:?}", doc(&end));
    let with_map = play_out(new(10, true), "strong", "strong");
    assert_eq!(with_map.end(), Some(End::Arrived));
}

#[test]
fn the_strong_architect_beats_the_random_one() {
    let mut strong = 0u32;
    let mut random = 0u32;
    for n in [6, 8] {
        strong += u32::from(
            play_out(new(n, true), "strong", "strong")
                .final_points()
                .unwrap()[0],
        );
        random += u32::from(
            play_out(new(n, true), "random", "strong")
                .final_points()
                .unwrap()[0],
        );
    }
    assert!(strong > random, "strong {strong}, random {random}");
}

#[test]
fn the_strong_architect_lengthens_the_shortest_way() {
    // Round 1 on 5×5: the seeker is 8 steps away; the best hedge keeps 8 but leaves fewest
    // ways, and after a few rounds the way is longer than 8.
    let mut p = new(8, true);
    for i in 0..12 {
        let a = p.choose("strong", &format!("a{i}")).unwrap();
        assert!(matches!(a, Action::Plant(_)), "{a}");
        p = apply(&p, &a.to_string()).0;
        p = apply(&p, "pass").0;
    }
    assert!(p.distances(None)[p.seeker().index(p.size())] > 14);
}

#[test]
fn a_seeker_plays_the_same_whatever_lies_outside_his_view() {
    // Two mazes that differ only in squares the seeker never saw.
    let seen = ["??????", "??????", "??????", "???...", "???...", "???..."];
    let a = position(
        &["T.....", "......", "......", "......", "......", ".....S"],
        false,
        1,
        1,
        Some(&seen),
    );
    let b = position(
        &["T..#..", "..##..", "......", "......", "......", ".....S"],
        false,
        1,
        1,
        Some(&seen),
    );
    assert_ne!(a, b);
    let (mut pa, mut pb) = (a, b);
    for i in 0..6 {
        for policy in Position::POLICIES {
            let seed = format!("s{i}");
            assert_eq!(
                pa.choose(policy, &seed),
                pb.choose(policy, &seed),
                "{policy} at step {i}"
            );
        }
        let step = pa.choose("strong", &format!("s{i}")).unwrap();
        pa = apply(&apply(&pa, &step.to_string()).0, "pass").0;
        pb = apply(&apply(&pb, &step.to_string()).0, "pass").0;
        if pa.view(Audience::Seat(SEEKER)).to_doc() != pb.view(Audience::Seat(SEEKER)).to_doc() {
            break;
        }
    }
}

#[test]
fn a_policy_decides_only_for_the_seat_whose_view_it_holds() {
    let p = e6_start();
    assert!(Position::decide(&p.view(Audience::Seat(ARCHITECT)), "strong", "s").is_some());
    assert_eq!(
        Position::decide(&p.view(Audience::Seat(SEEKER)), "strong", "s"),
        None
    );
    assert_eq!(
        Position::decide(&p.view(Audience::Public), "strong", "s"),
        None
    );
}
