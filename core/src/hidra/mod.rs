//! Labirinto da Hidra, `../shared/rules/hidra.md`: two to four adventurers in a 5×5 maze
//! of square tiles that slides whenever the Hydra screams. Hold 3 artifacts, then step onto
//! the Escape Portal.
//!
//! The module follows the rules file by concern:
//! - [`board`]: cells, lines, tiles with their walls, the slide (§2.1, §3, §7.2);
//! - [`items`]: hazards, artifacts, adventurers, the tuned numbers, [`Secret`] (§2, §13);
//! - [`action`]: the notation of actions and the refusals (§6, §11.3);
//! - `legal`: what is legal now and what it costs (§6);
//! - `play`: how actions resolve, turns, rounds, Screams, the bank (§5, §7, §8);
//! - `setup`: options and the seeded setup (§4);
//! - `notation`: the position document, read with every problem listed (§11);
//! - `view`: what each seat may see (§9);
//! - `policy`: computer players, deciding from their seat's view.
//!
//! Where the rules file is silent the module decides, and says so here:
//! - **Distance from the Portal** for the Hydra's push (§8.4) counts steps along files and
//!   ranks (cells on the way, walls not counted, like the push itself).
//! - **One pin at a time** (the notation's `pins` holds at most one): a Ring used while
//!   another seat's pin holds ends that pin first (`unpinned`, then `pinned`). A Ring is
//!   never wasted.
//! - **The Blade** is spent as the step is taken: `used blade` comes right after `moved`,
//!   before the fight's `combat` (without dice).
//! - **The step off** after a won fight is a plain `move` (not `ghost` or `dig`); it ends
//!   the turn whatever it enters.
//! - **A game without a winner** ranks every seat first, finish `no-winner`: nobody
//!   escaped, nobody did better.
//! - **`heroes` without `players`** seats as many players as adventurers named.
//! - **A weave** is written with the smallest turn that lays the tile (§6 "only 90 on
//!   `I`"): `weave 270` on a corridor is refused, naming `weave 90`.
//! - **Collecting on the Hydra's tile** does not set `collected` (E5's `flags` `["won"]`).
//!   The players' page, `docs/rules/hidra.md`, lists these decisions too.
//! - Playing on a **view** (which has no dice) is refused with the code `view`.

pub mod action;
pub mod board;
mod event;
pub mod items;
mod legal;
mod notation;
mod play;
mod policy;
mod setup;
#[cfg(test)]
mod tests;
mod view;

use std::ops::RangeInclusive;

pub use action::{Action, Approach, Doing, Illegal, Owed, Refusal, Step};
pub use board::{Board, Cell, Chamber, Dir, Line, Rot, Sides, Tile, TileKind};
pub use event::{EndReason, Event, MovedBy, Sighted};
pub use items::{Artifact, Face, Hazard, Hero, Secret, Token, TokenName};
pub use setup::{Defence, Settings};

use crate::{
    game::{Game, NewGameError, Outcome, Placing, PositionError, Reason, Seat, SettingsError},
    labscape::Dice,
    value::Value,
    view::{Audience, View},
};

/// The notation's format tag.
pub const FORMAT: &str = "hidra-position/1";

/// The options that shape play, kept in the position (`rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The Hydra's defence.
    pub defence: Defence,
    /// The Hydra's own Scream after every Nth round (1–10).
    pub hydra_every: u8,
    /// The last round (5–200).
    pub rounds: u8,
}

/// One adventurer at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Who.
    pub hero: Hero,
    /// Where.
    pub cell: Cell,
    /// The hand, in the order taken.
    pub artifacts: Vec<Secret<Artifact>>,
    /// The face-down tokens this seat knows.
    pub seen: Vec<Secret<TokenName>>,
    /// AP fewer next turn.
    pub penalty: u8,
    /// The next turn is lost.
    pub skip: bool,
    /// May not enter the Hydra's tile next turn.
    pub no_fight: bool,
}

/// This turn's marks (§11.1 `flags`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Flags {
    /// Artifacts collected by entering: no more steps.
    pub collected: bool,
    /// `dig` made.
    pub dug: bool,
    /// `weave` made.
    pub wove: bool,
    /// The Echo Amulet is spent.
    pub echo: bool,
    /// A fight won: step off or end.
    pub won: bool,
    /// A fight lost last turn: the Hydra's tile is closed.
    pub no_fight: bool,
}

/// Choices owed now, in the one order they come: the drop, the seat's Scream, the Hydra's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pending {
    /// A drop after a lost fight.
    pub drop: bool,
    /// The seat's Scream.
    pub scream: bool,
    /// The Hydra's own Scream (the Stalactites), made right after the seat's.
    pub hydra: bool,
}

impl Pending {
    /// Whether nothing is owed.
    pub fn is_empty(self) -> bool {
        !(self.drop || self.scream || self.hydra)
    }
}

/// A pinned line and whose pin it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pin {
    /// The line.
    pub line: Line,
    /// Whose.
    pub seat: Seat,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    /// Who won, if anyone.
    pub winner: Option<Seat>,
    /// Why.
    pub reason: EndReason,
}

/// A position: the whole truth, or (with names [`Secret::Hidden`] and no dice) a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    rules: Rules,
    board: Board,
    tokens: Vec<Token>,
    bank: Vec<Secret<Artifact>>,
    emptied: Vec<Chamber>,
    used: Vec<Artifact>,
    players: Vec<Player>,
    first: Seat,
    round: u8,
    to_move: Seat,
    ap: u8,
    flags: Flags,
    pending: Pending,
    calm: u8,
    pin: Option<Pin>,
    /// `None` in a view.
    dice: Option<Dice>,
    result: Option<End>,
}

impl Position {
    /// The options that shape play.
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The maze.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Every token on the board, in cell order.
    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }
    /// The tokens on `cell`.
    pub fn tokens_on(&self, cell: Cell) -> impl Iterator<Item = &Token> {
        self.tokens.iter().filter(move |t| t.cell == cell)
    }
    /// The bank, next refill first.
    pub fn bank(&self) -> &[Secret<Artifact>] {
        &self.bank
    }
    /// Emptied chambers, oldest first.
    pub fn emptied(&self) -> &[Chamber] {
        &self.emptied
    }
    /// Artifacts used up.
    pub fn used(&self) -> &[Artifact] {
        &self.used
    }
    /// The adventurers, by seat.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    /// The seat that opens every round.
    pub fn first(&self) -> Seat {
        self.first
    }
    /// The round.
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The seat whose turn it is (once over: the seat that acted last).
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// AP left this turn.
    pub fn ap(&self) -> u8 {
        self.ap
    }
    /// This turn's marks.
    pub fn flags(&self) -> Flags {
        self.flags
    }
    /// Choices owed.
    pub fn pending(&self) -> Pending {
        self.pending
    }
    /// Screams still to be cancelled.
    pub fn calm(&self) -> u8 {
        self.calm
    }
    /// The pin, if any.
    pub fn pin(&self) -> Option<Pin> {
        self.pin
    }
    /// How the game ended.
    pub fn result(&self) -> Option<End> {
        self.result
    }
    /// Whether `line` is pinned.
    pub fn pinned(&self, line: Line) -> bool {
        self.pin.is_some_and(|p| p.line == line)
    }
    /// How many artifacts `seat` holds (public).
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.players[seat.index()].artifacts.len()
    }
    /// Whether `seat` holds `a` (as far as this position knows).
    pub fn holds(&self, seat: Seat, a: Artifact) -> bool {
        self.players[seat.index()].artifacts.iter().any(|h| h.is(a))
    }
    /// Artifacts still in the game (10 less those used up).
    pub fn artifacts_left(&self) -> usize {
        Artifact::ALL.len() - self.used.len()
    }
    /// The names of what `seat` may not know now (hidra.md §9): the face-down tokens it
    /// has not seen, the other hands' artifacts and the bank's; nothing once the game is
    /// over. What a test checks no text for that seat holds.
    pub fn hidden_from(&self, seat: Seat) -> Vec<&'static str> {
        if self.is_over() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for t in &self.tokens {
            if let Face::Down(Secret::Known(name)) = t.face
                && !self.has_seen(seat, t)
            {
                out.push(name.id());
            }
        }
        for (i, pl) in self.players.iter().enumerate() {
            if i != seat.index() {
                out.extend(
                    pl.artifacts
                        .iter()
                        .filter_map(|a| a.known().map(|a| a.id())),
                );
            }
        }
        out.extend(self.bank.iter().filter_map(|a| a.known().map(|a| a.id())));
        out
    }
    /// Whether `seat` knows the face-down token `t`.
    pub fn has_seen(&self, seat: Seat, t: &Token) -> bool {
        match t.face {
            Face::Down(Secret::Known(n)) => self.players[seat.index()].seen.iter().any(|s| s.is(n)),
            _ => false,
        }
    }
    /// Whether `thief` can reach `victim` for a theft: the same cell, or (the Rogue) a
    /// neighbouring cell through an open passage.
    pub fn within_reach(&self, thief: Seat, victim: Seat) -> bool {
        let (a, b) = (
            self.players[thief.index()].cell,
            self.players[victim.index()].cell,
        );
        if a == b {
            return true;
        }
        self.players[thief.index()].hero == Hero::Rogue
            && a.neighbours()
                .any(|(d, c)| c == b && self.board.open(a, d) == Some(true))
    }
    /// Whether this is a view (it has no dice to play with).
    pub fn is_view(&self) -> bool {
        self.dice.is_none()
    }
    /// The AP an action costs if legal now.
    ///
    /// # Errors
    /// Why it is not legal.
    pub fn cost(&self, action: &Action) -> Result<u8, Illegal> {
        legal::check(self, action)
    }
    fn reason(&self) -> Option<Reason> {
        let end = self.result?;
        Some(match (end.reason, end.winner) {
            (EndReason::Portal, Some(w)) => Reason::new(
                "portal",
                [("seat", w.to_string())],
                format!("seat {w} escaped through the Portal with 3 artifacts"),
            ),
            (EndReason::TooFewArtifacts, _) | (EndReason::Portal, None) => Reason::new(
                "too-few-artifacts",
                [],
                "fewer than 3 artifacts are left in the game: nobody can escape",
            ),
            (EndReason::RoundLimit, _) => Reason::new(
                "round-limit",
                [("rounds", self.rules.rounds.to_string())],
                format!("round {} is over and nobody escaped", self.rules.rounds),
            ),
        })
    }
}

impl Game for Position {
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Doc = Value;

    const OPTIONS: &'static [&'static str] = setup::OPTIONS;
    const POLICIES: &'static [&'static str] = &["random", "easy", "strong"];
    const DEFAULT_POLICY: &'static str = "strong";

    fn settings(options: &[(String, String)]) -> Result<Settings, SettingsError> {
        setup::settings(options)
    }
    fn options(settings: &Settings) -> Vec<(&'static str, String)> {
        setup::options(settings)
    }
    fn seats(settings: &Settings) -> RangeInclusive<usize> {
        settings.players..=settings.players
    }
    fn new_game(
        settings: &Settings,
        players: &[String],
        seed: &str,
    ) -> Result<(Position, Vec<Event>), NewGameError> {
        if players.len() != settings.players {
            return Err(NewGameError::Players {
                got: players.len(),
                min: settings.players,
                max: settings.players,
            });
        }
        Ok(setup::new_game(settings, seed))
    }
    fn to_move(&self) -> Option<Seat> {
        self.result.is_none().then_some(self.to_move)
    }
    fn seat_count(&self) -> usize {
        self.players.len()
    }
    fn legal_actions(&self) -> Vec<Action> {
        legal::legal(self)
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        action::parse(text, self.players.len())
    }
    fn play(&self, seat: Seat, action: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        play::play(self, action)
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
    fn outcome(&self) -> Option<Outcome> {
        let end = self.result?;
        let placings = (0..self.players.len() as u8)
            .map(Seat)
            .map(|seat| match end.winner {
                Some(w) if w == seat => Placing {
                    seat,
                    rank: 1,
                    finish: "won",
                },
                Some(_) => Placing {
                    seat,
                    rank: 2,
                    finish: "lost",
                },
                None => Placing {
                    seat,
                    rank: 1,
                    finish: "no-winner",
                },
            })
            .collect();
        Some(Outcome {
            placings,
            reason: self.reason().expect("over"),
        })
    }
    fn to_doc(&self) -> Value {
        notation::to_doc(self)
    }
    fn from_value(value: Value) -> Result<Position, PositionError> {
        notation::from_value(&value, None)
    }
    fn has_secrets(&self) -> bool {
        self.result.is_none()
    }
    fn mask(&self, audience: Audience) -> Position {
        view::mask(self, audience)
    }
    fn mask_events(&self, next: &Position, audience: Audience, events: &[Event]) -> Vec<Event> {
        view::mask_events(next, audience, events)
    }
    fn from_view_value(value: Value, audience: Audience) -> Result<View<Self>, PositionError> {
        notation::from_value(&value, Some(audience)).map(|p| View::masked(audience, p))
    }
    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Action> {
        policy::choose(view, policy, seed)
    }
}
