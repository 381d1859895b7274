//! Property tests (proptest) over random games and random playouts.
//!
//! Random games: any preset, 1–8 players, any difficulty, random seeds, random or draft setup.
//! Random playouts: uniform choices among `legal_actions()`, sometimes a purposeful policy,
//! a random multi-step move or wait, or a random (often illegal) action text.
//!
//! Checked against the independent model in `common` (which reads positions only through the
//! public notation): walls never share an edge and never leave their module; a rotation never
//! cuts the robot off; counters never go negative and only change as the events say; while the
//! game is not over exactly one player is active, the acting player with the lowest (time,
//! arrival); `legal_actions()` is exactly the set the rules allow, every listed action
//! applies and every other action is refused with the position unchanged; position → JSON →
//! position is the identity (and play continues identically); replaying a record gives the
//! same position and events.

mod common;

use common::{
    CORNERS, Model, PRESETS, Rng, WallM, cell_corners, cell_name, check_action, check_invariants,
    choose_action, floor_cells, json_round_trip, random_action_text, settings,
};
use labscape_core::labscape::{
    Action, Difficulty, Event, Phase, Position, PositionDoc, Record, SetupMode, TurnRecord,
};
use proptest::prelude::*;

/// Cases per property: 64, or `LABSCAPE_PROP_CASES` for a longer hunt.
fn cases() -> u32 {
    std::env::var("LABSCAPE_PROP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

#[derive(Clone, Debug)]
struct Game {
    layout: &'static str,
    players: usize,
    difficulty: Difficulty,
    setup: SetupMode,
    seed: u64,
}

fn games() -> impl Strategy<Value = Game> {
    (
        0..PRESETS.len(),
        1..=8usize,
        0..4usize,
        any::<u64>(),
        prop::bool::weighted(0.15),
    )
        .prop_map(|(l, players, d, seed, draft)| Game {
            layout: PRESETS[l],
            players,
            difficulty: Difficulty::ALL[d],
            setup: if draft {
                SetupMode::Draft
            } else {
                SetupMode::Random
            },
            seed,
        })
}

fn new_game(g: &Game) -> Position {
    let s = settings(g.layout, g.players, g.difficulty, g.setup);
    Position::new_game(&s, &format!("prop-{}", g.seed))
        .expect("new game")
        .0
}

/// The next action of a random playout.
fn next_action(rng: &mut Rng, pos: &Position) -> Action {
    match rng.below(20) {
        0..=1 => {
            // A random action text, kept only if it reads and applies.
            let text = random_action_text(rng, pos);
            match Action::parse(&text) {
                Ok(a) if pos.is_legal(&a) => a,
                _ => choose_action(rng, pos, 0),
            }
        }
        2..=7 => choose_action(rng, pos, 90),
        _ => choose_action(rng, pos, 0),
    }
}

/// Every action a player could try that `legal_actions()` would list if legal: the four
/// single steps, roll, exit, wait, and every rotation geometry allows from anywhere near.
fn listable_candidates(pos: &Position) -> Vec<Action> {
    let mut out: Vec<Action> = [
        "move N", "move E", "move S", "move W", "roll", "exit", "wait",
    ]
    .iter()
    .map(|t| Action::parse(t).unwrap())
    .collect();
    if pos.phase() != Phase::Play {
        return out;
    }
    let m = Model::new(pos);
    for &w in &m.walls {
        let mut targets = std::collections::BTreeSet::new();
        for v in w.vertices() {
            for k in 1..=3 {
                if let Some(r) = w.rotated(v, k) {
                    targets.insert(r);
                }
            }
        }
        for (_, north, east) in CORNERS {
            targets.insert(WallM {
                cell: w.cell,
                north,
                east,
            });
        }
        for r in targets {
            out.push(Action::parse(&format!("rotate-wall {} {}", w.name(), r.name())).unwrap());
        }
    }
    out
}

fn check_legal_actions(pos: &Position, rng: &mut Rng) -> Result<(), TestCaseError> {
    let legal = pos.legal_actions();
    let doc = pos.to_doc();
    // Every listed action applies.
    for a in &legal {
        let mut p = pos.clone();
        let events = p
            .play(None, a)
            .map_err(|e| TestCaseError::fail(format!("listed action {a} refused: {e}")))?;
        prop_assert!(!events.is_empty(), "{a} produced no events");
        if pos.phase() == Phase::Play {
            check_action(pos, &p, pos.active().unwrap(), &events).map_err(TestCaseError::fail)?;
        }
        check_invariants(&p).map_err(TestCaseError::fail)?;
    }
    // The list is what the rules allow.
    if pos.phase() == Phase::Play {
        let model: Vec<String> = Model::new(pos).legal().into_iter().collect();
        let mut engine: Vec<String> = legal.iter().map(ToString::to_string).collect();
        engine.sort();
        prop_assert_eq!(engine, model, "legal actions differ from the rules");
    }
    // Every other action of a listable form is refused, leaving the position unchanged.
    for a in listable_candidates(pos) {
        if legal.contains(&a) {
            continue;
        }
        let mut p = pos.clone();
        prop_assert!(
            p.play(None, &a).is_err(),
            "{} is not listed but was accepted",
            a
        );
        prop_assert_eq!(&p.to_doc(), &doc, "a refused {} changed the position", a);
    }
    // Random texts: refused ones change nothing; accepted listable ones are listed.
    for _ in 0..12 {
        let text = random_action_text(rng, pos);
        let mut p = pos.clone();
        let seat = if rng.chance(15) {
            Some(labscape_core::labscape::Seat(rng.below(9) as u8))
        } else {
            None
        };
        match Action::parse(&text) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            Ok(a) => match p.play(seat, &a) {
                Err(e) => {
                    prop_assert!(!e.to_string().is_empty());
                    prop_assert_eq!(&p.to_doc(), &doc, "refused {:?} changed the position", text);
                }
                Ok(_) => {
                    let listable = match &a {
                        Action::Move(labscape_core::labscape::MoveTarget::Steps(s)) => s.len() == 1,
                        Action::Move(_) => false,
                        Action::Wait(n) => *n == 1,
                        _ => true,
                    };
                    prop_assert!(
                        !listable || legal.contains(&a),
                        "accepted {:?} is not listed",
                        text
                    );
                    prop_assert!(
                        seat.is_none() || seat == pos.active(),
                        "accepted another seat's action"
                    );
                }
            },
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Walls, counters, turns and every action's accounting hold along random playouts.
    #[test]
    fn invariants_hold_along_random_playouts(g in games(), chooser in any::<u64>(), steps in 1..120usize) {
        let mut pos = new_game(&g);
        let mut rng = Rng::new(chooser);
        check_invariants(&pos).map_err(TestCaseError::fail)?;
        for _ in 0..steps {
            if pos.is_over() {
                break;
            }
            let a = next_action(&mut rng, &pos);
            let seat = pos.active().unwrap();
            let before = pos.clone();
            let events = pos.play(Some(seat), &a).map_err(|e| TestCaseError::fail(format!("{a}: {e}")))?;
            check_invariants(&pos).map_err(|e| TestCaseError::fail(format!("after {a}: {e}")))?;
            check_action(&before, &pos, seat, &events).map_err(|e| TestCaseError::fail(format!("{a}: {e}")))?;
        }
    }

    /// Every listed action applies, the list is exactly the rules' list, and every other
    /// action is refused with the position unchanged.
    #[test]
    fn legal_actions_are_exactly_the_legal_ones(g in games(), chooser in any::<u64>(), steps in 0..60usize) {
        let mut pos = new_game(&g);
        let mut rng = Rng::new(chooser);
        for i in 0..steps {
            if pos.is_over() {
                break;
            }
            if i % 6 == 0 {
                check_legal_actions(&pos, &mut rng)?;
            }
            let a = next_action(&mut rng, &pos);
            pos.play(None, &a).map_err(|e| TestCaseError::fail(format!("{a}: {e}")))?;
        }
        check_legal_actions(&pos, &mut rng)?;
    }

    /// position → JSON → position is the identity, and play continues identically.
    #[test]
    fn json_round_trip_is_the_identity(g in games(), chooser in any::<u64>(), steps in 0..80usize) {
        let mut pos = new_game(&g);
        let mut rng = Rng::new(chooser);
        for _ in 0..steps {
            let mut copy = json_round_trip(&pos).map_err(TestCaseError::fail)?;
            if pos.is_over() {
                break;
            }
            let a = next_action(&mut rng, &pos);
            let e1 = pos.play(None, &a).map_err(|e| TestCaseError::fail(format!("{a}: {e}")))?;
            let e2 = copy.play(None, &a).map_err(|e| TestCaseError::fail(format!("{a} refused after the round trip: {e}")))?;
            prop_assert_eq!(e1, e2, "events differ after the round trip");
            prop_assert_eq!(pos.to_doc(), copy.to_doc(), "positions differ after the round trip");
        }
    }

    /// Replaying a record (settings, seed, seat + action text) gives the same position and
    /// the same events; the same game twice is the same game.
    #[test]
    fn replaying_a_record_gives_the_same_position(g in games(), chooser in any::<u64>(), steps in 0..150usize) {
        let seed = format!("prop-{}", g.seed);
        let s = settings(g.layout, g.players, g.difficulty, g.setup);
        let (mut pos, setup_events) = Position::new_game(&s, &seed).unwrap();
        let mut rng = Rng::new(chooser);
        let mut record = Record {
            layout: g.layout.to_string(),
            difficulty: g.difficulty.name().to_string(),
            setup: g.setup.name().to_string(),
            players: s.players.clone(),
            seed: seed.clone(),
            actions: Vec::new(),
        };
        let mut all = vec![setup_events];
        for _ in 0..steps {
            if pos.is_over() {
                break;
            }
            let a = next_action(&mut rng, &pos);
            let seat = pos.active().unwrap();
            all.push(pos.play(Some(seat), &a).unwrap());
            record.actions.push(TurnRecord { seat: seat.0, action: a.to_string() });
        }
        let (replayed, events) = record.replay().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replayed.to_doc(), pos.to_doc());
        prop_assert_eq!(events, all);
        // Through JSON too, as the store keeps it.
        let text = serde_json::to_string(&record).unwrap();
        let back: Record = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(back.replay().unwrap().0.to_doc(), pos.to_doc());
        prop_assert_eq!(record.seed_commitment(), labscape_core::labscape::commitment(&seed));
    }

    /// A rotation never cuts the robot off: for every legal rotation, if an acting player was
    /// reachable from the robot before, one still is right after the wall moves.
    #[test]
    fn a_rotation_never_cuts_the_robot_off(g in games(), chooser in any::<u64>(), steps in 0..80usize) {
        let mut pos = new_game(&g);
        let mut rng = Rng::new(chooser);
        for _ in 0..steps {
            if pos.is_over() {
                break;
            }
            if pos.phase() == Phase::Play {
                let m = Model::new(&pos);
                let reach = m.robot_reaches_with(&m.wall_edges);
                for a in pos.legal_actions() {
                    if let Action::RotateWall { from, to } = a {
                        let mut edges: std::collections::HashSet<_> = m.walls.iter()
                            .filter(|w| w.name() != from.to_string()).flat_map(|w| w.edges()).collect();
                        edges.extend(WallM::parse(&to.to_string()).edges());
                        prop_assert!(!reach || m.robot_reaches_with(&edges), "rotate-wall {} {} cuts the robot off", from, to);
                    }
                }
            }
            let a = next_action(&mut rng, &pos);
            pos.play(None, &a).unwrap();
        }
    }

    /// Draft setup: placements in turn order, refused ones change nothing, and the building
    /// is complete (an item on every cell, ≥ 4 walls per module) when play starts.
    #[test]
    fn draft_setup_builds_a_complete_building(l in 0..4usize, players in 1..=8usize, seed in any::<u64>(), chooser in any::<u64>()) {
        let g = Game { layout: PRESETS[l], players, difficulty: Difficulty::Medium, setup: SetupMode::Draft, seed };
        let mut pos = new_game(&g);
        let mut rng = Rng::new(chooser);
        let mut n = 0;
        while let Phase::Setup(d) = pos.phase() {
            check_invariants(&pos).map_err(TestCaseError::fail)?;
            let doc = pos.to_doc();
            // A random placement text: refused ones change nothing.
            let text = random_action_text(&mut rng, &pos);
            if let Ok(a) = Action::parse(&text) {
                let mut p = pos.clone();
                if p.play(None, &a).is_err() {
                    prop_assert_eq!(p.to_doc(), doc.clone());
                }
            }
            let a = if rng.chance(8) { Action::Autofill } else { rng.pick(&pos.legal_actions()).clone() };
            prop_assert!(pos.legal_actions().contains(&a));
            let events = pos.play(Some(d.placer), &a).map_err(|e| TestCaseError::fail(format!("{a}: {e}")))?;
            if let Phase::Setup(d2) = pos.phase() {
                prop_assert_eq!(d2.placer.0 as usize, (d.placer.0 as usize + 1) % players, "the turn passes in seat order");
            }
            let built = events.iter().any(|e| matches!(e, Event::FloorBuilt { .. }));
            if built {
                // The floor just built is complete.
                let doc = pos.to_doc();
                let f = doc.floors[d.building].as_ref().unwrap();
                let shape = &common::layout_floors(g.layout)[d.building];
                for c in floor_cells(shape) {
                    prop_assert!(f.items.contains_key(&cell_name(c)), "floor {} built without an item on {}", d.building, cell_name(c));
                }
                for (r, row) in shape.iter().enumerate() {
                    for (col, m) in row.iter().enumerate() {
                        if *m {
                            let count = f.walls.iter().filter(|w| {
                                let c = WallM::parse(w).cell;
                                (c.0 / 3, c.1 / 3) == (col as i32, r as i32)
                            }).count();
                            prop_assert!(count >= 4, "module ({col}, {r}) of floor {} has {count} walls", d.building);
                        }
                    }
                }
            }
            n += 1;
            prop_assert!(n < 2000, "draft setup does not end");
        }
        prop_assert_eq!(pos.phase(), Phase::Play);
        prop_assert_eq!(pos.floor(), pos.layout().floor_count() - 1);
        check_invariants(&pos).map_err(TestCaseError::fail)?;
    }

    /// Reading any document never panics; an accepted one reads back, and its legal actions
    /// apply. Documents are valid positions from random games with one field mangled.
    #[test]
    fn mangled_documents_are_refused_or_playable(g in games(), chooser in any::<u64>(), steps in 0..40usize, which in 0..15usize, v in -3i64..30) {
        let mut pos = new_game(&g);
        let mut rng = Rng::new(chooser);
        for _ in 0..steps {
            if pos.is_over() {
                break;
            }
            let a = next_action(&mut rng, &pos);
            pos.play(None, &a).unwrap();
        }
        let mut doc: PositionDoc = pos.to_doc();
        let m = Model::new(&pos);
        let cells = floor_cells(m.shape());
        let cell = || cell_name(cells[(v.unsigned_abs() as usize) % cells.len()]);
        let n = doc.players.len();
        let p = (v.unsigned_abs() as usize) % n;
        match which {
            0 => doc.keys = v,
            1 => doc.players[p].time = v,
            2 => doc.players[p].cell = Some(cell()),
            3 => doc.players[p].status = ["acting", "exited", "timed_out", "escaped", "out"][p % 5].to_string(),
            4 => doc.robot = Some(cell()),
            5 => doc.exit = Some(cell()),
            6 => doc.limit = Some(v),
            7 => doc.watermark = v * 7,
            8 => doc.players[p].arrival = Some(v),
            9 => doc.dice = vec![v.clamp(1, 6); 3],
            10 => {
                if let Some(Some(f)) = doc.floors.get_mut(doc.floor as usize) {
                    let c = cell();
                    f.walls.push(format!("{c}:{}", ["NE", "NW", "SE", "SW"][p % 4]));
                }
            }
            11 => {
                if let Some(Some(f)) = doc.floors.get_mut(doc.floor as usize) {
                    f.items.insert(cell(), ["key", "key-taken", "food", "special", "special-spent"][p % 5].to_string());
                }
            }
            12 => doc.players[p].search = v,
            13 => doc.players[p].arrival = Some(i64::MAX - v.abs()),
            _ => doc.players[p].food = v,
        }
        if let Ok(p) = Position::from_doc(&doc) {
            json_round_trip(&p).map_err(TestCaseError::fail)?;
            for a in p.legal_actions() {
                let mut q = p.clone();
                q.play(None, &a).map_err(|e| TestCaseError::fail(format!("listed {a} refused: {e}")))?;
                json_round_trip(&q).map_err(TestCaseError::fail)?;
            }
        }
    }
}

/// The rules' geometry for one wall (a sanity check of the model the properties rely on).
#[test]
fn the_model_rotates_like_the_rules_say() {
    let w = WallM::parse("B3:NE");
    let v = w.corner();
    assert_eq!(w.rotated(v, 1).unwrap().name(), "B2:SE");
    assert_eq!(w.rotated(v, 2).unwrap().name(), "C2:SW");
    assert_eq!(w.rotated(v, 3).unwrap().name(), "C3:NW");
    assert_eq!(
        cell_corners(common::parse_cell("B2")),
        [(1, 1), (2, 1), (1, 2), (2, 2)]
    );
}

/// An arrival at the top of the notation's range (i64::MAX) is read, and every position
/// played from it is written with arrivals that read back, in the same order.
#[test]
fn an_arrival_at_the_top_of_its_range_reads_back_after_every_action() {
    for seed in 0..6 {
        let g = Game {
            layout: PRESETS[0],
            players: 3,
            difficulty: Difficulty::ALL[1],
            setup: SetupMode::Random,
            seed,
        };
        let mut doc = new_game(&g).to_doc();
        doc.players[0].arrival = Some(i64::MAX);
        doc.players[1].arrival = Some(i64::MAX - 1);
        let pos = Position::from_doc(&doc).expect("the largest arrival is a valid one");
        let mut rng = Rng::new(seed);
        let mut pos = pos;
        for _ in 0..30 {
            if pos.is_over() {
                break;
            }
            for a in pos.legal_actions() {
                let mut q = pos.clone();
                q.play(None, &a).unwrap();
                let back = json_round_trip(&q).unwrap_or_else(|e| panic!("after {a}: {e}"));
                assert!(back.to_doc().players.iter().all(|p| p.arrival >= Some(0)));
            }
            let a = next_action(&mut rng, &pos);
            pos.play(None, &a).unwrap();
        }
    }
}

/// Millions of faults make a short error: the first 100 problems, then a count (a
/// position with the same wall listed 200,000 times once made a 16 MB error).
#[test]
fn a_document_with_a_huge_number_of_faults_gets_a_short_error() {
    let g = Game {
        layout: PRESETS[0],
        players: 2,
        difficulty: Difficulty::ALL[1],
        setup: SetupMode::Random,
        seed: 7,
    };
    let mut doc = new_game(&g).to_doc();
    let floor = doc.floor as usize;
    let f = doc.floors[floor].as_mut().expect("the current floor");
    let wall = f.walls[0].clone();
    f.walls.extend(std::iter::repeat_n(wall, 200_000));
    let e = Position::from_doc(&doc).expect_err("a wall listed twice");
    assert_eq!(e.problems.len(), 101, "{:?}", &e.problems[..3]);
    assert_eq!(
        e.problems[100],
        "… and 100000 more".replace("100000", &(200_000 - 100).to_string())
    );
    assert!(e.to_string().len() < 20_000);
}
