//! Labscape's replay: its turn images, drawn at the replay's width, as the frames of the
//! replay GIF (`draw/gif/`). A frame is drawn only where it changed since the frame before
//! (`draw/damage.rs`): what each row's drawing would be is recorded first (cheap: nothing
//! is drawn), and only the rows whose drawing differs are drawn, over the frame before.
//! Most of a turn's image stays as it was: the floor but the moved tokens, most of the
//! time board and of the table.

use crate::{
    View,
    draw::gif::{Changed, Replay},
    labscape::context::Scene,
};

impl Replay {
    /// Adds the next turn's frame (the start first): drawn unless a shortened replay skips
    /// that turn.
    pub fn push(&mut self, view: &View<'_>) {
        if !self.wants() {
            self.skip();
            return;
        }
        let scene = Scene::new(view);
        self.push_changed(|width, prior| {
            let frame = scene.frame(width);
            Changed::draw(prior, |mode| scene.draw_whole(&frame, mode))
        });
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{
        Lang,
        labscape::{Dice, Policy, Position, SetupMode},
    };

    use crate::{REPLAY_WIDTH, Replay, View};

    /// A replay of the first `turns` turns of a seeded `grand` game of six heuristic
    /// players within `budget` bytes, its frames drawn where they changed or (`whole`)
    /// every one whole.
    fn replay(turns: usize, budget: usize, whole: bool) -> Vec<u8> {
        let settings = crate::labscape::common::settings("grand", 6, SetupMode::Random);
        let (mut pos, events) = Position::new_game(&settings, "damage").expect("a new game");
        let mut rng = Dice::from_seed("damage");
        let mut replay = Replay::new(REPLAY_WIDTH, turns, Lang::En).budget(budget);
        replay.whole = whole;
        replay.push(&View::new(&pos).events(&events).title("Damage"));
        for _ in 0..turns {
            let a = Policy::Heuristic
                .choose(&pos, &mut rng)
                .expect("a game still running");
            let events = pos.play(None, &a).expect("a legal action");
            replay.push(&View::new(&pos).events(&events).title("Damage"));
        }
        replay.finish()
    }

    #[test]
    fn frames_drawn_where_they_changed_are_the_frames_drawn_whole() {
        // (Compared with `==`: a failure printing two GIFs byte by byte helps nobody.)
        let all = replay(60, usize::MAX, false);
        assert!(all == replay(60, usize::MAX, true), "every turn shown");
        // Held to a budget that drops frames after they are drawn: the frame after a
        // dropped one counts its changes from the dropped one.
        let budget = all.len() * 2 / 3;
        let held = replay(60, budget, false);
        assert!(held == replay(60, budget, true), "held to {budget} bytes");
    }
}
