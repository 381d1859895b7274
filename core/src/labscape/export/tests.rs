//! The record file and its verifier: an honest game verifies; a tampered seed, action, roll,
//! drawn cell or result is caught and named.

use super::*;
use crate::labscape::{ActionError, Dice, Layout, Policy, Settings, SetupMode, commitment};

/// A whole game played by computer players, as its record.
fn finished(layout: &str, setup: SetupMode, seed: &str) -> Record {
    let settings = Settings {
        layout: Layout::parse(layout).unwrap(),
        difficulty: Default::default(),
        setup,
        players: vec!["Ana".into(), "Bo".into()],
    };
    let (mut pos, _) = Position::new_game(&settings, seed).unwrap();
    let mut rng = Dice::from_seed("policy");
    let mut record = Record {
        layout: layout.into(),
        difficulty: settings.difficulty.name().into(),
        setup: setup.name().into(),
        players: settings.players.clone(),
        seed: seed.into(),
        actions: Vec::new(),
    };
    while let Some(action) = Policy::Heuristic.choose(&pos, &mut rng) {
        let seat = pos.active().unwrap();
        pos.play(Some(seat), &action).unwrap();
        record.actions.push(TurnRecord {
            seat: seat.0,
            action: action.to_string(),
        });
    }
    assert!(pos.is_over());
    record
}

fn honest() -> GameExport {
    GameExport::new(
        "Labscape #1",
        &finished("tower", SetupMode::Random, "honest"),
        true,
    )
    .unwrap()
}

fn problem(x: &GameExport) -> Problem {
    match verify(x) {
        Verdict::NotVerified(p) => p,
        Verdict::Verified(v) => panic!("verified: {v:?}"),
    }
}

/// The first turn with a roll, and the roll's index in its outcome.
fn first_roll(x: &GameExport) -> (usize, usize) {
    x.turns
        .iter()
        .enumerate()
        .find_map(|(i, t)| {
            t.outcome
                .iter()
                .position(|c| matches!(c, Chance::Roll { .. }))
                .map(|k| (i, k))
        })
        .expect("the game has a roll")
}

#[test]
fn an_honest_game_verifies_and_says_what_it_checked() {
    let x = honest();
    let verdict = verify(&x);
    let Verdict::Verified(v) = &verdict else {
        panic!("{verdict}")
    };
    assert_eq!(v.turns, x.turns.len());
    assert!(v.rolls > 0 && v.cells > 0);
    assert_eq!(v.seed_hash, commitment("honest"));
    let text = verdict.to_string();
    assert!(text.starts_with("Verified: Labscape #1."), "{text}");
    assert!(
        text.contains(&format!("all {} turns", x.turns.len())),
        "{text}"
    );
    // The outcome states the building, each floor's draw and every roll.
    assert_eq!(x.format, RECORD_FORMAT);
    assert!(matches!(x.start[0], Chance::FirstPlayer { .. }));
    assert_eq!(
        x.start
            .iter()
            .filter(|c| matches!(c, Chance::Building { .. }))
            .count(),
        3,
        "a tower has three floors"
    );
    assert!(x.result.is_some());
}

#[test]
fn a_running_game_keeps_its_seed_and_cannot_be_verified_yet() {
    let record = finished("single", SetupMode::Random, "secret");
    let mut running = record.clone();
    running.actions.truncate(5);
    let x = GameExport::new("Labscape #2", &running, false).unwrap();
    assert_eq!(x.seed, None);
    assert_eq!(x.result, None);
    assert_eq!(x.seed_hash, commitment("secret"));
    assert_eq!(problem(&x), Problem::SeedWithheld);
    // The seed revealed, but the record does not say the game was abandoned: every turn
    // checks, but it is not over.
    let x = GameExport::new("Labscape #2", &running, true).unwrap();
    assert_eq!(problem(&x), Problem::NotOver { turns: 5 });
}

#[test]
fn an_abandoned_games_record_verifies_and_says_it_was_abandoned() {
    let record = finished("single", SetupMode::Random, "secret");
    let mut stopped = record.clone();
    stopped.actions.truncate(5);
    let x = GameExport::abandoned("Labscape #2", &stopped).unwrap();
    assert_eq!(x.seed.as_deref(), Some("secret"));
    let verdict = verify(&x);
    assert!(verdict.is_verified(), "{verdict}");
    assert!(verdict.to_string().contains("abandoned"), "{verdict}");
    // Through JSON: the mark is kept; a file without it (older, or a finished game's)
    // reads as not abandoned.
    let v = serde_json::to_value(&x).unwrap();
    assert_eq!(v["abandoned"], true);
    let back: GameExport = serde_json::from_value(v).unwrap();
    assert!(back.abandoned && verify(&back).is_verified());
    let plain = serde_json::to_value(honest()).unwrap();
    assert!(plain.get("abandoned").is_none());
    // A record marked abandoned whose turns end the game, or that states a result, is not
    // verified.
    let whole = GameExport::abandoned("Labscape #2", &record).unwrap();
    assert!(
        matches!(problem(&whole), Problem::Result(_)),
        "{}",
        verify(&whole)
    );
    let mut claimed = x.clone();
    claimed.result = honest().result;
    assert!(matches!(problem(&claimed), Problem::Result(_)));
}

#[test]
fn a_tampered_seed_does_not_match_its_commitment() {
    let mut x = honest();
    x.seed = Some("honest!".into());
    let p = problem(&x);
    assert!(matches!(p, Problem::SeedMismatch { .. }), "{p}");
    assert!(p.to_string().contains("does not match the commitment"));
}

#[test]
fn another_seed_with_its_own_commitment_does_not_give_the_recorded_dice() {
    // Swapping in a new seed and its hash: the commitment now matches, but the first
    // draw (or the building) is not what the record states.
    let mut x = honest();
    x.seed = Some("forged".into());
    x.seed_hash = commitment("forged");
    let p = problem(&x);
    assert!(
        matches!(
            p,
            Problem::Outcome { turn: None, .. } | Problem::Illegal { .. }
        ),
        "{p}"
    );
}

#[test]
fn a_tampered_roll_is_named_with_the_seeds_dice() {
    let mut x = honest();
    let (t, k) = first_roll(&x);
    let Chance::Roll { seat, dice, .. } = &mut x.turns[t].outcome[k] else {
        unreachable!()
    };
    let real = *dice;
    *dice = if real == [6, 6] { [1, 1] } else { [6, 6] };
    let told = *dice;
    let who = x.players[usize::from(*seat)].clone();
    let verdict = verify(&x);
    assert_eq!(
        verdict.to_string(),
        format!(
            "NOT verified: turn {}: the record says {who} rolled {}+{}, the seed gives {}+{}.",
            t + 1,
            told[0],
            told[1],
            real[0],
            real[1]
        )
    );
}

#[test]
fn a_tampered_roll_result_is_caught_even_with_the_right_dice() {
    let mut x = honest();
    let (t, k) = first_roll(&x);
    if let Chance::Roll { result, .. } = &mut x.turns[t].outcome[k] {
        *result += 1;
    }
    let p = problem(&x);
    assert_eq!(
        p,
        Problem::Outcome {
            turn: Some(t + 1),
            detail: match p.clone() {
                Problem::Outcome { detail, .. } => detail,
                _ => unreachable!(),
            }
        }
    );
    assert!(p.to_string().contains("the seed gives"), "{p}");
}

#[test]
fn a_tampered_action_is_caught() {
    let base = honest();
    // An action the rules refuse at that point.
    let mut x = base.clone();
    let t = x.turns.iter().position(|t| t.action != "exit").unwrap();
    x.turns[t].action = "exit".into();
    let p = problem(&x);
    assert!(
        matches!(&p, Problem::Illegal { turn, action, .. } if *turn == t + 1 && action == "exit"),
        "{p}"
    );
    assert!(p.to_string().contains("is not allowed there"), "{p}");
    // A roll replaced by a legal wait: the stated dice no longer come from the seed, or a
    // later turn breaks.
    let mut x = base.clone();
    let (t, _) = first_roll(&x);
    x.turns[t].action = "wait 1".into();
    assert!(!verify(&x).is_verified());
    // A turn given to the wrong player.
    let mut x = base;
    x.turns[0].seat = 1 - x.turns[0].seat;
    let p = problem(&x);
    assert!(
        matches!(
            &p,
            Problem::Illegal {
                turn: 1,
                error: ActionError::NotYourTurn { .. },
                ..
            }
        ),
        "{p}"
    );
    // Unreadable text.
    let mut x = honest();
    x.turns[2].action = "fly".into();
    assert!(matches!(problem(&x), Problem::Unreadable { turn: 3, .. }));
}

#[test]
fn a_missing_or_extra_outcome_is_named() {
    let mut x = honest();
    let (t, k) = first_roll(&x);
    let removed = x.turns[t].outcome.remove(k);
    let p = problem(&x);
    assert!(
        p.to_string()
            .contains("the record leaves out what the seed gives next"),
        "{p}"
    );
    x.turns[t].outcome.insert(k, removed.clone());
    x.turns[0].outcome.push(removed);
    let p = problem(&x);
    assert!(p.to_string().contains("the seed gives nothing more"), "{p}");
}

#[test]
fn a_tampered_start_cell_or_building_is_named() {
    let mut x = honest();
    let Some(Chance::FloorSetUp { robot, .. }) = x
        .start
        .iter_mut()
        .find(|c| matches!(c, Chance::FloorSetUp { .. }))
    else {
        panic!("no floor set-up")
    };
    *robot = if robot == "A1" {
        "A2".into()
    } else {
        "A1".into()
    };
    let p = problem(&x);
    assert!(matches!(p, Problem::Outcome { turn: None, .. }), "{p}");
    assert!(
        p.to_string()
            .starts_with("before the first turn: the record says floor")
    );

    let mut x = honest();
    let Some(Chance::Building { walls, .. }) = x
        .start
        .iter_mut()
        .find(|c| matches!(c, Chance::Building { .. }))
    else {
        panic!("no building")
    };
    walls[0] = "A1:NE".into();
    walls[1] = "A1:SW".into();
    let p = problem(&x);
    assert!(p.to_string().contains("building: the record's wall"), "{p}");
}

#[test]
fn a_tampered_result_is_caught() {
    let mut x = honest();
    x.result.as_mut().unwrap()[0].food += 5;
    let p = problem(&x);
    assert!(matches!(p, Problem::Result(_)), "{p}");
    assert!(p.to_string().contains("the replay gives"), "{p}");
    x.result = None;
    assert!(matches!(problem(&x), Problem::Result(_)));
}

#[test]
fn an_unknown_format_is_refused() {
    let mut x = honest();
    x.format = "labscape-record/9".into();
    assert_eq!(problem(&x), Problem::Format("labscape-record/9".into()));
}

#[test]
fn a_draft_game_states_its_autofills_and_verifies() {
    let record = finished("single", SetupMode::Draft, "draft");
    let x = GameExport::new("Labscape #3", &record, true).unwrap();
    assert!(
        !x.start.iter().any(|c| matches!(c, Chance::Building { .. })),
        "a draft building is the players' work, not chance's"
    );
    assert!(verify(&x).is_verified(), "{}", verify(&x));
}

#[test]
fn the_record_file_reads_back_through_json() {
    let x = honest();
    let text = serde_json::to_string_pretty(&x).unwrap();
    let back: GameExport = serde_json::from_str(&text).unwrap();
    assert_eq!(back, x);
    assert!(verify(&back).is_verified());
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "labscape-record/1");
    assert!(v["turns"][0]["action"].is_string());
    let roll = v["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["outcome"].as_array().cloned().unwrap_or_default())
        .find(|c| c["kind"] == "roll")
        .unwrap();
    assert!(roll["dice"].is_array() && roll["table"].is_string());
    // A running game's file has no seed field at all.
    let record = x.record().unwrap();
    let hidden = GameExport::new("Labscape #1", &record, false).unwrap();
    let v = serde_json::to_value(&hidden).unwrap();
    assert!(v.get("seed").is_none());
    assert_eq!(v["seed_hash"], commitment("honest"));
}

/// A record's unreadable action says once that it cannot be read: "turn 3: “move QQ”: I
/// can't read that move: …", not "cannot be read: I can't read that move" (issue 33.11).
#[test]
fn an_unreadable_action_is_told_without_a_doubled_prefix() {
    let error = "move QQ".parse::<crate::labscape::Action>().unwrap_err();
    let text = Problem::Unreadable {
        turn: 3,
        action: "move QQ".into(),
        error,
    }
    .to_string();
    assert!(
        text.starts_with("turn 3: “move QQ”: I can't read that move:"),
        "{text}"
    );
    assert_eq!(text.matches("read").count(), 1, "{text}");
}
