//! The ball's flight after a kick (`§4`): a graph search over (square, direction) states,
//! turning a right angle at every man met. `kick_stops` is the hot path of the legal list
//! and the computer players, so it allocates nothing; `kick_way` runs once per kick played,
//! for the event's `turns`.

use super::{
    Dir, Position, SQUARES, Square, Squares, Terrain,
    board::{OFF, STEP},
};

impl Position {
    /// The stops of the ball kicked by the man from `from` onto the ball's square in
    /// `dir` (`§4`).
    pub fn kick_stops(&self, from: Square, dir: Dir) -> Squares {
        let start = self.ball;
        // After the kick the kicker stands on the ball's square and `from` is empty.
        let occupied =
            |s: usize| s == start.index() || (s != from.index() && self.men[s].is_some());
        let mut seen = [0u64; SQUARES * 8 / 64 + 1];
        let mut stack = [0u16; SQUARES * 8];
        let mut top = 0;
        let mut stops = Squares::default();
        let push = |seen: &mut [u64], stack: &mut [u16], top: &mut usize, s: usize, d: usize| {
            let i = s * 8 + d;
            if seen[i / 64] & (1 << (i % 64)) == 0 {
                seen[i / 64] |= 1 << (i % 64);
                stack[*top] = i as u16;
                *top += 1;
            }
        };
        push(&mut seen, &mut stack, &mut top, start.index(), dir as usize);
        while top > 0 {
            top -= 1;
            let i = usize::from(stack[top]);
            let (s, d) = (i / 8, i % 8);
            let n = STEP[s][d];
            if n == OFF {
                continue;
            }
            let n = usize::from(n);
            if occupied(n) {
                push(&mut seen, &mut stack, &mut top, s, (d + 6) % 8);
                push(&mut seen, &mut stack, &mut top, s, (d + 2) % 8);
                continue;
            }
            let sq = Square(n as u8);
            match sq.terrain() {
                Terrain::Goal(_) => stops.insert(sq),
                Terrain::Pitch => {
                    stops.insert(sq);
                    push(&mut seen, &mut stack, &mut top, n, d);
                }
                Terrain::OutOfPlay => push(&mut seen, &mut stack, &mut top, n, d),
            }
        }
        stops
    }
    /// The squares where the ball turns on the shortest way from the ball's square to
    /// `stop`, kicked by the man from `from` in `dir`; `None` if it cannot reach `stop`.
    pub fn kick_way(&self, from: Square, dir: Dir, stop: Square) -> Option<Vec<Square>> {
        let start = self.ball;
        let occupied =
            |s: usize| s == start.index() || (s != from.index() && self.men[s].is_some());
        let mut parent = vec![u16::MAX; SQUARES * 8];
        let first = start.index() * 8 + dir as usize;
        parent[first] = first as u16;
        let mut queue = std::collections::VecDeque::from([first]);
        let mut end = None;
        while let Some(i) = queue.pop_front() {
            let (s, d) = (i / 8, i % 8);
            let n = STEP[s][d];
            if n == OFF {
                continue;
            }
            let n = usize::from(n);
            let mut next = Vec::with_capacity(2);
            if occupied(n) {
                next.push(s * 8 + (d + 6) % 8);
                next.push(s * 8 + (d + 2) % 8);
            } else {
                let sq = Square(n as u8);
                if sq == stop && sq.terrain() != Terrain::OutOfPlay {
                    end = Some(i);
                    break;
                }
                if !matches!(sq.terrain(), Terrain::Goal(_)) {
                    next.push(n * 8 + d);
                }
            }
            for j in next {
                if parent[j] == u16::MAX {
                    parent[j] = i as u16;
                    queue.push_back(j);
                }
            }
        }
        let mut i = end?;
        let mut states = vec![i];
        while usize::from(parent[i]) != i {
            i = usize::from(parent[i]);
            states.push(i);
        }
        states.reverse();
        let mut turns: Vec<Square> = Vec::new();
        for w in states.windows(2) {
            let (a, b) = (w[0], w[1]);
            if a % 8 != b % 8 {
                let sq = Square((b / 8) as u8);
                if turns.last() != Some(&sq) {
                    turns.push(sq);
                }
            }
        }
        Some(turns)
    }
}
