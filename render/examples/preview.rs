//! Writes preview images of a few positions to a folder (default `target/render-preview`):
//! `cargo run -p labscape-render --example preview [DIR] [WIDTH] [LANG]` (LANG such as
//! `pt-BR`; English by default).

#[path = "../tests/common/mod.rs"]
mod common;

use labscape_core::labscape::Event;
use labscape_render::{Lang, Lobby, View, render_lobby_png, render_png};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .unwrap_or_else(|| "target/render-preview".into());
    let width = args.next().and_then(|w| w.parse().ok());
    let lang = args.next().map_or(Lang::En, |t| {
        Lang::from_tag(&t).expect("a language: en or pt-BR")
    });
    std::fs::create_dir_all(&dir).expect("create the output folder");
    let save = |name: &str, png: Vec<u8>| {
        let path = format!("{dir}/{name}.png");
        println!("{path}: {} bytes", png.len());
        std::fs::write(path, png).expect("write");
    };

    let (pos, ev) = common::play("grand", 6, "bench", 40);
    let viewer = pos.seats().nth(1).unwrap();
    save(
        "grand6",
        render_png(
            &View::new(&pos)
                .lang(lang)
                .events(&ev)
                .title("Friday night lab")
                .viewer(viewer),
            width,
        ),
    );
    let (pos, ev) = common::play("single", 1, "solo", 3);
    save(
        "single1",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let (pos, ev) = common::play("pyramid", 8, "eight", 0);
    save(
        "pyramid8_start",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let (pos, ev, log) = common::draft("duo", 3, "draft", 25);
    save(
        "draft",
        render_png(
            &View::new(&pos).lang(lang).events(&ev).setup_log(&log),
            width,
        ),
    );
    let (pos, ev, log) = common::draft("tower", 2, "draft", 10);
    save(
        "draft_tower",
        render_png(
            &View::new(&pos).lang(lang).events(&ev).setup_log(&log),
            width,
        ),
    );
    let (pos, ev) = common::play("tower", 4, "long", 400);
    save(
        "over",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let (pos, ev) = common::play_until("duo", 3, "catch", 300, |_, ev| {
        ev.iter().any(|e| matches!(e, Event::Caught { .. }))
    });
    save(
        "catch",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let (pos, ev) = common::play_until("pyramid", 2, "rotate", 300, |_, ev| {
        ev.iter().any(|e| matches!(e, Event::WallRotated { .. }))
    });
    save(
        "rotate",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let rich = |layout: &str, n: usize, seed: &str| {
        let (pos, _) = common::play(layout, n, seed, 0);
        common::with_keys(&pos, 60)
    };
    let (pos, ev) = common::play_from(
        rich("grand", 5, "floors"),
        vec![],
        "floors",
        600,
        |_, ev| {
            ev.iter()
                .any(|e| matches!(e, Event::FloorSetUp { floor, .. } if *floor < 3))
        },
    );
    save(
        "floor_change",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let (pos, ev) = common::play_from(rich("grand", 5, "floors"), vec![], "floors", 600, |p, _| {
        p.floor() == 1 && p.limit().is_some()
    });
    save(
        "limit",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let (pos, ev) = common::play_from(rich("tower", 4, "escape"), vec![], "escape", 900, |p, _| {
        p.is_over()
    });
    save(
        "over2",
        render_png(&View::new(&pos).lang(lang).events(&ev), width),
    );
    let s = common::settings("pyramid", 3, Default::default());
    save(
        "lobby",
        render_lobby_png(&Lobby::new(&s).lang(lang).title("Pyramid night"), width),
    );
}
