//! Skarb Labiryntu (Jakub Kowalski, 2013), `../shared/rules/games/skarb.md`: an architect
//! (seat 0) plants hedges in an n × n maze (n 5 to 25) while a seeker (seat 1) walks from
//! the bottom-right square to the treasure on the top-left one; the sooner he arrives, the
//! more of the 100 points are his.
//!
//! This is the first game with secrets. **Without the map** the seeker sees only the 5 × 5
//! square around him (his field of view) and remembers what he saw (`seen`, part of the
//! position, refreshed after every action); the public sees exactly what he sees. So a
//! [`Position`] may be a *masked* one: its board then holds [`Cell::Unseen`] squares, which
//! only [`Game::mask`] and [`Game::from_view_value`] make; [`Game::from_value`] (the whole
//! truth) refuses `?`. The architect's pass and his hedges outside the seeker's field reach
//! the seeker and the public as one `hidden` event ([`Game::mask_events`]), so a far hedge
//! cannot be told from a pass.
//!
//! Why the legal hedges are fast on 25 × 25: a hedge can only close the way if it lies on
//! every path from the seeker to the treasure, which makes its square a cut vertex between
//! them; one depth-first search finds them all (`geometry::separators`), rather than one
//! search per square of a shortest way.
//!
//! Decisions where the rules file leaves room (recorded in `docs/rules/skarb.md` too):
//! - the seeker typing a square that is not next to him (his own included) is refused with
//!   one message that names only the square and his own ([`Refusal::NotNext`]), never what
//!   it holds;
//! - a view's document is read with its fields and characters checked (`?` allowed) but
//!   not the path to the treasure nor the memory against the board, which a masked board
//!   cannot show;
//! - a computer player decides only from the view of the seat to move; given any other
//!   view it declines (`None`).
//!
//! Where things are: the maze's sizes, squares and directions in `geometry`; actions, events
//! and refusals in `action`; the position and its rules here; the [`Game`] contract in
//! `game`; the document in `notation`; the computer players in `policy`.
//!
//! [`Game`]: crate::Game
//! [`Game::mask`]: crate::Game::mask
//! [`Game::from_view_value`]: crate::Game::from_view_value
//! [`Game::from_value`]: crate::Game::from_value
//! [`Game::mask_events`]: crate::Game::mask_events

mod action;
mod game;
mod geometry;
mod notation;
mod policy;
#[cfg(test)]
mod tests;

use crate::game::{Reason, Seat};

pub use action::{Action, Event, Refusal};
pub(crate) use geometry::distances_from;
pub use geometry::{Dir, Size, Square, field};
use geometry::{reachable, separators};

/// The notation's format tag.
pub const FORMAT: &str = "skarb-position/1";

/// The architect's seat (he moves first) **\[D1\]**.
pub const ARCHITECT: Seat = Seat(0);
/// The seeker's seat.
pub const SEEKER: Seat = Seat(1);

/// The game's settings: the size and whether the seeker has the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The side of the maze.
    pub size: Size,
    /// With the map: nobody has secrets.
    pub map: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: Size::DEFAULT,
            map: true,
        }
    }
}

/// What a square holds, as an audience sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Grass (the treasure's and the seeker's squares are grass).
    Grass,
    /// A hedge.
    Hedge,
    /// Masked (`?`): only in a view.
    Unseen,
}

/// What the seeker remembers of a square **\[D6\]**.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Memory {
    /// Never seen (`?`).
    Unknown,
    /// Grass when he last saw it (`.`); it may have been planted since.
    Grass,
    /// A hedge (`#`): certain, hedges never go away.
    Hedge,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The seeker reached the treasure in the current round.
    Arrived,
    /// The last round passed without him arriving.
    Limit,
}

/// The maze: the side, whether the seeker has the map, and the squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    size: Size,
    map: bool,
    /// Rank 1 first, file a first within a rank.
    board: Vec<Cell>,
    seeker: Square,
    turn: u32,
    to_move: Seat,
    /// The seeker's memory; `None` with the map.
    seen: Option<Vec<Memory>>,
    end: Option<End>,
}

/// The turn limit L: n² rounds with the map, 3n² without.
pub fn limit(size: Size, map: bool) -> u32 {
    let n2 = u32::from(size.0) * u32::from(size.0);
    if map { n2 } else { 3 * n2 }
}

/// The points `[architect, seeker]` of an arrival in round `turn` (§4): 100 for the seeker
/// up to round m = 2n − 2, then falling by the same step every round, halves up; `turn`
/// L + 1 is the limit, `[100, 0]`.
pub fn points(size: Size, map: bool, turn: u32) -> [u8; 2] {
    let l = limit(size, map);
    let m = 2 * u32::from(size.0) - 2;
    if turn <= m {
        return [0, 100];
    }
    let turn = turn.min(l + 1);
    let d = l + 1 - m;
    let s = (200 * (l + 1 - turn) + d) / (2 * d);
    let s = s as u8;
    [100 - s, s]
}

/// The seat with more points; the seeker at 50–50 **\[D9\]**.
pub fn winner(points: [u8; 2]) -> Seat {
    if points[0] > points[1] {
        ARCHITECT
    } else {
        SEEKER
    }
}

impl Position {
    /// A new maze: all grass, the treasure top-left, the seeker bottom-right, round 1, the
    /// architect to move.
    pub fn start(settings: Settings) -> Position {
        let size = settings.size;
        let mut p = Position {
            size,
            map: settings.map,
            board: vec![Cell::Grass; size.squares()],
            seeker: Square::start(size),
            turn: 1,
            to_move: ARCHITECT,
            seen: (!settings.map).then(|| vec![Memory::Unknown; size.squares()]),
            end: None,
        };
        p.remember();
        p
    }
    /// The side of the maze.
    pub fn size(&self) -> Size {
        self.size
    }
    /// Whether the seeker has the map.
    pub fn map(&self) -> bool {
        self.map
    }
    /// The current round, 1 … L.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// The turn limit L.
    pub fn limit(&self) -> u32 {
        limit(self.size, self.map)
    }
    /// The seat to move, or (once over) the seeker, whose action ended the game.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// Where the seeker stands.
    pub fn seeker(&self) -> Square {
        self.seeker
    }
    /// The treasure's square.
    pub fn treasure(&self) -> Square {
        Square::treasure(self.size)
    }
    /// What `square` holds as this position shows it.
    pub fn cell(&self, square: Square) -> Cell {
        self.board[square.index(self.size)]
    }
    /// Whether `square` is a hedge.
    pub fn is_hedge(&self, square: Square) -> bool {
        self.cell(square) == Cell::Hedge
    }
    /// What the seeker remembers of `square` (`None` with the map).
    pub fn memory(&self, square: Square) -> Option<Memory> {
        self.seen.as_ref().map(|s| s[square.index(self.size)])
    }
    /// Whether `square` is in the seeker's field of view (king distance at most 2) **\[D5\]**.
    pub fn in_field(&self, square: Square) -> bool {
        square.king_distance(self.seeker) <= 2
    }
    /// How the game ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }
    /// The points `[architect, seeker]` once over.
    pub fn final_points(&self) -> Option<[u8; 2]> {
        self.end.map(|e| self.points_for(e))
    }
    /// The split an arrival in the current round would give (the strip under the image).
    pub fn current_split(&self) -> [u8; 2] {
        self.final_points()
            .unwrap_or_else(|| points(self.size, self.map, self.turn))
    }
    /// Whether this position is masked (holds `?` squares): a seeker's or public view.
    pub fn is_masked(&self) -> bool {
        self.board.contains(&Cell::Unseen)
    }
    /// The hedges on the board.
    pub fn hedge_count(&self) -> usize {
        self.board.iter().filter(|c| **c == Cell::Hedge).count()
    }
    fn points_for(&self, end: End) -> [u8; 2] {
        match end {
            End::Arrived => points(self.size, self.map, self.turn),
            End::Limit => [100, 0],
        }
    }
    fn reason(&self, end: End) -> Reason {
        match end {
            End::Arrived => Reason::new(
                "arrived",
                [("round", self.turn.to_string())],
                format!("the seeker reached the treasure in round {}", self.turn),
            ),
            End::Limit => Reason::new(
                "limit",
                [("limit", self.limit().to_string())],
                format!(
                    "the seeker did not reach the treasure within {} rounds",
                    self.limit()
                ),
            ),
        }
    }
    /// Writes every square of the seeker's field of view into his memory, as it is now.
    fn remember(&mut self) {
        let size = self.size;
        let seeker = self.seeker;
        let Some(seen) = self.seen.as_mut() else {
            return;
        };
        for sq in field(seeker, size) {
            let i = sq.index(size);
            seen[i] = match self.board[i] {
                Cell::Hedge => Memory::Hedge,
                Cell::Grass => Memory::Grass,
                // A masked board never plays: nothing to learn from it.
                Cell::Unseen => continue,
            };
        }
    }
    /// Steps from every square to the treasure over squares without hedge (`u32::MAX`:
    /// cut off). `blocked` is one more hedge to suppose.
    pub fn distances(&self, blocked: Option<Square>) -> Vec<u32> {
        distances_from(self.size, self.treasure(), |sq| {
            self.cell(sq) != Cell::Hedge && Some(sq) != blocked
        })
    }
    /// Whether a path over squares without hedge leads from the seeker to the treasure
    /// with one more hedge on `blocked`.
    fn way_remains(&self, blocked: Option<Square>) -> bool {
        reachable(self.size, self.seeker, self.treasure(), |sq| {
            self.cell(sq) != Cell::Hedge && Some(sq) != blocked
        })
    }
    /// Why the architect may not plant on `square` (conditions 1–3), the path aside.
    fn plant_refusal(&self, square: Square) -> Option<Refusal> {
        if self.cell(square) == Cell::Hedge {
            Some(Refusal::AlreadyHedge(square))
        } else if square == self.seeker {
            Some(Refusal::SeekerSquare(square))
        } else if square == self.treasure() {
            Some(Refusal::TreasureSquare(square))
        } else if square.king_distance(self.seeker) < 2 {
            Some(Refusal::NextToSeeker {
                square,
                seeker: self.seeker,
            })
        } else if square.in_treasure_corner(self.size) {
            Some(Refusal::TreasureCorner(square))
        } else {
            None
        }
    }
    /// The architect's legal squares: conditions 1–3 checked on every square, and the
    /// path through the squares whose hedge alone would cut every way from the seeker to
    /// the treasure, found in one search ([`separators`]).
    fn legal_hedges(&self) -> Vec<Square> {
        let cuts = separators(self.size, self.seeker, self.treasure(), |sq| {
            self.cell(sq) != Cell::Hedge
        });
        Square::all(self.size)
            .filter(|sq| self.plant_refusal(*sq).is_none() && !cuts[sq.index(self.size)])
            .collect()
    }
    /// After the seeker's action: arrival, the limit, or the next round.
    fn close_round(&mut self, events: &mut Vec<Event>) {
        let end = if self.seeker == self.treasure() {
            Some(End::Arrived)
        } else if self.turn >= self.limit() {
            Some(End::Limit)
        } else {
            None
        };
        match end {
            Some(end) => {
                self.end = Some(end);
                let points = self.points_for(end);
                events.push(Event::GameOver {
                    winner: winner(points),
                    points,
                });
            }
            None => {
                self.turn += 1;
                self.to_move = ARCHITECT;
            }
        }
    }
    fn reads_as(&self, text: &str) -> Option<Action> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(Action::Pass);
        }
        if let Some(d) = Dir::parse(text) {
            return Some(Action::Step(d));
        }
        let sq = Square::parse(text, self.size)?;
        // The seeker's square typed as the one he steps to is that step.
        Some(match self.seeker.dir_to(sq) {
            Some(d) if self.to_move == SEEKER => Action::Step(d),
            _ => Action::Plant(sq),
        })
    }
}
