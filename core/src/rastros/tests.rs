//! Every sentence of `rastros.md`: the worked examples E1–E6 as fixtures, the invalid
//! positions, random whole games, and the computer players.

use proptest::prelude::*;
use rand_core::RngCore;

use super::*;
use crate::game::{Game, policy_rng};

fn board(rows: [&str; 7], to_move: u8) -> Position {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let json = format!(
        r#"{{"format": "rastros-position/1", "board": [{}], "to_move": {to_move}, "result": null}}"#,
        rows.join(",")
    );
    Position::from_value(serde_json::from_str(&json).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

fn doc(p: &Position) -> serde_json::Value {
    serde_json::to_value(p.to_doc()).unwrap()
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

fn apply(p: &Position, text: &str) -> (Position, serde_json::Value) {
    let (_, next, ev) = p
        .apply(None, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (next, serde_json::to_value(ev).unwrap())
}

fn code(p: &Position, seat: Option<u8>, text: &str) -> &'static str {
    p.apply(seat.map(Seat), text).unwrap_err().code()
}

fn game_over(ev: &serde_json::Value) -> Option<u64> {
    let last = ev.as_array()?.last()?;
    (last["kind"] == "game_over")
        .then(|| last["winner"].as_u64())
        .flatten()
}

#[test]
fn e1_the_start() {
    let (p, ev) = Position::new_game(&Settings, &["a".into(), "b".into()], "s").unwrap();
    assert!(ev.is_empty());
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "rastros-position/1", "board": [".......", ".......",
            "....O..", ".......", ".......", ".......", "......."], "to_move": 0, "result": null})
    );
    assert_eq!(legal(&p), sorted("d4 d5 d6 e4 e6 f4 f5 f6"));
}

#[test]
fn e2_the_seeds_first_four_moves() {
    let mut p = Position::start();
    let (next, ev) = apply(&p, "d4");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "moved", "from": "e5", "to": "d4"}])
    );
    p = next;
    for a in ["d5", "c6", "d7"] {
        p = apply(&p, a).0;
    }
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "rastros-position/1", "board": ["...O...", "..#....",
            "...##..", "...#...", ".......", ".......", "......."], "to_move": 0, "result": null})
    );
    assert_eq!(legal(&p), sorted("c7 d6 e6 e7"));
    assert_eq!(code(&p, None, "c6"), "illegal");
    assert_eq!(
        p.apply(None, "c6").unwrap_err().to_string(),
        "c6 holds a black piece"
    );
}

const E3: [&str; 7] = [
    ".......", ".......", "....#..", ".....#.", "....#..", "..O##..", "...#...",
];

#[test]
fn e3_the_seeds_puzzle() {
    let p = board(E3, 0);
    assert_eq!(legal(&p), sorted("b1 b2 b3 c1 c3 d3"));
    let (after_c1, _) = apply(&p, "c1");
    assert_eq!(legal(&after_c1), sorted("b1 b2"));
    for reply in ["b1", "b2"] {
        let (q, _) = apply(&after_c1, reply);
        let (end, ev) = apply(&q, "a1");
        assert_eq!(game_over(&ev), Some(0));
        assert_eq!(end.outcome().unwrap().winner(), Some(Seat(0)));
    }
    let mut q = p.clone();
    for a in ["b1", "c1", "b2", "c3", "b3", "a4"] {
        let (next, ev) = apply(&q, a);
        assert_eq!(game_over(&ev), None, "{a}");
        q = next;
    }
    assert_eq!(doc(&q)["to_move"], 0);
    assert_eq!(legal(&q), sorted("a3 a5 b4 b5"));
    // The strong player finds the quickest way home.
    assert_eq!(p.choose("strong", "s").unwrap().to_string(), "c1");
}

#[test]
fn e4_the_opponent_moving_into_your_home_makes_you_win() {
    let p = board(
        [
            ".......", ".......", "....#..", "...#...", "..#....", ".O.....", ".......",
        ],
        1,
    );
    let (end, ev) = apply(&p, "a1");
    assert_eq!(game_over(&ev), Some(0));
    assert_eq!(doc(&end)["to_move"], 1, "to_move stays the mover");
    let p = board(
        [
            ".......", "....#O.", "....#..", ".......", ".......", ".......", ".......",
        ],
        0,
    );
    assert_eq!(game_over(&apply(&p, "g7").1), Some(1));
    let p = board(
        [
            ".......", ".....O.", "....#..", ".......", ".......", ".......", ".......",
        ],
        1,
    );
    assert_eq!(game_over(&apply(&p, "g7").1), Some(1));
}

#[test]
fn e5_blocking_wins() {
    let p = board(
        [
            ".......", ".......", "....#..", "....#..", "....#..", ".....#O", ".....#.",
        ],
        1,
    );
    let (end, ev) = apply(&p, "g1");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "moved", "from": "g2", "to": "g1"}, {"kind": "game_over", "winner": 1}])
    );
    assert!(end.legal_actions().is_empty());
    assert_eq!(code(&end, None, "f2"), "game-over");
}

#[test]
fn e6_refusals_come_in_the_contracts_order() {
    let p = Position::start();
    assert_eq!(code(&p, None, "e7"), "illegal");
    assert_eq!(code(&p, None, "e5"), "illegal");
    for t in ["h1", "a8", "hello", "d4d5", ""] {
        assert_eq!(code(&p, None, t), "unreadable", "{t}");
    }
    assert_eq!(code(&p, Some(1), "d4"), "not-your-turn");
    assert_eq!(apply(&p, " D4").0, apply(&p, "d4").0);
}

#[test]
fn invalid_positions_name_every_problem() {
    let ok = r#"{"format": "rastros-position/1", "board": [".......", ".......", "....O..", ".......", ".......", ".......", "......."], "to_move": 0, "result": null}"#;
    let bad = |json: String, needle: &str| {
        let e = Position::from_value(serde_json::from_str(&json).unwrap()).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.contains(needle)),
            "{json}: {:?}",
            e.problems
        );
    };
    bad(
        ok.replace(r#""result": null"#, r#""result": null, "homes": 2"#),
        "unknown field",
    );
    bad(ok.replace(r#""to_move": 0, "#, ""), "to_move");
    bad(ok.replace("rastros-position", "avanco-position"), "format");
    bad(ok.replacen(".......", "......", 1), "rank 7");
    bad(ok.replacen(".......", "..W....", 1), "“W”");
    bad(ok.replace("....O..", "......."), "exactly one white piece");
    bad(
        ok.replacen(".......", "O......", 1),
        "exactly one white piece",
    );
    bad(
        ok.replace(r#""to_move": 0"#, r#""to_move": 1.5"#),
        "to_move must be 0 or 1",
    );
    bad(
        ok.replace(r#""result": null"#, r#""result": {"winner": 0}"#),
        "result must be",
    );
    bad(
        ok.replace("....O..", ".......")
            .replacen(".......\"]", "O......\"]", 1),
        "home",
    );
    bad(
        r#"{"format": "rastros-position/1", "board": [".......", ".......", ".......", ".......", ".......", ".....##", ".....#O"], "to_move": 0, "result": null}"#.to_string(),
        "no move",
    );
}

/// A whole random game, checking invariants along the way.
fn random_game(seed: u64) -> usize {
    let mut rng = policy_rng(&format!("ra{seed}"));
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let legal = p.legal_actions();
        assert!(!legal.is_empty());
        for s in Square::all().filter(|s| !legal.contains(s)) {
            let before = p.clone();
            assert_eq!(p.play(seat, &s).unwrap_err().code(), "illegal");
            assert_eq!(p, before);
        }
        let a = legal[rng.next_u32() as usize % legal.len()];
        p = p.play(seat, &a).unwrap().0;
        let text = serde_json::to_string(&p.to_doc()).unwrap();
        assert_eq!(
            Position::from_value(serde_json::from_str(&text).unwrap()).unwrap(),
            p
        );
        n += 1;
        assert_eq!(p.black_count() as usize, n, "one black piece per move");
        assert!(n <= 48);
    }
    n
}

#[test]
fn five_hundred_random_games_end_within_48_moves() {
    let total: usize = (0..500).map(random_game).sum();
    assert!(total > 500 * 3);
}

#[test]
fn strong_beats_random_and_easy() {
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
    for g in 0..4 {
        wins += usize::from(play("strong", "random", g) == Seat(0));
        wins += usize::from(play("random", "strong", g) == Seat(1));
    }
    assert!(wins >= 7, "{wins}/8");
    assert!(Position::start().choose("genius", "s").is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>()) {
        random_game(seed);
    }
}
