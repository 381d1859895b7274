//! Labscape's rules summaries and printed tables, written for players and true to
//! `labscape.md`. Numbers come from the engine's rules data, never retyped here.

use std::fmt::Write;

use labscape_core::labscape::{Difficulty, Position, STANDARD, dawn_for};

use crate::i18n::{Lang, tr};

/// The rules topics.
pub const TOPICS: [&str; 9] = [
    "overview", "turn", "move", "roll", "walls", "exit", "robot", "dawn", "setup",
];

/// A rules topic (default: overview).
pub fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
    let r = &STANDARD;
    let t = topic.unwrap_or("overview").trim().to_lowercase();
    Some(match t.as_str() {
        "overview" => tr!(
            lang,
            "rules-overview",
            keys = r.keys_per_module,
            topics = TOPICS.join(", ")
        ),
        "turn" => tr!(lang, "rules-turn"),
        "move" => tr!(lang, "rules-move", minutes = r.step_minutes),
        "roll" => tr!(lang, "rules-roll", minutes = r.action_minutes),
        "walls" => tr!(lang, "rules-walls", minutes = r.action_minutes),
        "exit" => tr!(
            lang,
            "rules-exit",
            minutes = r.action_minutes,
            keys = r.keys_per_module,
            limit = r.limit_after_exit,
            penalty = r.timeout_minutes
        ),
        "robot" => tr!(
            lang,
            "rules-robot",
            every = r.robot_trigger_every,
            steps = r.robot_steps,
            minutes = r.catch_minutes,
            keys = r.catch_keys,
            immune = r.immunity_min_players
        ),
        "dawn" => tr!(lang, "rules-dawn"),
        "setup" => tr!(lang, "rules-setup"),
        _ => return None,
    })
}

/// The names of the tables, in the order `/table` offers them.
pub const TABLES: [&str; 5] = ["search", "special", "start", "dawn", "items"];

/// A table by name, for the game's position if there is one. Tables keep their columns
/// aligned in monospace whatever the language's words.
pub fn table(name: Option<&str>, pos: Option<&Position>, lang: Lang) -> Option<String> {
    let r = &STANDARD;
    let n = name.unwrap_or("search").trim().to_ascii_lowercase();
    Some(match n.as_str() {
        "search" => search_table(lang),
        "special" => special_table(lang),
        "items" => tr!(
            lang,
            "table-items",
            keys = r.item_mix.keys,
            food = r.item_mix.food,
            special = r.item_mix.special,
            per_module = r.keys_per_module
        ),
        "start" => start_table(pos, lang),
        "dawn" => dawn_table(pos, lang),
        _ => return None,
    })
}

/// The search table: the attempt's row against the roll's sum.
fn search_table(lang: Lang) -> String {
    let r = &STANDARD;
    let att = tr!(lang, "table-search-attempt");
    let w = att.chars().count().max(3);
    let mut s = tr!(lang, "table-search-title");
    let _ = write!(s, "\n```\n{att:>w$} |");
    for sum in 2..=12 {
        let _ = write!(s, "{sum:>4}");
    }
    for (i, row) in r.search_table.iter().enumerate() {
        let label = if i == r.search_table.len() - 1 {
            format!("{}+", i + 1)
        } else {
            (i + 1).to_string()
        };
        let _ = write!(s, "\n{label:>w$} |");
        for v in row {
            let _ = write!(
                s,
                "{:>4}",
                if *v > 0 {
                    format!("+{v}")
                } else {
                    v.to_string()
                }
            );
        }
    }
    s.push_str("\n```");
    s
}

/// The special table, entry by entry with its sum.
fn special_table(lang: Lang) -> String {
    let r = &STANDARD;
    let mut s = tr!(lang, "table-special-title");
    s.push('\n');
    for (i, e) in r.special_table.iter().enumerate() {
        let _ = writeln!(
            s,
            "{:>2} {} — {}",
            i + 2,
            crate::games::labscape::special_name(e.id, lang),
            crate::games::labscape::special_effect(e.id, lang)
        );
    }
    s
}

/// How a start cell is drawn with dice, for the floor's size (3 × 3 without a game).
fn start_table(pos: Option<&Position>, lang: Lang) -> String {
    let (w, h) = match pos {
        Some(p) => {
            let f = p.layout().floor(p.floor());
            (f.width(), f.height())
        }
        None => (3, 3),
    };
    tr!(
        lang,
        "table-start",
        columns = w,
        rows = h,
        column_recipe = coordinate_recipe(w, lang),
        row_recipe = coordinate_recipe(h, lang)
    )
}

/// Dawn for every player count and difficulty, on the game's layout (the pyramid without a
/// game).
fn dawn_table(pos: Option<&Position>, lang: Lang) -> String {
    let r = &STANDARD;
    let modules = pos.map(|p| p.layout().module_count()).unwrap_or(6);
    let name = pos
        .map(|p| p.layout().to_string())
        .unwrap_or_else(|| "pyramid".into());
    let players = tr!(lang, "table-dawn-players");
    let pw = players.chars().count();
    let names: Vec<String> = Difficulty::ALL
        .iter()
        .map(|d| crate::games::labscape::difficulty_name(*d, lang))
        .collect();
    let cw = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let mut s = tr!(
        lang,
        "table-dawn-title",
        layout = name,
        modules = modules,
        keys = modules * r.keys_per_module as usize
    );
    let _ = write!(s, "\n```\n{players}");
    for n in &names {
        let _ = write!(s, " {n:>cw$}");
    }
    for players in 1..=8 {
        let _ = write!(s, "\n{players:>pw$}");
        for d in Difficulty::ALL {
            let _ = write!(s, " {:>cw$}", dawn_for(r, modules, players, d));
        }
    }
    s.push_str("\n```");
    s
}

/// The seed's tabletop procedure for a uniform coordinate in 1..=n.
fn coordinate_recipe(n: u8, lang: Lang) -> String {
    match n {
        0..=3 => tr!(lang, "recipe-up-to-3"),
        4..=6 => tr!(lang, "recipe-up-to-6"),
        7..=12 => tr!(lang, "recipe-up-to-12", max = n),
        13..=18 => tr!(lang, "recipe-up-to-18", max = n),
        _ => tr!(lang, "recipe-up-to-24", max = n),
    }
}

/// The layouts as a short list for messages.
pub fn presets() -> String {
    labscape_core::labscape::PRESETS
        .iter()
        .map(|(n, l)| format!("{n} ({l})"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_topic_and_table_has_text() {
        for lang in Lang::ALL {
            for t in TOPICS {
                assert!(rules(Some(t), lang).is_some_and(|s| s.len() > 80), "{t}");
            }
            assert!(rules(Some("nope"), lang).is_none());
            for t in TABLES {
                assert!(table(Some(t), None, lang).is_some(), "{t}");
            }
            let dawn = table(Some("dawn"), None, lang).unwrap();
            // Pyramid, 2 players, medium: ceil(5 × 42 / 2) = 105.
            assert!(dawn.contains("105"), "{dawn}");
            let search = table(Some("search"), None, lang).unwrap();
            assert!(search.contains("6+"));
        }
    }

    /// The lines of a table's code block.
    fn block(text: &str) -> Vec<&str> {
        let inside = text.split("```").nth(1).expect("a code block");
        inside.lines().filter(|l| !l.is_empty()).collect()
    }

    #[test]
    fn tables_stay_aligned_in_every_language() {
        for lang in Lang::ALL {
            for t in ["search", "dawn"] {
                let text = table(Some(t), None, lang).unwrap();
                let lines = block(&text);
                let width = lines[0].chars().count();
                for l in &lines {
                    assert_eq!(l.chars().count(), width, "{lang} {t}: “{l}”\n{text}");
                }
                // Every column ends at the same place on every line.
                let ends = |l: &str| -> Vec<usize> {
                    let cs: Vec<char> = l.chars().collect();
                    (0..cs.len())
                        .filter(|&i| cs[i] != ' ' && cs.get(i + 1).is_none_or(|c| *c == ' '))
                        .collect()
                };
                let columns = ends(lines[1]);
                for l in &lines[2..] {
                    assert_eq!(ends(l), columns, "{lang} {t}: “{l}”\n{text}");
                }
                // The heading's words end where the columns do (a name may have a space).
                let heading = ends(lines[0]);
                for c in &columns {
                    assert!(heading.contains(c), "{lang} {t}: heading off\n{text}");
                }
            }
        }
    }

    #[test]
    fn portuguese_rules_and_tables_use_the_designers_words() {
        let pt = |t| rules(Some(t), Lang::PtBr).unwrap();
        assert!(pt("overview").contains("amanhecer"), "{}", pt("overview"));
        assert!(pt("walls").contains("parede"));
        assert!(pt("robot").contains("robô"));
        let dawn = table(Some("dawn"), None, Lang::PtBr).unwrap();
        assert!(
            dawn.contains("impossibru") && dawn.contains("jogadores"),
            "{dawn}"
        );
        let special = table(Some("special"), None, Lang::PtBr).unwrap();
        assert!(special.contains("Pão mofado"), "{special}");
    }
}
