//! `labscape verify FILE` through the real binary: an honest record file verifies (exit 0);
//! a tampered seed, action or roll is named (exit 1); a file that is no record exits 2.

use std::process::Command;

use labscape_core::labscape::{
    Chance, Dice, GameExport, Layout, Policy, Position, Record, Settings, SetupMode, TurnRecord,
};
use serde_json::Value;

use crate::helpers::labscape_bin;

/// A finished game's record file as JSON.
fn honest_file() -> Value {
    let settings = Settings {
        layout: Layout::parse("duo").unwrap(),
        difficulty: Default::default(),
        setup: SetupMode::Random,
        players: vec!["Ana".into(), "Bo".into()],
    };
    let seed = "e2e-verify";
    let (mut pos, _) = Position::new_game(&settings, seed).unwrap();
    let mut record = Record {
        layout: "duo".into(),
        difficulty: "medium".into(),
        setup: "random".into(),
        players: settings.players.clone(),
        seed: seed.into(),
        actions: Vec::new(),
    };
    let mut rng = Dice::from_seed("policy");
    while let Some(a) = Policy::Heuristic.choose(&pos, &mut rng) {
        let seat = pos.active().unwrap();
        pos.play(Some(seat), &a).unwrap();
        record.actions.push(TurnRecord {
            seat: seat.0,
            action: a.to_string(),
        });
    }
    serde_json::to_value(GameExport::new("Labscape #7", &record, true).unwrap()).unwrap()
}

/// Runs `labscape verify` on `text`: (exit code, stdout, stderr).
pub(crate) fn verify(dir: &std::path::Path, name: &str, text: &str) -> (i32, String, String) {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    let out = Command::new(labscape_bin())
        .arg("verify")
        .arg(&file)
        .output()
        .expect("labscape runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn verify_accepts_an_honest_record_and_names_each_kind_of_tampering() {
    let dir = tempfile::tempdir().unwrap();
    let honest = honest_file();

    let (code, out, _) = verify(dir.path(), "honest.json", &honest.to_string());
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("Verified: Labscape #7."), "{out}");

    let mut seed = honest.clone();
    seed["seed"] = Value::from("e2e-verify2");
    let (code, out, _) = verify(dir.path(), "seed.json", &seed.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("NOT verified: the seed does not match the commitment"),
        "{out}"
    );

    // The first turn's action swapped for one the rules refuse there.
    let mut action = honest.clone();
    action["turns"][0]["action"] = Value::from("exit");
    let (code, out, _) = verify(dir.path(), "action.json", &action.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("NOT verified: turn 1: "), "{out}");
    assert!(out.contains("“exit” is not allowed there"), "{out}");

    // The first roll's dice changed.
    let x: GameExport = serde_json::from_value(honest.clone()).unwrap();
    let (t, k, real) = x
        .turns
        .iter()
        .enumerate()
        .find_map(|(t, turn)| {
            turn.outcome.iter().enumerate().find_map(|(k, c)| match c {
                Chance::Roll { dice, .. } => Some((t, k, *dice)),
                _ => None,
            })
        })
        .expect("a roll");
    let fake = if real == [6, 6] { [1, 1] } else { [6, 6] };
    let mut roll = honest.clone();
    roll["turns"][t]["outcome"][k]["dice"] = serde_json::json!(fake);
    let (code, out, _) = verify(dir.path(), "roll.json", &roll.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!("turn {}: the record says", t + 1))
            && out.contains(&format!(
                "rolled {}+{}, the seed gives {}+{}",
                fake[0], fake[1], real[0], real[1]
            )),
        "{out}"
    );

    let (code, out, err) = verify(dir.path(), "junk.json", "this is not json");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("not a Labscape record file"), "{err}");
    let missing = Command::new(labscape_bin())
        .args(["verify", "/nonexistent/labscape.json"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}
