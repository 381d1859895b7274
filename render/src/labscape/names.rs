//! The words and names the image draws: players' display names and their tokens' tags,
//! floors, difficulty, setup mode, specials, statuses, and the legend's item labels. Shared
//! by the scene and the lobby.

use labscape_core::{
    Lang,
    labscape::{Difficulty, Item, ItemKind, SetupMode, Status},
};

use crate::{
    MAX_NAME_CHARS,
    draw::canvas::Rgba,
    draw::text::{self},
    draw::theme,
    i18n::tr,
};

/// Short, distinct tags for tokens: the first letter, or two letters (or letter and seat
/// number) where first letters clash.
pub(crate) fn tags(names: &[String]) -> Vec<String> {
    let first = |n: &str| -> Option<char> { n.chars().find(|c| c.is_alphanumeric()) };
    let one: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| first(n).map_or_else(|| (i + 1).to_string(), |c| c.to_uppercase().collect()))
        .collect();
    let mut out = one.clone();
    for i in 0..names.len() {
        if one.iter().filter(|t| **t == one[i]).count() > 1 {
            let two: String = {
                let mut it = names[i].chars().filter(|c| c.is_alphanumeric());
                let a: String = it
                    .next()
                    .map(|c| c.to_uppercase().collect())
                    .unwrap_or_default();
                let b: String = it
                    .next()
                    .map(|c| c.to_lowercase().collect())
                    .unwrap_or_default();
                a + &b
            };
            out[i] = two;
        }
    }
    // Still clashing: letter plus seat number.
    let snapshot = out.clone();
    for i in 0..names.len() {
        if snapshot.iter().filter(|t| **t == snapshot[i]).count() > 1 {
            out[i] = format!("{}{}", one[i], i + 1);
        }
    }
    out
}

/// A player's display name: sanitised and length-capped, or "Player N".
pub(crate) fn display_name(lang: Lang, name: &str, seat: usize) -> String {
    text::sanitize(name, MAX_NAME_CHARS)
        .unwrap_or_else(|| tr!(lang, "player-default", n = seat + 1))
}

pub(crate) fn floor_name(lang: Lang, i: usize, floors: usize) -> String {
    if floors == 1 {
        tr!(lang, "floor-only")
    } else if i == 0 {
        tr!(lang, "floor-ground")
    } else if i + 1 == floors {
        tr!(lang, "floor-top", n = i)
    } else {
        tr!(lang, "floor-middle", n = i)
    }
}

/// "Building floor 2": the floor being drafted.
pub(crate) fn building_floor(lang: Lang, i: usize, floors: usize) -> String {
    tr!(
        lang,
        "building-floor",
        floor = floor_name(lang, i, floors).to_lowercase()
    )
}

pub(crate) fn difficulty_name(lang: Lang, d: Difficulty) -> String {
    match d {
        Difficulty::Easy => tr!(lang, "difficulty-easy"),
        Difficulty::Medium => tr!(lang, "difficulty-medium"),
        Difficulty::Hard => tr!(lang, "difficulty-hard"),
        Difficulty::Impossible => tr!(lang, "difficulty-impossible"),
    }
}

pub(crate) fn setup_name(lang: Lang, s: SetupMode) -> String {
    match s {
        SetupMode::Random => tr!(lang, "setup-random"),
        SetupMode::Draft => tr!(lang, "setup-draft"),
    }
}

/// A special-table entry's name, by its id (the rules' own name if the id is unknown).
pub(crate) fn special_name(lang: Lang, id: &str, fallback: &str) -> String {
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
        _ => fallback.to_string(),
    }
}

pub(crate) fn status_word(lang: Lang, s: Status) -> (String, Rgba) {
    match s {
        Status::Acting => (tr!(lang, "status-acting"), theme::INK),
        Status::Exited => (tr!(lang, "status-exited"), theme::GOOD),
        Status::TimedOut => (tr!(lang, "status-timed-out"), theme::WARN),
        Status::Escaped => (tr!(lang, "status-escaped"), theme::GOOD),
        Status::Out => (tr!(lang, "status-out"), theme::BAD),
    }
}

/// The selector key of an item kind in the labels (`key`, `food`, `special`).
pub(crate) fn item_key(k: ItemKind) -> &'static str {
    match k {
        ItemKind::Key => "key",
        ItemKind::Food => "food",
        ItemKind::Special => "special",
    }
}

/// A label in a given language.
pub(crate) type Label = fn(Lang) -> String;

/// Item kinds for the legend, with their labels.
pub(crate) const LEGEND_ITEMS: [(Item, Label); 3] = [
    (Item::Key, |lang| tr!(lang, "legend-key")),
    (Item::Food, |lang| tr!(lang, "legend-food")),
    (Item::Special, |lang| tr!(lang, "legend-special")),
];
