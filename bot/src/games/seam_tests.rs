//! The seam, checked: outside `games/` (and each tool's own study room), the bot names no
//! game. The service, the store, the chat adapters and the engine's command line hold an
//! `AnyGame` and ask `games::of(kind)`; none imports a game's module or picks a game by
//! its variant. Test code may name games (it plays them).

use std::path::{Path, PathBuf};

use labscape_core::GameKind;

/// The places that must not name a game, under `bot/src`.
const GENERAL: &[&str] = &[
    "app",
    "store",
    "discord",
    "telegram",
    "engine_cli",
    "verify.rs",
    "simulate.rs",
    "simulate/versus.rs",
];

/// The Rust files under `path` (or `path` itself), test files left out.
fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            sources(&p, out);
        }
        return;
    }
    let name = path.file_name().unwrap().to_string_lossy();
    let test_file = name.ends_with("tests.rs")
        || name == "contract.rs"
        || name == "test_postgres.rs"
        || path.components().any(|c| c.as_os_str() == "fixtures");
    if name.ends_with(".rs") && !test_file {
        out.push(path.to_path_buf());
    }
}

/// A file's code before its inline tests, without comments.
fn code(text: &str) -> String {
    let before_tests = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    before_tests
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn only_games_names_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for place in GENERAL {
        sources(&root.join(place), &mut files);
    }
    assert!(files.len() > 40, "the places were found: {}", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = code(&std::fs::read_to_string(file).unwrap());
        for kind in GameKind::ALL {
            let module = kind.id().replace('-', "_");
            let patterns = [
                format!("labscape_core::{module}"),
                format!("games::{module}"),
                format!(" {module}::"),
                format!("GameKind::{kind:?}"),
            ];
            for p in patterns.iter().filter(|p| text.contains(p.as_str())) {
                found.push(format!(
                    "{}: {p}",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a game named outside games/:\n{}",
        found.join("\n")
    );
}

/// Neither do they hold a game's words: no verb, own command, `/new` option or option
/// value of any game appears there as a quoted word (`"move"`, `"rotate-wall {}"`); the
/// platforms build those commands from the games' declarations.
#[test]
fn no_games_word_outside_games() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for place in GENERAL {
        sources(&root.join(place), &mut files);
    }
    let mut words: Vec<&str> = Vec::new();
    for kind in GameKind::ALL {
        let m = super::of(*kind);
        words.extend(m.verbs());
        for c in m.own_commands() {
            words.push(c.name);
            words.extend(c.group.as_ref().map(|g| g.name));
            words.extend(c.options.iter().map(|o| o.name));
        }
        for o in m.new_options() {
            words.push(o.name);
            if let super::Values::OneOf(values) = o.values {
                words.extend(values);
            }
        }
    }
    // The computer players' names (`random`, `easy`) are every game's vocabulary.
    let policy = |w: &str| {
        GameKind::ALL
            .iter()
            .any(|k| super::of(*k).policy(Some(w)).is_ok())
    };
    words.retain(|w| !policy(w));
    assert!(words.len() > 10, "the games' words were found: {words:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = code(&std::fs::read_to_string(file).unwrap());
        for w in &words {
            for p in [format!("\"{w}\""), format!("\"{w} ")] {
                if text.contains(&p) {
                    found.push(format!(
                        "{}: {p}",
                        file.strip_prefix(&root).unwrap().display()
                    ));
                }
            }
        }
    }
    found.dedup();
    assert!(
        found.is_empty(),
        "a game's word outside games/:\n{}",
        found.join("\n")
    );
}

/// The check reads what it should: a file naming a game is caught.
#[test]
fn the_check_catches_a_game_named() {
    let text = code("use labscape_core::labscape::Position;\n// labscape_core::skarb\n");
    assert!(text.contains("labscape_core::labscape"));
    assert!(!text.contains("skarb"));
}
