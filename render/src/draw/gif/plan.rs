//! Which turns the replay draws: all of them while its byte budget allows, else every
//! k-th, k following what the frames so far cost.

/// Which turns are drawn: all of them while the budget allows, else every k-th, k chosen
/// from what the frames so far cost.
#[derive(Debug)]
pub(super) struct Plan {
    /// Turns after the start: pushes `0..=turns`, the last always drawn.
    pub(super) turns: usize,
    pub(super) budget: usize,
    /// The next push's turn.
    pub(super) turn: usize,
    /// The next turn drawn (unless it is past the end: the last is drawn anyway).
    pub(super) next_drawn: usize,
    /// Turns shown so far (the start is not a turn).
    pub(super) shown: usize,
    /// Frames kept between the start and the end, and their bytes.
    pub(super) kept: (usize, usize),
    /// Bytes kept free for the last frame and the note.
    pub(super) reserve: usize,
}

impl Plan {
    pub(super) fn wants(&self) -> bool {
        self.turn <= 1 || self.turn >= self.turns || self.turn >= self.next_drawn
    }

    /// Sets the next turn drawn after turn `t` (encoded, kept or `dropped`), with `used`
    /// bytes spent so far.
    pub(super) fn schedule(&mut self, t: usize, used: usize, dropped: bool) {
        let left = self.turns.saturating_sub(t + 1);
        let room = self.budget.saturating_sub(used + self.reserve);
        let typical = self.kept.1 as f64 / self.kept.0.max(1) as f64;
        // A frame after skipping turns holds more change than one after a single turn: a
        // margin (the average follows as the stride grows, and a frame that would break
        // the budget is dropped anyway).
        let affordable = (room as f64 / (typical.max(1.0) * 1.15)).floor() as usize;
        let stride = if affordable >= left {
            1
        } else if affordable == 0 {
            left + 1
        } else {
            left.div_ceil(affordable)
        };
        let stride = if dropped { stride.max(2) } else { stride };
        self.next_drawn = t + stride;
    }

    /// Records the size of a frame kept between the start and the end.
    pub(super) fn cost(&mut self, bytes: usize) {
        self.kept = (self.kept.0 + 1, self.kept.1 + bytes);
    }
}
