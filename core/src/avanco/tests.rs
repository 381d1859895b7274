//! Every sentence of `avanco.md`: the worked examples E1–E9 as fixtures, the invalid
//! positions, the chat's forgiving reading, random whole games, the computer players.

use proptest::prelude::*;
use rand_core::RngCore;

use super::*;
use crate::game::{Game, policy_rng};

fn board(rows: [&str; 7], to_move: u8) -> Position {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let json = format!(
        r#"{{"format": "avanco-position/1", "board": [{}], "to_move": {to_move}, "result": null}}"#,
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

#[test]
fn e1_the_start_has_nineteen_moves() {
    let (p, ev) = Position::new_game(&Settings, &["w".into(), "b".into()], "s").unwrap();
    assert!(ev.is_empty());
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "avanco-position/1", "board": ["BBBBBBB", "BBBBBBB",
            ".......", ".......", ".......", "WWWWWWW", "WWWWWWW"], "to_move": 0, "result": null})
    );
    assert_eq!(
        legal(&p),
        sorted(
            "a2-a3 a2-b3 b2-a3 b2-b3 b2-c3 c2-b3 c2-c3 c2-d3 d2-c3 d2-d3 d2-e3 e2-d3 e2-e3 e2-f3 f2-e3 f2-f3 f2-g3 g2-f3 g2-g3"
        )
    );
}

#[test]
fn e2_blocked_straight_captures_on_the_diagonals() {
    let p = board(
        [
            "......B", ".......", "..BBB..", "...W...", ".......", ".......", "W......",
        ],
        0,
    );
    assert_eq!(legal(&p), sorted("a1-a2 a1-b2 d4xc5 d4xe5"));
    for t in ["d4-d5", "d4xd5", "d4-c5", "d4-d3", "d4-c4", "e5-e4"] {
        assert_eq!(code(&p, None, t), "illegal", "{t}");
    }
    assert_eq!(
        p.apply(None, "d4-d3").unwrap_err().to_string(),
        "pieces move forward only, one square: d4 cannot go to d3"
    );
    let (next, ev) = apply(&p, "d4xc5");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "moved", "from": "d4", "to": "c5"}, {"kind": "captured", "square": "c5"}])
    );
    assert_eq!(doc(&next)["board"][2], "..WBB..");
}

#[test]
fn e3_black_moves_down() {
    let p = board(
        [
            ".......", ".B.....", "W......", ".......", ".......", ".......", "......W",
        ],
        1,
    );
    assert_eq!(legal(&p), sorted("b6-b5 b6-c5 b6xa5"));
    assert_eq!(code(&p, None, "b6-b7"), "illegal");
    assert_eq!(code(&p, None, "a5-a6"), "illegal");
}

#[test]
fn e4_e5_reaching_the_far_rank_wins() {
    let p = board(
        [
            ".B....B", ".....W.", ".......", ".......", ".......", ".......", "W......",
        ],
        0,
    );
    assert_eq!(legal(&p), sorted("a1-a2 a1-b2 f6-e7 f6-f7 f6xg7"));
    for t in ["f6-f7", "f6-e7", "f6xg7"] {
        let (next, ev) = apply(&p, t);
        assert_eq!(
            ev.as_array().unwrap().last().unwrap(),
            &serde_json::json!({"kind": "game_over", "winner": 0})
        );
        assert_eq!(doc(&next)["result"]["winner"], 0);
        assert_eq!(doc(&next)["to_move"], 0);
        assert!(next.legal_actions().is_empty());
        assert_eq!(code(&next, None, "a1-a2"), "game-over");
    }
    let p = board(
        [
            ".......", ".......", "......W", ".......", ".......", ".B.....", ".......",
        ],
        1,
    );
    assert_eq!(legal(&p), sorted("b2-a1 b2-b1 b2-c1"));
    assert_eq!(
        apply(&p, "b2-b1").0.outcome().unwrap().winner(),
        Some(Seat(1))
    );
}

#[test]
fn e6_capturing_the_last_piece_wins() {
    let p = board(
        [
            ".......", ".......", "....B..", "...W...", ".......", ".......", ".......",
        ],
        0,
    );
    assert_eq!(legal(&p), sorted("d4-c5 d4-d5 d4xe5"));
    let (_, ev) = apply(&p, "d4xe5");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "moved", "from": "d4", "to": "e5"}, {"kind": "captured", "square": "e5"},
            {"kind": "game_over", "winner": 0}])
    );
}

#[test]
fn e7_the_boards_edge() {
    let p = board(
        [
            ".B.....", ".......", "BB.....", "W......", ".......", ".......", ".......",
        ],
        0,
    );
    assert_eq!(legal(&p), ["a4xb5"]);
    for t in ["a4-a5", "a4xa5", "a4-b5"] {
        assert_eq!(code(&p, None, t), "illegal", "{t}");
    }
}

#[test]
fn e8_a_line_with_a_capture() {
    let mut p = Position::start();
    for a in ["d2-d3", "c6-c5", "d3-d4", "c5xd4", "e2-e3"] {
        p = apply(&p, a).0;
    }
    assert_eq!(
        doc(&p)["board"],
        serde_json::json!([
            "BBBBBBB", "BB.BBBB", ".......", "...B...", "....W..", "WWW..WW", "WWWWWWW"
        ])
    );
    assert_eq!(doc(&p)["to_move"], 1);
}

#[test]
fn e9_refusals_come_in_the_contracts_order() {
    let p = Position::start();
    for t in ["hello", "b2-", "b2~b3", "b2-b9", "", "b2--b3"] {
        assert_eq!(code(&p, None, t), "unreadable", "{t}");
    }
    assert_eq!(code(&p, None, "b6-b5"), "illegal");
    assert_eq!(code(&p, Some(1), "d2-d3"), "not-your-turn");
    assert_eq!(apply(&p, " D2-D3 ").0, apply(&p, "d2-d3").0, "any case");
}

#[test]
fn the_chat_reads_one_legal_action_forgivingly() {
    let p = board(
        [
            "......B", ".......", "..BBB..", "...W...", ".......", ".......", "W......",
        ],
        0,
    );
    for t in ["d4c5", "D4-C5", "d4-c5", "d4 c5", "d4xc5"] {
        assert_eq!(p.read_chat(t).unwrap().to_string(), "d4xc5", "{t}");
    }
    assert_eq!(p.read_chat("a1a2").unwrap().to_string(), "a1-a2");
    assert_eq!(p.read_chat("d4d5").unwrap_err().code(), "illegal");
    assert_eq!(p.read_chat("d4d3").unwrap_err().code(), "illegal");
    assert_eq!(p.read_chat("hello").unwrap_err().code(), "unreadable");
}

#[test]
fn invalid_positions_name_every_problem() {
    let ok = r#"{"format": "avanco-position/1", "board": ["BBBBBBB", "BBBBBBB", ".......", ".......", ".......", "WWWWWWW", "WWWWWWW"], "to_move": 0, "result": null}"#;
    let bad = |json: String, needle: &str| {
        let e = Position::from_value(serde_json::from_str(&json).unwrap()).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.contains(needle)),
            "{json}: {:?}",
            e.problems
        );
    };
    bad(
        ok.replace(r#""result": null"#, r#""result": null, "x": 1"#),
        "unknown field",
    );
    bad(ok.replace(r#", "result": null"#, ""), "result");
    bad(ok.replace("avanco-position", "semaforo-position"), "format");
    bad(ok.replacen("BBBBBBB", "BBBBBBBB", 1), "rank 7");
    bad(ok.replacen(".......", "...Q...", 1), "“Q”");
    bad(
        ok.replace(r#""to_move": 0"#, r#""to_move": "0""#),
        "to_move must be 0 or 1",
    );
    bad(
        ok.replace(
            r#""result": null"#,
            r#""result": {"winner": 2, "reason": "x"}"#,
        ),
        "result must be",
    );
    bad(ok.replacen(".......", "WWWWWWW", 1), "only 14");
    bad(ok.replacen("BBBBBBB", "BBBBBBW", 1), "goal rank");
    bad(ok.replace("BBBBBBB", "......."), "black has no pieces");
    // A finished game may show its winner on the goal rank.
    Position::from_value(
        serde_json::from_str(
            &ok.replacen("BBBBBBB", "BBBBBBW", 1)
                .replacen("WWWWWWW\"]", "WWWWWW.\"]", 1)
                .replace(
                    r#""result": null"#,
                    r#""result": {"winner": 0, "reason": "white reached rank 7"}"#,
                ),
        )
        .unwrap(),
    )
    .unwrap();
}

/// A whole random game, checking invariants along the way.
fn random_game(seed: u64) -> usize {
    let mut rng = policy_rng(&format!("av{seed}"));
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let legal = p.legal_actions();
        assert!(!legal.is_empty(), "a side with a piece can move");
        let a = legal[rng.next_u32() as usize % legal.len()];
        // The same squares with the wrong separator are refused, the position unchanged.
        let wrong = Action {
            capture: !a.capture,
            ..a
        };
        let before = p.clone();
        assert_eq!(p.play(seat, &wrong).unwrap_err().code(), "illegal");
        assert_eq!(p, before);
        p = p.play(seat, &a).unwrap().0;
        let text = serde_json::to_string(&p.to_doc()).unwrap();
        assert_eq!(
            Position::from_value(serde_json::from_str(&text).unwrap()).unwrap(),
            p
        );
        assert_eq!(p.parse_action(&a.to_string()).unwrap(), a);
        n += 1;
        assert!(n < 200);
    }
    n
}

#[test]
fn five_hundred_random_games_end() {
    let total: usize = (0..500).map(random_game).sum();
    assert!(total > 500 * 10);
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
    assert_eq!(play("strong", "random", 1), Seat(0));
    assert_eq!(play("random", "strong", 2), Seat(1));
    assert_eq!(play("easy", "strong", 3), Seat(1));
    assert!(Position::start().choose("genius", "s").is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>()) {
        random_game(seed);
    }
}
