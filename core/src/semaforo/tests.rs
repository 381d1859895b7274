//! Every sentence of `semaforo.md`: the worked examples E1–E6 as fixtures, the invalid
//! positions, random whole games, and the perfect player with the solution it reads.

use proptest::prelude::*;
use rand_core::RngCore;

use super::*;
use crate::game::{Game, policy_rng};

fn pos(json: &str) -> Position {
    let v: Value = serde_json::from_str(json).unwrap();
    Position::from_value(v).unwrap_or_else(|e| panic!("{e}"))
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
    let (_, next, events) = p
        .apply(None, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (next, serde_json::to_value(events).unwrap())
}

fn code(p: &Position, seat: Option<u8>, text: &str) -> &'static str {
    p.apply(seat.map(Seat), text).unwrap_err().code()
}

const E2: &str = r#"{"format": "semaforo-position/1", "board": ["GR..", "YGR.", "Y..Y"], "to_move": 0,
 "result": null, "supply": {"G": 6, "Y": 5, "R": 6}}"#;
const E3: &str = r#"{"format": "semaforo-position/1", "board": ["YGGR", "YYRG", "R.RY"], "to_move": 0,
 "result": null, "supply": {"G": 5, "Y": 4, "R": 4}}"#;
const E4: &str = r#"{"format": "semaforo-position/1", "board": ["R..G", ".Y..", ".RYR"], "to_move": 1,
 "result": null, "supply": {"G": 7, "Y": 6, "R": 5}}"#;

#[test]
fn e1_the_start_lists_all_twelve_squares() {
    let (p, events) = Position::new_game(&Settings, &["a".into(), "b".into()], "s").unwrap();
    assert!(events.is_empty());
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "semaforo-position/1", "board": ["....", "....", "...."],
            "to_move": 0, "result": null, "supply": {"G": 8, "Y": 8, "R": 8}})
    );
    assert_eq!(
        legal(&p),
        [
            "a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"
        ]
    );
    assert!(Position::new_game(&Settings, &["a".into()], "s").is_err());
}

#[test]
fn e2_three_immediate_wins() {
    let p = pos(E2);
    assert_eq!(
        legal(&p),
        ["a1", "a2", "a3", "b1", "b2", "c1", "c3", "d1", "d2", "d3"]
    );
    let (next, events) = apply(&p, "a3");
    assert_eq!(
        events,
        serde_json::json!([{"kind": "upgraded", "square": "a3", "piece": "Y"},
            {"kind": "game_over", "winner": 0}])
    );
    assert_eq!(
        doc(&next)["board"],
        serde_json::json!(["YR..", "YGR.", "Y..Y"])
    );
    assert_eq!(doc(&next)["result"]["winner"], 0);
    assert_eq!(
        doc(&next)["to_move"],
        0,
        "to_move stays the seat that ended it"
    );
    assert!(next.legal_actions().is_empty());
    let (next, _) = apply(&p, "D1");
    assert_eq!(doc(&next)["result"]["winner"], 0);
    let (next, events) = apply(&p, " c1 ");
    assert_eq!(
        events,
        serde_json::json!([{"kind": "placed", "square": "c1", "piece": "G"},
            {"kind": "game_over", "winner": 0}])
    );
    assert_eq!(doc(&next)["result"]["winner"], 0);
    let winners: Vec<String> = p
        .legal_actions()
        .into_iter()
        .filter(|s| p.play(Seat(0), s).unwrap().0.result().is_some())
        .map(|s| s.to_string())
        .collect();
    assert_eq!(winners, ["c1", "d1", "a3"], "the only three wins");
    let (next, events) = apply(&p, "b1");
    assert_eq!(
        events,
        serde_json::json!([{"kind": "placed", "square": "b1", "piece": "G"}])
    );
    assert_eq!(
        (doc(&next)["to_move"].clone(), doc(&next)["result"].clone()),
        (1.into(), serde_json::Value::Null)
    );
    assert_eq!(code(&p, None, "b3"), "illegal");
    assert_eq!(
        p.apply(None, "b3").unwrap_err().to_string(),
        "b3 holds a red piece, and a red piece never changes"
    );
}

#[test]
fn e3_the_end_game_is_lost_for_the_player_to_move() {
    let p = pos(E3);
    assert_eq!(legal(&p), ["a2", "a3", "b1", "b2", "b3", "c3", "d1", "d2"]);
    let immediate_win = |q: &Position| {
        q.legal_actions()
            .into_iter()
            .any(|s| q.play(q.seat_to_move(), &s).unwrap().0.result().is_some())
    };
    for safe in ["b1", "d1", "d2"] {
        let (next, _) = apply(&p, safe);
        assert!(!immediate_win(&next), "{safe}");
    }
    for losing in ["a2", "a3", "b2", "b3", "c3"] {
        let (next, _) = apply(&p, losing);
        assert!(immediate_win(&next), "{losing}");
    }
    let safe_after = |first: &str| {
        let (next, _) = apply(&p, first);
        let mut safe: Vec<String> = next
            .legal_actions()
            .into_iter()
            .filter(|s| {
                let (q, _) = next.play(next.seat_to_move(), s).unwrap();
                q.result().is_none() && !immediate_win(&q)
            })
            .map(|s| s.to_string())
            .collect();
        safe.sort();
        safe
    };
    assert_eq!(safe_after("b1"), ["d1", "d2"]);
    assert_eq!(safe_after("d1"), ["b1"]);
    assert_eq!(safe_after("d2"), ["b1"]);
    assert_eq!(
        policy::perfect_winner(&p),
        Seat(1),
        "a solver: the mover loses"
    );
}

#[test]
fn e4_the_second_player_wins_with_reds() {
    let p = pos(E4);
    let (next, events) = apply(&p, "c1");
    assert_eq!(
        doc(&next),
        serde_json::json!({"format": "semaforo-position/1", "board": ["R..G", ".Y..", ".RRR"],
            "to_move": 1, "result": {"winner": 1, "reason": "a line of three reds"},
            "supply": {"G": 7, "Y": 7, "R": 4}})
    );
    assert_eq!(
        events,
        serde_json::json!([{"kind": "upgraded", "square": "c1", "piece": "R"},
            {"kind": "game_over", "winner": 1}])
    );
    assert_eq!(next.outcome().unwrap().winner(), Some(Seat(1)));
    // E6: after it, anything is game-over.
    for text in ["a1", "e1", "hello"] {
        assert_eq!(code(&next, None, text), "game-over");
        assert_eq!(code(&next, Some(0), text), "game-over");
    }
}

#[test]
fn e5_the_supply_follows_the_board() {
    let mut p = Position::start();
    for a in ["b2", "b2", "c2", "b2", "a1"] {
        p = apply(&p, a).0;
    }
    assert_eq!(
        doc(&p),
        serde_json::json!({"format": "semaforo-position/1", "board": ["....", ".RG.", "G..."],
            "to_move": 1, "result": null, "supply": {"G": 6, "Y": 8, "R": 7}})
    );
}

#[test]
fn e6_refusals_come_in_the_contracts_order() {
    let p = Position::start();
    for text in ["e1", "a4", "hello", "c1c2", "", "a0", "1a"] {
        assert_eq!(code(&p, None, text), "unreadable", "{text}");
    }
    assert_eq!(code(&p, Some(1), "a1"), "not-your-turn");
    assert_eq!(code(&p, Some(1), "hello"), "not-your-turn");
    assert_eq!(apply(&p, "A1").0, apply(&p, "a1").0, "any case");
}

#[test]
fn invalid_positions_name_every_problem() {
    let bad = |json: &str, needle: &str| {
        let v: Value = serde_json::from_str(json).unwrap();
        let e = Position::from_value(v).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.contains(needle)),
            "{json}: {:?} lacks {needle}",
            e.problems
        );
    };
    let ok = r#"{"format": "semaforo-position/1", "board": ["....", "....", "...."], "to_move": 0, "result": null, "supply": {"G": 8, "Y": 8, "R": 8}}"#;
    pos(ok);
    bad(
        &ok.replace(r#""result": null"#, r#""result": null, "extra": 1"#),
        "unknown field",
    );
    bad(&ok.replace(r#""to_move": 0, "#, ""), "to_move");
    bad(
        &ok.replace("semaforo-position/1", "avanco-position/1"),
        "format",
    );
    bad(
        &ok.replace(r#"["....", "....", "...."]"#, r#"["....", "...."]"#),
        "3 strings",
    );
    bad(
        &ok.replace(
            r#"["....", "....", "...."]"#,
            r#"["....", ".....", "...."]"#,
        ),
        "rank 2",
    );
    bad(
        &ok.replace(r#"["....", "....", "...."]"#, r#"["....", "..X.", "...."]"#),
        "“X”",
    );
    bad(
        &ok.replace(r#""to_move": 0"#, r#""to_move": 2"#),
        "to_move must be 0 or 1",
    );
    bad(
        &ok.replace(
            r#""result": null"#,
            r#""result": {"winner": 3, "reason": "x"}"#,
        ),
        "result must be",
    );
    bad(
        &ok.replace(r#""result": null"#, r#""result": {"winner": 0}"#),
        "result must be",
    );
    bad(
        &ok.replace(r#""result": null"#, r#""result": "won""#),
        "result must be",
    );
    bad(
        &ok.replace(r#"{"G": 8, "Y": 8, "R": 8}"#, r#"{"G": 8, "Y": 8}"#),
        "exactly the keys",
    );
    bad(
        &ok.replace(r#"{"G": 8, "Y": 8, "R": 8}"#, r#"{"G": 7, "Y": 8, "R": 8}"#),
        "supply G must be 8",
    );
    bad(
        &ok.replace(r#"["....", "....", "...."]"#, r#"["GGG.", "....", "...."]"#),
        "line of three greens",
    );
    bad(
        &ok.replace(r#"["....", "....", "...."]"#, r#"["GGGG", "GG.G", "GGG."]"#),
        "only 8",
    );
    // Nine of a colour, even with a supply below zero that "agrees", finished or not.
    for result in ["null", r#"{"winner": 0, "reason": "line"}"#] {
        bad(
            &ok.replace(r#"["....", "....", "...."]"#, r#"["GGGG", "GGGG", "G..."]"#)
                .replace(r#""G": 8"#, r#""G": -1"#)
                .replace(r#""result": null"#, &format!(r#""result": {result}"#)),
            "the board holds 9 green pieces",
        );
    }
    // A supply that is not a whole number is named as given.
    bad(
        &ok.replace(r#""G": 8,"#, r#""G": 8.5,"#),
        "supply G must be 8 (8 less the 0 on the board), not",
    );
    // A finished game may show its line.
    pos(&ok
        .replace(r#"["....", "....", "...."]"#, r#"["GGG.", "....", "...."]"#)
        .replace(
            r#""result": null"#,
            r#""result": {"winner": 1, "reason": "line"}"#,
        )
        .replace(r#""G": 8"#, r#""G": 5"#));
    let e = Position::from_value(Value::Int(3)).unwrap_err();
    assert!(e.problems[0].contains("object"));
}

#[test]
fn the_strong_player_plays_perfectly_and_the_second_player_wins() {
    let start = Position::start();
    assert_eq!(
        policy::perfect_winner(&start),
        Seat(1),
        "every first action loses"
    );
    // Strong as the second player beats every opening and the easy player; strong against
    // strong, the second wins too.
    for first in start.legal_actions() {
        let mut p = start.play(Seat(0), &first).unwrap().0;
        let mut n = 0;
        while let Some(seat) = p.to_move() {
            let policy = if seat == Seat(1) { "strong" } else { "easy" };
            let a = p.choose(policy, &format!("{first}/{n}")).unwrap();
            p = p.play(seat, &a).unwrap().0;
            n += 1;
        }
        assert_eq!(
            p.outcome().unwrap().winner(),
            Some(Seat(1)),
            "after {first}"
        );
    }
    let mut p = start;
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let a = p.choose("strong", &format!("s/{n}")).unwrap();
        p = p.play(seat, &a).unwrap().0;
        n += 1;
    }
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat(1)));
    assert_eq!(p.choose("genius", "s"), None);
}

/// Whether the player to move wins, searched through the rules themselves (`Game::play`,
/// memoised by board): the reference the shipped solution is checked against.
fn searched(p: &Position, memo: &mut std::collections::HashMap<Board, bool>) -> bool {
    if let Some(win) = memo.get(p.board()) {
        return *win;
    }
    let seat = p.seat_to_move();
    let win = p.legal_actions().into_iter().any(|s| {
        let (next, _) = p.play(seat, &s).unwrap();
        next.result().is_some() || !searched(&next, memo)
    });
    memo.insert(*p.board(), win);
    win
}

/// Every position from `from_ply` on of seeded games (random against random, easy against
/// strong, which meets lost positions too), and the worked examples.
fn sample_positions(games: u64, from_ply: usize) -> Vec<Position> {
    let mut out = vec![pos(E2), pos(E3), pos(E4)];
    for g in 0..games {
        let policies = if g % 2 == 0 {
            ["random", "random"]
        } else {
            ["easy", "strong"]
        };
        let mut p = Position::start();
        let mut n = 0;
        while let Some(seat) = p.to_move() {
            if n >= from_ply {
                out.push(p.clone());
            }
            let a = p
                .choose(policies[usize::from(seat.0)], &format!("sample/{g}/{n}"))
                .unwrap();
            p = p.play(seat, &a).unwrap().0;
            n += 1;
        }
    }
    out
}

#[test]
fn the_shipped_solution_agrees_with_a_search_of_the_rules_and_strong_never_misses_a_win() {
    let mut memo = std::collections::HashMap::new();
    let (mut won, mut lost) = (0, 0);
    for p in sample_positions(40, 12) {
        let mover = p.seat_to_move();
        let wins = searched(&p, &mut memo);
        assert_eq!(
            policy::perfect_winner(&p),
            if wins { mover } else { Seat(1 - mover.0) },
            "{p}"
        );
        if !wins {
            lost += 1;
            continue;
        }
        won += 1;
        // A won position: every strong choice keeps it won.
        for seed in 0..4 {
            let a = p.choose("strong", &seed.to_string()).unwrap();
            let (next, _) = p.play(mover, &a).unwrap();
            assert!(
                next.result().is_some() || !searched(&next, &mut memo),
                "{p}: strong played {a} and let the win go"
            );
        }
    }
    assert!(won > 100 && lost > 100, "{won} won, {lost} lost");
}

/// The whole shipped table against the solver's (about 6 s in the test profile on a busy
/// machine). After a change to the rules, write the new file with
/// `LABSCAPE_WRITE_SEMAFORO_SOLUTION=1 cargo test -p labscape-core --lib
/// the_shipped_solution_is_the_solvers`.
#[test]
fn the_shipped_solution_is_the_solvers() {
    let table = solution::solver::table();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/semaforo/solution.bin");
    if std::env::var_os("LABSCAPE_WRITE_SEMAFORO_SOLUTION").is_some() {
        std::fs::write(path, &table).unwrap();
    }
    let shipped = std::fs::read(path).unwrap();
    let differ = shipped.iter().zip(&table).filter(|(a, b)| a != b).count();
    assert!(
        shipped.len() == table.len() && differ == 0,
        "{differ} bytes of solution.bin differ from the solver's: write it again (see the doc comment)"
    );
}

#[test]
fn easy_takes_a_win_and_random_beats_nobody_reliably() {
    let p = pos(E2);
    for seed in 0..10 {
        let a = p.choose("easy", &seed.to_string()).unwrap();
        assert!(["a3", "d1", "c1"].contains(&a.to_string().as_str()));
    }
    // Strong against random, in either seat, wins nearly always.
    let mut strong_wins = 0;
    for g in 0..40 {
        let strong = Seat(g % 2);
        let mut p = Position::start();
        let mut n = 0;
        while let Some(seat) = p.to_move() {
            let policy = if seat == strong { "strong" } else { "random" };
            p = p
                .play(seat, &p.choose(policy, &format!("{g}/{n}")).unwrap())
                .unwrap()
                .0;
            n += 1;
        }
        if p.outcome().unwrap().winner() == Some(strong) {
            strong_wins += 1;
        }
    }
    assert!(strong_wins >= 36, "{strong_wins}/40");
}

/// A whole random game, checking the invariants at every step.
fn random_game(seed: u64) -> usize {
    let mut rng = policy_rng(&seed.to_string());
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        assert!(p.board().line().is_none(), "a game in progress has no line");
        let legal = p.legal_actions();
        assert!(!legal.is_empty());
        // Every other square is refused, the position unchanged.
        for s in Square::all().filter(|s| !legal.contains(s)) {
            let before = p.clone();
            assert_eq!(p.play(seat, &s).unwrap_err().code(), "illegal");
            assert_eq!(p, before);
        }
        let a = legal[rng.next_u32() as usize % legal.len()];
        p = p.play(seat, &a).unwrap().0;
        // The notation round-trips.
        let text = serde_json::to_string(&p.to_doc()).unwrap();
        let back = Position::from_value(serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!(back, p);
        for piece in Piece::ALL {
            assert_eq!(p.supply(piece) + p.board().count(piece), 8);
        }
        n += 1;
        assert!(n <= 36, "at most 36 actions");
    }
    assert!(p.board().line().is_some(), "every game ends with a line");
    n
}

#[test]
fn five_hundred_random_games_end_with_a_line_within_36_actions() {
    let total: usize = (0..500).map(random_game).sum();
    assert!(total > 500 * 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn every_listed_action_applies_and_unreadable_text_is_refused(seed in any::<u64>(), junk in "\\PC{0,6}") {
        random_game(seed);
        let p = Position::start();
        if Square::parse(junk.trim()).is_none() {
            prop_assert_eq!(p.apply(None, &junk).unwrap_err().code(), "unreadable");
        }
    }
}
