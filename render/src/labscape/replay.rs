//! Labscape's replay: its turn images, drawn at the replay's width, as the frames of the
//! replay GIF (`draw/gif/`). A frame is drawn as the turn image's two bands (`Frame::bands`)
//! on two threads, as the PNG is: drawing is most of a replay's cost.

use crate::{View, draw::gif::Replay, labscape::context::Scene};

impl Replay {
    /// Adds the next turn's frame (the start first): drawn unless a shortened replay skips
    /// that turn.
    pub fn push(&mut self, view: &View<'_>) {
        if !self.wants() {
            self.skip();
            return;
        }
        let scene = Scene::new(view);
        self.push_with(|width| {
            let frame = scene.frame(width);
            let [upper, lower] = frame.bands();
            let draw = |rows: (u32, u32)| scene.draw_band(&frame, rows).pix;
            if lower.0 < lower.1 && upper.0 < upper.1 {
                std::thread::scope(|s| {
                    let below = s.spawn(|| draw(lower));
                    let above = draw(upper);
                    vec![above, below.join().expect("drawing a band does not panic")]
                })
            } else {
                vec![scene.draw(frame.width_px).pix]
            }
        });
    }
}
