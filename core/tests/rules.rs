//! Rule tests that need many positions or many seeds: the two tables entry by entry, the
//! first-player draw, random setup, the uniformity of the draws and the seed commitment.
//! The tables below are copied from `labscape.md` §8, not from the engine.

mod common;

use std::collections::HashMap;

use common::{Model, PRESETS, floor_cells, layout_floors, settings};
use labscape_core::labscape::{
    Action, Difficulty, Event, Phase, Position, PositionDoc, Seat, SetupMode, commitment,
};
use serde_json::json;

/// labscape.md §8, search table: attempt rows 1–6, sums 2–12.
const SEARCH: [[i32; 11]; 6] = [
    [2, 2, 2, 1, 1, 1, 1, -1, -1, -1, -1],
    [2, 2, 1, 1, 1, 1, -1, -1, -1, -1, -1],
    [3, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1],
    [4, 1, 1, 1, -1, -1, -1, -1, -1, -1, -2],
    [5, 1, 1, -1, -1, -1, -1, -1, -1, -1, -3],
    [6, 1, -1, -1, -1, -1, -1, -1, -1, -1, -4],
];

fn doc(v: serde_json::Value) -> PositionDoc {
    serde_json::from_value(v).expect("position document")
}

fn single_position(
    item: &str,
    keys: i64,
    food: i64,
    time: i64,
    search: i64,
    dice: [u8; 2],
) -> Position {
    Position::from_doc(&doc(json!({
        "layout": "single", "difficulty": "easy", "phase": "play", "floor": 0, "keys": keys,
        "exit": "C3", "robot": "A1", "dice": dice,
        "players": [{"name": "ana", "cell": "B2", "time": time, "food": food, "status": "acting", "search": search}],
        "floors": [{"walls": ["A1:SE"], "items": {"B2": item}}]
    })))
    .expect("valid")
}

#[test]
fn search_table_every_entry_for_keys_and_food() {
    for attempt in 1..=8i64 {
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let sum = usize::from(a + b);
                let want = SEARCH[(attempt.min(6) - 1) as usize][sum - 2];
                for (item, keys, food) in [
                    ("key-taken", 5, 0),
                    ("key", 0, 0),
                    ("food", 0, 5),
                    ("food", 0, 0),
                ] {
                    let mut pos = single_position(item, keys, food, 3, attempt - 1, [a, b]);
                    let events = pos.play(None, &Action::Roll).expect("roll");
                    let Event::Rolled {
                        dice, row, result, ..
                    } = &events[0]
                    else {
                        panic!("{events:?}")
                    };
                    assert_eq!(
                        (*dice, *row, *result),
                        ([a, b], attempt.min(6) as u32, want),
                        "attempt {attempt}, {a}+{b}"
                    );
                    let (k, f) = (pos.keys() as i64, pos.players()[0].food() as i64);
                    if item == "food" {
                        assert_eq!(
                            (k, f),
                            (keys, (food + i64::from(want)).max(0)),
                            "{item} attempt {attempt} sum {sum}"
                        );
                    } else {
                        assert_eq!(
                            (k, f),
                            ((keys + i64::from(want)).max(0), food),
                            "{item} attempt {attempt} sum {sum}"
                        );
                    }
                    assert_eq!(pos.players()[0].time(), 4);
                    assert_eq!(pos.players()[0].search() as i64, attempt);
                }
            }
        }
    }
}

#[test]
fn special_table_every_entry() {
    // (id, keys delta, food delta, time delta after the roll's minute), from labscape.md §8,
    // for a roller with 2 food, 3 keys, at time 10 (so 11 after the roll's minute).
    let table: HashMap<u8, (&str, i64, i64, i64)> = HashMap::from([
        (2, ("master_keycard", 3, 0, 0)),
        (3, ("clock_tamper", 0, 0, -2)),
        (4, ("ration_pack", 0, 2, 0)),
        (5, ("spare_key", 1, 0, 0)),
        (6, ("bargain", 1, -1, 0)),
        (7, ("alarm_test", 0, 0, 0)),
        (8, ("heavy_crate", 1, 0, 2)),
        (9, ("sticky_floor", 0, 0, 1)),
        (10, ("mouldy_bread", 0, -1, 0)),
        (11, ("dropped_key", -1, 0, 0)),
        (12, ("tripwire", 0, 0, 3)),
    ]);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let (id, kd, fd, td) = table[&(a + b)];
            // The robot is walled in at A1, so the alarm test moves nothing and catches no one.
            let mut pos = single_position("special", 3, 2, 10, 0, [a, b]);
            let events = pos.play(None, &Action::Roll).expect("roll");
            let Event::Rolled { special, row, .. } = &events[0] else {
                panic!("{events:?}")
            };
            assert_eq!((*special, *row), (Some(id), u32::from(a + b)));
            let p = &pos.players()[0];
            assert_eq!(
                (pos.keys() as i64, p.food() as i64, p.time() as i64),
                (3 + kd, 2 + fd, 11 + td),
                "{id}"
            );
            assert_eq!(
                pos.to_doc().floors[0].as_ref().unwrap().items["B2"],
                "special-spent"
            );
            if id == "alarm_test" {
                assert!(
                    events.iter().any(|e| matches!(e, Event::RobotMoved { .. })),
                    "the alarm test moves the robot"
                );
            }
        }
    }
}

#[test]
fn first_player_is_the_highest_2d6_with_re_rolls_among_the_highest() {
    let mut re_rolls = 0;
    let mut firsts = [0usize; 8];
    for seed in 0..400 {
        let n = 1 + seed % 8;
        let s = settings("single", n, Difficulty::Medium, SetupMode::Random);
        let (pos, events) = Position::new_game(&s, &format!("first-{seed}")).unwrap();
        let Event::FirstPlayer { rounds, seat } = &events[0] else {
            panic!("first event: {events:?}")
        };
        let mut rolling: Vec<Seat> = (0..n as u8).map(Seat).collect();
        for round in rounds {
            assert_eq!(
                round.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
                rolling,
                "everyone still tied rolls, in seat order"
            );
            assert!(
                round
                    .iter()
                    .all(|(_, d)| d.iter().all(|x| (1..=6).contains(x)))
            );
            let best = round.iter().map(|(_, d)| d[0] + d[1]).max().unwrap();
            rolling = round
                .iter()
                .filter(|(_, d)| d[0] + d[1] == best)
                .map(|(s, _)| *s)
                .collect();
        }
        re_rolls += rounds.len().saturating_sub(1);
        assert_eq!(
            rolling,
            vec![*seat],
            "seed {seed}: the last round has one highest"
        );
        if n == 1 {
            assert!(rounds.is_empty() || rounds.len() == 1);
        }
        // The time stack at 0 is in turn order from the first player (§5.5): they act first,
        // and the arrival order is seat order starting from them.
        assert_eq!(
            pos.active(),
            Some(*seat),
            "seed {seed}: the first player starts"
        );
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|i| pos.players()[*i].arrival());
        let want: Vec<usize> = (0..n).map(|k| (seat.index() + k) % n).collect();
        assert_eq!(order, want, "seed {seed}: the stack at 0 is in turn order");
        // Everyone waiting one minute keeps that order for the first round.
        let mut p = pos.clone();
        for &w in &want {
            assert_eq!(
                p.active(),
                Some(Seat(w as u8)),
                "seed {seed}: first-round order"
            );
            p.play(None, &Action::Wait(1)).unwrap();
        }
        firsts[seat.index()] += 1;
    }
    assert!(
        re_rolls > 10,
        "ties among the highest happen and are re-rolled"
    );
    assert!(firsts.iter().take(8).all(|c| *c > 0));
}

#[test]
fn random_setup_builds_every_floor_by_the_rules() {
    for (i, layout) in PRESETS.iter().enumerate() {
        for seed in 0..6 {
            let n = 1 + (seed * 3 + i) % 8;
            let s = settings(layout, n, Difficulty::ALL[seed % 4], SetupMode::Random);
            let (pos, events) = Position::new_game(&s, &format!("setup-{layout}-{seed}")).unwrap();
            let doc = pos.to_doc();
            let shapes = layout_floors(layout);
            assert_eq!(pos.phase(), Phase::Play);
            assert_eq!(
                doc.floor as usize,
                shapes.len() - 1,
                "play starts on the top floor"
            );
            common::check_invariants(&pos).unwrap();
            for (f, shape) in shapes.iter().enumerate() {
                let fd = doc.floors[f].as_ref().expect("every floor is built");
                let mut per_module: HashMap<(i32, i32), (usize, [usize; 3])> = HashMap::new();
                for c in floor_cells(shape) {
                    let item = fd
                        .items
                        .get(&common::cell_name(c))
                        .unwrap_or_else(|| panic!("{layout}: no item on a cell"));
                    let k = match item.as_str() {
                        "key" | "key-taken" => 0,
                        "food" => 1,
                        "special" => 2,
                        other => panic!("a fresh building has no {other}"),
                    };
                    if item == "key-taken" {
                        assert_eq!(
                            f,
                            shapes.len() - 1,
                            "only start cells on the top floor took keys"
                        );
                    }
                    per_module.entry((c.0 / 3, c.1 / 3)).or_default().1[k] += 1;
                }
                for w in &fd.walls {
                    let c = common::WallM::parse(w).cell;
                    per_module.entry((c.0 / 3, c.1 / 3)).or_default().0 += 1;
                }
                for ((mx, my), (walls, items)) in per_module {
                    assert!(
                        (4..=6).contains(&walls),
                        "{layout} floor {f} module ({mx},{my}): {walls} walls"
                    );
                    assert_eq!(
                        items,
                        [4, 3, 2],
                        "{layout} floor {f} module ({mx},{my}): the item mix (D3)"
                    );
                }
            }
            // §5.4: start cells, exit, robot; keys from start cells; everyone at time 0.
            let m = Model::new(&pos);
            let taken = doc.floors[doc.floor as usize]
                .as_ref()
                .unwrap()
                .items
                .values()
                .filter(|i| *i == "key-taken")
                .count();
            assert_eq!(doc.keys as usize, taken, "a start on a key token takes it");
            assert!(
                m.players
                    .iter()
                    .all(|p| p.time == 0 && p.status == "acting" && p.food == 0)
            );
            let robot = m.robot.unwrap();
            assert!(
                m.players.iter().all(|p| p.cell != Some(robot)),
                "the robot starts off the players"
            );
            let any_linked = floor_cells(m.shape()).iter().any(|c| {
                m.players.iter().all(|p| p.cell != Some(*c)) && {
                    let d = m.reachable_with(&m.wall_edges, *c);
                    m.acting_cells().iter().any(|p| d.contains_key(p))
                }
            });
            assert_eq!(
                m.robot_reaches_with(&m.wall_edges),
                any_linked,
                "the robot is re-drawn until it can reach a player"
            );
            assert!(events.iter().any(|e| matches!(e, Event::FloorSetUp { .. })));
        }
    }
}

#[test]
fn start_cells_and_the_exit_are_uniform_over_the_floor() {
    let mut starts: HashMap<String, usize> = HashMap::new();
    let mut exits: HashMap<String, usize> = HashMap::new();
    let mut robots: HashMap<String, usize> = HashMap::new();
    let n = 1800;
    for seed in 0..n {
        let s = settings("single", 1, Difficulty::Easy, SetupMode::Random);
        let (pos, _) = Position::new_game(&s, &format!("u{seed}")).unwrap();
        let doc = pos.to_doc();
        *starts
            .entry(doc.players[0].cell.clone().unwrap())
            .or_default() += 1;
        *exits.entry(doc.exit.clone().unwrap()).or_default() += 1;
        *robots.entry(doc.robot.clone().unwrap()).or_default() += 1;
    }
    for (what, counts) in [("start", &starts), ("exit", &exits)] {
        assert_eq!(counts.len(), 9, "{what}: every cell happens");
        for (c, k) in counts {
            assert!((130..=270).contains(k), "{what} on {c}: {k} of {n}");
        }
    }
    assert_eq!(robots.len(), 9);
}

#[test]
fn seed_commitment_and_determinism() {
    // [D8]: SHA-256 of the seed, lowercase hex.
    assert_eq!(
        commitment("abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(
        commitment(""),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    let s = settings("pyramid", 3, Difficulty::Hard, SetupMode::Random);
    let (a, ea) = Position::new_game(&s, "same").unwrap();
    let (b, eb) = Position::new_game(&s, "same").unwrap();
    assert_eq!(a.to_doc(), b.to_doc());
    assert_eq!(ea, eb);
    let (c, _) = Position::new_game(&s, "other").unwrap();
    assert_ne!(a.to_doc(), c.to_doc(), "another seed, another game");
}

#[test]
fn a_game_has_1_to_8_players() {
    for n in [0, 9, 12] {
        let s = settings("single", n, Difficulty::Medium, SetupMode::Random);
        let e = Position::new_game(&s, "x").unwrap_err();
        assert!(e.to_string().contains("1 to 8"), "{e}");
    }
    for n in 1..=8 {
        let s = settings("duo", n, Difficulty::Medium, SetupMode::Draft);
        let (pos, _) = Position::new_game(&s, "x").unwrap();
        assert!(matches!(pos.phase(), Phase::Setup(d) if d.building == 0 && d.placer == d.first));
        let doc = pos.to_doc();
        assert!(doc.players.iter().all(|p| p.cell.is_none() && p.time == 0));
        assert!(doc.exit.is_none() && doc.robot.is_none());
    }
}

/// Cell draws use d6s column first, then row, with the tabletop procedure (re-drawing cells
/// off the floor). Checked through a robot catch on floors of several sizes.
#[test]
fn cell_draws_use_the_tabletop_dice_procedure() {
    let catch_draw = |layout: &str, dice: &[u8]| -> String {
        let mut pos = Position::from_doc(&doc(json!({
            "layout": layout, "difficulty": "easy", "phase": "play", "floor": 0, "exit": "A2", "robot": "B1",
            "dice": dice,
            "players": [{"name": "ana", "cell": "A1", "time": 6, "status": "acting"}],
            "floors": [{"walls": [], "items": {}}]
        })))
        .unwrap();
        let events = pos.play(None, &Action::Wait(1)).unwrap();
        let to = events.iter().find_map(|e| match e {
            Event::Caught { to, .. } => Some(to.to_string()),
            _ => None,
        });
        assert!(
            pos.dice().queue().next().is_none(),
            "{layout} {dice:?}: every scripted die is used"
        );
        to.expect("caught")
    };
    // 3 columns: one die mod 3.
    assert_eq!(catch_draw("single", &[5, 6]), "B3");
    // 6 columns: one die.
    assert_eq!(catch_draw("duo", &[5, 1]), "E1");
    // 9 columns: an odd first die keeps 1–6, an even one adds 6; past 9 re-roll both.
    assert_eq!(catch_draw("###", &[1, 4, 2]), "D2");
    assert_eq!(catch_draw("###", &[2, 3, 2]), "I2");
    assert_eq!(catch_draw("###", &[2, 5, 1, 1, 3]), "A3");
    // 12 columns: as for 9, never re-rolled.
    assert_eq!(catch_draw("####", &[4, 6, 1]), "L1");
    // 18 columns: first die 1/4 → +0, 2/5 → +6, 3/6 → +12.
    assert_eq!(catch_draw("######", &[6, 6, 3]), "R3");
    assert_eq!(catch_draw("######", &[5, 1, 3]), "G3");
    // 24 columns: first die 1–4 picks a block of six, 5–6 re-roll.
    assert_eq!(catch_draw("########", &[4, 6, 2]), "X2");
    assert_eq!(catch_draw("########", &[6, 1, 1, 2, 2]), "B2");
    // 9 rows: the row uses the same procedure, after the column.
    assert_eq!(catch_draw("#,#,#", &[3, 2, 3]), "C9");
    // A cell off the floor is re-drawn: D1 has no module in "#.,##".
    assert_eq!(catch_draw("#.,##", &[4, 1, 4, 5]), "D5");
    // The robot's own cell (B1 after catching on A1? no: the robot enters A1) is re-drawn.
    assert_eq!(catch_draw("single", &[1, 1, 2, 2]), "B2");
}

#[test]
fn records_replay_and_name_the_first_bad_turn() {
    use labscape_core::labscape::{Record, RecordError, TurnRecord};
    let mut r = Record {
        layout: "single".into(),
        difficulty: "easy".into(),
        setup: "random".into(),
        players: vec!["ana".into(), "bo".into()],
        seed: "record".into(),
        actions: Vec::new(),
    };
    let (pos, _) = r.replay().unwrap();
    let first = pos.active().unwrap();
    r.actions.push(TurnRecord {
        seat: first.0,
        action: "wait".into(),
    });
    r.actions.push(TurnRecord {
        seat: first.0,
        action: "wait 2".into(),
    });
    // After one wait the first player is at 1 and the other at 0: a second action by the first
    // player is refused, and the record names that turn.
    match r.replay() {
        Err(RecordError::Illegal { turn, action, .. }) => {
            assert_eq!((turn, action.as_str()), (2, "wait 2"))
        }
        other => panic!("{other:?}"),
    }
    r.actions.pop();
    r.actions.push(TurnRecord {
        seat: 1 - first.0,
        action: "fly".into(),
    });
    assert!(matches!(
        r.replay(),
        Err(RecordError::Unreadable { turn: 2, .. })
    ));
    r.actions.pop();
    assert!(r.replay().is_ok());
    // `replay_with` shows the setup and every turn, in order, ending at the final position.
    let mut seen = Vec::new();
    let last = r
        .replay_with(|p, events| seen.push((p.to_doc(), events.len())))
        .unwrap();
    assert_eq!(seen.len(), r.actions.len() + 1);
    assert_eq!(seen[0].0, pos.to_doc());
    assert_eq!(seen.last().unwrap().0, last.to_doc());
    assert!(seen.iter().all(|(_, n)| *n > 0), "every turn has events");
    let bad = Record {
        layout: "#/#/#/#/#/#/#".into(),
        ..r.clone()
    };
    let msg = bad.replay().unwrap_err().to_string();
    assert!(
        msg.contains("7 floors") && msg.contains("at most 6"),
        "{msg}"
    );
    let bad = Record {
        difficulty: "nightmare".into(),
        ..r.clone()
    };
    assert!(bad.replay().unwrap_err().to_string().contains("nightmare"));
    let bad = Record {
        setup: "lottery".into(),
        ..r.clone()
    };
    assert!(bad.replay().unwrap_err().to_string().contains("lottery"));
    let bad = Record {
        players: vec![],
        ..r.clone()
    };
    assert!(bad.replay().unwrap_err().to_string().contains("1 to 8"));
}

#[test]
fn draft_games_start_with_the_first_player_and_fill_the_building() {
    for seed in 0..12u64 {
        let n = 1 + (seed as usize % 5);
        let layout = ["single", "tower", "duo"][seed as usize % 3];
        let s = settings(layout, n, Difficulty::Medium, SetupMode::Draft);
        let (mut pos, events) = Position::new_game(&s, &format!("draft-{seed}")).unwrap();
        let Event::FirstPlayer { seat: first, .. } = events[0] else {
            panic!()
        };
        assert_eq!(pos.active(), Some(first), "the first player places first");
        let mut placer = first.index();
        while let Phase::Setup(d) = pos.phase() {
            assert_eq!(
                d.placer.index(),
                placer,
                "placements go round in seat order"
            );
            pos.play(None, &Action::Autofill).unwrap();
            placer = (placer + 1) % n;
        }
        assert_eq!(
            pos.active(),
            Some(first),
            "the first player also plays first"
        );
        common::check_invariants(&pos).unwrap();
        let doc = pos.to_doc();
        for (f, shape) in layout_floors(layout).iter().enumerate() {
            let fd = doc.floors[f].as_ref().unwrap();
            assert_eq!(
                fd.items.len(),
                floor_cells(shape).len(),
                "every cell holds an item"
            );
        }
    }
}

/// position-format.md: "refuses an invalid one with every problem listed". A generator
/// state this engine did not write is one problem among the others, not a reason to stop
/// looking.
#[test]
fn a_position_with_an_unreadable_rng_lists_its_other_problems_too() {
    let s = settings("#/#", 1, Difficulty::Easy, SetupMode::Random);
    let (pos, _) = Position::new_game(&s, "rng").unwrap();
    let mut doc: PositionDoc = pos.to_doc();
    doc.rng = Some("opaque".into());
    doc.dawn = doc.dawn.map(|d| d + 8);
    let e = Position::from_doc(&doc).unwrap_err();
    assert!(
        e.problems.iter().any(|p| p.contains("rng “opaque”")),
        "{:?}",
        e.problems
    );
    assert!(
        e.problems.iter().any(|p| p.starts_with("dawn is")),
        "{:?}",
        e.problems
    );
    // Either alone is refused too.
    doc.rng = None;
    assert_eq!(Position::from_doc(&doc).unwrap_err().problems.len(), 1);
}
