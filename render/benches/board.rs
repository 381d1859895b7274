//! Render time and PNG size of the board games' turn images at 720 px, on hand-made full
//! boards shaped like each game's late positions (the bot's `images` bench draws the real
//! positions; this one needs only `labscape-render`, so it builds in a fraction of the
//! time). Goal (issue 38): every board game's image under 1.5 ms.
//!
//! `cargo bench -p labscape-render --bench board` prints each image's size, then
//! criterion's timings.

#[path = "../tests/common/boards.rs"]
mod boards;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use labscape_render::BoardFrame;

/// The image of `frame` drawn whole: the images kept from the iterations before are let
/// go first (the same image again would be drawn from the one kept, where nothing changed).
fn png(frame: &BoardFrame) -> Vec<u8> {
    labscape_render::forget_images();
    frame.render_png(None)
}

fn images(c: &mut Criterion) {
    for (name, frame) in boards::late_boards() {
        let bytes = png(&frame);
        println!(
            "{name}: image {:.1} KiB ({} bytes)",
            bytes.len() as f64 / 1024.0,
            bytes.len()
        );
        c.bench_function(&format!("board/{name}"), |b| {
            b.iter(|| png(black_box(&frame)))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = images
}
criterion_main!(benches);
