//! Rules summaries and printed tables, written for players and true to `labscape.md`.
//! Numbers come from the engine's rules data, never retyped here.

use std::fmt::Write;

use labscape_core::labscape::{Difficulty, Position, STANDARD, dawn_for};

/// The rules topics.
pub const TOPICS: [&str; 9] = [
    "overview", "turn", "move", "roll", "walls", "exit", "robot", "dawn", "setup",
];

/// The command list.
pub fn help() -> String {
    "**Labscape commands**\n\
     Lobby: /new [layout] [difficulty] [random|draft] [players] · /join · /leave · /addbot [policy] · /start · /abandon\n\
     Your turn: /move NNE or /move C4 · /roll · /rotate-wall B3:NE B2:SE · /exit · /wait [minutes]\n\
     Drafting the building: /wall A1:SE · /item A1 key|food|special · /autofill\n\
     Anytime: /status · /log [count] · /rules [topic] · /table [search|special|start|dawn|items] · /help\n\
     Layouts: single, duo, tower, pyramid, grand, or a notation like ###/##/# (floors bottom to top)."
        .to_string()
}

/// A rules topic (default: overview).
pub fn rules(topic: Option<&str>) -> Option<String> {
    let r = &STANDARD;
    let t = topic.unwrap_or("overview").trim().to_ascii_lowercase();
    Some(match t.as_str() {
        "overview" => format!(
            "**Labscape** — lab animals escape a laboratory before dawn. Play starts on the top floor and goes down; \
             leaving the ground floor through its exit is escaping. Everyone who escapes wins; whoever is inside at \
             dawn loses, possibly all of you. To leave a floor the group must hold {} keys for every module on that \
             floor and above, so collect keys together. The escaped player carrying the most food sets a record. \
             Topics: {}.",
            r.keys_per_module,
            TOPICS.join(", ")
        ),
        "turn" => "**Whose turn** — the time track decides: the player with the lowest time plays next; on a tie, \
                   whoever reached that square first. A turn is one action, then the next player is worked out again \
                   (it may be you again)."
            .into(),
        "move" => format!(
            "**Move** — /move with steps (N, E, S, W, e.g. /move NNE) or a target cell (/move C4: the shortest path, \
             preferring N, then E, S, W). {} minute per step. Walls and the floor's edge block; a blocked step refuses \
             the whole move. You may pass or stop on the robot's cell. Arriving on a key token takes it for the group \
             (free), unless the robot stands there.",
            r.step_minutes
        ),
        "roll" => format!(
            "**Roll (search the room)** — {} minute, not on the robot's cell. In a key room the 2d6 search table adds \
             keys to the group; in a food room it adds food to you. Each further roll in the same cell uses a harder \
             row (leaving the cell resets it). Results can be negative; counters never go below 0. A special room is \
             rolled once on the special table, then it is spent. /table search and /table special show the tables.",
            r.action_minutes
        ),
        "walls" => format!(
            "**Walls** — every wall is an L of two edges, named by a cell and corner (B3:NE = B3's north and east \
             edges), inside one module, never sharing an edge with another. /rotate-wall FROM TO ({} minute, not on \
             the robot's cell): turn a wall 90°, 180° or 270° about a vertex on a corner of your cell, or move a wall \
             that closes two sides of your cell to another corner of it. While you cannot reach the exit, you may do \
             the same from a neighbouring cell. A wall may never shut the robot off from every player.",
            r.action_minutes
        ),
        "exit" => format!(
            "**Exit** — stand on the exit and /exit ({} minute). The group must hold {} keys × the modules on this floor \
             and every floor above. The first exit places a limit marker {} minutes later: whoever has not left when \
             their time reaches it is stuck and, on the next floor, pays +{} minutes and all their food. On the ground \
             floor, exiting is escaping — and being stuck there is losing.",
            r.action_minutes, r.keys_per_module, r.limit_after_exit, r.timeout_minutes
        ),
        "robot" => format!(
            "**The robot** — whenever the leading time crosses a multiple of {}, the robot moves up to {} steps \
             (never through walls) toward the reachable cell with the fewest players (then the nearest, then the most \
             food, then the lowest seat). It catches everyone in the first occupied cell it enters: +{} minutes each, \
             the group loses {} keys each, and each is carried to a random cell. If every acting player stands in one \
             cell and there are at least {}, they are immune: the robot stops next to them.",
            r.robot_trigger_every, r.robot_steps, r.catch_minutes, r.catch_keys, r.immunity_min_players
        ),
        "dawn" => "**Dawn** — T = ⌈X × 7 × modules ÷ players⌉ minutes, X = 6 (easy), 5 (medium), 4.5 (hard), 4 \
                   (impossible). No action may start at or after T; whoever reaches T without escaping is caught. An \
                   exit that completes exactly at T still counts. /table dawn shows this game's numbers."
            .into(),
        "setup" => "**Setup** — everyone rolls 2d6; the highest starts (ties roll again). The building is filled \
                    floor by floor from the ground: either at random (4–6 walls per module; 4 keys, 3 food, 2 special \
                    per module) or drafted, one wall or item per player in turn, until every cell holds an item and \
                    every module has at least 4 walls (/autofill completes a floor). Then start cells, the exit and the \
                    robot are drawn on the top floor; the robot always has a path to someone."
            .into(),
        _ => return None,
    })
}

/// A table by name, for the game's position if there is one.
pub fn table(name: Option<&str>, pos: Option<&Position>) -> Option<String> {
    let r = &STANDARD;
    let n = name.unwrap_or("search").trim().to_ascii_lowercase();
    Some(match n.as_str() {
        "search" => {
            let mut s = String::from(
                "**Search table** (2d6 across, attempt down; 6+ uses the last row)\n```\natt |",
            );
            for sum in 2..=12 {
                let _ = write!(s, "{sum:>4}");
            }
            for (i, row) in r.search_table.iter().enumerate() {
                let label = if i == r.search_table.len() - 1 {
                    format!("{}+", i + 1)
                } else {
                    (i + 1).to_string()
                };
                let _ = write!(s, "\n{label:>3} |");
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
        "special" => {
            let mut s = String::from("**Special table** (2d6, once per special room)\n");
            for (i, e) in r.special_table.iter().enumerate() {
                let _ = writeln!(s, "{:>2} {} — {}", i + 2, e.name, special_effect(e.id));
            }
            s
        }
        "items" => format!(
            "**Items per module** (random setup and autofill): {} keys, {} food, {} special. Every cell holds one \
             item. A key token is taken free on arrival; key and food rooms can be searched again and again; a \
             special room once. To leave a floor: {} keys × modules on it and above.",
            r.item_mix.keys, r.item_mix.food, r.item_mix.special, r.keys_per_module
        ),
        "start" => {
            let (w, h) = match pos {
                Some(p) => {
                    let f = p.layout().floor(p.floor());
                    (f.width(), f.height())
                }
                None => (3, 3),
            };
            format!(
                "**Drawing a cell with d6s** (start cells, exit, robot, a caught player's new cell)\nColumn ({w} \
                 columns): {}\nRow ({h} rows): {}\nA cell outside the floor's modules (or not allowed, like the \
                 robot's own cell) is drawn again.",
                coordinate_recipe(w),
                coordinate_recipe(h)
            )
        }
        "dawn" => {
            let modules = pos.map(|p| p.layout().module_count()).unwrap_or(6);
            let name = pos
                .map(|p| p.layout().to_string())
                .unwrap_or_else(|| "pyramid".into());
            let mut s = format!(
                "**Dawn** for {name} ({modules} modules, {} keys)\n```\nplayers",
                modules * 7
            );
            for d in Difficulty::ALL {
                let _ = write!(s, " {:>10}", d.name());
            }
            for players in 1..=8 {
                let _ = write!(s, "\n{players:>7}");
                for d in Difficulty::ALL {
                    let _ = write!(s, " {:>10}", dawn_for(r, modules, players, d));
                }
            }
            s.push_str("\n```");
            s
        }
        _ => return None,
    })
}

fn special_effect(id: &str) -> &'static str {
    match id {
        "master_keycard" => "group +3 keys",
        "clock_tamper" => "your time −2 (not below 0)",
        "ration_pack" => "+2 food",
        "spare_key" => "group +1 key",
        "bargain" => "if you have food: −1 food, group +1 key",
        "alarm_test" => "the robot makes one move now (its trigger does not move)",
        "heavy_crate" => "group +1 key, your time +2",
        "sticky_floor" => "your time +1",
        "mouldy_bread" => "−1 food",
        "dropped_key" => "group −1 key",
        "tripwire" => "your time +3",
        _ => "?",
    }
}

/// The seed's tabletop procedure for a uniform coordinate in 1..=n.
fn coordinate_recipe(n: u8) -> String {
    match n {
        0..=3 => "roll one die; 4, 5, 6 count as 1, 2, 3.".into(),
        4..=6 => "roll one die.".into(),
        7..=12 => format!(
            "roll two dice; if the first is even add 6 to the second, otherwise take the second as it is; above {n}, roll both again."
        ),
        13..=18 => format!(
            "roll two dice; the first gives 0 (1 or 4), 6 (2 or 5) or 12 (3 or 6), add the second; above {n}, roll both again."
        ),
        _ => format!(
            "roll two dice; the first gives 0 (1), 6 (2), 12 (3) or 18 (4) — on 5 or 6 roll again — add the second; above {n}, roll both again."
        ),
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
        for t in TOPICS {
            assert!(rules(Some(t)).is_some_and(|s| s.len() > 80), "{t}");
        }
        assert!(rules(Some("nope")).is_none());
        for t in ["search", "special", "start", "dawn", "items"] {
            assert!(table(Some(t), None).is_some(), "{t}");
        }
        let dawn = table(Some("dawn"), None).unwrap();
        // Pyramid, 2 players, medium: ceil(5 × 42 / 2) = 105.
        assert!(dawn.contains("105"), "{dawn}");
        let search = table(Some("search"), None).unwrap();
        assert!(search.contains("6+"));
    }
}
