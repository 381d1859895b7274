//! Render time and PNG size of the turn image: a mid-game `grand` position with 6 players
//! (budget: under 15 ms, under 120 KiB) and a `single` one (under 5 ms, under 50 KiB).
//!
//! `cargo bench -p labscape-render --bench render` prints criterion's timings of
//! `render_png` (layout, drawing in two bands on two threads, palette, deflate, PNG), after
//! each case's size in pixels and bytes.

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
        let (w, h) = (
            u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
            u32::from_be_bytes([png[20], png[21], png[22], png[23]]),
        );
        println!(
            "{name}: {w}×{h} px, {} bytes ({:.1} KiB)",
            png.len(),
            png.len() as f64 / 1024.0,
        );
        c.bench_function(&format!("render_png/{name}"), |b| {
            // Drawn whole: the images kept from the iterations before are let go first (the
            // same image again would be drawn from the one kept, where nothing changed).
            b.iter(|| {
                labscape_render::forget_images();
                render_png(&view, None)
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = render
}
criterion_main!(benches);
