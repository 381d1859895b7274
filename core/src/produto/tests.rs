//! Every sentence of `produto.md`: the cells and their neighbours, the worked examples
//! E1–E6 as fixtures, the invalid positions, the score against a brute-force recount,
//! random whole games (31 turns fill the board), the computer players.

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

fn names(cells: Vec<Cell>) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

fn sorted(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn cells_and_neighbours_follow_the_picture() {
    assert_eq!(Cell::all().count(), 61);
    let n = |c: &str| names(Cell::parse(c).unwrap().neighbours());
    assert_eq!(n("e5"), sorted("e4 e6 f4 f5 d4 d5"));
    assert_eq!(n("a1"), sorted("a2 b1 b2"));
    assert_eq!(n("e1"), sorted("e2 f1 d1"));
    assert_eq!(n("i5"), sorted("i4 h5 h6"));
    assert_eq!(n("d8"), sorted("d7 e8 e9 c7"));
    // Neighbourhood is symmetric.
    for a in Cell::all() {
        for b in a.neighbours() {
            assert!(b.neighbours().contains(&a), "{a} {b}");
        }
    }
    for bad in ["j1", "a6", "e10", "e0", "", "e"] {
        assert!(Cell::parse(bad).is_none(), "{bad}");
    }
}

#[test]
fn e1_e2_the_start_and_the_turn_order() {
    let (p, ev) = Position::new_game(&Settings, &["b".into(), "w".into()], "s").unwrap();
    assert!(ev.is_empty());
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "produto-position/1", "board": [".....", "......", ".......",
            "........", ".........", "........", ".......", "......", "....."], "to_move": 0,
            "stones_left": 1, "supply": {"B": 45, "W": 45}, "result": null})
    );
    assert_eq!(p.legal_actions().len(), 122);
    let (p, ev) = apply(&p, "e5b");
    assert_eq!(
        ev,
        serde_json::json!([{"kind": "placed", "cell": "e5", "colour": "B"}])
    );
    assert_eq!(
        (doc(&p)["to_move"].clone(), doc(&p)["stones_left"].clone()),
        (1.into(), 2.into())
    );
    assert_eq!(doc(&p)["supply"], serde_json::json!({"B": 44, "W": 45}));
    let (p, _) = apply(&p, "D4W");
    assert_eq!(
        (doc(&p)["to_move"].clone(), doc(&p)["stones_left"].clone()),
        (1.into(), 1.into())
    );
    assert_eq!(doc(&p)["supply"], serde_json::json!({"B": 44, "W": 44}));
    let (p, _) = apply(&p, "f5w");
    assert_eq!(
        (doc(&p)["to_move"].clone(), doc(&p)["stones_left"].clone()),
        (0.into(), 2.into())
    );
    assert_eq!(code(&p, Some(1), "a1b"), "not-your-turn");
}

#[test]
fn e3_the_seeds_count() {
    let p = pos(
        r#"{"format": "produto-position/1", "board": ["WWWWW", "W.....", "...B...", "........", "BBBBBBB..", "........", "....WWW", "......", "BBB.."], "to_move": 0, "stones_left": 1, "supply": {"B": 34, "W": 36}, "result": null}"#,
    );
    assert_eq!(p.groups(Colour::Black), [7, 3, 1]);
    assert_eq!(p.groups(Colour::White), [6, 3]);
    assert_eq!((p.score(Colour::Black), p.score(Colour::White)), (21, 18));
    assert!(p.result().is_none());
}

#[test]
fn e4_an_empty_supply() {
    let p = pos(
        r#"{"format": "produto-position/1", "board": ["BBBBB", "BBBBBB", "BBBBBBB", "BBBBBBBB", "BBBBBBBBB", "BBBBBBBB", "BBWWWWW", "W.....", "....."], "to_move": 0, "stones_left": 2, "supply": {"B": 0, "W": 39}, "result": null}"#,
    );
    let mut legal: Vec<String> = p.legal_actions().iter().map(ToString::to_string).collect();
    legal.sort();
    assert_eq!(legal, sorted("a1w a2w a3w a4w a5w b2w b3w b4w b5w b6w"));
    assert_eq!(code(&p, None, "a1b"), "illegal");
    assert_eq!(
        p.apply(None, "a1b").unwrap_err().to_string(),
        "no black stones are left in the supply"
    );
}

const E5: &str = r#"{"format": "produto-position/1", "board": ["BBBWB", "WBWWBW", "BWBWBWB", "WBBBWBWB", "BBWBBBBWW", "WBWWWBBW", "WBB.BWW", "BWBBWW", "WBBWW"], "to_move": 0, "stones_left": 1, "supply": {"B": 13, "W": 17}, "result": null}"#;

#[test]
fn e5_the_last_stone_decides_and_the_tie_rule() {
    let p = pos(E5);
    let (end, ev) = apply(&p, "c4b");
    assert_eq!(
        ev.as_array().unwrap().last().unwrap(),
        &serde_json::json!({"kind": "game_over", "winner": 0, "score": {"B": 62, "W": 60}})
    );
    assert_eq!(doc(&end)["to_move"], 0);
    assert_eq!(doc(&end)["stones_left"], 1);
    assert_eq!(code(&end, None, "a1b"), "game-over");
    let (end, ev) = apply(&p, "c4w");
    assert_eq!(
        ev.as_array().unwrap().last().unwrap(),
        &serde_json::json!({"kind": "game_over", "winner": 1, "score": {"B": 60, "W": 60}})
    );
    assert_eq!(
        (end.count(Colour::Black), end.count(Colour::White)),
        (32, 29)
    );
}

#[test]
fn e6_refusals() {
    let p = Position::start();
    for t in ["e5", "e5x", "j1b", "a6b", "e10w", "", "hello"] {
        assert_eq!(code(&p, None, t), "unreadable", "{t}");
    }
    let (p, _) = apply(&p, "e5b");
    assert_eq!(code(&p, None, "e5w"), "illegal");
}

#[test]
fn invalid_positions_name_every_problem() {
    let ok = r#"{"format": "produto-position/1", "board": [".....", "......", ".......", "........", ".........", "........", ".......", "......", "....."], "to_move": 0, "stones_left": 1, "supply": {"B": 45, "W": 45}, "result": null}"#;
    pos(ok);
    let bad = |json: String, needle: &str| {
        let e = Position::from_value(serde_json::from_str(&json).unwrap()).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.contains(needle)),
            "{json}: {:?}",
            e.problems
        );
    };
    bad(
        ok.replace(r#""result": null"#, r#""result": null, "x": 0"#),
        "unknown field",
    );
    bad(ok.replace(r#""stones_left": 1, "#, ""), "stones_left");
    bad(ok.replace("produto-position", "flume-position"), "format");
    bad(ok.replacen(".....", "......", 1), "row i");
    bad(ok.replacen(".....", "..X..", 1), "“X”");
    bad(
        ok.replace(r#""to_move": 0"#, r#""to_move": 3"#),
        "to_move must be 0 or 1",
    );
    bad(
        ok.replace(r#""stones_left": 1"#, r#""stones_left": 3"#),
        "stones_left must be 1 or 2",
    );
    bad(
        ok.replace(r#"{"B": 45, "W": 45}"#, r#"{"B": 45}"#),
        "exactly the keys",
    );
    bad(
        ok.replace(r#"{"B": 45, "W": 45}"#, r#"{"B": 44, "W": 45}"#),
        "supply B must be 45",
    );
    bad(
        ok.replace(
            r#""result": null"#,
            r#""result": {"winner": 0, "why": "x"}"#,
        ),
        "result must be",
    );
    let e5 = pos(E5);
    let full = e5
        .play(Seat(0), &e5.parse_action("c4b").unwrap())
        .unwrap()
        .0;
    let mut d = doc(&full);
    d["result"] = serde_json::Value::Null;
    bad(d.to_string(), "full");
}

/// The product of the two largest groups by a plain flood fill over names.
fn brute_score(p: &Position, colour: Colour) -> u32 {
    let mut left: Vec<Cell> = Cell::all().filter(|c| p.get(*c) == Some(colour)).collect();
    let mut sizes = Vec::new();
    while let Some(start) = left.pop() {
        let mut group = vec![start];
        let mut i = 0;
        while i < group.len() {
            let c = group[i];
            for n in c.neighbours() {
                if let Some(k) = left.iter().position(|x| *x == n) {
                    group.push(left.swap_remove(k));
                }
            }
            i += 1;
        }
        sizes.push(group.len() as u32);
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    if sizes.len() < 2 {
        0
    } else {
        sizes[0] * sizes[1]
    }
}

/// A whole random game: the board fills in exactly 31 turns, the score is the recount.
fn random_game(seed: u64) {
    let mut rng = policy_rng(&format!("pr{seed}"));
    let mut p = Position::start();
    let mut turns = 0;
    let mut last_seat = None;
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        if last_seat != Some(seat) || p.stones_left() == 2 {
            turns += 1;
        }
        last_seat = Some(seat);
        let legal = p.legal_actions();
        let a = legal[rng.next_u32() as usize % legal.len()];
        p = p.play(seat, &a).unwrap().0;
        n += 1;
        if n % 9 == 0 {
            let text = serde_json::to_string(&p.to_doc()).unwrap();
            assert_eq!(
                Position::from_value(serde_json::from_str(&text).unwrap()).unwrap(),
                p
            );
        }
    }
    assert_eq!(n, 61);
    assert_eq!(turns, 31);
    for c in [Colour::Black, Colour::White] {
        assert_eq!(p.score(c), brute_score(&p, c));
    }
}

#[test]
fn five_hundred_random_games_fill_the_board_in_31_turns() {
    (0..500).for_each(random_game);
}

#[test]
fn strong_knows_the_scoring_rule() {
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
    for g in 0..3 {
        wins += usize::from(play("strong", "random", g) == Seat(0));
        wins += usize::from(play("random", "strong", g) == Seat(1));
    }
    assert!(wins >= 5, "{wins}/6");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>()) {
        random_game(seed);
    }
}
