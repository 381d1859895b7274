//! Render time and PNG size of the turn image: a mid-game `grand` position with 6 players
//! (budget: under 15 ms, under 120 KiB) and a `single` one (under 5 ms, under 50 KiB).
//!
//! `cargo bench -p labscape-render` prints criterion's timings; the PNG sizes and a split
//! of draw and encode time (minimum over a few runs) are printed before them.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use labscape_render::{View, render_png};

fn render(c: &mut Criterion) {
    let cases = [
        ("grand_6p_midgame", common::play("grand", 6, "bench", 40)),
        ("single_1p", common::play("single", 1, "solo", 3)),
        ("pyramid_8p_start", common::play("pyramid", 8, "eight", 0)),
    ];
    for (name, (pos, events)) in &cases {
        let view = View::new(pos).events(events).title("Benchmark");
        let png = render_png(&view, None);
        let (draw_us, enc) = labscape_render::__probe(&view, 10, &[1, 3, 6]);
        println!(
            "{name}: {} bytes ({:.1} KiB); draw {:.2} ms (min of 10)",
            png.len(),
            png.len() as f64 / 1024.0,
            draw_us as f64 / 1000.0,
        );
        for (level, us, size) in &enc {
            println!(
                "  zlib level {level}: quantise+encode {:.2} ms, {:.1} KiB",
                *us as f64 / 1000.0,
                *size as f64 / 1024.0
            );
        }
        c.bench_function(&format!("render_png/{name}"), |b| {
            b.iter(|| render_png(&view, None))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = render
}
criterion_main!(benches);
