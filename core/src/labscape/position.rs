//! The state of a Labscape game: everything the public position notation holds.
//!
//! Fields are private: a `Position` is only made by [`Position::new_game`] (setup) or by
//! reading a validated position document, and only changed by `play`, so the invariants
//! the rules need (exactly one active player while the game runs, walls that never overlap,
//! counters that never go negative) hold by construction.

use std::{fmt, sync::Arc};

use super::{
    board::Board,
    dice::Dice,
    event::Seat,
    geometry::Cell,
    layout::Layout,
    rules::{Rules, STANDARD},
};

/// Difficulty: sets X of the dawn formula (rules §10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Difficulty {
    /// X = 6.
    Easy,
    /// X = 5.
    #[default]
    Medium,
    /// X = 4.5.
    Hard,
    /// X = 4.
    Impossible,
}

impl Difficulty {
    /// All four, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Impossible,
    ];

    /// The notation's name.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Impossible => "impossible",
        }
    }

    /// Reads the notation's name (any case).
    pub fn from_name(s: &str) -> Option<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the building is set up (\[D2\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SetupMode {
    /// The engine places walls and items.
    #[default]
    Random,
    /// Players place walls and items in turn.
    Draft,
}

impl SetupMode {
    /// The name used in settings.
    pub fn name(self) -> &'static str {
        match self {
            SetupMode::Random => "random",
            SetupMode::Draft => "draft",
        }
    }

    /// Reads a name.
    pub fn from_name(s: &str) -> Option<SetupMode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Some(SetupMode::Random),
            "draft" => Some(SetupMode::Draft),
            _ => None,
        }
    }
}

/// A player's status (position notation `status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Still playing on the current floor.
    Acting,
    /// Left the current floor; waits for it to end.
    Exited,
    /// Reached the floor's limit marker.
    TimedOut,
    /// Left the building: a winner.
    Escaped,
    /// Out of the game (dawn, or timed out on the ground floor).
    Out,
}

impl Status {
    /// The notation's name.
    pub fn name(self) -> &'static str {
        match self {
            Status::Acting => "acting",
            Status::Exited => "exited",
            Status::TimedOut => "timed_out",
            Status::Escaped => "escaped",
            Status::Out => "out",
        }
    }

    /// Reads the notation's name.
    pub fn from_name(s: &str) -> Option<Status> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "acting" => Status::Acting,
            "exited" => Status::Exited,
            "timed_out" => Status::TimedOut,
            "escaped" => Status::Escaped,
            "out" => Status::Out,
            _ => return None,
        })
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub(crate) name: String,
    pub(crate) cell: Option<Cell>,
    pub(crate) time: u32,
    pub(crate) food: u32,
    pub(crate) status: Status,
    pub(crate) search: u32,
    pub(crate) arrival: u64,
}

impl Player {
    /// Display name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Cell on the current floor (none during draft setup, or once out of play).
    pub fn cell(&self) -> Option<Cell> {
        self.cell
    }
    /// Minutes spent.
    pub fn time(&self) -> u32 {
        self.time
    }
    /// Food carried.
    pub fn food(&self) -> u32 {
        self.food
    }
    /// Status.
    pub fn status(&self) -> Status {
        self.status
    }
    /// Consecutive rolls in the current cell.
    pub fn search(&self) -> u32 {
        self.search
    }
    /// Order of arrival on the time track (lower is underneath).
    pub fn arrival(&self) -> u64 {
        self.arrival
    }
}

/// Draft setup progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The floor being filled.
    pub building: usize,
    /// Whose turn it is to place.
    pub placer: Seat,
    /// The first player (turn order is seat order from this seat).
    pub first: Seat,
}

/// The game's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Draft setup in progress.
    Setup(Draft),
    /// Play.
    Play,
    /// Over.
    Over,
}

/// Everything that fixes a new game, apart from its seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The building.
    pub layout: Layout,
    /// Difficulty.
    pub difficulty: Difficulty,
    /// Setup mode.
    pub setup: SetupMode,
    /// Player names in seat order (1 to 8).
    pub players: Vec<String>,
}

/// A Labscape position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) layout: Arc<Layout>,
    pub(crate) difficulty: Difficulty,
    pub(crate) phase: Phase,
    pub(crate) floor: usize,
    pub(crate) keys: u32,
    pub(crate) watermark: u32,
    pub(crate) limit: Option<u32>,
    pub(crate) exit: Option<Cell>,
    pub(crate) robot: Option<Cell>,
    pub(crate) players: Vec<Player>,
    pub(crate) floors: Vec<Option<Board>>,
    pub(crate) dice: Dice,
}

/// Dawn for a building size, player count and difficulty, in integers (rules §10):
/// `ceil(2X × 7 × modules / (2 × players))`.
pub fn dawn_for(rules: &Rules, modules: usize, players: usize, difficulty: Difficulty) -> u32 {
    let num = u64::from(rules.dawn_twice_x[difficulty.index()])
        * u64::from(rules.keys_per_module)
        * modules as u64;
    let den = 2 * players.max(1) as u64;
    num.div_ceil(den) as u32
}

/// The largest arrival number the notation can hold (a signed 64-bit number).
pub(crate) const MAX_ARRIVAL: u64 = i64::MAX as u64;

impl Position {
    /// The rules in force.
    pub fn rules(&self) -> &'static Rules {
        &STANDARD
    }
    /// The building.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    /// Difficulty.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }
    /// Phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The floor in play (during draft setup: the floor being built).
    pub fn floor(&self) -> usize {
        self.floor
    }
    /// The group's keys.
    pub fn keys(&self) -> u32 {
        self.keys
    }
    /// The robot trigger watermark.
    pub fn watermark(&self) -> u32 {
        self.watermark
    }
    /// The floor's limit marker, once someone exited.
    pub fn limit(&self) -> Option<u32> {
        self.limit
    }
    /// The current floor's exit.
    pub fn exit(&self) -> Option<Cell> {
        self.exit
    }
    /// The robot's cell.
    pub fn robot(&self) -> Option<Cell> {
        self.robot
    }
    /// Players in seat order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    /// One player.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }
    /// Seats, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }
    /// Floor `i`, unless removed.
    pub fn board(&self, i: usize) -> Option<&Board> {
        self.floors.get(i).and_then(Option::as_ref)
    }
    /// The floor in play.
    pub fn current_board(&self) -> &Board {
        self.floors[self.floor]
            .as_ref()
            .expect("the floor in play is never removed")
    }
    /// The game's dice (scripted values and generator state).
    pub fn dice(&self) -> &Dice {
        &self.dice
    }
    /// Dawn, T.
    pub fn dawn(&self) -> u32 {
        dawn_for(
            self.rules(),
            self.layout.module_count(),
            self.players.len(),
            self.difficulty,
        )
    }
    /// Keys the group must hold to exit the current floor.
    pub fn keys_needed(&self) -> u32 {
        self.rules().keys_per_module * self.layout.modules_from(self.floor) as u32
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Whose turn it is: the placer in draft setup; in play the acting player with the
    /// lowest time, ties to whoever arrived on that square first (rules §6).
    pub fn active(&self) -> Option<Seat> {
        match self.phase {
            Phase::Setup(d) => Some(d.placer),
            Phase::Over => None,
            Phase::Play => self
                .seats()
                .filter(|s| self.player(*s).status == Status::Acting)
                .min_by_key(|s| {
                    let p = self.player(*s);
                    (p.time, p.arrival, s.0)
                }),
        }
    }

    /// Seats of acting players standing in `cell`.
    pub fn acting_in(&self, cell: Cell) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(move |s| {
            let p = self.player(*s);
            p.status == Status::Acting && p.cell == Some(cell)
        })
    }

    /// The outcome, once over: who escaped and the top forager(s).
    pub fn outcome(&self) -> Option<(Vec<Seat>, Vec<Seat>)> {
        if !self.is_over() {
            return None;
        }
        let escaped: Vec<Seat> = self
            .seats()
            .filter(|s| self.player(*s).status == Status::Escaped)
            .collect();
        let best = escaped.iter().map(|s| self.player(*s).food).max();
        let top = escaped
            .iter()
            .copied()
            .filter(|s| Some(self.player(*s).food) == best)
            .collect();
        Some((escaped, top))
    }

    /// The arrival number of a marker that moves now: above every other.
    ///
    /// The notation writes arrivals as signed 64-bit numbers and only their order matters;
    /// when the largest one read from a position leaves no room above it, the arrivals are
    /// first renumbered 0, 1, … in the same order, so every position written can be read
    /// back.
    pub(crate) fn next_arrival(&mut self) -> u64 {
        let top = self.players.iter().map(|p| p.arrival).max().unwrap_or(0);
        if top >= MAX_ARRIVAL {
            let mut order: Vec<usize> = (0..self.players.len()).collect();
            order.sort_by_key(|&i| (self.players[i].arrival, i));
            for (rank, i) in order.into_iter().enumerate() {
                self.players[i].arrival = rank as u64;
            }
        }
        self.players
            .iter()
            .map(|p| p.arrival + 1)
            .max()
            .unwrap_or(0)
    }

    /// Sets a player's time; a marker that moves goes on top of its new square's stack.
    pub(crate) fn set_time(&mut self, seat: Seat, time: u32) {
        if self.players[seat.index()].time != time {
            let arrival = self.next_arrival();
            let p = &mut self.players[seat.index()];
            p.time = time;
            p.arrival = arrival;
        }
    }

    pub(crate) fn add_time(&mut self, seat: Seat, delta: i64) {
        let t = (i64::from(self.player(seat).time) + delta).clamp(0, i64::from(u32::MAX));
        self.set_time(seat, t as u32);
    }

    pub(crate) fn board_mut(&mut self) -> &mut Board {
        self.floors[self.floor]
            .as_mut()
            .expect("the floor in play is never removed")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawn_uses_exact_integer_arithmetic() {
        let r = &STANDARD;
        assert_eq!(dawn_for(r, 1, 2, Difficulty::Easy), 21);
        assert_eq!(dawn_for(r, 9, 4, Difficulty::Hard), 71);
        // [D12]: 5 modules, 5 players, easy: 6 × 35 / 5 = 42 exactly (the seed printed 43).
        assert_eq!(dawn_for(r, 5, 5, Difficulty::Easy), 42);
        // Spot checks against the seed's tables (medium, impossible).
        assert_eq!(dawn_for(r, 1, 2, Difficulty::Medium), 18);
        assert_eq!(dawn_for(r, 3, 2, Difficulty::Medium), 53);
        assert_eq!(dawn_for(r, 5, 3, Difficulty::Medium), 59);
        assert_eq!(dawn_for(r, 9, 6, Difficulty::Medium), 53);
        assert_eq!(dawn_for(r, 5, 2, Difficulty::Hard), 79);
        assert_eq!(dawn_for(r, 7, 3, Difficulty::Hard), 74);
        assert_eq!(dawn_for(r, 8, 3, Difficulty::Impossible), 75);
        assert_eq!(dawn_for(r, 1, 6, Difficulty::Impossible), 5);
        assert_eq!(dawn_for(r, 1, 1, Difficulty::Medium), 35);
    }

    #[test]
    fn names_read_back() {
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::from_name(d.name()), Some(d));
        }
        assert_eq!(Difficulty::from_name("HARD"), Some(Difficulty::Hard));
        assert_eq!(Difficulty::from_name("brutal"), None);
        for s in [
            Status::Acting,
            Status::Exited,
            Status::TimedOut,
            Status::Escaped,
            Status::Out,
        ] {
            assert_eq!(Status::from_name(s.name()), Some(s));
        }
    }
}
