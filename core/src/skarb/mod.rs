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
//! every path, so on one shortest path in particular. The squares off one shortest path are
//! legal at once; only those on it need a search each.
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

mod notation;
mod policy;
#[cfg(test)]
mod tests;

use std::{collections::VecDeque, fmt, ops::RangeInclusive};

use serde::{Serialize, Serializer};
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys, option,
    },
    value::Value,
    view::{Audience, View},
};

/// The notation's format tag.
pub const FORMAT: &str = "skarb-position/1";

/// The architect's seat (he moves first) **[D1]**.
pub const ARCHITECT: Seat = Seat(0);
/// The seeker's seat.
pub const SEEKER: Seat = Seat(1);

/// The side of the maze: a whole number from 5 to 25 **[D3]**.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size(u8);

impl Size {
    /// The smallest maze.
    pub const MIN: u8 = 5;
    /// The largest maze.
    pub const MAX: u8 = 25;
    /// The default side **[D4]**.
    pub const DEFAULT: Size = Size(8);

    /// `n`, if from 5 to 25.
    pub fn new(n: u8) -> Option<Size> {
        (Self::MIN..=Self::MAX).contains(&n).then_some(Size(n))
    }
    /// n.
    pub fn get(self) -> u8 {
        self.0
    }
    fn squares(self) -> usize {
        usize::from(self.0) * usize::from(self.0)
    }
}

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

/// A square of the maze, `a1` bottom-left (the ring around it has no names **[D16]**).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on a maze of `size`.
    pub fn new(file: u8, rank: u8, size: Size) -> Option<Square> {
        (file < size.0 && rank < size.0).then_some(Square { file, rank })
    }
    /// 0 = a.
    pub fn file(self) -> u8 {
        self.file
    }
    /// 0 = rank 1.
    pub fn rank(self) -> u8 {
        self.rank
    }
    /// Reads `c3` (any case) on a maze of `size`: a letter and a rank without a leading
    /// zero, both on the board.
    pub fn parse(text: &str, size: Size) -> Option<Square> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Square::new(letter as u8 - b'a', rank - 1, size)
    }
    /// The treasure's square: `a`n, top-left.
    pub fn treasure(size: Size) -> Square {
        Square {
            file: 0,
            rank: size.0 - 1,
        }
    }
    /// The seeker's first square: bottom-right.
    pub fn start(size: Size) -> Square {
        Square {
            file: size.0 - 1,
            rank: 0,
        }
    }
    /// King distance (the larger of the file and rank differences).
    pub fn king_distance(self, other: Square) -> u8 {
        self.file
            .abs_diff(other.file)
            .max(self.rank.abs_diff(other.rank))
    }
    /// The square one step `dir` away, if on a maze of `size`.
    pub fn step(self, dir: Dir, size: Size) -> Option<Square> {
        let (df, dr) = dir.delta();
        let f = self.file.checked_add_signed(df)?;
        let r = self.rank.checked_add_signed(dr)?;
        Square::new(f, r, size)
    }
    /// The direction that leads from `self` to `to`, if they are side by side.
    pub fn dir_to(self, to: Square) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| {
            let (df, dr) = d.delta();
            self.file.checked_add_signed(df) == Some(to.file)
                && self.rank.checked_add_signed(dr) == Some(to.rank)
        })
    }
    /// Whether the square is the treasure's or one of its three neighbours **[D17]**.
    pub fn in_treasure_corner(self, size: Size) -> bool {
        self.file <= 1 && self.rank + 2 >= size.0
    }
    fn index(self, size: Size) -> usize {
        usize::from(self.rank) * usize::from(size.0) + usize::from(self.file)
    }
    fn at(i: usize, size: Size) -> Square {
        let n = usize::from(size.0);
        Square {
            file: (i % n) as u8,
            rank: (i / n) as u8,
        }
    }
    /// Every square of a maze of `size`, rank 1 first.
    pub fn all(size: Size) -> impl Iterator<Item = Square> {
        (0..size.squares()).map(move |i| Square::at(i, size))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A direction of the seeker's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up (towards rank n).
    N,
    /// Right.
    E,
    /// Down.
    S,
    /// Left.
    W,
}

impl Dir {
    /// The four, in the order `legal` lists them.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }
    /// Reads `n`, `e`, `s` or `w` (any case).
    pub fn parse(text: &str) -> Option<Dir> {
        match text.to_ascii_lowercase().as_str() {
            "n" => Some(Dir::N),
            "e" => Some(Dir::E),
            "s" => Some(Dir::S),
            "w" => Some(Dir::W),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::N => "n",
            Dir::E => "e",
            Dir::S => "s",
            Dir::W => "w",
        })
    }
}

/// An action, in its canonical form by `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The architect's hedge on a square (`c3`). The seeker may type a square too: the one
    /// next to him is read as the step there.
    Plant(Square),
    /// The seeker's step (`n`, `e`, `s`, `w`).
    Step(Dir),
    /// Either player gives up the action **[D10]**.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Plant(sq) => sq.fmt(f),
            Action::Step(d) => d.fmt(f),
            Action::Pass => f.write_str("pass"),
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

/// What the seeker remembers of a square **[D6]**.
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

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The architect's hedge.
    Planted {
        /// Where.
        square: Square,
    },
    /// A pass.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// The seeker's step.
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The action ended the game.
    GameOver {
        /// The seat with more points (the seeker at 50–50).
        winner: Seat,
        /// `[architect, seeker]`.
        points: [u8; 2],
    },
    /// In a masked view only: the architect's pass or a hedge outside the seeker's field
    /// of view, which that audience cannot tell apart **[D13]**.
    Hidden {
        /// Who acted (the architect).
        seat: Seat,
    },
}

/// Why an action is refused. None names what a square outside the seeker's field of view
/// holds.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat's turn.
    #[error("it is seat {to_move}'s turn, not seat {seat}'s")]
    NotYourTurn {
        /// Who asked.
        seat: Seat,
        /// Whose turn it is.
        to_move: Seat,
    },
    /// Not `pass`, a direction or a square of this maze.
    #[error(
        "“{text}” is not an action: write a square from a1 to {last}, a direction (n, e, s, w) or pass"
    )]
    Unreadable {
        /// What was typed (at most 40 characters).
        text: String,
        /// The top-right square's name.
        last: Square,
    },
    /// A direction from the architect.
    #[error("the architect plants a hedge on a square or passes; only the seeker walks")]
    ArchitectWalks,
    /// A hedge on a hedge **[D11]**.
    #[error("{0} is a hedge already")]
    AlreadyHedge(Square),
    /// A hedge on the seeker.
    #[error("the seeker stands on {0}")]
    SeekerSquare(Square),
    /// A hedge on the treasure.
    #[error("the treasure lies on {0}")]
    TreasureSquare(Square),
    /// A hedge next to the seeker.
    #[error("{square} is next to the seeker on {seeker}")]
    NextToSeeker {
        /// The square named.
        square: Square,
        /// Where the seeker stands.
        seeker: Square,
    },
    /// A hedge in the treasure's corner.
    #[error("{0} is next to the treasure")]
    TreasureCorner(Square),
    /// A hedge that would leave the seeker no way to the treasure.
    #[error("a hedge on {0} would leave the seeker no way to the treasure")]
    ClosesPath(Square),
    /// The seeker named a square that is not one step from him.
    #[error("{to} is not next to the seeker on {seeker}: he steps up, right, down or left")]
    NotNext {
        /// The square named.
        to: Square,
        /// Where the seeker stands.
        seeker: Square,
    },
    /// A step into a hedge.
    #[error("{0} is a hedge")]
    IntoHedge(Square),
    /// A step off the board, into the ring of hedge.
    #[error("the ring of hedge lies {0} of the seeker")]
    IntoRing(Dir),
}

impl RefusalTrait for Refusal {
    fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn { .. } => "not-your-turn",
            Refusal::Unreadable { .. } => "unreadable",
            _ => "illegal",
        }
    }
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

/// The seat with more points; the seeker at 50–50 **[D9]**.
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
    /// Whether `square` is in the seeker's field of view (king distance at most 2) **[D5]**.
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
    /// One shortest way from the seeker to the treasure (its squares, both ends included).
    fn shortest_way(&self) -> Option<Vec<Square>> {
        let dist = self.distances(None);
        let mut at = self.seeker;
        let mut d = dist[at.index(self.size)];
        if d == u32::MAX {
            return None;
        }
        let mut way = vec![at];
        while d > 0 {
            at = Dir::ALL
                .into_iter()
                .filter_map(|dir| at.step(dir, self.size))
                .find(|n| dist[n.index(self.size)] == d - 1)?;
            d -= 1;
            way.push(at);
        }
        Some(way)
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
    /// The architect's legal squares: conditions 1–3 checked on every square, the path
    /// only on the squares of one shortest way (a hedge off it leaves that way open).
    fn legal_hedges(&self) -> Vec<Square> {
        let way = self.shortest_way().unwrap_or_default();
        let mut on_way = vec![false; self.size.squares()];
        for sq in &way {
            on_way[sq.index(self.size)] = true;
        }
        Square::all(self.size)
            .filter(|sq| self.plant_refusal(*sq).is_none())
            .filter(|sq| !on_way[sq.index(self.size)] || self.way_remains(Some(*sq)))
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

/// The squares at king distance at most 2 from `at`, on the board.
pub fn field(at: Square, size: Size) -> impl Iterator<Item = Square> {
    (-2i8..=2).flat_map(move |df| {
        (-2i8..=2).filter_map(move |dr| {
            let f = at.file.checked_add_signed(df)?;
            let r = at.rank.checked_add_signed(dr)?;
            Square::new(f, r, size)
        })
    })
}

/// Breadth-first distances from `from` over the squares `open` allows.
pub(crate) fn distances_from(size: Size, from: Square, open: impl Fn(Square) -> bool) -> Vec<u32> {
    let mut dist = vec![u32::MAX; size.squares()];
    if !open(from) {
        return dist;
    }
    dist[from.index(size)] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        let d = dist[at.index(size)];
        for dir in Dir::ALL {
            if let Some(n) = at.step(dir, size)
                && dist[n.index(size)] == u32::MAX
                && open(n)
            {
                dist[n.index(size)] = d + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Whether `to` can be reached from `from` over the squares `open` allows.
fn reachable(size: Size, from: Square, to: Square, open: impl Fn(Square) -> bool) -> bool {
    if !open(from) || !open(to) {
        return false;
    }
    let mut seen = vec![false; size.squares()];
    seen[from.index(size)] = true;
    let mut stack = vec![from];
    while let Some(at) = stack.pop() {
        if at == to {
            return true;
        }
        for dir in Dir::ALL {
            if let Some(n) = at.step(dir, size)
                && !seen[n.index(size)]
                && open(n)
            {
                seen[n.index(size)] = true;
                stack.push(n);
            }
        }
    }
    false
}

impl Game for Position {
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Doc = Value;

    const OPTIONS: &'static [&'static str] = &["size", "map"];
    const POLICIES: &'static [&'static str] = &["random", "easy", "strong"];
    const DEFAULT_POLICY: &'static str = "strong";

    fn settings(options: &[(String, String)]) -> Result<Settings, SettingsError> {
        check_option_keys(options, Self::OPTIONS)?;
        let mut s = Settings::default();
        if let Some(v) = option(options, "size") {
            s.size = v.parse::<u8>().ok().and_then(Size::new).ok_or_else(|| {
                SettingsError::BadValue {
                    key: "size",
                    value: v.to_string(),
                    problem: "the maze's side is a whole number from 5 to 25".into(),
                }
            })?;
        }
        if let Some(v) = option(options, "map") {
            s.map = match v.to_ascii_lowercase().as_str() {
                "yes" => true,
                "no" => false,
                _ => {
                    return Err(SettingsError::BadValue {
                        key: "map",
                        value: v.to_string(),
                        problem: "write map=yes or map=no".into(),
                    });
                }
            };
        }
        Ok(s)
    }
    fn options(s: &Settings) -> Vec<(&'static str, String)> {
        vec![
            ("size", s.size.0.to_string()),
            ("map", if s.map { "yes" } else { "no" }.to_string()),
        ]
    }
    fn seats(_: &Settings) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_game(
        settings: &Settings,
        players: &[String],
        _seed: &str,
    ) -> Result<(Position, Vec<Event>), NewGameError> {
        if players.len() != 2 {
            return Err(NewGameError::Players {
                got: players.len(),
                min: 2,
                max: 2,
            });
        }
        Ok((Position::start(*settings), Vec::new()))
    }
    fn to_move(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.to_move)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn legal_actions(&self) -> Vec<Action> {
        if self.end.is_some() {
            return Vec::new();
        }
        let mut legal: Vec<Action> = if self.to_move == ARCHITECT {
            self.legal_hedges().into_iter().map(Action::Plant).collect()
        } else {
            Dir::ALL
                .into_iter()
                .filter(|d| {
                    self.seeker
                        .step(*d, self.size)
                        .is_some_and(|to| self.cell(to) != Cell::Hedge)
                })
                .map(Action::Step)
                .collect()
        };
        legal.push(Action::Pass);
        legal
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        let text = text.trim();
        self.reads_as(text).ok_or_else(|| Refusal::Unreadable {
            text: text.chars().take(40).collect(),
            last: Square {
                file: self.size.0 - 1,
                rank: self.size.0 - 1,
            },
        })
    }
    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, Refusal> {
        if self.end.is_some() {
            return Err(Refusal::GameOver);
        }
        let seat = seat.unwrap_or(self.to_move);
        if seat != self.to_move {
            return Err(Refusal::NotYourTurn {
                seat,
                to_move: self.to_move,
            });
        }
        Ok(seat)
    }
    fn play(&self, seat: Seat, action: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        let mut next = self.clone();
        let mut events = Vec::new();
        if seat == ARCHITECT {
            match *action {
                Action::Step(_) => return Err(Refusal::ArchitectWalks),
                Action::Pass => events.push(Event::Passed { seat }),
                Action::Plant(square) => {
                    if let Some(r) = self.plant_refusal(square) {
                        return Err(r);
                    }
                    if !self.way_remains(Some(square)) {
                        return Err(Refusal::ClosesPath(square));
                    }
                    next.board[square.index(self.size)] = Cell::Hedge;
                    events.push(Event::Planted { square });
                }
            }
            next.to_move = SEEKER;
            next.remember();
        } else {
            let dir = match *action {
                Action::Pass => None,
                Action::Step(d) => Some(d),
                Action::Plant(to) => Some(self.seeker.dir_to(to).ok_or(Refusal::NotNext {
                    to,
                    seeker: self.seeker,
                })?),
            };
            match dir {
                None => events.push(Event::Passed { seat }),
                Some(d) => {
                    let to = self.seeker.step(d, self.size).ok_or(Refusal::IntoRing(d))?;
                    if self.cell(to) == Cell::Hedge {
                        return Err(Refusal::IntoHedge(to));
                    }
                    next.seeker = to;
                    events.push(Event::Moved {
                        from: self.seeker,
                        to,
                    });
                }
            }
            next.remember();
            next.close_round(&mut events);
        }
        Ok((next, events))
    }
    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        Some(Outcome::won_by(
            winner(self.points_for(end)),
            self.reason(end),
        ))
    }
    fn to_doc(&self) -> Value {
        notation::to_doc(self)
    }
    fn from_value(value: Value) -> Result<Position, PositionError> {
        notation::from_value(&value, None)
    }

    fn has_secrets(&self) -> bool {
        !self.map && self.end.is_none()
    }
    /// The seeker's and the public view without the map, while the game goes on: the
    /// squares outside his field of view `?`, the treasure's `T`; everything else as is.
    fn mask(&self, audience: Audience) -> Position {
        if !self.has_secrets() || audience == Audience::Seat(ARCHITECT) {
            return self.clone();
        }
        let mut masked = self.clone();
        for sq in Square::all(self.size) {
            if !self.in_field(sq) && sq != self.treasure() {
                masked.board[sq.index(self.size)] = Cell::Unseen;
            }
        }
        masked
    }
    /// The architect's pass and his hedges outside the seeker's field of view are one
    /// `hidden` event for the seeker and the public (the seeker does not move during the
    /// architect's action, so his field is the same before and after it).
    fn mask_events(&self, next: &Position, audience: Audience, events: &[Event]) -> Vec<Event> {
        if !self.has_secrets() || next.end.is_some() || audience == Audience::Seat(ARCHITECT) {
            return events.to_vec();
        }
        events
            .iter()
            .map(|e| match e {
                Event::Passed { seat } if *seat == ARCHITECT => Event::Hidden { seat: ARCHITECT },
                Event::Planted { square } if !self.in_field(*square) => {
                    Event::Hidden { seat: ARCHITECT }
                }
                other => other.clone(),
            })
            .collect()
    }
    fn from_view_value(value: Value, audience: Audience) -> Result<View<Position>, PositionError> {
        notation::from_value(&value, Some(audience)).map(|p| View::masked(audience, p))
    }
    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Action> {
        if view.to_move().map(Audience::Seat) != Some(view.audience()) {
            return None;
        }
        policy::choose(view, policy, seed)
    }
}
