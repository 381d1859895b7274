//! The golden positions: fixtures stored as position documents, the scripted games that
//! make them, and their views drawn.

use std::path::{Path, PathBuf};

use labscape_core::labscape::{Action, Event, Position, PositionDoc, Seat, SetupMode};
use labscape_render::{Lang, View, render_png};
use serde::{Deserialize, Serialize};

use crate::common;

/// A position before a turn and that turn's action (none: render the position as is).
#[derive(Serialize, Deserialize)]
pub(crate) struct Fixture {
    pub(crate) position: PositionDoc,
    pub(crate) action: Option<String>,
    #[serde(default)]
    pub(crate) title: Option<String>,
    #[serde(default)]
    pub(crate) viewer: Option<u8>,
    /// Notes under the players' names, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) notes: Vec<Option<String>>,
    /// The labels' language tag (`en` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) lang: Option<String>,
}

impl Fixture {
    pub(crate) fn lang(&self) -> Lang {
        self.lang.as_deref().map_or(Lang::En, |tag| {
            Lang::from_tag(tag).unwrap_or_else(|| panic!("unknown language tag {tag}"))
        })
    }
}

/// A fixture's base game and language: `grand_6p_pt` is `grand_6p` in Portuguese.
pub(crate) fn base_and_lang(name: &str) -> (&str, Lang) {
    match name.strip_suffix("_pt") {
        Some(base) => (base, Lang::PtBr),
        None => (name, Lang::En),
    }
}

pub(crate) fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(sub)
}

/// The scripted games behind the fixtures: each returns the position before the last turn
/// and the last turn's action.
pub(crate) fn scripted(name: &str) -> (Position, Option<Action>) {
    use common::{Pick, choose, settings, with_keys};
    // Plays with the test chooser until `stop` holds after a turn; returns the position
    // before that turn and its action.
    let until =
        |mut pos: Position, seed: &str, max: usize, stop: &dyn Fn(&Position, &[Event]) -> bool| {
            let mut pick = Pick::new(seed.bytes().map(u64::from).sum());
            for _ in 0..max {
                let action = choose(&pos, &mut pick);
                let before = pos.clone();
                let events = pos.play(None, &action).expect("a legal action");
                if pos.is_over() || stop(&pos, &events) {
                    return (before, Some(action));
                }
            }
            panic!("{name}: the scripted game never reached its goal");
        };
    let new = |layout: &str, n: usize, seed: &str| {
        Position::new_game(&settings(layout, n, SetupMode::Random), seed)
            .expect("new game")
            .0
    };
    let turns = |layout: &str, n: usize, seed: &str, k: usize| {
        let count = std::cell::Cell::new(0);
        until(new(layout, n, seed), seed, k + 1, &|_, _| {
            count.set(count.get() + 1);
            count.get() >= k
        })
    };
    match name {
        "start_pyramid_8p" => (new("pyramid", 8, "eight"), None),
        "single_1p" => turns("single", 1, "solo", 4),
        "duo_2p" => turns("duo", 2, "duo", 9),
        "tower_4p" => turns("tower", 4, "tower", 14),
        "pyramid_3p" => turns("pyramid", 3, "p3", 12),
        "grand_6p" => turns("grand", 6, "bench", 40),
        "catch_duo_3p" => until(new("duo", 3, "catch"), "catch", 300, &|_, ev| {
            ev.iter().any(|e| matches!(e, Event::Caught { .. }))
        }),
        "rotate_pyramid_2p" => until(new("pyramid", 2, "rotate"), "rotate", 300, &|_, ev| {
            ev.iter().any(|e| matches!(e, Event::WallRotated { .. }))
        }),
        "floor_change_grand_5p" => until(
            with_keys(&new("grand", 5, "floors"), 60),
            "floors",
            600,
            &|_, ev| {
                ev.iter()
                    .any(|e| matches!(e, Event::FloorSetUp { floor, .. } if *floor < 3))
            },
        ),
        "lap2_limit_grand_5p" => until(
            with_keys(&new("grand", 5, "floors"), 60),
            "floors",
            600,
            &|p, _| p.floor() == 1 && p.limit().is_some(),
        ),
        "over_dawn_tower_4p" => until(new("tower", 4, "long"), "long", 2000, &|p, _| p.is_over()),
        "over_escaped_tower_4p" => until(
            with_keys(&new("tower", 4, "escape"), 60),
            "escape",
            2000,
            &|p, _| p.is_over(),
        ),
        "draft_duo_3p" => {
            let (pos, _, _) = common::draft("duo", 3, "draft", 24);
            let action = pos
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::PlaceWall(_)));
            (pos, Some(action.expect("a wall can be placed")))
        }
        "names_single_8p" => {
            let mut pos = new("single", 8, "names");
            let mut doc = pos.to_doc();
            let names = [
                "Ana Maria da Conceição Bragança e Albuquerque de Souza Lima Vasconcelos Fontes Figueiredo Ramos",
                "🦊🦊🦊",
                "bo 🦊 the fox",
                "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
                "Ёлка Дмитриевна",
                "李小龙",
                "\u{200B}\u{200B}",
                "ana",
            ];
            for (p, n) in doc.players.iter_mut().zip(names) {
                p.name = n.to_string();
            }
            pos = Position::from_doc(&doc).expect("a valid position");
            (pos, Some(Action::Wait(2)))
        }
        other => panic!("no scripted game {other}"),
    }
}

pub(crate) const GOLDEN: &[&str] = &[
    "start_pyramid_8p",
    "single_1p",
    "duo_2p",
    "tower_4p",
    "pyramid_3p",
    "grand_6p",
    "catch_duo_3p",
    "rotate_pyramid_2p",
    "floor_change_grand_5p",
    "lap2_limit_grand_5p",
    "over_dawn_tower_4p",
    "over_escaped_tower_4p",
    "draft_duo_3p",
    "names_single_8p",
    // The same games in Portuguese: mid-game, draft setup, a late lap, a catch, the end.
    "grand_6p_pt",
    "draft_duo_3p_pt",
    "lap2_limit_grand_5p_pt",
    "catch_duo_3p_pt",
    "over_escaped_tower_4p_pt",
];

pub(crate) fn fixture(name: &str) -> Fixture {
    let path = dir("fixtures").join(format!("{name}.json"));
    if std::env::var_os("MAKE_FIXTURES").is_some() {
        let (base, lang) = base_and_lang(name);
        let (pos, action) = scripted(base);
        let grand = base == "grand_6p";
        let fx = Fixture {
            position: pos.to_doc(),
            action: action.map(|a| a.to_string()),
            title: grand.then(|| match lang {
                Lang::En => "Friday night lab".to_string(),
                Lang::PtBr => "Sexta no laboratório".to_string(),
            }),
            viewer: grand.then_some(1),
            notes: if grand { grand_notes(lang) } else { Vec::new() },
            lang: (lang != Lang::En).then(|| lang.tag().to_string()),
        };
        let text = serde_json::to_string_pretty(&fx).expect("serialise");
        std::fs::create_dir_all(dir("fixtures")).expect("create fixtures");
        std::fs::write(&path, text + "\n").expect("write fixture");
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (MAKE_FIXTURES=1 creates it)", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The player table's notes in the `grand_6p` fixtures: one player away.
pub(crate) fn grand_notes(lang: Lang) -> Vec<Option<String>> {
    let away = match lang {
        Lang::En => "away until Tue 25 Nov, 18:00",
        Lang::PtBr => "ausente até ter 25 nov, 18:00",
    };
    vec![None, None, None, Some(away.to_string())]
}

/// The fixture's position after its action, and the action's events.
pub(crate) fn fixture_view(name: &str) -> (Position, Vec<Event>, Fixture) {
    let fx = fixture(name);
    let mut pos = Position::from_doc(&fx.position)
        .unwrap_or_else(|e| panic!("{name}: the fixture does not read: {e}"));
    let events = match &fx.action {
        Some(text) => {
            let action = Action::parse(text).unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
            pos.play(None, &action)
                .unwrap_or_else(|e| panic!("{name}: {text}: {e}"))
        }
        None => Vec::new(),
    };
    (pos, events, fx)
}

pub(crate) fn render_fixture(name: &str) -> Vec<u8> {
    let (pos, events, fx) = fixture_view(name);
    let mut view = View::new(&pos).events(&events).lang(fx.lang());
    if let Some(t) = &fx.title {
        view = view.title(t);
    }
    if let Some(v) = fx.viewer {
        view = view.viewer(Seat(v));
    }
    render_png(&view.notes(&fx.notes), None)
}
