//! Every sentence of `gatos-caes.md`: the worked examples E1–E5 as fixtures, the invalid
//! positions, random whole games, and the computer players.

use proptest::prelude::*;
use rand_core::RngCore;

use super::*;
use crate::game::{Game, policy_rng};

fn pos(json: &str) -> Position {
    Position::from_value(serde_json::from_str(json).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

fn doc(p: &Position) -> serde_json::Value {
    serde_json::to_value(p.to_doc()).unwrap()
}

fn legal(p: &Position) -> Vec<String> {
    let mut l: Vec<String> = p.legal_actions().iter().map(ToString::to_string).collect();
    l.sort();
    l
}

fn apply(p: &Position, text: &str) -> (Position, serde_json::Value) {
    let (_, next, ev) = p
        .apply(None, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (next, serde_json::to_value(ev).unwrap())
}

fn refusal(p: &Position, seat: Option<u8>, text: &str) -> Refusal {
    p.apply(seat.map(Seat), text).unwrap_err()
}

fn board(rows: [&str; 8], to_move: u8) -> Position {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    pos(&format!(
        r#"{{"format": "gatos-caes-position/1", "board": [{}], "to_move": {to_move}, "result": null}}"#,
        rows.join(",")
    ))
}

const EMPTY: &str = "........";

#[test]
fn e1_the_first_cat_goes_in_the_centre() {
    let (p, ev) = Position::new_game(&Settings, &["c".into(), "d".into()], "s").unwrap();
    assert!(ev.is_empty());
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "gatos-caes-position/1", "board": [EMPTY, EMPTY, EMPTY,
            EMPTY, EMPTY, EMPTY, EMPTY, EMPTY], "to_move": 0, "result": null})
    );
    assert_eq!(legal(&p), ["d4", "d5", "e4", "e5"]);
    let r = refusal(&p, None, "a1");
    assert_eq!(
        (r.code(), r.to_string().as_str()),
        ("illegal", "the first cat goes on d4, d5, e4 or e5")
    );
}

#[test]
fn e2_the_seeds_opening() {
    let p = board(
        [EMPTY, EMPTY, EMPTY, "...C....", EMPTY, EMPTY, EMPTY, EMPTY],
        1,
    );
    let r = refusal(&p, None, "c5");
    assert_eq!(
        (r.code(), r.to_string().as_str()),
        ("illegal", "c5 is next to the cat on d5")
    );
    assert_eq!(refusal(&p, None, "e5").code(), "illegal");
    let l = legal(&p);
    assert_eq!(l.len(), 58);
    for s in ["c5", "d4", "d5", "d6", "e4", "e5"] {
        assert!(!l.contains(&s.to_string()), "{s}");
    }
    let (next, ev) = apply(&p, "a1");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "placed", "square": "a1", "piece": "D"}])
    );
    assert_eq!(doc(&next)["to_move"], 0);
}

#[test]
fn e3_only_the_first_dog_is_kept_out_of_the_centre() {
    let p = board(
        [EMPTY, EMPTY, EMPTY, EMPTY, "...C....", EMPTY, EMPTY, EMPTY],
        1,
    );
    assert_eq!(
        refusal(&p, None, "e5").to_string(),
        "the first dog goes outside d4, d5, e4, e5"
    );
    let mut p = Position::start();
    for a in ["d4", "a1", "a8", "e5"] {
        p = apply(&p, a).0;
    }
    assert_eq!(
        doc(&p)["board"],
        serde_json::json!([
            "C.......", EMPTY, EMPTY, "....D...", "...C....", EMPTY, EMPTY, "D......."
        ])
    );
    assert_eq!(doc(&p)["to_move"], 0);
    let p = board(
        [
            EMPTY, EMPTY, EMPTY, EMPTY, "...C....", EMPTY, EMPTY, "D.......",
        ],
        0,
    );
    assert_eq!(
        refusal(&p, None, "b1").to_string(),
        "b1 is next to the dog on a1"
    );
    assert_eq!(refusal(&p, None, "a1").to_string(), "a1 is occupied");
}

const E4: [&str; 8] = [
    "D.CC.D.C", ".D.C.DD.", ".D.CC...", "D.CCC.C.", ".C...D.D", ".C.D.DD.", "D.D.D..C", ".C.C.C..",
];

#[test]
fn e4_the_seeds_second_diagram() {
    let dogs = board(E4, 1);
    assert_eq!(legal(&dogs), ["a6", "a7", "e3", "h6"]);
    let cats = board(E4, 0);
    assert_eq!(legal(&cats), ["c4", "g1", "h1", "h6"]);
    let mut p = dogs.clone();
    let mut last = serde_json::Value::Null;
    for a in ["h6", "c4", "a6", "g1", "a7", "h1", "e3"] {
        let (next, ev) = apply(&p, a);
        p = next;
        last = ev;
    }
    assert_eq!(
        last.as_array().unwrap().last().unwrap(),
        &serde_json::json!({"kind": "game_over", "winner": 1})
    );
    assert_eq!(doc(&p)["to_move"], 1);
    assert!(p.legal_actions().is_empty());
    let mut p = cats.clone();
    for a in ["h6", "a6", "c4", "a7", "g1", "e3", "h1"] {
        p = apply(&p, a).0;
    }
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat(0)));
    // h6 is the dogs' only winning placement: the strong player finds it.
    for seed in 0..3 {
        assert_eq!(
            dogs.choose("strong", &seed.to_string())
                .unwrap()
                .to_string(),
            "h6"
        );
    }
}

#[test]
fn e5_refusals_come_in_the_contracts_order() {
    let p = Position::start();
    for t in ["i1", "a9", "hello", "e4e5", ""] {
        assert_eq!(refusal(&p, None, t).code(), "unreadable", "{t}");
    }
    assert_eq!(refusal(&p, Some(1), "d4").code(), "not-your-turn");
    let mut done = board(E4, 1);
    for a in ["h6", "c4", "a6", "g1", "a7", "h1", "e3"] {
        done = apply(&done, a).0;
    }
    assert_eq!(refusal(&done, Some(0), "zz").code(), "game-over");
}

#[test]
fn invalid_positions_name_every_problem() {
    let bad = |json: String, needle: &str| {
        let e = Position::from_value(serde_json::from_str(&json).unwrap()).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.contains(needle)),
            "{json}: {:?}",
            e.problems
        );
    };
    let ok = format!(
        r#"{{"format": "gatos-caes-position/1", "board": ["{EMPTY}","{EMPTY}","{EMPTY}","{EMPTY}","{EMPTY}","{EMPTY}","{EMPTY}","{EMPTY}"], "to_move": 0, "result": null}}"#
    );
    pos(&ok);
    bad(
        ok.replace(r#""result": null"#, r#""result": null, "supply": 1"#),
        "unknown field",
    );
    bad(ok.replace(r#", "to_move": 0"#, ""), "to_move");
    bad(ok.replace("gatos-caes", "rastros"), "format");
    bad(ok.replacen(EMPTY, "........x", 1), "rank 8");
    bad(ok.replacen(EMPTY, ".......X", 1), "“X”");
    bad(
        ok.replace(r#""to_move": 0"#, r#""to_move": -1"#),
        "to_move must be 0 or 1",
    );
    bad(
        ok.replace(
            r#""result": null"#,
            r#""result": {"winner": 0, "reason": 3}"#,
        ),
        "result must be",
    );
    bad(ok.replacen(EMPTY, "CD......", 1), "next to the dog on b8");
    bad(ok.replacen(EMPTY, "CCCCCCCC", 4), "only 28");
    // Cats to move with nowhere to go while the game goes on.
    let full = r#"{"format": "gatos-caes-position/1", "board": ["DDDDDDDD","DDDDDDDD","DDDDDDDD","DDDDDDD.","DDDDDDDD","DDDDDDDD","DDDDDDDD","DDDDDDDD"], "to_move": 0, "result": null}"#.to_string();
    bad(full, "no legal placement");
}

/// A whole random game, checking invariants along the way.
fn random_game(seed: u64) -> usize {
    let mut rng = policy_rng(&format!("gc{seed}"));
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let legal = p.legal_actions();
        assert!(!legal.is_empty(), "nobody faces a turn without a placement");
        if n % 7 == 0 {
            for s in Square::all().filter(|s| !legal.contains(s)) {
                let before = p.clone();
                assert_eq!(p.play(seat, &s).unwrap_err().code(), "illegal");
                assert_eq!(p, before);
            }
        }
        let a = legal[rng.next_u32() as usize % legal.len()];
        p = p.play(seat, &a).unwrap().0;
        let text = serde_json::to_string(&p.to_doc()).unwrap();
        assert_eq!(
            Position::from_value(serde_json::from_str(&text).unwrap()).unwrap(),
            p
        );
        n += 1;
        assert!(n <= 56);
    }
    let (w, _) = p.result().unwrap();
    assert_eq!(w, p.seat_to_move(), "the last to place wins");
    assert!(p.placements(Kind::of(Seat(1 - w.0))).is_empty());
    n
}

#[test]
fn five_hundred_random_games_end_with_the_last_placement() {
    let total: usize = (0..500).map(random_game).sum();
    assert!(total > 500 * 10);
}

#[test]
fn strong_beats_random_and_mostly_easy() {
    let play = |a: &str, b: &str, g: u64| {
        let mut p = Position::start();
        let mut n = 0;
        while let Some(seat) = p.to_move() {
            let policy = if seat.0 == 0 { a } else { b };
            p = p
                .play(seat, &p.choose(policy, &format!("{g}/{n}")).unwrap())
                .unwrap()
                .0;
            n += 1;
        }
        p.outcome().unwrap().winner().unwrap()
    };
    let mut vs_random = 0;
    let mut vs_easy = 0;
    for g in 0..3 {
        if play("strong", "random", g) == Seat(0) {
            vs_random += 1;
        }
        if play("random", "strong", g) == Seat(1) {
            vs_random += 1;
        }
        if play("strong", "easy", g) == Seat(0) {
            vs_easy += 1;
        }
    }
    assert!(vs_random >= 5, "{vs_random}/6");
    assert!(vs_easy >= 2, "{vs_easy}/3");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>()) {
        random_game(seed);
    }
}
