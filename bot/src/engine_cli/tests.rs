//! The engine command line in-process: arguments as typed, the document printed, the exit
//! code. (The binary's own printing — closed pipes, clap's errors as JSON — is exercised
//! by the end-to-end tests.)

use std::io::Write;

use clap::Parser;
use serde_json::{Value, json};

use super::{EngineCommand, execute_to_document};

#[derive(Parser)]
struct Engine {
    #[command(subcommand)]
    cmd: EngineCommand,
}

/// Runs `labscape engine ARGS…`.
fn engine(args: &[&str]) -> (Value, u8) {
    let cli = Engine::try_parse_from(std::iter::once("engine").chain(args.iter().copied()))
        .expect("the arguments parse");
    execute_to_document(cli.cmd)
}

/// A temporary file holding `text`.
fn file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("a temporary file");
    f.write_all(text.as_bytes()).expect("written");
    f
}

fn code(doc: &Value) -> &str {
    doc["error"]["code"].as_str().unwrap_or("")
}

#[test]
fn labscape_is_the_default_game_and_its_flags_still_work() {
    let (doc, exit) = engine(&["new", "--layout", "single", "--players", "2", "--seed", "s"]);
    assert_eq!(exit, 0, "{doc}");
    assert_eq!(doc["format"], "labscape-position/1");
    let (again, _) = engine(&[
        "new",
        "--game",
        "labscape",
        "--option",
        "layout=single",
        "--players",
        "2",
        "--seed",
        "s",
    ]);
    assert_eq!(doc, again, "--option layout= is --layout");
    let pos = file(&doc.to_string());
    let path = pos.path().to_str().unwrap();
    let (legal, exit) = engine(&["legal", "--position", path]);
    assert_eq!(exit, 0);
    assert!(
        legal.as_array().unwrap().contains(&json!("roll")),
        "{legal}"
    );
    let (applied, exit) = engine(&["apply", "--position", path, "roll"]);
    assert_eq!(exit, 0, "{applied}");
    assert!(applied["events"].as_array().is_some_and(|e| !e.is_empty()));
    let (refused, exit) = engine(&["apply", "--position", path, "fly", "away"]);
    assert_eq!((code(&refused), exit), ("unreadable-action", 1));
}

#[test]
fn bad_arguments_are_refused_before_anything_is_built() {
    for players in [
        "18446744073709551615",
        "4000000000",
        "100000000",
        "0",
        "9",
        "=-1",
        "two",
    ] {
        let arg = format!("--players={}", players.trim_start_matches("="));
        let (doc, exit) = engine(&["new", "--layout", "single", &arg]);
        assert_eq!(
            (code(&doc), exit),
            ("invalid-players", 2),
            "{players}: {doc}"
        );
    }
    let (doc, exit) = engine(&["new", "--game", "chess"]);
    assert_eq!((code(&doc), exit), ("unknown-game", 2));
    let (doc, exit) = engine(&[
        "new",
        "--layout",
        "single",
        "--players",
        "1",
        "--option",
        "colour=red",
    ]);
    assert_eq!((code(&doc), exit), ("unknown-option", 2), "{doc}");
    assert!(doc["error"]["message"].as_str().unwrap().contains("colour"));
    let (doc, exit) = engine(&["new", "--players", "2"]);
    assert_eq!((code(&doc), exit), ("invalid-layout", 2), "{doc}");
    let (doc, exit) = engine(&[
        "new",
        "--layout",
        "single",
        "--players",
        "1",
        "--option",
        "layout=duo",
    ]);
    assert_eq!((code(&doc), exit), ("invalid-option", 2), "{doc}");
}

#[test]
fn a_position_file_is_read_within_bounds() {
    let huge = file(&format!("{{\"layout\": \"{}\"}}", "#/".repeat(1 << 20)));
    let (doc, exit) = engine(&["legal", "--position", huge.path().to_str().unwrap()]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2));
    assert!(doc["error"]["message"].as_str().unwrap().contains("larger"));
    let (doc, exit) = engine(&["legal", "--position", "/dev/zero"]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
    let (doc, exit) = engine(&["legal", "--position", "/no/such/file"]);
    assert_eq!((code(&doc), exit), ("unreadable-file", 2), "{doc}");
    let junk = file("{\"format\": \"chess-position/1\"}");
    let (doc, exit) = engine(&["legal", "--position", junk.path().to_str().unwrap()]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
    let not_json = file("hello");
    let (doc, exit) = engine(&["legal", "--position", not_json.path().to_str().unwrap()]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
}

/// Skarb's E6 position: n = 6 without the map, round 4, the seeker on c1 to move.
const SKARB_E6: &str = r##"{"format": "skarb-position/1",
 "board": ["T.....", "......", "......", "..#..#", "......", "#.S..."],
 "map": false, "turn": 4, "to_move": 1, "result": null, "points": null,
 "seen": ["??????", "??????", "??????", "..#...", "......", "#....."]}"##;

fn sorted(v: &Value) -> Vec<String> {
    let mut l: Vec<String> = v
        .as_array()
        .expect("an array")
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    l.sort();
    l
}

#[test]
fn skarb_new_and_its_options() {
    let (doc, exit) = engine(&[
        "new", "--game", "skarb", "--option", "size=6", "--option", "map=no",
    ]);
    assert_eq!(exit, 0, "{doc}");
    assert_eq!(
        doc,
        json!({"format": "skarb-position/1",
            "board": ["T.....", "......", "......", "......", "......", ".....S"],
            "map": false, "turn": 1, "to_move": 0, "result": null, "points": null,
            "seen": ["??????", "??????", "??????", "???...", "???...", "???..."]})
    );
    let (eight, _) = engine(&["new", "--game", "skarb", "--seed", "x"]);
    let pos = file(&eight.to_string());
    let (legal, _) = engine(&["legal", "--position", pos.path().to_str().unwrap()]);
    assert_eq!(legal.as_array().unwrap().len(), 57);
    for (opt, want) in [
        ("size=4", "invalid-option"),
        ("size=26", "invalid-option"),
        ("size=eight", "invalid-option"),
        ("map=maybe", "invalid-option"),
        ("colour=red", "unknown-option"),
    ] {
        let (doc, exit) = engine(&["new", "--game", "skarb", "--option", opt]);
        assert_eq!((code(&doc), exit), (want, 2), "{opt}: {doc}");
        let key = opt.split('=').next().unwrap();
        assert!(doc["error"]["message"].as_str().unwrap().contains(key));
    }
}

#[test]
fn skarb_views_on_the_command_line() {
    let pos = file(SKARB_E6);
    let path = pos.path().to_str().unwrap();
    let masked = json!(["T?????", "??????", "??????", "..#..?", ".....?", "#.S..?"]);
    let mut views = Vec::new();
    for (seat, tag) in [
        ("1", json!(1)),
        ("public", json!("public")),
        ("0", json!(0)),
    ] {
        let (v, exit) = engine(&["view", "--position", path, "--seat", seat]);
        assert_eq!(exit, 0, "{v}");
        assert_eq!(v["view"], tag);
        if seat == "0" {
            let mut whole: Value = serde_json::from_str(SKARB_E6).unwrap();
            whole["view"] = json!(0);
            assert_eq!(v, whole);
        } else {
            assert_eq!(v["board"], masked);
        }
        views.push(file(&v.to_string()));
    }
    let (doc, exit) = engine(&["view", "--position", path, "--seat", "2"]);
    assert_eq!(exit, 2, "{doc}");
    // E10: legal on the seeker's view; any other view, or apply/view on a view, exits 2.
    let view_path = |i: usize| views[i].path().to_str().unwrap().to_string();
    let (legal, exit) = engine(&["legal", "--position", &view_path(0)]);
    assert_eq!(exit, 0);
    assert_eq!(sorted(&legal), ["e", "n", "pass", "w"]);
    let (whole, _) = engine(&["legal", "--position", path]);
    assert_eq!(sorted(&whole), sorted(&legal));
    for i in [1, 2] {
        let (doc, exit) = engine(&["legal", "--position", &view_path(i)]);
        assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
    }
    let mut nobody: Value = serde_json::from_str(SKARB_E6).unwrap();
    nobody["view"] = json!(5);
    let nobody = file(&nobody.to_string());
    let (doc, exit) = engine(&["legal", "--position", nobody.path().to_str().unwrap()]);
    assert_eq!((code(&doc), exit), ("invalid-position", 2), "{doc}");
    for i in 0..3 {
        let (doc, exit) = engine(&["apply", "--position", &view_path(i), "n"]);
        assert_eq!((code(&doc), exit), ("invalid-position", 2));
        let (doc, exit) = engine(&["view", "--position", &view_path(i), "--seat", "1"]);
        assert_eq!((code(&doc), exit), ("invalid-position", 2));
    }
}

#[test]
fn skarb_a_far_hedge_and_a_pass_print_the_same_for_the_seeker() {
    // E7: the E6 position before f3, the architect to move.
    let before = SKARB_E6
        .replace("\"..#..#\"", "\"..#...\"")
        .replace("\"to_move\": 1", "\"to_move\": 0");
    let pos = file(&before);
    let path = pos.path().to_str().unwrap();
    let run = |view: &str, action: &str| {
        let (doc, exit) = engine(&["apply", "--position", path, "--view", view, action]);
        assert_eq!(exit, 0, "{doc}");
        doc
    };
    for view in ["1", "public"] {
        let far = run(view, "f3");
        assert_eq!(far, run(view, "pass"));
        assert_eq!(far["events"], json!([{"kind": "hidden", "seat": 0}]));
        let near = run(view, "d3");
        assert_eq!(near["events"], json!([{"kind": "planted", "square": "d3"}]));
        assert_eq!(near["position"]["board"][3], "..##.?");
    }
    assert_eq!(
        run("0", "f3")["events"],
        json!([{"kind": "planted", "square": "f3"}])
    );
    assert_eq!(
        run("0", "pass")["events"],
        json!([{"kind": "passed", "seat": 0}])
    );
    let (full, _) = engine(&["apply", "--position", path, "f3"]);
    assert_eq!(full["position"]["board"][3], "..#..#");
}

#[test]
fn skarb_render_of_a_view_draws_the_view_only() {
    // Two positions that differ only outside the seeker's field of view: their views, and
    // so their images, are the same; the whole positions' images are not.
    let other = SKARB_E6.replace("\"T.....\"", "\"T..###\"");
    let dir = tempfile::tempdir().unwrap();
    let mut pngs = Vec::new();
    for (i, text) in [SKARB_E6, other.as_str()].into_iter().enumerate() {
        let pos = file(text);
        let (v, _) = engine(&[
            "view",
            "--position",
            pos.path().to_str().unwrap(),
            "--seat",
            "1",
        ]);
        let view = file(&v.to_string());
        for (j, input) in [view.path(), pos.path()].into_iter().enumerate() {
            let out = dir.path().join(format!("{i}-{j}.png"));
            let (doc, exit) = engine(&[
                "render",
                "--position",
                input.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ]);
            assert_eq!(exit, 0, "{doc}");
            pngs.push(std::fs::read(out).unwrap());
        }
    }
    assert_eq!(pngs[0], pngs[2], "the views draw the same");
    assert_ne!(pngs[1], pngs[3], "the whole positions differ");
    assert_ne!(pngs[0], pngs[1], "a view is not the whole maze");
}

/// A new Hidra game with two seats, as the engine prints it.
fn hidra_new(extra: &[&str]) -> Value {
    let mut args = vec!["new", "--game", "hidra", "--seed", "hidra-cli"];
    args.extend_from_slice(extra);
    let (doc, exit) = engine(&args);
    assert_eq!(exit, 0, "{doc}");
    doc
}

#[test]
fn hidra_new_legal_and_apply() {
    let doc = hidra_new(&[]);
    assert_eq!(doc["format"], "hidra-position/1");
    assert_eq!(doc["players"].as_array().unwrap().len(), 2);
    assert_eq!(doc, hidra_new(&[]), "the same seed makes the same game");
    let three = hidra_new(&["--option", "players=3"]);
    assert_eq!(three["players"].as_array().unwrap().len(), 3);
    // `--players` and `--names` set the count, which is Hidra's option `players`.
    assert_eq!(hidra_new(&["--players", "3"]), three);
    let named = hidra_new(&["--names", "ana,bo,cy,di"]);
    assert_eq!(named["players"].as_array().unwrap().len(), 4);
    // Given both, they must agree.
    let (both, exit) = engine(&[
        "new",
        "--game",
        "hidra",
        "--players",
        "3",
        "--option",
        "players=2",
    ]);
    assert_eq!((code(&both), exit), ("invalid-players", 2), "{both}");
    assert!(
        both["error"]["message"]
            .as_str()
            .unwrap()
            .contains("exactly 2 players, not 3"),
        "{both}"
    );
    for opt in ["players=5", "rounds=2", "colour=red"] {
        let (doc, exit) = engine(&["new", "--game", "hidra", "--option", opt]);
        assert_eq!(exit, 2, "{opt}: {doc}");
        let key = opt.split('=').next().unwrap();
        assert!(
            doc["error"]["message"].as_str().unwrap().contains(key),
            "{doc}"
        );
    }
    let pos = file(&doc.to_string());
    let path = pos.path().to_str().unwrap();
    let (legal, exit) = engine(&["legal", "--position", path]);
    assert_eq!(exit, 0, "{legal}");
    let legal = sorted(&legal);
    assert!(legal.contains(&"end".to_string()), "{legal:?}");
    let (after, exit) = engine(&["apply", "--position", path, "end"]);
    assert_eq!(exit, 0, "{after}");
    assert_ne!(after["position"]["to_move"], doc["to_move"], "{after}");
    let (doc, exit) = engine(&["apply", "--position", path, "fly north"]);
    assert_eq!((code(&doc), exit), ("unreadable", 1), "{doc}");
    let other = 1 - doc_seat(&hidra_new(&[]));
    let (doc, exit) = engine(&[
        "apply",
        "--position",
        path,
        "--seat",
        &other.to_string(),
        "end",
    ]);
    assert_eq!((code(&doc), exit), ("not-your-turn", 1), "{doc}");
}

fn doc_seat(doc: &Value) -> u64 {
    doc["to_move"].as_u64().expect("a seat to move")
}

#[test]
fn hidra_views_hide_the_tokens_and_a_view_plays_legal_but_not_apply() {
    let doc = hidra_new(&[]);
    let pos = file(&doc.to_string());
    let path = pos.path().to_str().unwrap();
    let mover = doc_seat(&doc).to_string();
    let (public, exit) = engine(&["view", "--position", path, "--seat", "public"]);
    assert_eq!(exit, 0, "{public}");
    assert_eq!(public["view"], "public");
    assert!(public["dice"].is_null(), "a view has no dice: {public}");
    let names = |v: &Value| -> Vec<String> {
        v["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(names(&public).len(), 8);
    assert!(names(&public).iter().all(|n| n == "?"), "{public}");
    assert!(names(&doc).iter().all(|n| n != "?"), "{doc}");
    let (seat, exit) = engine(&["view", "--position", path, "--seat", &mover]);
    assert_eq!(exit, 0, "{seat}");
    assert_eq!(seat["view"], json!(doc_seat(&doc)));
    let (doc2, exit) = engine(&["view", "--position", path, "--seat", "7"]);
    assert_eq!(exit, 2, "{doc2}");
    // E10: legal on the mover's view is legal on the whole position; apply on a view is
    // refused.
    let view = file(&seat.to_string());
    let vpath = view.path().to_str().unwrap();
    let (on_view, exit) = engine(&["legal", "--position", vpath]);
    assert_eq!(exit, 0, "{on_view}");
    let (whole, _) = engine(&["legal", "--position", path]);
    assert_eq!(sorted(&on_view), sorted(&whole));
    let (doc3, exit) = engine(&["apply", "--position", vpath, "end"]);
    assert_eq!(exit, 2, "{doc3}");
    // apply --view: the position printed is the view.
    let (seen, exit) = engine(&["apply", "--position", path, "--view", "public", "end"]);
    assert_eq!(exit, 0, "{seen}");
    assert_eq!(seen["position"]["view"], "public");
    assert!(names(&seen["position"]).iter().all(|n| n == "?"));
}

#[test]
fn hidra_render_of_a_view_draws_the_view_only() {
    // Two positions that differ only in what two face-down tokens are: their public views,
    // and so their images, are the same; the whole positions' images are not.
    let doc = hidra_new(&[]);
    let mut other = doc.clone();
    let (a, b) = (
        doc["tokens"][0]["name"].clone(),
        doc["tokens"][1]["name"].clone(),
    );
    assert_ne!(a, b);
    other["tokens"][0]["name"] = b;
    other["tokens"][1]["name"] = a;
    let dir = tempfile::tempdir().unwrap();
    let mut pngs = Vec::new();
    for (i, d) in [doc, other].into_iter().enumerate() {
        let pos = file(&d.to_string());
        let (v, exit) = engine(&[
            "view",
            "--position",
            pos.path().to_str().unwrap(),
            "--seat",
            "public",
        ]);
        assert_eq!(exit, 0, "{v}");
        let view = file(&v.to_string());
        for (j, input) in [view.path(), pos.path()].into_iter().enumerate() {
            let out = dir.path().join(format!("{i}-{j}.png"));
            let (doc, exit) = engine(&[
                "render",
                "--position",
                input.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ]);
            assert_eq!(exit, 0, "{doc}");
            pngs.push(std::fs::read(out).unwrap());
        }
    }
    assert_eq!(pngs[0], pngs[2], "the views draw the same");
    assert_ne!(pngs[1], pngs[3], "the whole positions differ");
    assert_ne!(pngs[0], pngs[1], "a view is not the whole position");
}

/// clap's error for a missing `--position` is told whole, the argument named, not cut
/// after its first line (issue 33.14).
#[test]
fn a_missing_argument_is_named_in_the_message() {
    for (args, names) in [
        (&["legal"][..], "--position <POSITION>"),
        (&["apply", "roll"][..], "--position <POSITION>"),
        (&["render", "--position", "p.json"][..], "--out <OUT>"),
    ] {
        let err = Engine::try_parse_from(std::iter::once("engine").chain(args.iter().copied()))
            .err()
            .expect("an argument is missing");
        let message = super::output::usage_message(&err);
        assert!(
            message.starts_with("the following required arguments were not provided"),
            "{message}"
        );
        assert!(message.ends_with(names), "{args:?}: {message}");
    }
}

/// `render --width` draws at either end of the widths the game's image is drawn at, and
/// refuses a width outside them, naming them, instead of clamping it in silence (issue
/// 33.14).
#[test]
fn render_refuses_a_width_the_game_does_not_draw_at() {
    let dir = tempfile::tempdir().unwrap();
    for kind in labscape_core::GameKind::ALL {
        let mut args = vec!["new", "--game", kind.id(), "--seed", "widths"];
        if kind.id() == "labscape" {
            args.extend(["--players", "2", "--layout", "single"]);
        }
        let (doc, exit) = engine(&args);
        assert_eq!(exit, 0, "{}: {doc}", kind.id());
        let pos = file(&doc.to_string());
        let out = dir.path().join(format!("{}.png", kind.id()));
        let render = |w: u32| {
            engine(&[
                "render",
                "--position",
                pos.path().to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "--width",
                &w.to_string(),
            ])
        };
        let widths = crate::games::of(*kind).image_widths();
        let (lo, hi) = (*widths.start(), *widths.end());
        for w in [lo, hi] {
            let (doc, exit) = render(w);
            assert_eq!(exit, 0, "{} at {w}: {doc}", kind.id());
            assert_eq!(doc["width"], w, "{}", kind.id());
        }
        for w in [lo - 1, hi + 1] {
            let (doc, exit) = render(w);
            assert_eq!((code(&doc), exit), ("invalid-width", 2), "{doc}");
            let message = doc["error"]["message"].as_str().unwrap();
            assert!(message.contains(&w.to_string()), "{message}");
            assert!(message.contains(&format!("{hi}")), "{message}");
            assert!(message.contains(kind.name()), "{message}");
        }
    }
}
