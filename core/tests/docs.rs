//! The repository's documentation, kept honest by the engine: every game in core's list has
//! its players' page `docs/rules/<id>.md`, and every example in `docs/` is played through
//! core.
//!
//! The docs write their examples in two kinds of fenced block, which this test reads:
//!
//! - ```` ```play GAME [KEY=VALUE…] ````: a new game of `GAME` with those options, as many
//!   players as it seats at least, and a fixed seed; each non-empty line is one action in the
//!   game's notation, played by the seat to move, and each must be legal where it stands.
//!   ```` ```play ```` with no game plays from the position of the nearest ```` ```json
//!   position ```` block above it in the same file. A line `=> seat N wins` says the game
//!   is over there and seat N alone won; `=> seat N to move`, that it goes on with seat N
//!   to act; `=> ACTION is refused`, that the seat to move may not play ACTION there (the
//!   game goes on from the same position). Each is checked.
//! - ```` ```json position ````: a position in its notation (`format` names the game), which
//!   must read as a valid position.
//!
//! Other blocks (```` ```text ````, ```` ```sh ````, plain ```` ```json ````) are prose to
//! this test. A rules page must hold at least one `play` block of its own game, so no page
//! can opt out.

use std::{
    fs,
    path::{Path, PathBuf},
};

use labscape_core::{AnyGame, GameKind, Value};

/// The seed every `play` block starts from, so its examples are the same on every run.
const SEED: &str = "docs";

/// One fenced block of a docs page: its info string, its lines and where it starts.
#[derive(Debug)]
struct Block {
    info: String,
    lines: Vec<String>,
    line: usize,
}

fn docs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs")
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim_start();
        match open.take() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        lines: Vec::new(),
                        line: i + 1,
                    });
                }
            }
            Some(mut b) => {
                if trimmed.starts_with("```") {
                    out.push(b);
                } else {
                    b.lines.push(raw.to_string());
                    open = Some(b);
                }
            }
        }
    }
    assert!(open.is_none(), "a fenced block is never closed");
    out
}

/// A new game as a `play GAME [KEY=VALUE…]` block asks for it.
fn start(words: &[&str], at: &str) -> AnyGame {
    let kind = GameKind::from_id(words[0])
        .unwrap_or_else(|| panic!("{at}: “{}” is not a game of core's list", words[0]));
    let options: Vec<(String, String)> = words[1..]
        .iter()
        .map(|w| {
            let (k, v) = w
                .split_once('=')
                .unwrap_or_else(|| panic!("{at}: option “{w}” is not KEY=VALUE"));
            (k.to_string(), v.to_string())
        })
        .collect();
    let settings = kind
        .settings_text(&options)
        .unwrap_or_else(|e| panic!("{at}: the options are refused: {e}"));
    let seats = kind.seats(&settings).expect("stored settings read back");
    let players: Vec<String> = (1..=*seats.start()).map(|n| format!("p{n}")).collect();
    AnyGame::new_game(kind, &options, &players, SEED)
        .unwrap_or_else(|e| panic!("{at}: the game does not start: {e}"))
        .0
}

/// Plays a block's lines in order; the first refused one fails the test.
fn play(mut game: AnyGame, block: &Block, at: &str) -> AnyGame {
    for (i, line) in block.lines.iter().enumerate() {
        let action = line.trim();
        let here = format!("{at}, line {}", block.line + 1 + i);
        if action.is_empty() {
            continue;
        }
        if let Some(claim) = action.strip_prefix("=>") {
            check_claim(&game, claim.trim(), &here);
            continue;
        }
        game = match game.apply(None, action) {
            Ok((_, next, _)) => next,
            Err(e) => panic!(
                "{here}: “{action}” is refused in {}: {e} ({})",
                game.kind().name(),
                e.code()
            ),
        };
    }
    game
}

/// Checks a `=> seat N wins`, `=> seat N to move` or `=> ACTION is refused` line against
/// the game.
fn check_claim(game: &AnyGame, claim: &str, here: &str) {
    let words: Vec<&str> = claim.split_whitespace().collect();
    let seat = |w: &str| -> u8 {
        w.parse()
            .unwrap_or_else(|_| panic!("{here}: “{w}” is not a seat number"))
    };
    match words.as_slice() {
        ["seat", n, "wins"] => {
            let outcome = game
                .outcome()
                .unwrap_or_else(|| panic!("{here}: the game is not over"));
            let winners: Vec<u8> = outcome.winners().map(|s| s.0).collect();
            assert_eq!(winners, [seat(n)], "{here}: the winners");
        }
        ["seat", n, "to", "move"] => {
            assert!(!game.is_over(), "{here}: the game is over");
            assert_eq!(
                game.to_move().map(|s| s.0),
                Some(seat(n)),
                "{here}: who moves"
            );
        }
        [action @ .., "is", "refused"] if !action.is_empty() => {
            let action = action.join(" ");
            if let Ok((_, next, _)) = game.apply(None, &action) {
                panic!(
                    "{here}: “{action}” is played, not refused (to move next: {:?})",
                    next.to_move()
                );
            }
        }
        _ => panic!(
            "{here}: “=> {claim}” is none of “seat N wins”, “seat N to move”, “ACTION is refused”"
        ),
    }
}

/// Checks every example of one page; the games its `play` blocks start.
fn check_page(path: &Path) -> Vec<GameKind> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut position: Option<AnyGame> = None;
    let mut started = Vec::new();
    for block in blocks(&text) {
        let at = format!("{name}:{}", block.line);
        let words: Vec<&str> = block.info.split_whitespace().collect();
        match words.as_slice() {
            ["json", "position"] => {
                let value: Value = serde_json::from_str(&block.lines.join("\n"))
                    .unwrap_or_else(|e| panic!("{at}: not JSON: {e}"));
                let game = AnyGame::from_value(value)
                    .unwrap_or_else(|e| panic!("{at}: not a valid position: {e:?}"));
                position = Some(game);
            }
            ["play"] => {
                let from = position
                    .clone()
                    .unwrap_or_else(|| panic!("{at}: `play` with no game and no position above"));
                play(from, &block, &at);
            }
            ["play", game @ ..] => {
                let g = start(game, &at);
                started.push(g.kind());
                play(g, &block, &at);
            }
            _ => {}
        }
    }
    started
}

fn pages() -> Vec<PathBuf> {
    let mut out = vec![docs_dir().join("engine.md")];
    let mut rules: Vec<PathBuf> = fs::read_dir(docs_dir().join("rules"))
        .expect("docs/rules exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    rules.sort();
    out.extend(rules);
    out
}

/// Whether players meet the game: Nim is core's test game, behind the `test-game` feature,
/// and is never offered in a chat.
fn played_by_people(kind: GameKind) -> bool {
    !(cfg!(feature = "test-game") && kind.id() == "nim")
}

#[test]
fn every_game_in_cores_list_has_its_rules_page_with_examples_of_its_own() {
    for &kind in GameKind::ALL.iter().filter(|k| played_by_people(**k)) {
        let path = docs_dir().join("rules").join(format!("{}.md", kind.id()));
        assert!(
            path.is_file(),
            "{} has no rules page: write docs/rules/{}.md",
            kind.name(),
            kind.id()
        );
        let started = check_page(&path);
        assert!(
            started.contains(&kind),
            "docs/rules/{}.md has no ```play {} example",
            kind.id(),
            kind.id()
        );
    }
}

#[test]
fn every_example_in_the_docs_is_legal_where_it_is_shown() {
    let pages = pages();
    assert!(pages.len() > 1, "docs/rules holds the rules pages");
    for page in pages {
        check_page(&page);
    }
}

#[test]
fn every_rules_page_is_a_game_of_cores_list() {
    for page in pages()
        .iter()
        .filter(|p| p.parent().unwrap().ends_with("rules"))
    {
        let id = page.file_stem().unwrap().to_string_lossy();
        assert!(
            GameKind::ALL.iter().any(|k| k.id() == id),
            "docs/rules/{id}.md names no game of core's list"
        );
    }
}

#[test]
fn the_block_reader_finds_play_blocks_and_a_refused_example_fails() {
    let text = "x\n```play rastros\nd4\n```\n```text\nignored\n```\n";
    let found = blocks(text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].info, "play rastros");
    assert_eq!(found[0].lines, ["d4"]);
    let game = start(&["rastros"], "here");
    let legal = play(game.clone(), &found[0], "here");
    assert_eq!(legal.to_move().map(|s| s.0), Some(1));
    let refused = Block {
        info: "play rastros".into(),
        lines: vec!["d4".into(), "e5".into()],
        line: 1,
    };
    let caught = std::panic::catch_unwind(|| play(game.clone(), &refused, "here"));
    assert!(caught.is_err(), "e5 holds a black piece after d4: refused");
    for (claim, holds) in [
        ("=> seat 1 to move", true),
        ("=> seat 0 to move", false),
        ("=> seat 0 wins", false),
        ("=> e5 is refused", true),
        ("=> d3 is refused", false),
    ] {
        let block = Block {
            info: "play rastros".into(),
            lines: vec!["d4".into(), claim.into()],
            line: 1,
        };
        let checked = std::panic::catch_unwind(|| play(game.clone(), &block, "here"));
        assert_eq!(checked.is_ok(), holds, "{claim}");
    }
}
