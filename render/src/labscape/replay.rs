//! Labscape's replay: its turn images, drawn at the replay's width, as the frames of the
//! replay GIF (`draw/gif.rs`).

use crate::{
    MAX_WIDTH, View,
    draw::gif::{MIN_REPLAY_WIDTH, Replay},
    labscape::scene::Scene,
};

impl Replay {
    /// A replay `width` pixels wide (clamped to [`MIN_REPLAY_WIDTH`]..=[`MAX_WIDTH`]; see
    /// [`REPLAY_WIDTH`](crate::REPLAY_WIDTH)) whose first frame is `first`.
    pub fn new(first: &View<'_>, width: u32) -> Replay {
        let mut replay = Replay::blank(width.clamp(MIN_REPLAY_WIDTH, MAX_WIDTH));
        replay.push(first);
        replay
    }

    /// Adds the next turn's frame.
    pub fn push(&mut self, view: &View<'_>) {
        let canvas = Scene::new(view).draw(self.size().0);
        self.push_canvas(canvas);
    }
}
