//! Images compared with their goldens (on decoded pixels, with a tolerance), and the
//! golden tests of the turn image and the lobby.

use std::path::Path;

use labscape_core::labscape::{Event, Phase, Position, SetupMode};
use labscape_render::{Lang, Lobby, View, render_lobby_png, render_png};

use crate::common;
use crate::fixtures::*;

pub(crate) struct Image {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) rgb: Vec<u8>,
}

pub(crate) fn decode(png_bytes: &[u8]) -> Image {
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

pub(crate) fn encode_rgb(img: &Image) -> Vec<u8> {
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
pub(crate) const CHANNEL_TOLERANCE: u8 = 24;
/// Share of pixels allowed to differ (anti-aliasing and palette shifts).
pub(crate) const PIXEL_TOLERANCE: f64 = 0.002;

pub(crate) fn check_golden(name: &str, actual_png: &[u8]) {
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
pub(crate) fn golden_images_match() {
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
pub(crate) fn golden_named_walls_match() {
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
pub(crate) fn golden_lobby_matches() {
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
pub(crate) fn portuguese_fixtures_are_their_english_games() {
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
pub(crate) fn golden_fixtures_show_what_they_are_named_for() {
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
