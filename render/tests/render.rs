//! Render tests: golden images of fixed positions, and properties of the output over every
//! preset layout, player count and phase.
//!
//! Golden images live in `tests/golden/NAME.png`. They are compared on decoded pixels with a
//! small tolerance; on a mismatch the actual image and a diff (differing pixels in red over
//! the faded reference) are written under the target folder and their paths printed.
//! `MAKE_REF=1 cargo test -p labscape-render` rewrites the references.
//!
//! The golden positions are stored as position documents (`tests/fixtures/NAME.json`, the
//! public notation) with the action of the last turn, which is replayed to get its events:
//! so an engine change to setup or generation does not move the goldens. `MAKE_FIXTURES=1`
//! regenerates the fixtures from the scripted games in `tests/common`.
//!
//! A fixture named `…_pt` is its base fixture's game in Brazilian Portuguese (`"lang":
//! "pt-BR"`): the English goldens guard the English labels, these the Portuguese ones.

mod common;

use std::path::{Path, PathBuf};

use labscape_core::labscape::{
    Action, Event, Phase, Position, PositionDoc, Seat, SetupMode, Status,
};
use labscape_render::{Lang, Lobby, MAX_WIDTH, MIN_WIDTH, View, render_lobby_png, render_png};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------
// Fixtures

/// A position before a turn and that turn's action (none: render the position as is).
#[derive(Serialize, Deserialize)]
struct Fixture {
    position: PositionDoc,
    action: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    viewer: Option<u8>,
    /// Notes under the players' names, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    notes: Vec<Option<String>>,
    /// The labels' language tag (`en` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lang: Option<String>,
}

impl Fixture {
    fn lang(&self) -> Lang {
        self.lang.as_deref().map_or(Lang::En, |tag| {
            Lang::from_tag(tag).unwrap_or_else(|| panic!("unknown language tag {tag}"))
        })
    }
}

/// A fixture's base game and language: `grand_6p_pt` is `grand_6p` in Portuguese.
fn base_and_lang(name: &str) -> (&str, Lang) {
    match name.strip_suffix("_pt") {
        Some(base) => (base, Lang::PtBr),
        None => (name, Lang::En),
    }
}

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(sub)
}

/// The scripted games behind the fixtures: each returns the position before the last turn
/// and the last turn's action.
fn scripted(name: &str) -> (Position, Option<Action>) {
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

const GOLDEN: &[&str] = &[
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

fn fixture(name: &str) -> Fixture {
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
fn grand_notes(lang: Lang) -> Vec<Option<String>> {
    let away = match lang {
        Lang::En => "away until Tue 25 Nov, 18:00",
        Lang::PtBr => "ausente até ter 25 nov, 18:00",
    };
    vec![None, None, None, Some(away.to_string())]
}

/// The fixture's position after its action, and the action's events.
fn fixture_view(name: &str) -> (Position, Vec<Event>, Fixture) {
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

fn render_fixture(name: &str) -> Vec<u8> {
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

// ---------------------------------------------------------------------------------------
// Image comparison

struct Image {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

fn decode(png_bytes: &[u8]) -> Image {
    let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    Image {
        width: info.width,
        height: info.height,
        rgb,
    }
}

fn encode_rgb(img: &Image) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, img.width, img.height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header()
            .expect("header")
            .write_image_data(&img.rgb)
            .expect("data");
    }
    out
}

/// Per-channel difference above which a pixel counts as different.
const CHANNEL_TOLERANCE: u8 = 24;
/// Share of pixels allowed to differ (anti-aliasing and palette shifts).
const PIXEL_TOLERANCE: f64 = 0.002;

fn check_golden(name: &str, actual_png: &[u8]) {
    let path = dir("golden").join(format!("{name}.png"));
    if std::env::var_os("MAKE_REF").is_some() {
        std::fs::create_dir_all(dir("golden")).expect("create golden");
        std::fs::write(&path, actual_png).expect("write reference");
        return;
    }
    let expected = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (MAKE_REF=1 creates it)", path.display()));
    let (exp, act) = (decode(&expected), decode(actual_png));
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("render-diffs");
    let save = |what: &str, bytes: &[u8]| {
        std::fs::create_dir_all(&out).expect("create diff folder");
        let p = out.join(format!("{name}.{what}.png"));
        std::fs::write(&p, bytes).expect("write");
        p
    };
    if (exp.width, exp.height) != (act.width, act.height) {
        let p = save("new", actual_png);
        panic!(
            "{name}: size {}x{} differs from the reference {}x{}; actual image: {}",
            act.width,
            act.height,
            exp.width,
            exp.height,
            p.display()
        );
    }
    let mut diff = Image {
        width: exp.width,
        height: exp.height,
        rgb: Vec::with_capacity(exp.rgb.len()),
    };
    let mut differing = 0usize;
    for (e, a) in exp.rgb.chunks_exact(3).zip(act.rgb.chunks_exact(3)) {
        let bad = e
            .iter()
            .zip(a)
            .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE);
        if bad {
            differing += 1;
            diff.rgb.extend_from_slice(&[255, 0, 0]);
        } else {
            diff.rgb.extend(e.iter().map(|c| 255 - (255 - c) / 4));
        }
    }
    let total = (exp.width * exp.height) as usize;
    if differing as f64 > total as f64 * PIXEL_TOLERANCE {
        let a = save("new", actual_png);
        let d = save("diff", &encode_rgb(&diff));
        panic!(
            "{name}: {differing} of {total} pixels differ from {} (tolerance {:.1}%).\n  actual: {}\n  diff:   {}\n  If the change is intended: MAKE_REF=1 cargo test -p labscape-render",
            path.display(),
            PIXEL_TOLERANCE * 100.0,
            a.display(),
            d.display()
        );
    }
}

#[test]
fn golden_images_match() {
    let mut failures = Vec::new();
    for name in GOLDEN {
        let png = render_fixture(name);
        if let Err(e) = std::panic::catch_unwind(|| check_golden(name, &png)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(msg);
        }
    }
    assert!(
        failures.is_empty(),
        "{} golden image(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `/walls`: the game as it stands with every wall of the floor in play named.
#[test]
fn golden_named_walls_match() {
    let (pos, _, fx) = fixture_view("grand_6p");
    let view = View::new(&pos).title("Walls").name_walls().notes(&fx.notes);
    check_golden("walls_grand_6p", &render_png(&view, None));
    let (pos, _, _) = fixture_view("rotate_pyramid_2p");
    let view = View::new(&pos).name_walls().lang(Lang::PtBr);
    check_golden(
        "walls_pyramid_2p_pt",
        &render_png(&view, Some(labscape_render::MIN_WIDTH)),
    );
}

#[test]
fn golden_lobby_matches() {
    let empty = common::settings("grand", 1, SetupMode::Random);
    let empty = labscape_core::labscape::Settings {
        players: vec![],
        ..empty
    };
    check_golden("lobby_empty", &render_lobby_png(&Lobby::new(&empty), None));
    let s = common::settings("pyramid", 3, SetupMode::Draft);
    check_golden(
        "lobby_pyramid_3p",
        &render_lobby_png(&Lobby::new(&s).title("Pyramid night"), None),
    );
    check_golden(
        "lobby_pyramid_3p_pt",
        &render_lobby_png(
            &Lobby::new(&s).title("Noite da pirâmide").lang(Lang::PtBr),
            None,
        ),
    );
}

#[test]
fn portuguese_fixtures_are_their_english_games() {
    for name in GOLDEN {
        let (base, lang) = base_and_lang(name);
        if lang == Lang::En {
            continue;
        }
        let (pt, en) = (fixture(name), fixture(base));
        assert_eq!(pt.lang(), lang, "{name}");
        assert_eq!(
            serde_json::to_value(&pt.position).expect("serialise"),
            serde_json::to_value(&en.position).expect("serialise"),
            "{name}: not the position of {base}"
        );
        assert_eq!(pt.action, en.action, "{name}");
        assert_eq!(pt.viewer, en.viewer, "{name}");
        assert_eq!(pt.notes.len(), en.notes.len(), "{name}");
    }
}

#[test]
fn golden_fixtures_show_what_they_are_named_for() {
    let has = |name: &str, f: &dyn Fn(&Position, &[Event]) -> bool| {
        let (pos, events, _) = fixture_view(name);
        assert!(
            f(&pos, &events),
            "{name}: the fixture no longer shows what it is named for"
        );
    };
    has("catch_duo_3p", &|_, ev| {
        ev.iter().any(|e| matches!(e, Event::Caught { .. }))
    });
    has("rotate_pyramid_2p", &|_, ev| {
        ev.iter().any(|e| matches!(e, Event::WallRotated { .. }))
    });
    has("floor_change_grand_5p", &|_, ev| {
        ev.iter().any(|e| matches!(e, Event::FloorSetUp { .. }))
    });
    has("lap2_limit_grand_5p", &|p, _| {
        p.limit().is_some() && p.players().iter().all(|pl| pl.time() > 63)
    });
    has("over_dawn_tower_4p", &|p, _| {
        p.outcome().is_some_and(|(esc, _)| esc.is_empty())
    });
    has("over_escaped_tower_4p", &|p, _| {
        p.outcome().is_some_and(|(esc, _)| !esc.is_empty())
    });
    has("draft_duo_3p", &|p, ev| {
        matches!(p.phase(), Phase::Setup(_))
            && ev.iter().any(|e| matches!(e, Event::WallPlaced { .. }))
    });
    has("start_pyramid_8p", &|p, _| {
        p.players().len() == 8 && p.players().iter().all(|pl| pl.time() == 0)
    });
}

// ---------------------------------------------------------------------------------------
// Properties

const PRESETS: [&str; 5] = ["single", "duo", "tower", "pyramid", "grand"];

fn check_png(png_bytes: &[u8], what: &str) -> Image {
    assert_eq!(&png_bytes[..8], b"\x89PNG\r\n\x1a\n", "{what}: not a PNG");
    let info = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .expect("header")
        .info()
        .clone();
    assert_eq!(
        info.color_type,
        png::ColorType::Indexed,
        "{what}: not indexed"
    );
    let img = decode(png_bytes);
    assert_eq!(img.width, 1200, "{what}: width");
    assert!(
        (900..=2600).contains(&img.height),
        "{what}: height {}",
        img.height
    );
    assert!(
        png_bytes.len() < 150 * 1024,
        "{what}: {} bytes",
        png_bytes.len()
    );
    img
}

#[test]
fn every_preset_renders_in_every_phase_with_one_and_eight_players_in_every_language() {
    for layout in PRESETS {
        for n in [1, 8] {
            let seed = format!("{layout}-{n}");
            // Draft setup.
            let (pos, events, log) = common::draft(layout, n, &seed, 3);
            assert!(matches!(pos.phase(), Phase::Setup(_)));
            for lang in Lang::ALL {
                check_png(
                    &render_png(
                        &View::new(&pos).events(&events).setup_log(&log).lang(lang),
                        None,
                    ),
                    &format!("{layout} {n} setup {lang}"),
                );
            }
            // Play.
            let (pos, events) = common::play(layout, n, &seed, 6);
            assert_eq!(pos.phase(), Phase::Play, "{layout} {n}");
            for lang in Lang::ALL {
                check_png(
                    &render_png(&View::new(&pos).events(&events).lang(lang), None),
                    &format!("{layout} {n} play {lang}"),
                );
            }
            // Over (with keys to spare, so some escape on small buildings).
            let (start, _) = common::play(layout, n, &seed, 0);
            let (pos, events) = common::play_from(
                common::with_keys(&start, 200),
                vec![],
                &seed,
                5000,
                |p, _| p.is_over(),
            );
            assert!(pos.is_over(), "{layout} {n}: the game did not end");
            for lang in Lang::ALL {
                check_png(
                    &render_png(&View::new(&pos).events(&events).lang(lang), None),
                    &format!("{layout} {n} over {lang}"),
                );
            }
        }
    }
    // The lobby, empty and full, in every language.
    for lang in Lang::ALL {
        for n in [0, 1, 8] {
            let mut s = common::settings("grand", 8, SetupMode::Draft);
            s.players.truncate(n);
            let img = decode(&render_lobby_png(&Lobby::new(&s).lang(lang), None));
            assert_eq!(img.width, 1200, "lobby {n} {lang}");
        }
    }
}

#[test]
fn width_is_clamped_and_height_follows() {
    let (pos, events) = common::play("duo", 2, "width", 3);
    let view = View::new(&pos).events(&events);
    let base = decode(&render_png(&view, None));
    assert_eq!(base.width, 1200);
    assert_eq!(decode(&render_png(&view, Some(100))).width, MIN_WIDTH);
    assert_eq!(decode(&render_png(&view, Some(99_999))).width, MAX_WIDTH);
    let wide = decode(&render_png(&view, Some(1600)));
    assert_eq!(wide.width, 1600);
    let expected = (f64::from(base.height) * 1600.0 / 1200.0).round() as i64;
    assert!(
        (i64::from(wide.height) - expected).abs() <= 2,
        "{} vs {expected}",
        wide.height
    );
}

#[test]
fn rendering_is_deterministic() {
    let (pos, events) = common::play("pyramid", 5, "same", 12);
    let view = View::new(&pos).events(&events).title("again");
    assert_eq!(render_png(&view, None), render_png(&view, None));
}

#[test]
fn every_player_colour_appears() {
    let (pos, events) = common::play("grand", 8, "colours", 10);
    let img = decode(&render_png(&View::new(&pos).events(&events), None));
    // The Okabe–Ito palette, in seat order.
    let colours: [[u8; 3]; 8] = [
        [0xE6, 0x9F, 0x00],
        [0x56, 0xB4, 0xE9],
        [0x00, 0x9E, 0x73],
        [0xF0, 0xE4, 0x42],
        [0x00, 0x72, 0xB2],
        [0xD5, 0x5E, 0x00],
        [0xCC, 0x79, 0xA7],
        [0x00, 0x00, 0x00],
    ];
    for (seat, c) in colours.iter().enumerate() {
        let count = img.rgb.chunks_exact(3).filter(|p| p == c).count();
        assert!(
            count > 200,
            "seat {seat}: colour {c:?} covers only {count} pixels"
        );
    }
}

#[test]
fn hostile_names_neither_panic_nor_change_the_layout() {
    let names_png = render_fixture("names_single_8p");
    let img = check_png(&names_png, "names");
    // Same layout as the same game with plain names: names are cut to fit their boxes.
    let (pos, events, _) = fixture_view("names_single_8p");
    let mut doc = pos.to_doc();
    for (i, p) in doc.players.iter_mut().enumerate() {
        p.name = format!("p{i}");
    }
    let plain = Position::from_doc(&doc).expect("valid");
    let plain_img = decode(&render_png(&View::new(&plain).events(&events), None));
    assert_eq!((img.width, img.height), (plain_img.width, plain_img.height));
    // The title is capped too.
    let long = "x".repeat(500);
    check_png(
        &render_png(&View::new(&pos).title(&long), None),
        "long title",
    );
    // Empty or control-only names, and a lobby full of them.
    let mut s = common::settings("duo", 8, SetupMode::Random);
    s.players = vec![
        "\u{0}\u{7}".into(),
        "🦊".into(),
        "x".repeat(300),
        " ".into(),
        "a".into(),
        "b".into(),
        "c".into(),
        "d".into(),
    ];
    render_lobby_png(&Lobby::new(&s).title(&long), None);
}

#[test]
fn notes_are_drawn_under_names_and_capped() {
    let (pos, events, fx) = fixture_view("grand_6p");
    assert!(
        fx.notes.iter().any(Option::is_some),
        "the fixture has a note"
    );
    let plain = decode(&render_png(&View::new(&pos).events(&events), None));
    let noted = decode(&render_png(
        &View::new(&pos).events(&events).notes(&fx.notes),
        None,
    ));
    assert_eq!((plain.width, plain.height), (noted.width, noted.height));
    assert_ne!(plain.rgb, noted.rgb, "the note shows");
    // Long, emoji, control-only and surplus notes neither panic nor move the layout.
    let hostile = vec![
        Some("x".repeat(500)),
        Some("🦊 away 🦊".to_string()),
        Some("\u{0}\u{7}".to_string()),
        Some(String::new()),
        None,
        Some("w".repeat(80)),
        Some("beyond the last seat".to_string()),
        Some("and more".to_string()),
    ];
    let img = decode(&render_png(
        &View::new(&pos).events(&events).notes(&hostile),
        None,
    ));
    assert_eq!((plain.width, plain.height), (img.width, img.height));
}

#[test]
fn budgets_for_size_hold() {
    // Issue budgets: grand with 6 players mid-game under 120 KiB, single under 50 KiB.
    let grand = render_fixture("grand_6p");
    assert!(grand.len() < 120 * 1024, "grand: {} bytes", grand.len());
    let single = render_fixture("single_1p");
    assert!(single.len() < 50 * 1024, "single: {} bytes", single.len());
}

#[test]
fn statuses_are_all_drawn() {
    // A finished game has escaped and out players; the render must cope with every status.
    let (pos, events, _) = fixture_view("over_escaped_tower_4p");
    let statuses: Vec<Status> = pos.players().iter().map(|p| p.status()).collect();
    assert!(statuses.contains(&Status::Escaped), "{statuses:?}");
    check_png(
        &render_png(&View::new(&pos).events(&events), None),
        "statuses",
    );
}

/// Produto's board at the end of a seeded game (every cell filled), drawn as the bot draws
/// it: the stones, each colour's two largest groups tinted, the result, and `footer`.
fn finished_produto(footer: &str) -> labscape_render::HexView {
    use labscape_core::{
        Game,
        produto::{Cell, Colour, Position as Produto},
    };
    let players = ["ana".to_string(), "bo".to_string()];
    let (mut g, _) = Produto::new_game(&Default::default(), &players, "golden").unwrap();
    let mut n = 0;
    while let Some(seat) = g.to_move() {
        let a = g.choose("easy", &format!("golden/{n}")).unwrap();
        g = g.play(seat, &a).unwrap().0;
        n += 1;
    }
    let stone = |c: Colour| match c {
        Colour::Black => labscape_render::Piece::Black,
        Colour::White => labscape_render::Piece::White,
    };
    let mut rows = vec![Vec::new(); 9];
    for cell in Cell::all() {
        rows[usize::from(cell.row())].push(g.get(cell).map(stone));
    }
    let mut groups = Vec::new();
    for colour in [Colour::Black, Colour::White] {
        for cell in g.largest_groups(colour).into_iter().flatten() {
            let at = (usize::from(cell.row()), usize::from(cell.number()) - 1);
            groups.push((at, stone(colour)));
        }
    }
    let side = |name: &str, piece, note: &str| labscape_render::Side {
        name: name.into(),
        piece: Some(piece),
        note: note.into(),
    };
    labscape_render::HexView {
        title: "Produto #12 · turno 31".into(),
        rows,
        marks: Vec::new(),
        groups,
        sides: vec![
            side("ana", labscape_render::Piece::Black, "Negras"),
            side("bo", labscape_render::Piece::White, "Brancas"),
        ],
        to_move: None,
        status: "Fim de jogo: bo vence pelo produto dos dois maiores grupos".into(),
        counters: footer.into(),
    }
}

/// The longest footer a finished Produto game shows (Portuguese, both products the largest
/// 45 stones allow): nearly as wide as the card.
const PRODUTO_LONGEST_FINAL: &str = "Placar final: Negras 22 × 23 = 506 · Brancas 22 × 23 = 506";

#[test]
fn produto_finished_board_at_its_longest_footer_matches_its_golden() {
    let view = finished_produto(PRODUTO_LONGEST_FINAL);
    check_golden(
        "produto_final_pt",
        &labscape_render::render_hex_png(&view, None),
    );
}

/// Issue 33: Produto's score ran off both edges of the card (it was measured in the
/// regular face and drawn in bold), and long footers were cut with an ellipsis.
#[test]
fn no_footer_is_drawn_outside_the_card_or_cut() {
    use labscape_render::{BoardFrame, texts_outside_card};
    let reported = "Black 17 × 3 = 51 · White 30 × 6 = 180 · stones left this turn: 1";
    let running = "Negras 22 × 23 = 506 · Brancas 22 × 23 = 506 · peças por jogar nesta vez: 2";
    for footer in [reported, running, PRODUTO_LONGEST_FINAL] {
        for width in [360, 560, 720, 1600] {
            let problems = texts_outside_card(&BoardFrame::Hex(finished_produto(footer)), width);
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Replays

/// The screens after a GIF's first and last frames, as a viewer sees them (each frame laid
/// over the ones before, its transparent pixels showing them).
fn first_and_last_screens(gif_bytes: &[u8]) -> (Image, Image) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(gif_bytes).expect("a GIF");
    let (w, h) = (u32::from(dec.width()), u32::from(dec.height()));
    let mut screen = vec![0u8; (w * h * 3) as usize];
    let mut first = None;
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        let (l, t, fw) = (
            usize::from(f.left),
            usize::from(f.top),
            usize::from(f.width),
        );
        for (i, px) in f.buffer.chunks_exact(4).enumerate() {
            if px[3] > 0 {
                let at = ((t + i / fw) * w as usize + l + i % fw) * 3;
                screen[at..at + 3].copy_from_slice(&px[..3]);
            }
        }
        if first.is_none() {
            first = Some(screen.clone());
        }
    }
    let image = |rgb| Image {
        width: w,
        height: h,
        rgb,
    };
    (image(first.expect("a first frame")), image(screen))
}

/// The first and last frames of a replay of a whole `duo` game in both languages, held
/// under a budget that shows one turn in a few, so the first frame carries its note.
#[test]
fn replay_first_and_last_frames_match_their_goldens() {
    use labscape_render::{REPLAY_WIDTH, Replay};
    let seed = "replay-golden";
    let (start, start_events) =
        Position::new_game(&common::settings("duo", 2, SetupMode::Random), seed)
            .expect("a new game");
    let mut pos = start.clone();
    let mut pick = common::Pick::new(7);
    let mut actions = Vec::new();
    while !pos.is_over() && actions.len() < 400 {
        let action = common::choose(&pos, &mut pick);
        pos.play(None, &action).expect("a legal action");
        actions.push(action);
    }
    for (lang, suffix) in [(Lang::En, ""), (Lang::PtBr, "_pt")] {
        let mut replay = Replay::new(REPLAY_WIDTH, actions.len(), lang).budget(300 << 10);
        let mut pos = start.clone();
        replay.push(
            &View::new(&pos)
                .events(&start_events)
                .title("Replay")
                .lang(lang),
        );
        for a in &actions {
            let events = pos.play(None, a).expect("a legal action");
            replay.push(&View::new(&pos).events(&events).title("Replay").lang(lang));
        }
        assert!(replay.turns_shown() < actions.len(), "a shortened replay");
        let (first, last) = first_and_last_screens(&replay.finish());
        check_golden(&format!("replay_duo_first{suffix}"), &encode_rgb(&first));
        check_golden(&format!("replay_duo_last{suffix}"), &encode_rgb(&last));
    }
}
