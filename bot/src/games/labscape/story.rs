//! Labscape's turn in words: one sentence per event (in `events`), the heading, who is
//! next, the status table, and the names of its difficulties, setups, items and specials.

mod events;

use std::fmt::Write;

use labscape_core::labscape::{Difficulty, ItemKind, Phase, Position, SetupMode, Status};

pub use events::describe;

use crate::i18n::{Lang, tr};

/// A list of names: “Ana, Bo and Cy” / “Ana, Bo e Cy”.
pub fn list(items: &[&str], lang: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => tr!(lang, "list-and", first = init.join(", "), last = *last),
    }
}

/// An item kind's name for players.
pub fn item_name(kind: ItemKind, lang: Lang) -> String {
    match kind {
        ItemKind::Key => tr!(lang, "item-key"),
        ItemKind::Food => tr!(lang, "item-food"),
        ItemKind::Special => tr!(lang, "item-special"),
    }
}

/// A difficulty's name for players.
pub fn difficulty_name(d: Difficulty, lang: Lang) -> String {
    match d {
        Difficulty::Easy => tr!(lang, "difficulty-easy"),
        Difficulty::Medium => tr!(lang, "difficulty-medium"),
        Difficulty::Hard => tr!(lang, "difficulty-hard"),
        Difficulty::Impossible => tr!(lang, "difficulty-impossible"),
    }
}

/// A stored difficulty name for players (as stored if unknown).
pub fn difficulty_named(stored: &str, lang: Lang) -> String {
    Difficulty::from_name(stored)
        .map(|d| difficulty_name(d, lang))
        .unwrap_or_else(|| stored.to_string())
}

/// A setup mode's name for players.
pub fn setup_name(stored: &str, lang: Lang) -> String {
    match SetupMode::from_name(stored) {
        Some(SetupMode::Random) => tr!(lang, "setup-random"),
        Some(SetupMode::Draft) => tr!(lang, "setup-draft"),
        None => stored.to_string(),
    }
}

/// The name of a special-table entry, by its id.
pub fn special_name(id: &str, lang: Lang) -> String {
    match id {
        "master_keycard" => tr!(lang, "special-master-keycard"),
        "clock_tamper" => tr!(lang, "special-clock-tamper"),
        "ration_pack" => tr!(lang, "special-ration-pack"),
        "spare_key" => tr!(lang, "special-spare-key"),
        "bargain" => tr!(lang, "special-bargain"),
        "alarm_test" => tr!(lang, "special-alarm-test"),
        "heavy_crate" => tr!(lang, "special-heavy-crate"),
        "sticky_floor" => tr!(lang, "special-sticky-floor"),
        "mouldy_bread" => tr!(lang, "special-mouldy-bread"),
        "dropped_key" => tr!(lang, "special-dropped-key"),
        "tripwire" => tr!(lang, "special-tripwire"),
        // An entry added to the rules data without a translation yet.
        _ => labscape_core::labscape::STANDARD
            .special_table
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.name)
            .unwrap_or("?")
            .to_string(),
    }
}

/// What a special-table entry does, by its id.
pub fn special_effect(id: &str, lang: Lang) -> String {
    match id {
        "master_keycard" => tr!(lang, "special-effect-master-keycard"),
        "clock_tamper" => tr!(lang, "special-effect-clock-tamper"),
        "ration_pack" => tr!(lang, "special-effect-ration-pack"),
        "spare_key" => tr!(lang, "special-effect-spare-key"),
        "bargain" => tr!(lang, "special-effect-bargain"),
        "alarm_test" => tr!(lang, "special-effect-alarm-test"),
        "heavy_crate" => tr!(lang, "special-effect-heavy-crate"),
        "sticky_floor" => tr!(lang, "special-effect-sticky-floor"),
        "mouldy_bread" => tr!(lang, "special-effect-mouldy-bread"),
        "dropped_key" => tr!(lang, "special-effect-dropped-key"),
        "tripwire" => tr!(lang, "special-effect-tripwire"),
        _ => "?".into(),
    }
}

/// Who acts next, with the essentials.
pub fn next_up(pos: &Position, lang: Lang) -> String {
    match (pos.phase(), pos.active()) {
        (Phase::Over, _) | (_, None) => String::new(),
        (Phase::Setup(d), Some(s)) => tr!(
            lang,
            "next-to-place",
            who = pos.player(s).name(),
            floor = d.building,
            walls = pos
                .walls_per_module()
                .iter()
                .map(|(_, n)| n.to_string())
                .collect::<Vec<_>>()
                .join("/")
        ),
        (Phase::Play, Some(s)) => {
            let p = pos.player(s);
            let mut line = tr!(
                lang,
                "next-to-play",
                who = p.name(),
                time = p.time(),
                cell = p.cell().map(|c| c.to_string()).unwrap_or_default(),
                keys = pos.keys(),
                needed = pos.keys_needed(),
                dawn = pos.dawn()
            );
            if let Some(l) = pos.limit() {
                line.push_str(&tr!(lang, "next-floor-limit", limit = l));
            }
            line
        }
    }
}

/// A status name for players.
pub fn status_name(s: Status, lang: Lang) -> String {
    match s {
        Status::Acting => tr!(lang, "status-acting"),
        Status::Exited => tr!(lang, "status-exited"),
        Status::TimedOut => tr!(lang, "status-timed-out"),
        Status::Escaped => tr!(lang, "status-escaped"),
        Status::Out => tr!(lang, "status-out"),
    }
}

/// The full status text of a running game.
pub fn status(
    game_name: &str,
    turn: i64,
    pos: &Position,
    notes: &[Option<String>],
    lang: Lang,
) -> String {
    let mut s = crate::games::heading(game_name, turn, lang);
    s.push('\n');
    s.push_str(&tr!(
        lang,
        "status-game",
        layout = pos.layout().to_string(),
        difficulty = difficulty_name(pos.difficulty(), lang),
        floor = pos.floor(),
        top = pos.layout().floor_count() - 1,
        keys = pos.keys(),
        needed = pos.keys_needed(),
        dawn = pos.dawn()
    ));
    if let Some(l) = pos.limit() {
        s.push_str(&tr!(lang, "status-limit", limit = l));
    }
    if let (Some(e), Some(r)) = (pos.exit(), pos.robot()) {
        s.push('\n');
        s.push_str(&tr!(
            lang,
            "status-board",
            exit = e.to_string(),
            robot = r.to_string(),
            // As the image says it: the first multiple of the trigger past the watermark.
            next = {
                let every = pos.rules().robot_trigger_every.max(1);
                (pos.watermark() / every + 1) * every
            }
        ));
    }
    let active = pos.active();
    for seat in pos.seats() {
        let p = pos.player(seat);
        let mark = if Some(seat) == active { "▶ " } else { "  " };
        let mut line = tr!(
            lang,
            "status-player",
            who = p.name(),
            time = p.time(),
            food = p.food(),
            status = status_name(p.status(), lang)
        );
        if let Some(c) = p.cell() {
            line.push_str(&tr!(lang, "status-player-cell", cell = c.to_string()));
        }
        if let Some(n) = notes.get(seat.index()).cloned().flatten() {
            let _ = write!(line, " ({n})");
        }
        let _ = write!(s, "\n{mark}{line}");
    }
    let next = next_up(pos, lang);
    if !next.is_empty() {
        let _ = write!(s, "\n{next}");
    }
    s
}
