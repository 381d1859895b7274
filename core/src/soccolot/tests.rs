//! Every sentence of `soccolot.md`: the worked examples E1–E8 (the seed's diagrams among
//! them), each refusal in words, the invalid positions, the chat's forgiving reading,
//! random whole games with their invariants, and the computer players.

use proptest::prelude::*;
use rand_core::RngCore;
use serde_json::json;

use super::*;
use crate::game::{Game, Refusal as _, policy_rng};

fn from_rows(rows: [&str; 8], to_move: u8) -> Position {
    let json = json!({"format": "soccolot-position/1", "board": rows, "to_move": to_move,
        "result": null});
    Position::from_value(serde_json::from_value(json).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

/// A board given by its men and ball (`"e4 d4"`), every other square empty.
fn setup(black: &str, white: &str, ball: &str, to_move: u8) -> Position {
    let mut rows = [['.'; 8]; 8];
    let mut put = |list: &str, c: char| {
        for s in list.split_whitespace() {
            let sq = Square::parse(s).unwrap();
            rows[usize::from(7 - sq.rank())][usize::from(sq.file())] = c;
        }
    };
    put(black, 'B');
    put(white, 'W');
    put(ball, '*');
    let rows: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    let rows: [&str; 8] = std::array::from_fn(|i| rows[i].as_str());
    from_rows(rows, to_move)
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

fn refusal(p: &Position, seat: Option<u8>, text: &str) -> Refusal {
    let before = p.clone();
    let r = p.apply(seat.map(Seat), text).unwrap_err();
    assert_eq!(*p, before);
    r
}

fn code(p: &Position, seat: Option<u8>, text: &str) -> &'static str {
    refusal(p, seat, text).code()
}

fn game_over(ev: &serde_json::Value) -> Option<u64> {
    let last = ev.as_array()?.last()?;
    (last["kind"] == "game_over")
        .then(|| last["winner"].as_u64())
        .flatten()
}

fn kicks(p: &Position) -> Vec<String> {
    legal(p).into_iter().filter(|a| a.contains('>')).collect()
}

#[test]
fn e1_the_start() {
    let (p, ev) = Position::new_game(&Settings, &["a".into(), "b".into()], "s").unwrap();
    assert!(ev.is_empty());
    assert_eq!(
        doc(&p),
        json!({"format": "soccolot-position/1",
            "board": [".WWWWWW.", "........", "........", "....*...", "........", "........",
                "........", ".BBBBBB."],
            "to_move": 0, "result": null})
    );
    assert_eq!(
        legal(&p),
        sorted(
            "b1-a1 b1-a2 b1-b2 b1-c2 c1-b2 c1-c2 c1-d2 d1-c2 d1-d2 d1-e2 e1-d2 e1-e2 e1-f2 \
             f1-e2 f1-f2 f1-g2 g1-f2 g1-g2 g1-h1 g1-h2"
        )
    );
    assert_eq!(p.legal_actions().len(), 20, "no repeats");
    assert!(
        p.men_of(Colour::Black)
            .all(|m| Dir::between(m, p.ball()).is_none()),
        "no man is next to the ball"
    );
    assert!(Position::new_game(&Settings, &["a".into()], "s").is_err());
    assert!(Position::settings(&[("size".into(), "9".into())]).is_err());
}

const E2: [&str; 8] = [
    "........", "........", "........", "...*....", "....W...", "........", "........", ".......B",
];

#[test]
fn e2_the_seeds_dribble_diagram() {
    let p = from_rows(E2, 1);
    assert_eq!(
        legal(&p),
        sorted(
            "e4-d3 e4-d3* e4-d4 e4-d4* e4-d5* e4-e3 e4-e3* e4-e5 e4-e5* e4-f3 e4-f3* e4-f4 \
             e4-f4* e4-f5 e4-f5* e4>a8 e4>b7 e4>c6"
        )
    );
    // South-east, drawn by the seed: the ball takes the square the man left.
    let (q, ev) = apply(&p, "e4-f3*");
    assert_eq!(
        ev,
        json!([{"kind": "moved", "from": "e4", "to": "f3"}, {"kind": "ball", "from": "d5", "to": "e4"}])
    );
    assert_eq!(
        (q.man(Square::parse("f3").unwrap()), q.ball().to_string()),
        (Some(Colour::White), "e4".into())
    );
    // North-west: the man takes the square the ball left.
    let (_, ev) = apply(&p, "e4-d5*");
    assert_eq!(
        ev,
        json!([{"kind": "moved", "from": "e4", "to": "d5"}, {"kind": "ball", "from": "d5", "to": "c6"}])
    );
    let (q, ev) = apply(&p, "e4-e5*");
    assert_eq!(
        ev,
        json!([{"kind": "moved", "from": "e4", "to": "e5"}, {"kind": "ball", "from": "d5", "to": "d6"}])
    );
    assert_eq!(doc(&q)["board"][2], "...*....");
    assert_eq!(doc(&q)["board"][3], "....W...");
    // The seed's six pictures and the two it does not draw: all eight directions.
    for (action, man, ball) in [
        ("e4-f5*", "f5", "e6"),
        ("e4-e5*", "e5", "d6"),
        ("e4-d4*", "d4", "c5"),
        ("e4-e3*", "e3", "d4"),
        ("e4-f3*", "f3", "e4"),
        ("e4-d3*", "d3", "c4"),
        ("e4-f4*", "f4", "e5"),
        ("e4-d5*", "d5", "c6"),
    ] {
        let (q, _) = apply(&p, action);
        assert_eq!(
            q.man(Square::parse(man).unwrap()),
            Some(Colour::White),
            "{action}"
        );
        assert_eq!(q.ball().to_string(), ball, "{action}");
        assert_eq!(q.men_of(Colour::White).count(), 1);
    }
    // An own goal: White kicks onto its own back rank, rank 8.
    let (q, ev) = apply(&p, "e4>a8");
    assert_eq!(
        ev,
        json!([{"kind": "ball", "from": "d5", "to": "a8"}, {"kind": "game_over", "winner": 0}])
    );
    assert_eq!(doc(&q)["to_move"], 1, "to_move stays the seat that acted");
    assert_eq!(q.outcome().unwrap().reason.code(), Some("own-goal"));
    for a in ["e4>c6", "e4>b7"] {
        let (q, ev) = apply(&p, a);
        assert_eq!(game_over(&ev), None, "{a}");
        assert_eq!(doc(&q)["to_move"], 0);
    }
}

const E3: [&str; 8] = [
    ".W.WW.W.", "....W...", ".....B..", "..W.....", "..*.....", ".BB.....", "........", "...BBBB.",
];

#[test]
fn e3_the_seeds_kick_diagram() {
    let p = from_rows(E3, 0);
    assert_eq!(
        p.men_of(Colour::Black).count(),
        7,
        "the seed draws 7 black men [D9]"
    );
    assert_eq!(kicks(&p), sorted("b3>d5 b3>e6 b3>f7"));
    assert_eq!(
        legal(&p),
        sorted(
            "b3-a2 b3-a2* b3-a3 b3-a3* b3-a4 b3-a4* b3-b2 b3-b4 b3-c2 b3-c2* b3-c4* \
             b3>d5 b3>e6 b3>f7 c3-b2 c3-b4 c3-b4* c3-c2 c3-c2* c3-d2 c3-d2* c3-d3 c3-d3* c3-d4 c3-d4* \
             d1-c1 d1-c2 d1-d2 d1-e2 e1-d2 e1-e2 e1-f2 f1-e2 f1-f2 f1-g2 f6-e5 f6-e6 f6-f5 f6-f7 f6-g5 \
             f6-g6 f6-g7 g1-f2 g1-g2 g1-h1 g1-h2"
        )
    );
    assert_eq!(p.legal_actions().len(), 46);
    let (q, ev) = apply(&p, "b3>e6");
    assert_eq!(ev, json!([{"kind": "ball", "from": "c4", "to": "e6"}]));
    assert_eq!(doc(&q)["board"][2], "....*B..");
    assert_eq!(doc(&q)["to_move"], 1);
    assert_eq!(
        q.man(Square::parse("b3").unwrap()),
        Some(Colour::Black),
        "the kicker stays"
    );
    for a in [
        "c3>c5", "c3>c6", "b3>g8", "b3>c4", "b3>b5", "b3-c4", "d1-d2*", "d1>d3",
    ] {
        assert_eq!(code(&p, None, a), "illegal", "{a}");
    }
}

#[test]
fn e3_refusals_say_what_is_wrong() {
    let p = from_rows(E3, 0);
    let says = |a: &str| refusal(&p, None, a).to_string();
    assert_eq!(
        says("c3>c5"),
        "the ball cannot stop on c5: a man stands there"
    );
    assert_eq!(says("c3>c6"), "the ball would pass through the man on c5");
    assert_eq!(
        says("b3>g8"),
        "the ball cannot stop on g8: a man stands there"
    );
    assert_eq!(
        says("b3>c4"),
        "the ball already stands on c4: a kick moves it at least one square"
    );
    assert_eq!(
        says("b3>b5"),
        "b5 is not on the line from b3 through the ball on c4: the ball flies straight ahead, away from the kicker"
    );
    assert_eq!(
        says("b3>a2"),
        "a2 is not on the line from b3 through the ball on c4: the ball flies straight ahead, away from the kicker",
        "behind the kicker"
    );
    assert_eq!(
        says("b3-c4"),
        "c4 holds the ball: a man does not run onto it; to dribble it write b3-c4*"
    );
    assert_eq!(
        says("d1-d2*"),
        "the man on d1 is not next to the ball on c4: only a man next to it can dribble or kick"
    );
    assert_eq!(
        refusal(&p, None, "d1>d3"),
        Refusal::NotNextToBall {
            man: Square::parse("d1").unwrap(),
            ball: Square::parse("c4").unwrap()
        }
    );
    assert_eq!(
        says("c4-c5"),
        "c4 holds the ball, not a man: the ball moves only when a man next to it dribbles or kicks it"
    );
    assert_eq!(says("c5-c6"), "the man on c5 is white, not yours");
    assert_eq!(says("a1-a2"), "there is no man on a1");
    assert_eq!(
        says("d1-d3"),
        "a man moves one square: d3 is not next to d1"
    );
    assert_eq!(
        says("d1-d1"),
        "a man moves one square: d1 is not next to d1"
    );
    assert_eq!(says("b3-c3"), "c3 is taken by a black man");
    // Dribbles: the man's target, then the ball's.
    assert_eq!(
        says("c3-c4*"),
        "the ball cannot go to c5: a white man stands there"
    );
}

#[test]
fn dribbles_are_refused_square_by_square() {
    // Black man b3 under the ball c4, a white man on d5; man a1 elsewhere.
    let p = setup("b3 a1", "d5 e3", "c4", 0);
    let says = |a: &str| refusal(&p, None, a).to_string();
    assert_eq!(
        says("b3-c4*"),
        "the ball cannot go to d5: a white man stands there"
    );
    assert!(legal(&p).contains(&"b3-b4*".to_string()));
    // Off the board: the ball on the edge cannot go further.
    let q = setup("b6 a1", "h8", "a7", 0);
    assert_eq!(
        refusal(&q, None, "b6-a6*").to_string(),
        "the ball on a7 would leave the board"
    );
    // The man's target taken.
    let r = setup("d4 c3", "h8", "d5", 0);
    assert_eq!(
        refusal(&r, None, "d4-c3*").to_string(),
        "c3 is taken by a black man"
    );
    // A man may run away from the ball, leaving it.
    let (s, ev) = apply(&r, "d4-e3");
    assert_eq!(ev, json!([{"kind": "moved", "from": "d4", "to": "e3"}]));
    assert_eq!(s.ball().to_string(), "d5");
}

#[test]
fn e4_goals_by_a_kick() {
    let p = setup("d4 e4", "b8 g7", "e5", 0);
    assert_eq!(
        legal(&p),
        sorted(
            "d4-c3 d4-c3* d4-c4 d4-c4* d4-c5 d4-c5* d4-d3 d4-d5 d4-d5* d4-e3 d4-e3* d4-e5* \
             d4>f6 e4-d3 e4-d5 e4-d5* e4-e3 e4-e3* e4-e5* e4-f3 e4-f3* e4-f4 e4-f4* e4-f5 e4-f5* \
             e4>e6 e4>e7 e4>e8"
        )
    );
    let (q, ev) = apply(&p, "e4>e8");
    assert_eq!(
        ev,
        json!([{"kind": "ball", "from": "e5", "to": "e8"}, {"kind": "game_over", "winner": 0}])
    );
    assert_eq!(doc(&q)["result"]["winner"], 0);
    assert_eq!(
        q.outcome().unwrap().reason.english(),
        "black put the ball on e8, the opponent's back rank"
    );
    assert!(q.legal_actions().is_empty());
    let (q, ev) = apply(&p, "e4>e7");
    assert_eq!(game_over(&ev), None);
    assert_eq!(doc(&q)["to_move"], 1);
}

#[test]
fn e5_own_goal_and_goals_by_a_dribble() {
    let p = setup("e6 a1", "b8", "e5", 0);
    assert_eq!(kicks(&p), sorted("e6>e4 e6>e3 e6>e2 e6>e1"));
    let (q, ev) = apply(&p, "e6>e1");
    assert_eq!(game_over(&ev), Some(1));
    assert_eq!(q.outcome().unwrap().reason.code(), Some("own-goal"));
    let p = setup("e6 a1", "b8", "e7", 0);
    for (a, ball) in [
        ("e6-e7*", "e8"),
        ("e6-d7*", "d8"),
        ("e6-f7*", "f8"),
        ("e6>e8", "e8"),
    ] {
        let (q, ev) = apply(&p, a);
        assert_eq!(game_over(&ev), Some(0), "{a}");
        assert_eq!(q.ball().to_string(), ball, "{a}");
        assert_eq!(q.outcome().unwrap().reason.code(), Some("goal"));
    }
    let (q, ev) = apply(&p, "e6-e5*");
    assert_eq!(game_over(&ev), None);
    assert_eq!(
        (q.ball().to_string(), q.man(Square::parse("e5").unwrap())),
        ("e6".into(), Some(Colour::Black))
    );
}

#[test]
fn e6_a_player_without_a_legal_action_loses() {
    let p = setup("a7 b7 c7", "a8", "e4", 0);
    let (q, ev) = apply(&p, "c7-b8");
    assert_eq!(
        ev,
        json!([{"kind": "moved", "from": "c7", "to": "b8"}, {"kind": "game_over", "winner": 0}])
    );
    assert_eq!(doc(&q)["to_move"], 0);
    assert_eq!(q.outcome().unwrap().reason.code(), Some("blocked"));
    assert_eq!(
        q.outcome().unwrap().reason.english(),
        "white has no legal action"
    );
    // The finished position reads back with its reason.
    let back = Position::from_value(serde_json::from_value(doc(&q)).unwrap()).unwrap();
    assert_eq!(back, q);
}

#[test]
fn e7_an_opening() {
    let mut p = Position::start();
    for a in [
        "e1-e2", "e8-e7", "e2-e3", "e7-e6", "e3-e4", "e6-d5*", "e4>a4",
    ] {
        assert!(legal(&p).contains(&a.to_string()), "{a}");
        p = apply(&p, a).0;
    }
    assert_eq!(
        doc(&p),
        json!({"format": "soccolot-position/1",
            "board": [".WWW.WW.", "........", "........", "...W....", "*...B...", "........",
                "........", ".BBB.BB."],
            "to_move": 1, "result": null})
    );
}

#[test]
fn e8_refusals_in_the_contracts_order() {
    let p = Position::start();
    for t in [
        "hello", "e2", "b1-b9", "i1-i2", "b1>", "b1-c2**", "b1--c2", "", "b1 c2", "b1>c2*",
    ] {
        assert_eq!(code(&p, None, t), "unreadable", "{t}");
    }
    for t in ["b8-b7", "e5-e6", "b1-c1", "b1-b3"] {
        assert_eq!(code(&p, None, t), "illegal", "{t}");
    }
    assert_eq!(code(&p, Some(1), "b1-b2"), "not-your-turn");
    assert_eq!(code(&p, Some(1), "hello"), "not-your-turn");
    let e4 = setup("d4 e4", "b8 g7", "e5", 0);
    let (over, _) = apply(&e4, "e4>e8");
    assert_eq!(code(&over, None, "d4-d3"), "game-over");
    assert_eq!(code(&over, Some(1), "hello"), "game-over");
    // Any case, spaces around.
    assert_eq!(apply(&p, "  B1-C2 ").0, apply(&p, "b1-c2").0);
    assert_eq!(
        refusal(&p, None, "hello").to_string(),
        "“hello” is not an action: write a run like c2-d3, a dribble like c2-d3* or a kick like b3>e6"
    );
}

#[test]
fn the_chat_reads_two_squares_as_the_one_action_they_can_mean() {
    let p = from_rows(E2, 1);
    let read = |t: &str| p.read_chat(t).map(|a| a.to_string());
    assert_eq!(
        read("e4 d4").unwrap_err(),
        Refusal::RunOrDribble {
            from: Square::parse("e4").unwrap(),
            to: Square::parse("d4").unwrap()
        }
    );
    assert_eq!(read("E4-D4").unwrap(), "e4-d4");
    assert_eq!(read("e4 - d4 *").unwrap(), "e4-d4*");
    assert_eq!(
        read("e4 d5").unwrap(),
        "e4-d5*",
        "the ball's square: only a dribble"
    );
    assert_eq!(read("e4d5").unwrap(), "e4-d5*");
    assert_eq!(read("e4 b7").unwrap(), "e4>b7");
    assert_eq!(read("E4 > B7").unwrap(), "e4>b7");
    assert_eq!(
        read("E4-D5").unwrap(),
        "e4-d5",
        "the notation is read as written"
    );
    assert!(p.play(Seat(1), &p.read_chat("E4-D5").unwrap()).is_err());
    assert_eq!(read("hello").unwrap_err().code(), "unreadable");
    assert_eq!(
        read("e4 e6").unwrap_err().to_string(),
        "e6 is not on the line from e4 through the ball on d5: the ball flies straight ahead, away from the kicker"
    );
    assert_eq!(
        read("h1 h2").unwrap_err().to_string(),
        "the man on h1 is black, not yours"
    );
    let start = Position::start();
    assert_eq!(
        start.read_chat("c2 d3").unwrap_err().to_string(),
        "there is no man on c2"
    );
    assert_eq!(start.read_chat("c1 d2").unwrap().to_string(), "c1-d2");
    assert_eq!(
        start.read_chat("d1 d3").unwrap_err().to_string(),
        "a man moves one square: d3 is not next to d1"
    );
}

#[test]
fn invalid_positions_name_every_problem() {
    let ok = r#"{"format":"soccolot-position/1","board":[".WWWWWW.","........","........","....*...","........","........","........",".BBBBBB."],"to_move":0,"result":null}"#;
    let bad = |json: String, needle: &str| {
        let e = Position::from_value(serde_json::from_str(&json).unwrap()).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.contains(needle)),
            "{json}: {:?}",
            e.problems
        );
    };
    bad(
        ok.replace(r#""result":null"#, r#""result":null,"score":[0,0]"#),
        "unknown field",
    );
    bad(ok.replace(r#""to_move":0,"#, ""), "“to_move” is missing");
    bad(ok.replace("soccolot-position", "sages-position"), "format");
    bad(ok.replacen("........", ".......", 1), "rank 7");
    bad(ok.replacen("........", "...X....", 1), "“X”");
    bad(ok.replace("....*...", "........"), "exactly one ball");
    bad(ok.replacen("........", "*.......", 1), "exactly one ball");
    bad(
        ok.replace(r#""to_move":0"#, r#""to_move":2"#),
        "to_move must be 0 or 1",
    );
    bad(
        ok.replace(r#""result":null"#, r#""result":{"winner":0}"#),
        "result must be",
    );
    bad(
        ok.replace("....*...", "........")
            .replace(".WWWWWW.", ".WWWW*W."),
        "back rank, but the game has no result",
    );
    bad(
        ok.replace("....*...", "........")
            .replace(".BBBBBB.", "*BBBBBB."),
        "back rank, but the game has no result",
    );
    // Every problem at once.
    let e = Position::from_value(
        serde_json::from_str(
            &ok.replace(r#""to_move":0"#, r#""to_move":"x""#)
                .replace("soccolot-position", "x"),
        )
        .unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.problems.len(), 2, "{:?}", e.problems);
    // A seat to move without any legal action (E6 after c7-b8, with no result).
    let blocked = json!({"format": "soccolot-position/1",
        "board": ["WB......", "BBB.....", "........", "........", "....*...", "........",
            "........", "........"], "to_move": 1, "result": null});
    let e = Position::from_value(serde_json::from_value(blocked.clone()).unwrap()).unwrap_err();
    assert!(e.problems[0].contains("without any legal action"), "{e}");
    // The same with its result is a finished game; the number of men is not checked [D9].
    let mut done = blocked;
    done["result"] = json!({"winner": 0, "reason": "whatever"});
    done["to_move"] = json!(0);
    let p = Position::from_value(serde_json::from_value(done).unwrap()).unwrap();
    assert_eq!(p.outcome().unwrap().reason.code(), Some("blocked"));
    assert!(p.legal_actions().is_empty());
    let crowd = setup("a1 b1 c1 d1 e1 f1 g1 h1 a2", "a8", "e4", 0);
    assert_eq!(crowd.men_of(Colour::Black).count(), 9);
    // A result the board does not explain keeps the document's text.
    let odd = json!({"format": "soccolot-position/1", "board": doc(&Position::start())["board"],
        "to_move": 0, "result": {"winner": 1, "reason": "resigned"}});
    let p = Position::from_value(serde_json::from_value(odd).unwrap()).unwrap();
    assert_eq!(p.outcome().unwrap().reason.english(), "resigned");
    assert_eq!(p.outcome().unwrap().reason.code(), None);
}

/// One whole random game, checking every invariant along the way; returns its length.
fn random_game(seed: u64, check_refusals: bool) -> usize {
    let mut rng = policy_rng(&format!("soccolot{seed}"));
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let legal = p.legal_actions();
        assert!(!legal.is_empty(), "a seat to move always has an action");
        let mut texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), legal.len(), "no repeats");
        for a in &legal {
            assert_eq!(p.parse_action(&a.to_string().to_uppercase()).unwrap(), *a);
        }
        if check_refusals {
            // Every other action of a man of the side is refused, the position unchanged.
            let colour = Colour::of(seat);
            for from in p.men_of(colour).collect::<Vec<_>>() {
                for to in Square::all() {
                    for a in [
                        Action::Run { from, to },
                        Action::Dribble { from, to },
                        Action::Kick { from, stop: to },
                    ] {
                        if !legal.contains(&a) {
                            let before = p.clone();
                            assert_eq!(p.play(seat, &a).unwrap_err().code(), "illegal", "{a}");
                            assert_eq!(p, before);
                        }
                    }
                }
            }
        }
        let a = legal[rng.next_u32() as usize % legal.len()];
        let (next, events) = p.play(seat, &a).unwrap();
        assert!(!events.is_empty());
        assert_eq!(next.men_of(Colour::Black).count(), 6, "men are never taken");
        assert_eq!(next.men_of(Colour::White).count(), 6);
        assert!(
            next.man(next.ball()).is_none(),
            "the ball never shares a square"
        );
        let text = serde_json::to_string(&next.to_doc()).unwrap();
        assert_eq!(
            Position::from_value(serde_json::from_str(&text).unwrap()).unwrap(),
            next
        );
        p = next;
        n += 1;
        assert!(n < 20_000);
    }
    let (winner, reason) = p.result().unwrap();
    match reason.code() {
        Some("goal" | "own-goal") => {
            assert_eq!(p.ball().rank(), Colour::of(winner).goal_rank());
        }
        Some("blocked") => assert!(!p.can_act(Colour::of(winner).other())),
        other => panic!("{other:?}"),
    }
    n
}

#[test]
fn three_hundred_random_games_end_and_keep_every_invariant() {
    let mut lengths: Vec<usize> = (0..300).map(|g| random_game(g, g < 3)).collect();
    lengths.sort_unstable();
    let median = lengths[lengths.len() / 2];
    // The rules file measured a median of 153 plies over 200 games.
    assert!((60..400).contains(&median), "median {median}");
}

#[test]
fn easy_never_misses_a_goal_nor_gives_one_away() {
    let p = setup("d4 e4", "b8 g7", "e5", 0);
    for s in 0..5 {
        assert_eq!(
            p.choose("easy", &s.to_string()).unwrap().to_string(),
            "e4>e8"
        );
        assert_eq!(
            p.choose("strong", &s.to_string()).unwrap().to_string(),
            "e4>e8"
        );
    }
    // White to move, its man on d6 above the ball d5, a black man on d4 under it: the black
    // man could kick to d8 next; easy does not leave the line open.
    let q = setup("d4 h1", "d6 a8", "d5", 1);
    for s in 0..8 {
        let a = q.choose("easy", &s.to_string()).unwrap();
        let next = q.play(Seat(1), &a).unwrap().0;
        assert!(!wins_now(&next), "{a}");
        let a = q.choose("strong", &s.to_string()).unwrap();
        let next = q.play(Seat(1), &a).unwrap().0;
        assert!(!wins_now(&next), "{a}");
    }
    assert!(Position::start().choose("genius", "s").is_none());
}

/// Strong (with `budget` positions a move) against `opponent` from `p`: the winner and the
/// actions played, within `cap`.
fn strong_against(
    opponent: &str,
    p: &Position,
    budget: usize,
    cap: usize,
) -> (Option<Seat>, usize) {
    let strong = p.seat_to_move();
    let mut p = p.clone();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let seed = format!("siege/{n}");
        let a = if seat == strong {
            super::policy::strong_with_budget(&p, &seed, budget)
        } else {
            p.choose(opponent, &seed)
        };
        p = p.play(seat, &a.unwrap()).unwrap().0;
        n += 1;
        if n >= cap {
            break;
        }
    }
    (p.outcome().and_then(|o| o.winner()), n)
}

#[test]
fn strong_breaks_a_siege_in_the_corner() {
    // Met in a strong–easy game: the ball on a7, White's men on a8 and b8 in front of it.
    // The strong player used to dribble it b6–a7 and back for hundreds of moves, the
    // ball's rank being all it valued and every way out longer than its search.
    let p = setup("a6 b6 c6 d6 a5 a4", "a8 b8 d5 h3 e2 e1", "a7", 0);
    let (winner, n) = strong_against("easy", &p, 4_000, 80);
    assert_eq!(winner, Some(Seat(0)), "no goal in {n} actions");
    // The same siege with the colours swapped.
    let q = setup("a1 b1 d4 h6 e7 e8", "a3 b3 c3 d3 a4 a5", "a2", 1);
    let (winner, n) = strong_against("easy", &q, 4_000, 80);
    assert_eq!(winner, Some(Seat(1)), "no goal in {n} actions");
}

#[test]
fn strong_with_a_small_budget_wins_quickly_from_the_start() {
    for to_move in [0, 1] {
        let mut p = Position::start();
        p.to_move = Seat(to_move);
        for opponent in ["random", "easy"] {
            let (winner, n) = strong_against(opponent, &p, 3_000, 200);
            assert_eq!(
                winner,
                Some(Seat(to_move)),
                "{opponent}, strong seat {to_move}: no win in {n} actions"
            );
        }
    }
}

fn wins_now(p: &Position) -> bool {
    let seat = p.seat_to_move();
    p.result.is_some()
        || p.legal_actions().iter().any(|a| {
            p.play(seat, a)
                .unwrap()
                .0
                .result()
                .is_some_and(|(w, _)| w == seat)
        })
}

fn play(a: &str, b: &str, g: u64) -> Option<Seat> {
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let policy = if seat.0 == 0 { a } else { b };
        p = p
            .play(seat, &p.choose(policy, &format!("{g}/{n}")).unwrap())
            .unwrap()
            .0;
        n += 1;
        if n > 600 {
            return None;
        }
    }
    p.outcome().unwrap().winner()
}

#[test]
fn easy_beats_random_and_strong_beats_easy() {
    let mut easy = 0;
    for g in 0..6 {
        easy += usize::from(play("easy", "random", g) == Some(Seat(0)));
        easy += usize::from(play("random", "easy", g) == Some(Seat(1)));
    }
    assert!(easy >= 10, "easy won {easy}/12 against random");
    let mut strong = 0;
    for g in 0..2 {
        strong += usize::from(play("strong", "easy", g) == Some(Seat(0)));
        strong += usize::from(play("easy", "strong", g) == Some(Seat(1)));
    }
    assert!(strong >= 3, "strong won {strong}/4 against easy");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>()) {
        random_game(seed, false);
    }
}

/// One game between two computer players, seat 0 `a`: the winner (none if `cap` actions
/// did not end it) and the actions played.
fn versus(a: &str, b: &str, g: u64, cap: usize) -> (Option<Seat>, usize) {
    let mut p = Position::start();
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        let policy = if seat.0 == 0 { a } else { b };
        p = p
            .play(seat, &p.choose(policy, &format!("{g}/{n}")).unwrap())
            .unwrap()
            .0;
        n += 1;
        if n >= cap {
            return (None, n);
        }
    }
    (p.outcome().unwrap().winner(), n)
}

/// Figures for docs/performance.md (`cargo test --release -p labscape-core --lib
/// soccolot::tests::figures -- --ignored --nocapture`): random games' lengths, the strong
/// player's time per move and the computer players' results, seats swapped every other
/// game, with the median and longest game.
#[test]
#[ignore = "measurement, not a check"]
fn figures() {
    let mut lengths: Vec<usize> = (0..300).map(|g| random_game(g, false)).collect();
    lengths.sort_unstable();
    println!(
        "random games: median {} plies, longest {}",
        lengths[lengths.len() / 2],
        lengths[lengths.len() - 1]
    );
    let mut p = Position::start();
    let (mut moves, mut total, mut slowest) =
        (0u32, std::time::Duration::ZERO, std::time::Duration::ZERO);
    while let Some(seat) = p.to_move() {
        let started = std::time::Instant::now();
        let a = p.choose("strong", &moves.to_string()).unwrap();
        let took = started.elapsed();
        (total, slowest) = (total + took, slowest.max(took));
        p = p.play(seat, &a).unwrap().0;
        moves += 1;
        if moves == 40 {
            break;
        }
    }
    println!(
        "strong: {:?} a move over the first {moves} moves of a strong-strong game, slowest {slowest:?}",
        total / moves
    );
    for (player, opponent, games) in [
        ("strong", "random", 20),
        ("strong", "easy", 20),
        ("easy", "random", 40),
    ] {
        let (mut won, mut unfinished, mut lengths) = (0, 0, Vec::new());
        let started = std::time::Instant::now();
        for g in 0..games {
            let seat = Seat((g % 2) as u8);
            let (winner, n) = if seat.0 == 0 {
                versus(player, opponent, g, 10_000)
            } else {
                versus(opponent, player, g, 10_000)
            };
            won += usize::from(winner == Some(seat));
            unfinished += usize::from(winner.is_none());
            lengths.push(n);
        }
        lengths.sort_unstable();
        println!(
            "{player} against {opponent}: won {won}/{games}, {unfinished} unfinished after 10,000 actions; median {} actions, longest {}; {:?}",
            lengths[lengths.len() / 2],
            lengths[lengths.len() - 1],
            started.elapsed()
        );
    }
}
