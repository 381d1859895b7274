//! SAGES (Max Gerchambeau, 1980), `../shared/rules/games/sages.md`: football on a 15×15
//! board. The pitch is ringed by out-of-play squares, with a goal of five squares in the
//! middle of each end line; each side has seven men and there is one ball. A man moves in a
//! straight line over empty squares (never along its two backward diagonals); a man that
//! moves onto the ball's square kicks it: the ball runs on in the man's direction, turning
//! a right angle (left or right, the kicker's choice) at every man it meets, and stops where
//! the kicker names among the squares it can reach. A ball stopped on a goal square is a
//! point for the side attacking that goal; the pitch is then reset. Five points win.
//!
//! Why the engine looks as it does:
//! - The ball is a field of its own ([`Position::ball`]), not a kind of square content, so
//!   a board with no ball or two balls cannot be built; the men are an array of 225
//!   optional colours. The terrain is fixed (the rules' diagram) and lives in
//!   [`Square::terrain`], never in the position.
//! - A kick names the man's square, the ball's square and the ball's stop (`h5-h8>k10`,
//!   `[D16]`). Which way the ball took to its stop does not matter (`[D7]`), so `legal`
//!   lists each stop once; the engine keeps one way (the shortest) for pictures and stories
//!   on the typed [`Event::Ball`] (`turns`), which the notation's event does not carry
//!   (the rules fix `{"kind": "ball", "from", "to"}`).
//! - The ball's reachable stops are a graph search over (square, direction) states, at most
//!   225 × 8 of them, with a bit set for the states seen and the stops found: no
//!   allocation, and bounces off any number of men, including the loops of `[D6]`.
//! - Decisions the rules leave to the designer, beyond the rules file's `[D1]`–`[D16]`:
//!   the chat reads a man's square and the ball's stop (`h5 k10`) as a kick, and asks which
//!   one is meant when the text fits several actions; `turns` is the shortest way (fewest
//!   steps, then the earliest turn to the left).

mod notation;
mod policy;
#[cfg(test)]
mod tests;

use std::{fmt, ops::RangeInclusive};

use serde::{Serialize, Serializer};
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys,
    },
    value::Value,
    view::View,
};

/// The notation's format tag.
pub const FORMAT: &str = "sages-position/1";
/// Squares along each side.
pub const SIZE: u8 = 15;
/// Squares on the board.
const SQUARES: usize = 225;
/// Men of each side.
pub const MEN: usize = 7;
/// The points that win.
pub const WINNING_SCORE: u8 = 5;

/// SAGES has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `W`, seat 0, at the bottom, moving first; its own goal is f1–j1.
    White,
    /// `B`, seat 1, at the top; its own goal is f15–j15.
    Black,
}

impl Colour {
    /// The colour of `seat`.
    pub fn of(seat: Seat) -> Colour {
        if seat.0 == 0 {
            Colour::White
        } else {
            Colour::Black
        }
    }
    /// Its seat.
    pub fn seat(self) -> Seat {
        match self {
            Colour::White => Seat(0),
            Colour::Black => Seat(1),
        }
    }
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    /// Its letter in the notation.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }
    /// Whether `dir` is one of this side's two backward diagonals (`[D3]`).
    pub fn is_backward_diagonal(self, dir: Dir) -> bool {
        match self {
            Colour::White => matches!(dir, Dir::SouthEast | Dir::SouthWest),
            Colour::Black => matches!(dir, Dir::NorthEast | Dir::NorthWest),
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "white",
            Colour::Black => "black",
        })
    }
}

/// What a square of the fixed terrain is (`[D2]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// The pitch: b–n × 2–14 less the corners b2, n2, b14, n14.
    Pitch,
    /// A goal square, with the side whose own goal it is (f1–j1 White's, f15–j15 Black's):
    /// a ball stopped on it is a point for the other side.
    Goal(Colour),
    /// Out of play: the rest of ranks 1 and 15, files a and o, and the four corners. Men
    /// may stand on it; the ball crosses it but never stops on it.
    OutOfPlay,
}

/// One of the eight directions, clockwise from north (up, towards rank 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up.
    North,
    /// Up-right.
    NorthEast,
    /// Right.
    East,
    /// Down-right.
    SouthEast,
    /// Down.
    South,
    /// Down-left.
    SouthWest,
    /// Left.
    West,
    /// Up-left.
    NorthWest,
}

impl Dir {
    /// Every direction, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::North,
        Dir::NorthEast,
        Dir::East,
        Dir::SouthEast,
        Dir::South,
        Dir::SouthWest,
        Dir::West,
        Dir::NorthWest,
    ];
    /// `(files, ranks)` of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, 1),
            Dir::NorthEast => (1, 1),
            Dir::East => (1, 0),
            Dir::SouthEast => (1, -1),
            Dir::South => (0, -1),
            Dir::SouthWest => (-1, -1),
            Dir::West => (-1, 0),
            Dir::NorthWest => (-1, 1),
        }
    }
    /// A right angle to the left (north-east becomes north-west).
    pub fn left(self) -> Dir {
        Dir::ALL[(self as usize + 6) % 8]
    }
    /// A right angle to the right (north-east becomes south-east).
    pub fn right(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 8]
    }
    /// The direction from `from` to `to` if they are on one straight line (and differ).
    pub fn between(from: Square, to: Square) -> Option<Dir> {
        let df = i16::from(to.file()) - i16::from(from.file());
        let dr = i16::from(to.rank()) - i16::from(from.rank());
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let d = (df.signum() as i8, dr.signum() as i8);
        Dir::ALL.into_iter().find(|x| x.delta() == d)
    }
}

/// No square: a step off the board.
const OFF: u8 = u8::MAX;

/// For each square and direction, the next square, or [`OFF`].
static STEP: [[u8; 8]; SQUARES] = steps();

const fn steps() -> [[u8; 8]; SQUARES] {
    let mut t = [[OFF; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = ((sq % 15) as i16, (sq / 15) as i16);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Dir::ALL[d].delta();
            let (nf, nr) = (f + df as i16, r + dr as i16);
            if nf >= 0 && nf < 15 && nr >= 0 && nr < 15 {
                t[sq][d] = (nr * 15 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// A square, `a1` bottom-left, `o15` top-right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a), `rank` (0 = rank 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < SIZE && rank < SIZE).then(|| Square(rank * SIZE + file))
    }
    /// Every square, a1 first, rank by rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
    /// 0 = a.
    pub fn file(self) -> u8 {
        self.0 % SIZE
    }
    /// 0 = rank 1.
    pub fn rank(self) -> u8 {
        self.0 / SIZE
    }
    fn index(self) -> usize {
        usize::from(self.0)
    }
    /// The next square in `dir`, if on the board.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let n = STEP[self.index()][dir as usize];
        (n != OFF).then_some(Square(n))
    }
    /// What the fixed terrain is here (`[D2]`).
    pub fn terrain(self) -> Terrain {
        let (f, r) = (self.file(), self.rank());
        let last = SIZE - 1;
        if r == 0 || r == last {
            if (5..=9).contains(&f) {
                Terrain::Goal(if r == 0 { Colour::White } else { Colour::Black })
            } else {
                Terrain::OutOfPlay
            }
        } else if f == 0 || f == last || ((r == 1 || r == last - 1) && (f == 1 || f == last - 1)) {
            Terrain::OutOfPlay
        } else {
            Terrain::Pitch
        }
    }
    /// Reads `h5`, `o15` (any case; no leading zero).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if !(2..=3).contains(&b.len()) || b[1] == b'0' || !b[1..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank: u8 = text[1..].parse().ok()?;
        Square::new(file, rank.checked_sub(1)?)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A set of squares: one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Squares([u64; 4]);

impl Squares {
    fn insert(&mut self, sq: Square) {
        self.0[sq.index() / 64] |= 1 << (sq.index() % 64);
    }
    /// Whether `sq` is in the set.
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// How many squares.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// The squares, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(i, w)| {
            let mut w = *w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    Square((i * 64) as u8 + b as u8)
                })
            })
        })
    }
}

/// The points of each side, each at most [`WINNING_SCORE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score([u8; 2]);

impl Score {
    /// White's and Black's points, if each is at most five.
    pub fn new(white: u8, black: u8) -> Option<Score> {
        (white <= WINNING_SCORE && black <= WINNING_SCORE).then_some(Score([white, black]))
    }
    /// The points of `colour`.
    pub fn of(self, colour: Colour) -> u8 {
        self.0[colour.seat().index()]
    }
    /// `[white, black]`.
    pub fn both(self) -> [u8; 2] {
        self.0
    }
    /// One more point for `colour` (never past five: the fifth ends the game).
    fn add(self, colour: Colour) -> Score {
        let mut s = self.0;
        let i = colour.seat().index();
        s[i] = (s[i] + 1).min(WINNING_SCORE);
        Score(s)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}–{}", self.0[0], self.0[1])
    }
}

/// An action: a move, or a kick (a move onto the ball and the ball's stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// `d3-d7`: a man moves to an empty square.
    Move {
        /// Where the man stands.
        from: Square,
        /// Where it stops.
        to: Square,
    },
    /// `h5-h8>k10`: a man moves onto the ball's square and the ball stops where named.
    Kick {
        /// Where the man stands.
        from: Square,
        /// The ball's square, where the man lands.
        ball: Square,
        /// Where the ball stops.
        stop: Square,
    },
}

impl Action {
    /// The man's square.
    pub fn from(self) -> Square {
        match self {
            Action::Move { from, .. } | Action::Kick { from, .. } => from,
        }
    }
    /// Where the man lands.
    pub fn to(self) -> Square {
        match self {
            Action::Move { to, .. } => to,
            Action::Kick { ball, .. } => ball,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Kick { from, ball, stop } => write!(f, "{from}-{ball}>{stop}"),
        }
    }
}

/// What an action did, in order: `moved`, then for a kick `ball`, then `goal` and `reset`
/// or `game_over`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A man moved (every action).
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The ball was kicked from `from` and stopped on `to`.
    Ball {
        /// The ball's square (where the kicker now stands).
        from: Square,
        /// Its stop.
        to: Square,
        /// The squares where it turned on its way, in order (one way among those that
        /// reach `to`: the shortest). Not part of the notation's event.
        #[serde(skip)]
        turns: Vec<Square>,
    },
    /// The ball stopped on a goal square: `seat` scores, and the score is now `score`.
    Goal {
        /// Who scores (the side attacking that goal, whoever kicked).
        seat: Seat,
        /// `[white, black]` after the point.
        score: [u8; 2],
    },
    /// Every man and the ball went back to the start layout.
    Reset,
    /// The action ended the game.
    GameOver {
        /// Who won.
        winner: Seat,
    },
}

/// What stands in a man's way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// A man of this colour.
    Man(Colour),
    /// The ball.
    Ball,
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstacle::Man(c) => write!(f, "the {c} man"),
            Obstacle::Ball => f.write_str("the ball"),
        }
    }
}

/// Why an action is refused. Each says what the player did wrong, in the game's terms.
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
    /// Not an action.
    #[error("“{0}” is not an action: write a move like d3-d7, or a kick like h5-h8>k10")]
    Unreadable(String),
    /// The from-square is empty.
    #[error("there is no man on {square}")]
    NoMan {
        /// The square.
        square: Square,
    },
    /// The from-square holds the opponent's man.
    #[error("the man on {square} is {colour}, not yours")]
    NotYourMan {
        /// The square.
        square: Square,
        /// The man's colour.
        colour: Colour,
    },
    /// The from-square holds the ball.
    #[error("{square} holds the ball: move one of your men onto it to kick it")]
    BallIsNotAMan {
        /// The ball's square.
        square: Square,
    },
    /// The target is not on a straight line from the man.
    #[error("{to} is not on a straight line from {from}")]
    NotALine {
        /// From.
        from: Square,
        /// The target.
        to: Square,
    },
    /// Something stands between the man and its target.
    #[error("the way from {from} to {to} passes over {what} on {square}")]
    PassesOver {
        /// From.
        from: Square,
        /// The target.
        to: Square,
        /// Where the obstacle stands.
        square: Square,
        /// What it is.
        what: Obstacle,
    },
    /// A move onto a man.
    #[error("{square} is taken by the {colour} man")]
    Occupied {
        /// The square.
        square: Square,
        /// The man's colour.
        colour: Colour,
    },
    /// A move onto the ball without naming its stop.
    #[error(
        "a man moving onto the ball on {ball} kicks it: name where it stops, like {from}-{ball}>…"
    )]
    OntoTheBall {
        /// The man's square.
        from: Square,
        /// The ball's square.
        ball: Square,
    },
    /// A move along a backward diagonal.
    #[error("men never move diagonally backwards ({from} to {to}), except onto the ball")]
    BackwardDiagonal {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A move that stops on the opponent's goal.
    #[error("a man may cross the opponent's goal but never stop on it ({square})")]
    OpponentsGoal {
        /// The goal square.
        square: Square,
    },
    /// A second man of a side onto its own goal.
    #[error("you already have a man on your goal (on {keeper}): {square} is refused")]
    SecondOnGoal {
        /// The target.
        square: Square,
        /// Where the side's man on its goal stands.
        keeper: Square,
    },
    /// A kick whose middle square is not the ball's.
    #[error("the ball is on {ball}, not on {square}")]
    NotTheBall {
        /// The square named as the ball's.
        square: Square,
        /// The ball's square.
        ball: Square,
    },
    /// A kick whose ball could stop nowhere.
    #[error("kicked from {from}, the ball on {ball} would have nowhere to stop")]
    NoStop {
        /// The man's square.
        from: Square,
        /// The ball's square.
        ball: Square,
    },
    /// A stop on an out-of-play square.
    #[error("the ball never stops out of play, and {stop} is out of play")]
    StopOutOfPlay {
        /// The stop named.
        stop: Square,
    },
    /// A stop on a man.
    #[error("the ball cannot stop on {stop}: a man stands there")]
    StopOnMan {
        /// The stop named.
        stop: Square,
    },
    /// A stop on the ball's own square.
    #[error("the ball must move: it cannot stop on {stop}, where it is kicked from")]
    StopOnStart {
        /// The stop named.
        stop: Square,
    },
    /// A stop the ball cannot reach.
    #[error("kicked from {from}, the ball cannot reach {stop}")]
    StopUnreachable {
        /// The man's square.
        from: Square,
        /// The stop named.
        stop: Square,
    },
    /// Chat text whose squares fit no legal action.
    #[error("“{0}” does not name a legal action here")]
    NotOneAction(String),
    /// Chat text whose squares fit several legal actions.
    #[error("“{text}” could be {}", list(.choices))]
    Ambiguous {
        /// What was typed.
        text: String,
        /// The actions it fits.
        choices: Vec<Action>,
    },
}

fn list(actions: &[Action]) -> String {
    let words: Vec<String> = actions.iter().map(ToString::to_string).collect();
    words.join(" or ")
}

impl RefusalTrait for Refusal {
    fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn { .. } => "not-your-turn",
            Refusal::Unreadable(_) => "unreadable",
            _ => "illegal",
        }
    }
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    men: [Option<Colour>; SQUARES],
    ball: Square,
    to_move: Seat,
    score: Score,
    result: Option<(Seat, Reason)>,
}

/// The start layout: White's men, Black's, and the ball.
const START_WHITE: [(u8, u8); MEN] = [(7, 0), (3, 2), (7, 2), (11, 2), (3, 4), (7, 4), (11, 4)];

impl Position {
    /// The start layout (`§2`), score 0–0, White to move.
    pub fn start() -> Position {
        let mut p = Position {
            men: [None; SQUARES],
            ball: Square(0),
            to_move: Seat(0),
            score: Score::default(),
            result: None,
        };
        p.reset();
        p
    }
    /// Every man and the ball back to the start layout (the score and the turn stay).
    fn reset(&mut self) {
        self.men = [None; SQUARES];
        for (f, r) in START_WHITE {
            self.men[usize::from(r * SIZE + f)] = Some(Colour::White);
            self.men[usize::from((SIZE - 1 - r) * SIZE + f)] = Some(Colour::Black);
        }
        self.ball = Square::new(7, 7).expect("h8");
    }
    /// The man on `square`, if any.
    pub fn man(&self, square: Square) -> Option<Colour> {
        self.men[square.index()]
    }
    /// The ball's square.
    pub fn ball(&self) -> Square {
        self.ball
    }
    /// The score.
    pub fn score(&self) -> Score {
        self.score
    }
    /// The seat to move, or (once over) the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &Reason)> {
        self.result.as_ref().map(|(s, r)| (*s, r))
    }
    /// The men of `colour`.
    pub fn men_of(&self, colour: Colour) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(move |s| self.man(*s) == Some(colour))
    }
    /// The man of `colour` standing on its own goal, if any.
    fn keeper(&self, colour: Colour) -> Option<Square> {
        let rank = match colour {
            Colour::White => 0,
            Colour::Black => SIZE - 1,
        };
        (5..=9)
            .filter_map(|f| Square::new(f, rank))
            .find(|s| self.man(*s) == Some(colour))
    }
    /// Whether a man of `colour` coming from `from` may stop on `to` (an empty square):
    /// never on the opponent's goal; on its own goal only if no other man of its side is
    /// there (`[D14]`).
    fn may_stop(&self, colour: Colour, from: Square, to: Square, keeper: Option<Square>) -> bool {
        match to.terrain() {
            Terrain::Goal(owner) if owner != colour => false,
            Terrain::Goal(_) => keeper.is_none_or(|k| k == from),
            _ => true,
        }
    }
    /// Whether a square holds a man or the ball, as a man walking sees it.
    fn blocked(&self, sq: Square) -> bool {
        self.men[sq.index()].is_some() || sq == self.ball
    }
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
    /// Every move and kick of `colour`.
    pub fn actions_of(&self, colour: Colour) -> Vec<Action> {
        let mut out = Vec::with_capacity(192);
        self.each_action(colour, |a| {
            out.push(a);
            false
        });
        out
    }
    /// Whether `colour` has any legal action.
    pub fn has_action(&self, colour: Colour) -> bool {
        let mut any = false;
        self.each_action(colour, |_| {
            any = true;
            true
        });
        any
    }
    /// Calls `f` with each action of `colour` until it returns `true`.
    fn each_action(&self, colour: Colour, mut f: impl FnMut(Action) -> bool) {
        let keeper = self.keeper(colour);
        for from in Square::all() {
            if self.men[from.index()] != Some(colour) {
                continue;
            }
            for dir in Dir::ALL {
                let backward = colour.is_backward_diagonal(dir);
                let mut at = from;
                while let Some(to) = at.step(dir) {
                    if to == self.ball {
                        for stop in self.kick_stops(from, dir).iter() {
                            if f(Action::Kick {
                                from,
                                ball: to,
                                stop,
                            }) {
                                return;
                            }
                        }
                        break;
                    }
                    if self.men[to.index()].is_some() {
                        break;
                    }
                    // Along a backward diagonal a man only reaches the ball.
                    if !backward
                        && self.may_stop(colour, from, to, keeper)
                        && f(Action::Move { from, to })
                    {
                        return;
                    }
                    at = to;
                }
            }
        }
    }
    /// Why `colour` may not play `a`, if it may not; the direction of the man's move
    /// otherwise.
    fn check(&self, colour: Colour, a: &Action) -> Result<Dir, Refusal> {
        let from = a.from();
        match self.man(from) {
            Some(c) if c == colour => {}
            Some(c) => {
                return Err(Refusal::NotYourMan {
                    square: from,
                    colour: c,
                });
            }
            None if from == self.ball => return Err(Refusal::BallIsNotAMan { square: from }),
            None => return Err(Refusal::NoMan { square: from }),
        }
        if let Action::Kick { ball, .. } = *a
            && ball != self.ball
        {
            return Err(Refusal::NotTheBall {
                square: ball,
                ball: self.ball,
            });
        }
        let to = a.to();
        let dir = Dir::between(from, to).ok_or(Refusal::NotALine { from, to })?;
        let mut at = from.step(dir).expect("the line reaches its target");
        while at != to {
            if self.blocked(at) {
                return Err(Refusal::PassesOver {
                    from,
                    to,
                    square: at,
                    what: self.man(at).map_or(Obstacle::Ball, Obstacle::Man),
                });
            }
            at = at.step(dir).expect("the line reaches its target");
        }
        match *a {
            Action::Move { .. } => {
                if to == self.ball {
                    return Err(Refusal::OntoTheBall {
                        from,
                        ball: self.ball,
                    });
                }
                if let Some(c) = self.man(to) {
                    return Err(Refusal::Occupied {
                        square: to,
                        colour: c,
                    });
                }
                if colour.is_backward_diagonal(dir) {
                    return Err(Refusal::BackwardDiagonal { from, to });
                }
                let keeper = self.keeper(colour);
                if !self.may_stop(colour, from, to, keeper) {
                    return Err(match keeper {
                        Some(k) if to.terrain() == Terrain::Goal(colour) => Refusal::SecondOnGoal {
                            square: to,
                            keeper: k,
                        },
                        _ => Refusal::OpponentsGoal { square: to },
                    });
                }
            }
            Action::Kick { ball, stop, .. } => {
                let stops = self.kick_stops(from, dir);
                if stops.is_empty() {
                    return Err(Refusal::NoStop { from, ball });
                }
                if !stops.contains(stop) {
                    return Err(if stop.terrain() == Terrain::OutOfPlay {
                        Refusal::StopOutOfPlay { stop }
                    } else if stop == ball {
                        Refusal::StopOnStart { stop }
                    } else if self.man(stop).is_some() && stop != from {
                        Refusal::StopOnMan { stop }
                    } else {
                        Refusal::StopUnreachable { from, stop }
                    });
                }
            }
        }
        Ok(dir)
    }
    /// Why `winner` has won, read from the position: five points, or the other side
    /// without a legal action; `None` if neither holds.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let colour = Colour::of(winner);
        let loser = colour.other();
        if self.score.of(colour) == WINNING_SCORE {
            Some(Reason::new(
                "five-goals",
                [
                    ("colour", colour.to_string()),
                    ("white", self.score.of(Colour::White).to_string()),
                    ("black", self.score.of(Colour::Black).to_string()),
                ],
                format!("{colour} scored five goals ({})", self.score),
            ))
        } else if !self.has_action(loser) {
            Some(Reason::new(
                "no-action",
                [("colour", colour.to_string()), ("loser", loser.to_string())],
                format!("{loser} has no legal action"),
            ))
        } else {
            None
        }
    }
    /// Plays a checked action of `colour` whose man moves in `dir`; `way`: whether to find
    /// the ball's way for its event (the computer players' search does without).
    fn advance(&self, colour: Colour, a: &Action, dir: Dir, way: bool) -> (Position, Vec<Event>) {
        let seat = colour.seat();
        let mut next = self.clone();
        let (from, to) = (a.from(), a.to());
        next.men[from.index()] = None;
        next.men[to.index()] = Some(colour);
        let mut events = vec![Event::Moved { from, to }];
        if let Action::Kick { ball, stop, .. } = *a {
            let turns = if way {
                self.kick_way(from, dir, stop).unwrap_or_default()
            } else {
                Vec::new()
            };
            next.ball = stop;
            events.push(Event::Ball {
                from: ball,
                to: stop,
                turns,
            });
            if let Terrain::Goal(owner) = stop.terrain() {
                let scorer = owner.other();
                next.score = next.score.add(scorer);
                events.push(Event::Goal {
                    seat: scorer.seat(),
                    score: next.score.both(),
                });
                if next.score.of(scorer) == WINNING_SCORE {
                    next.result = next.reason_for(scorer.seat()).map(|r| (scorer.seat(), r));
                    events.push(Event::GameOver {
                        winner: scorer.seat(),
                    });
                    return (next, events);
                }
                next.reset();
                events.push(Event::Reset);
            }
        }
        next.to_move = colour.other().seat();
        if !next.has_action(colour.other()) {
            next.to_move = seat;
            next.result = next.reason_for(seat).map(|r| (seat, r));
            events.push(Event::GameOver { winner: seat });
        }
        (next, events)
    }
    /// Plays a legal action of the side to move without checking it or finding the ball's
    /// way (the computer players' search).
    pub(crate) fn play_legal(&self, a: &Action) -> Position {
        let dir = Dir::between(a.from(), a.to()).expect("a legal action is a line");
        self.advance(Colour::of(self.to_move), a, dir, false).0
    }
    /// The legal actions that the squares typed in chat can mean: a move `from`-`to`, a
    /// kick from `from` stopping on `to`, or a kick from `from` onto the ball on `to`.
    fn chat_candidates(&self, from: Square, to: Square) -> Vec<Action> {
        self.legal_actions()
            .into_iter()
            .filter(|a| match *a {
                Action::Move { from: f, to: t } => f == from && t == to,
                Action::Kick {
                    from: f,
                    ball,
                    stop,
                } => f == from && (stop == to || ball == to),
            })
            .collect()
    }
}

/// Reads `d3-d7` / `h5-h8>k10` strictly (any case, spaces around ignored).
fn parse(text: &str) -> Option<Action> {
    let t = text.trim();
    let (squares, stop) = match t.split_once('>') {
        Some((a, s)) => (a, Some(Square::parse(s)?)),
        None => (t, None),
    };
    let (from, to) = squares.split_once('-')?;
    let (from, to) = (Square::parse(from)?, Square::parse(to)?);
    Some(match stop {
        None => Action::Move { from, to },
        Some(stop) => Action::Kick {
            from,
            ball: to,
            stop,
        },
    })
}

/// The squares of a chat text (`h5 h8 k10`, `H5-H8>K10`, `h5h8k10`), if it is nothing but
/// squares and separators.
fn chat_squares(text: &str) -> Option<Vec<Square>> {
    let t: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '–' | '>' | ',' | ':' | '/' | '→'))
        .collect();
    if t.is_empty() || !t.is_ascii() {
        return None;
    }
    let mut out = Vec::new();
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        out.push(Square::parse(&t[i..j])?);
        i = j;
    }
    Some(out)
}

impl Game for Position {
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Doc = Value;

    const OPTIONS: &'static [&'static str] = &[];
    const POLICIES: &'static [&'static str] = &["random", "easy", "strong"];
    const DEFAULT_POLICY: &'static str = "strong";

    fn settings(options: &[(String, String)]) -> Result<Settings, SettingsError> {
        check_option_keys(options, Self::OPTIONS)?;
        Ok(Settings)
    }
    fn options(_: &Settings) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    fn seats(_: &Settings) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_game(
        _: &Settings,
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
        Ok((Position::start(), Vec::new()))
    }
    fn to_move(&self) -> Option<Seat> {
        self.result.is_none().then_some(self.to_move)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn legal_actions(&self) -> Vec<Action> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.actions_of(Colour::of(self.to_move))
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        parse(text).ok_or_else(|| Refusal::Unreadable(text.trim().chars().take(40).collect()))
    }
    fn read_chat(&self, text: &str) -> Result<Action, Refusal> {
        let strict = self.parse_action(text);
        if let Ok(a) = &strict
            && self.legal_actions().contains(a)
        {
            return strict;
        }
        let clipped: String = text.trim().chars().take(40).collect();
        let Some(squares) = chat_squares(text) else {
            return strict;
        };
        match squares[..] {
            [from, ball, stop] => Ok(Action::Kick { from, ball, stop }),
            [from, to] => {
                let mut fits = self.chat_candidates(from, to);
                match fits.len() {
                    1 => Ok(fits.remove(0)),
                    0 if strict.is_ok() => strict,
                    0 => {
                        // Say why, as the notation would have.
                        self.check(Colour::of(self.to_move), &Action::Move { from, to })?;
                        Err(Refusal::NotOneAction(clipped))
                    }
                    _ => Err(Refusal::Ambiguous {
                        text: clipped,
                        choices: fits,
                    }),
                }
            }
            _ => Err(Refusal::Unreadable(clipped)),
        }
    }
    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, Refusal> {
        if self.result.is_some() {
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
    fn play(&self, seat: Seat, a: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        let colour = Colour::of(seat);
        let dir = self.check(colour, a)?;
        Ok(self.advance(colour, a, dir, true))
    }
    fn outcome(&self) -> Option<Outcome> {
        let (w, r) = self.result.as_ref()?;
        Some(Outcome::won_by(*w, r.clone()))
    }
    fn to_doc(&self) -> Value {
        notation::to_doc(self)
    }
    fn from_value(value: Value) -> Result<Position, PositionError> {
        notation::from_value(&value)
    }
    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Action> {
        policy::choose(view, policy, seed)
    }
}
