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
//!
//! The README and the docs also show chat commands, `/play ACTION`, in their prose and text
//! blocks, and a reader types them as they stand. Each must be legal, as one message of the
//! player to move (read as the chat reads it: one action, or several separated by spaces
//! within one turn), in a position its game shows: the game's start or a position one of
//! the `play` blocks passes through. Its game is the page's on a rules page, and elsewhere
//! the last `/new GAME` written before it. A placeholder (`/play ACTION`) is no example.

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

/// Plays a block's lines in order; the first refused one fails the test. Every position
/// the block passes through is added to `shown`.
fn play(mut game: AnyGame, block: &Block, at: &str, shown: &mut Vec<AnyGame>) -> AnyGame {
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
        shown.push(game.clone());
        game = match game.apply(None, action) {
            Ok((_, next, _)) => next,
            Err(e) => panic!(
                "{here}: “{action}” is refused in {}: {e} ({})",
                game.kind().name(),
                e.code()
            ),
        };
    }
    shown.push(game.clone());
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

/// Checks every example of one page; the games its `play` blocks start. Every position
/// its blocks pass through is added to `shown`.
fn check_page(path: &Path, shown: &mut Vec<AnyGame>) -> Vec<GameKind> {
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
                play(from, &block, &at, shown);
            }
            ["play", game @ ..] => {
                let g = start(game, &at);
                started.push(g.kind());
                play(g, &block, &at, shown);
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
        let started = check_page(&path, &mut Vec::new());
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
        check_page(&page, &mut Vec::new());
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
    let legal = play(game.clone(), &found[0], "here", &mut Vec::new());
    assert_eq!(legal.to_move().map(|s| s.0), Some(1));
    let refused = Block {
        info: "play rastros".into(),
        lines: vec!["d4".into(), "e5".into()],
        line: 1,
    };
    let caught = std::panic::catch_unwind(|| play(game.clone(), &refused, "here", &mut Vec::new()));
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
        let checked =
            std::panic::catch_unwind(|| play(game.clone(), &block, "here", &mut Vec::new()));
        assert_eq!(checked.is_ok(), holds, "{claim}");
    }
}

/// A `/play …` example of a page: where it is, what a reader would type after `/play`, and
/// the game it is for (`None`: the page never says).
#[derive(Debug)]
struct Example {
    line: usize,
    text: String,
    game: Option<GameKind>,
}

/// Where a command's argument ends in prose or in a text block.
fn argument_end(c: char) -> bool {
    matches!(c, '`' | '#' | '|' | '\n')
}

/// A word that stands for what the reader fills in (`ACTION`, `SQUARE`), not an example.
fn placeholder(text: &str) -> bool {
    text.chars().count() >= 4
        && text
            .chars()
            .all(|c| c.is_ascii_uppercase() || matches!(c, '_' | '…' | '.'))
}

/// The game a `/new` (or Telegram's `/newgame`) opens, from the text after it: `Some(None)`
/// when it names no game a reader could type (`/new GAME`), else the game (`/new` alone or
/// with Labscape's words opens Labscape).
fn opened(after: &str) -> Option<Option<GameKind>> {
    let after = after.strip_prefix("game").unwrap_or(after);
    if after.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_') {
        return None; // another word, like `/newcomer`
    }
    let word: String = after
        .trim_start_matches(' ')
        .chars()
        .take_while(|c| !c.is_whitespace() && !argument_end(*c) && !matches!(c, ')' | ','))
        .collect();
    if !after.starts_with(' ') || word.is_empty() {
        return Some(GameKind::from_id("labscape"));
    }
    if placeholder(&word) || word.starts_with('[') {
        return Some(None);
    }
    Some(GameKind::from_id(&word).or(GameKind::from_id("labscape")))
}

/// Every `/play` example of a page's text, each with its game: `page_game` on a rules page,
/// else the last `/new` before it.
fn play_examples(text: &str, page_game: Option<GameKind>) -> Vec<Example> {
    let mut out = Vec::new();
    let mut last_new: Option<GameKind> = None;
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find('/') {
            let after = &rest[at + 1..];
            if let Some(after_new) = after.strip_prefix("new") {
                if let Some(game) = opened(after_new) {
                    last_new = game;
                }
            } else if let Some(arg) = after.strip_prefix("play ") {
                let arg = arg[..arg.find(argument_end).unwrap_or(arg.len())].trim();
                if !arg.is_empty() && !placeholder(arg) {
                    out.push(Example {
                        line: i + 1,
                        text: arg.to_string(),
                        game: page_game.or(last_new),
                    });
                }
            }
            rest = after;
        }
    }
    out
}

/// Whether `text` plays as one chat message of the player to move in `game`: one action
/// as the chat reads it, or else several separated by spaces, all within that player's
/// turn (the bot's `read_turn`).
fn plays_as_one_message(game: &AnyGame, text: &str) -> bool {
    let Some(seat) = game.to_move() else {
        return false;
    };
    let one = |g: &AnyGame, t: &str| {
        g.read_chat(t)
            .ok()
            .and_then(|a| g.play(seat, &a).ok())
            .map(|(next, _)| next)
    };
    if one(game, text).is_some() {
        return true;
    }
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() < 2 {
        return false;
    }
    let mut pos = game.clone();
    for part in parts {
        if pos.to_move() != Some(seat) {
            return false;
        }
        match one(&pos, part) {
            Some(next) => pos = next,
            None => return false,
        }
    }
    true
}

/// The examples of `text` that are not legal in any position `shown` holds of their game
/// (nor at its start), each as a line of the failure.
fn illegal_examples(
    name: &str,
    text: &str,
    page_game: Option<GameKind>,
    shown: &[AnyGame],
) -> Vec<String> {
    let mut wrong = Vec::new();
    for ex in play_examples(text, page_game) {
        let at = format!("{name}:{}", ex.line);
        let Some(kind) = ex.game else {
            wrong.push(format!(
                "{at}: “/play {}” names no game: write `/new GAME` before it",
                ex.text
            ));
            continue;
        };
        let start = start(&[kind.id()], &at);
        let legal = std::iter::once(&start)
            .chain(shown.iter().filter(|g| g.kind() == kind))
            .any(|g| plays_as_one_message(g, &ex.text));
        if !legal {
            wrong.push(format!(
                "{at}: “/play {}” is legal in no position the docs show of {} (its start or a `play` block's)",
                ex.text,
                kind.name()
            ));
        }
    }
    wrong
}

/// The README and every page of `docs/`, with the game of each rules page.
fn prose_pages() -> Vec<(PathBuf, Option<GameKind>)> {
    let mut out = vec![(docs_dir().join("../README.md"), None)];
    let mut dirs = vec![docs_dir()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("a docs folder") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                let game = path
                    .parent()
                    .filter(|p| p.ends_with("rules"))
                    .and_then(|_| GameKind::from_id(&path.file_stem()?.to_string_lossy()));
                out.push((path, game));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_play_example_of_the_readme_and_the_docs_is_legal_where_its_game_is_shown() {
    let mut shown = Vec::new();
    for page in pages() {
        check_page(&page, &mut shown);
    }
    let mut wrong = Vec::new();
    let mut seen = 0;
    for (path, game) in prose_pages() {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        seen += play_examples(&text, game).len();
        wrong.extend(illegal_examples(&name, &text, game, &shown));
    }
    assert!(
        seen > 10,
        "the README and the docs show /play examples ({seen} found)"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_play_example_is_found_with_its_game_and_an_illegal_one_is_named() {
    let text = "Try `/new rastros`, then `/play d4` or `/play ACTION`.\n\
                | `/new semaforo` | `/play c1` |\n\
                /new single easy\n\
                # a comment: `/play SQUARE` is a placeholder\n\
                `/new rastros` and `/play e5` (the piece stands there)\n";
    let found = play_examples(text, None);
    let games: Vec<(&str, &str)> = found
        .iter()
        .map(|e| (e.text.as_str(), e.game.map_or("?", |k| k.id())))
        .collect();
    assert_eq!(
        games,
        [("d4", "rastros"), ("c1", "semaforo"), ("e5", "rastros")]
    );
    let wrong = illegal_examples("here", text, None, &[]);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(wrong[0].starts_with("here:5: “/play e5”"), "{wrong:?}");
    // A rules page's game wins over the words around its examples.
    let on_page = play_examples("`/new rastros`, `/play c1`", GameKind::from_id("semaforo"));
    assert_eq!(on_page[0].game, GameKind::from_id("semaforo"));
    // Without any `/new`, an example names no game and is refused.
    assert_eq!(illegal_examples("x", "`/play d4`", None, &[]).len(), 1);
    // A whole turn of several actions is one message; one that ends the turn early is not.
    let produto = start(&["produto"], "here");
    assert!(plays_as_one_message(&produto, "e5b"));
    assert!(
        !plays_as_one_message(&produto, "e5b f6w"),
        "the first turn is one stone"
    );
    let (_, after, _) = produto.apply(None, "e5b").unwrap();
    assert!(plays_as_one_message(&after, "d4w f5w"));
}
