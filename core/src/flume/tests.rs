//! Every sentence of `flume.md`: the worked examples E1–E6 as fixtures, the invalid
//! positions, whole turns typed at once, random whole games, the computer players.

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

fn apply(p: &Position, text: &str) -> (Position, serde_json::Value) {
    let (_, next, ev) = p
        .apply(None, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (next, serde_json::to_value(ev).unwrap())
}

fn code(p: &Position, seat: Option<u8>, text: &str) -> &'static str {
    p.apply(seat.map(Seat), text).unwrap_err().code()
}

fn has_swap(p: &Position) -> bool {
    p.legal_actions().contains(&Action::Swap)
}

#[test]
fn e1_e2_the_start_the_first_placement_and_the_swap() {
    let (p, ev) = Position::new_game(&Settings, &["a".into(), "b".into()], "s").unwrap();
    assert!(ev.is_empty());
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "flume-position/1", "board": [".......", ".......", ".......",
            ".......", ".......", ".......", "......."], "to_move": 0, "colors": ["W", "B"], "result": null})
    );
    assert_eq!(p.legal_actions().len(), 49);
    assert!(!has_swap(&p));
    let (p, ev) = apply(&p, "d4");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "placed", "square": "d4", "colour": "W", "again": false}])
    );
    assert_eq!(doc(&p)["board"][3], "...W...");
    assert_eq!(doc(&p)["to_move"], 1);
    assert_eq!(p.legal_actions().len(), 49);
    assert!(has_swap(&p));
    let (p, ev) = apply(&p, "SWAP");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "swapped", "colors": ["B", "W"]}])
    );
    assert_eq!(doc(&p)["colors"], serde_json::json!(["B", "W"]));
    assert_eq!(doc(&p)["to_move"], 0);
    assert_eq!(p.legal_actions().len(), 48);
    assert!(!has_swap(&p));
    let (p, _) = apply(&p, "c3");
    assert_eq!(doc(&p)["board"][4], "..B....");
    assert_eq!(doc(&p)["to_move"], 1);
}

const E3: &str = r#"{"format": "flume-position/1", "board": [".......", ".......", ".......", "...W...", ".......", "B......", "......."], "to_move": 0, "colors": ["W", "B"], "result": null}"#;

#[test]
fn e3_place_again_at_the_edge() {
    let p = pos(E3);
    let (q, ev) = apply(&p, "a1");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "placed", "square": "a1", "colour": "W", "again": true}])
    );
    assert_eq!(doc(&q)["to_move"], 0);
    assert_eq!(q.legal_actions().len(), 46);
    assert!(!has_swap(&q));
    let (r, ev) = apply(&q, "b1");
    assert_eq!(ev[0]["again"], false);
    assert_eq!(doc(&r)["to_move"], 1);
    // E6, in E3 after a1.
    assert_eq!(code(&q, Some(1), "b1"), "not-your-turn");
    assert_eq!(code(&q, None, "a1"), "illegal");
    assert_eq!(code(&q, None, "swap"), "illegal");
}

#[test]
fn e4_five_stones_in_one_turn() {
    let p = pos(
        r#"{"format": "flume-position/1", "board": [".BWBWB.", "WBWBWBW", "BW...BW", "BW...BW", "BW...BW", "BWBWBWB", ".WBWBW."], "to_move": 1, "colors": ["W", "B"], "result": null}"#,
    );
    assert_eq!((p.count(Colour::Black), p.count(Colour::White)), (18, 18));
    let mut q = p.clone();
    for corner in ["a1", "g1", "a7", "g7"] {
        let (next, ev) = apply(&q, corner);
        assert_eq!(ev[0]["again"], true, "{corner}");
        assert_eq!(doc(&next)["to_move"], 1);
        q = next;
    }
    let (q, ev) = apply(&q, "d4");
    assert_eq!(ev[0]["again"], false);
    assert_eq!(doc(&q)["to_move"], 0);
    assert_eq!((q.count(Colour::Black), q.count(Colour::White)), (23, 18));
    // The same turn typed at once.
    let turn: Vec<Action> = ["a1", "g1", "a7", "g7", "d4"]
        .iter()
        .map(|t| p.parse_action(t).unwrap())
        .collect();
    assert_eq!(p.play_turn(Seat(1), &turn).unwrap().0, q);
    let mut bad = turn.clone();
    bad[2] = Action::Place(Square::parse("b7").unwrap());
    assert_eq!(
        p.play_turn(Seat(1), &bad).unwrap_err().0,
        2,
        "which part was refused"
    );
}

#[test]
fn e5_the_game_ends_in_the_middle_of_a_chain() {
    let p = pos(
        r#"{"format": "flume-position/1", "board": [".BBBBB.", "BBBBWBW", "BW...BW", "BW...BW", "BW...BW", "BWBWBWB", ".WBWBW."], "to_move": 1, "colors": ["W", "B"], "result": null}"#,
    );
    assert_eq!((p.count(Colour::Black), p.count(Colour::White)), (22, 14));
    let (q, _) = apply(&p, "a1");
    let (q, _) = apply(&q, "g1");
    let (q, ev) = apply(&q, "a7");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "placed", "square": "a7", "colour": "B", "again": false},
            {"kind": "game_over", "winner": 1, "stones": {"W": 14, "B": 25}}])
    );
    assert!(
        q.get(Square::parse("g7").unwrap()).is_none(),
        "the hole g7 stays empty"
    );
    assert_eq!(doc(&q)["to_move"], 1);
    assert_eq!(code(&q, None, "g7"), "game-over");
}

#[test]
fn e6_refusals() {
    let p = Position::start();
    assert_eq!(code(&p, None, "swap"), "illegal");
    for t in ["h1", "a8", "hello", "", "d4 d5"] {
        assert_eq!(code(&p, None, t), "unreadable", "{t}");
    }
    assert_eq!(code(&p, Some(1), "d4"), "not-your-turn");
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
    bad(
        E3.replace(r#""result": null"#, r#""result": null, "supply": 3"#),
        "unknown field",
    );
    bad(E3.replace(r#""colors": ["W", "B"], "#, ""), "colors");
    bad(
        E3.replace(r#"["W", "B"]"#, r#"["W", "W"]"#),
        "colors must be",
    );
    bad(E3.replace("flume-position", "produto-position"), "format");
    bad(E3.replacen(".......", "...X...", 1), "“X”");
    bad(
        E3.replace(r#""to_move": 0"#, r#""to_move": 7"#),
        "to_move must be 0 or 1",
    );
    bad(
        E3.replace(r#""result": null"#, r#""result": {"winner": 1}"#),
        "result must be",
    );
    bad(
        r#"{"format": "flume-position/1", "board": ["WWWWWWW", "WWWWWWW", "WWWWWWW", "WWWW...", ".......", ".......", "......."], "to_move": 0, "colors": ["W", "B"], "result": null}"#.to_string(),
        "25 win",
    );
}

/// A whole random game, checking invariants along the way.
fn random_game(seed: u64) -> usize {
    let mut rng = policy_rng(&format!("fl{seed}"));
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let legal = p.legal_actions();
        let a = legal[rng.next_u32() as usize % legal.len()];
        let before = p.clone();
        if let Some(Action::Place(occupied)) = Square::all()
            .find(|s| p.get(*s).is_some())
            .map(Action::Place)
        {
            assert_eq!(
                p.play(seat, &Action::Place(occupied)).unwrap_err().code(),
                "illegal"
            );
            assert_eq!(p, before);
        }
        let (next, ev) = p.play(seat, &a).unwrap();
        if let (Action::Place(s), Some(Event::Placed { again, .. })) = (a, ev.first()) {
            let expect = next.result().is_none() && next.empty_neighbours(s) <= 1;
            assert_eq!(*again, expect);
            assert_eq!(next.to_move() == Some(seat), expect);
        }
        p = next;
        let text = serde_json::to_string(&p.to_doc()).unwrap();
        assert_eq!(
            Position::from_value(serde_json::from_str(&text).unwrap()).unwrap(),
            p
        );
        n += 1;
        assert!(n <= 50);
    }
    let (w, _) = p.result().unwrap();
    assert!(p.count(p.colour_of(w)) > p.count(p.colour_of(Seat(1 - w.0))));
    n
}

#[test]
fn five_hundred_random_games_end_with_a_majority() {
    let total: usize = (0..500).map(random_game).sum();
    assert!(total > 500 * 30);
}

#[test]
fn strong_beats_random() {
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
    let mut wins = 0;
    for g in 0..2 {
        wins += usize::from(play("strong", "random", g) == Seat(0));
        wins += usize::from(play("random", "strong", g) == Seat(1));
    }
    assert!(wins >= 3, "{wins}/4");
    assert!(Position::start().choose("genius", "s").is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>()) {
        random_game(seed);
    }
}
