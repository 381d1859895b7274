//! Actions in their notation (§6) and the refusals a player reads (§11.3).
//!
//! Reading is two stages, as in shakmaty's SAN: [`parse`] decides whether the text is one
//! of the forms of §6 at all (else `unreadable`); whether the action is legal now is the
//! position's business (`super::legal`), which says why not with an [`Illegal`].

use std::fmt;

use thiserror::Error;

use super::{
    board::{Cell, Dir, Line, Rot},
    items::{Artifact, Hero},
};
use crate::game::{Refusal as RefusalTrait, Seat};

/// How a step is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `move`: through an open passage, 1 AP.
    Move,
    /// `ghost`: through a closed passage with the Spectre Map, 2 AP.
    Ghost,
    /// `dig`: through a closed passage, the Digger, 4 AP.
    Dig,
}

impl Step {
    /// The word.
    pub fn word(self) -> &'static str {
        match self {
            Step::Move => "move",
            Step::Ghost => "ghost",
            Step::Dig => "dig",
        }
    }
}

/// How a step onto the Hydra's tile is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Approach {
    /// Plainly: a fight.
    Plain,
    /// `dodge`: trying to slip past, 1 AP more.
    Dodge,
    /// `blade`: the Threshold Blade wins the fight, 1 AP more.
    Blade,
}

/// One action (§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `move D`, `ghost D`, `dig D`, each with an optional `dodge` or `blade`.
    Step {
        /// Which kind of step.
        step: Step,
        /// Where to.
        dir: Dir,
        /// Onto the Hydra's tile: how.
        approach: Approach,
    },
    /// `explore CELL`.
    Explore(Cell),
    /// `steal N`.
    Steal(Seat),
    /// `use gem`.
    UseGem,
    /// `use bell`.
    UseBell,
    /// `use ring L`.
    UseRing(Line),
    /// `use mask N`.
    UseMask(Seat),
    /// `weave R`.
    Weave(Rot),
    /// `provoke`.
    Provoke,
    /// `end`.
    End,
    /// `scream L D R`.
    Scream(Line, Dir, Rot),
    /// `drop NAME`.
    Drop(Artifact),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Step {
                step,
                dir,
                approach,
            } => {
                write!(f, "{} {dir}", step.word())?;
                match approach {
                    Approach::Plain => Ok(()),
                    Approach::Dodge => f.write_str(" dodge"),
                    Approach::Blade => f.write_str(" blade"),
                }
            }
            Action::Explore(c) => write!(f, "explore {c}"),
            Action::Steal(n) => write!(f, "steal {n}"),
            Action::UseGem => f.write_str("use gem"),
            Action::UseBell => f.write_str("use bell"),
            Action::UseRing(l) => write!(f, "use ring {l}"),
            Action::UseMask(n) => write!(f, "use mask {n}"),
            Action::Weave(r) => write!(f, "weave {r}"),
            Action::Provoke => f.write_str("provoke"),
            Action::End => f.write_str("end"),
            Action::Scream(l, d, r) if r.is_zero() => write!(f, "scream {l} {d}"),
            Action::Scream(l, d, r) => write!(f, "scream {l} {d} {r}"),
            Action::Drop(a) => write!(f, "drop {a}"),
        }
    }
}

/// Reads an action (§6 "Reading an action"): case and extra spaces free, directions in
/// full, rotation 0 written or not. `seats` bounds seat numbers.
///
/// # Errors
/// [`Refusal::Unreadable`] for text that is none of the forms.
pub fn parse(text: &str, seats: usize) -> Result<Action, Refusal> {
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let unreadable = || Refusal::Unreadable(clip(text.trim()));
    let seat = |w: &str| {
        w.parse::<u8>()
            .ok()
            .filter(|n| usize::from(*n) < seats)
            .map(Seat)
    };
    let action = match words.as_slice() {
        [w @ ("move" | "ghost" | "dig"), d, rest @ ..] => {
            let step = match *w {
                "move" => Step::Move,
                "ghost" => Step::Ghost,
                _ => Step::Dig,
            };
            let approach = match rest {
                [] => Approach::Plain,
                ["dodge"] => Approach::Dodge,
                ["blade"] => Approach::Blade,
                _ => return Err(unreadable()),
            };
            Action::Step {
                step,
                dir: Dir::parse(d).ok_or_else(unreadable)?,
                approach,
            }
        }
        ["explore", c] => Action::Explore(Cell::parse(c).ok_or_else(unreadable)?),
        ["steal", n] => Action::Steal(seat(n).ok_or_else(unreadable)?),
        ["use", "gem"] => Action::UseGem,
        ["use", "bell"] => Action::UseBell,
        ["use", "ring", l] => Action::UseRing(Line::parse(l).ok_or_else(unreadable)?),
        ["use", "mask", n] => Action::UseMask(seat(n).ok_or_else(unreadable)?),
        ["weave", r] => match Rot::parse(r) {
            Some(r) if !r.is_zero() => Action::Weave(r),
            _ => return Err(unreadable()),
        },
        ["provoke"] => Action::Provoke,
        ["end"] => Action::End,
        ["scream", l, d, rest @ ..] => {
            let line = Line::parse(l).ok_or_else(unreadable)?;
            let dir = Dir::parse(d)
                .filter(|d| line.has_end(*d))
                .ok_or_else(unreadable)?;
            let rot = match rest {
                [] => Rot::ZERO,
                [r] => Rot::parse(r).ok_or_else(unreadable)?,
                _ => return Err(unreadable()),
            };
            Action::Scream(line, dir, rot)
        }
        ["drop", a] => Action::Drop(Artifact::parse(a).ok_or_else(unreadable)?),
        _ => return Err(unreadable()),
    };
    Ok(action)
}

fn clip(s: &str) -> String {
    let mut c: String = s.chars().take(40).collect();
    if c.len() < s.len() {
        c.push('…');
    }
    c
}

/// What an action is called in a refusal ("stealing costs 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// A step (`move`, `ghost`, `dig`, with or without `dodge`/`blade`).
    Step(Step),
    /// `explore`.
    Explore,
    /// `steal`.
    Steal,
    /// `use`.
    Use(Artifact),
    /// `weave`.
    Weave,
    /// `provoke`.
    Provoke,
}

impl fmt::Display for Doing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Doing::Step(Step::Move) => f.write_str("this move"),
            Doing::Step(Step::Ghost) => f.write_str("a ghost step"),
            Doing::Step(Step::Dig) => f.write_str("digging"),
            Doing::Explore => f.write_str("exploring"),
            Doing::Steal => f.write_str("stealing"),
            Doing::Use(a) => write!(f, "using the {a}"),
            Doing::Weave => f.write_str("weaving"),
            Doing::Provoke => f.write_str("provoking"),
        }
    }
}

/// A choice that can be owed in the middle of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// `scream L D R`.
    Scream,
    /// `drop NAME`.
    Drop,
}

impl fmt::Display for Owed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Owed::Scream => "Scream",
            Owed::Drop => "drop",
        })
    }
}

/// Why a readable action cannot be played now (code `illegal`). Each names only what the
/// acting seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Illegal {
    /// Not enough AP.
    #[error("you have {have} action point{} left; {doing} costs {need}", if *have == 1 { "" } else { "s" })]
    NoAp {
        /// AP left.
        have: u8,
        /// The price.
        need: u8,
        /// What was tried.
        doing: Doing,
    },
    /// A drop is owed first.
    #[error("you lost the fight: first choose the artifact you drop (drop NAME)")]
    DropOwed,
    /// A Scream is owed first.
    #[error("your Scream is owed first: scream LINE END [ROTATION]")]
    ScreamOwed,
    /// `scream` or `drop` with nothing owed.
    #[error("no {0} is owed now")]
    NothingOwed(Owed),
    /// After a won fight.
    #[error("after a won fight you may only step off the Hydra's tile (move) or end")]
    AfterWin,
    /// The step off onto a face-up hazard.
    #[error("{0} holds a face-up hazard: the step off the Hydra's tile must be safe")]
    UnsafeStep(Cell),
    /// Off the board.
    #[error("{cell} has no neighbour to the {}", dir_word(*dir))]
    OffBoard {
        /// From.
        cell: Cell,
        /// Towards.
        dir: Dir,
    },
    /// A wall.
    #[error("a wall stands between {from} and {to}")]
    Wall {
        /// From.
        from: Cell,
        /// To.
        to: Cell,
    },
    /// `ghost`/`dig` through an open passage.
    #[error("the passage from {from} to {to} is open: just move")]
    PassageOpen {
        /// From.
        from: Cell,
        /// To.
        to: Cell,
    },
    /// After collecting, no more steps this turn.
    #[error("you collected this turn: no more moves until your next turn")]
    Collected,
    /// The Portal needs 3 artifacts.
    #[error("the Portal opens only to an adventurer holding 3 artifacts; you hold {0}")]
    PortalNeedsThree(usize),
    /// `no-fight`.
    #[error("you lost a fight on your last turn: you may not enter the Hydra's tile this turn")]
    NoFight,
    /// `dodge`/`blade` not onto the Hydra's tile.
    #[error("{0} is not the Hydra's tile: dodge and blade are for entering it")]
    NotTheHydra(Cell),
    /// Holding no such artifact.
    #[error("you do not hold the {0}")]
    NotHolding(Artifact),
    /// Another adventurer's ability.
    #[error("only the {0} can do that")]
    NotYourHero(Hero),
    /// `dig` or `weave` twice.
    #[error("you can do that once per turn")]
    OncePerTurn,
    /// `explore` too far.
    #[error("{0} is not next to your cell")]
    NotNextTo(Cell),
    /// `explore` where nothing lies face down.
    #[error("no face-down token lies on {0}")]
    NoToken(Cell),
    /// `explore` what is known.
    #[error("you already know the token on {0}")]
    AlreadySeen(Cell),
    /// Acting on oneself.
    #[error("you cannot do that to yourself")]
    Yourself,
    /// Theft out of reach.
    #[error("seat {0} is out of your reach")]
    OutOfReach(Seat),
    /// Theft from an empty hand.
    #[error("seat {0} holds no artifact")]
    EmptyHanded(Seat),
    /// The Mask on one's own tile.
    #[error("seat {0} stands on your tile")]
    SameTile(Seat),
    /// `weave` that changes nothing.
    #[error("turning your tile by {0} would not change its walls")]
    NoChange(Rot),
    /// `weave` by a turn that lays the tile as a smaller one does.
    #[error("turning your tile by {rot} lays it as turning it by {same} does: weave {same}")]
    SameTurn {
        /// Asked.
        rot: Rot,
        /// The smaller turn with the same walls.
        same: Rot,
    },
    /// A pinned line.
    #[error("line {0} is pinned by the Gravity Ring")]
    Pinned(Line),
}

fn dir_word(d: Dir) -> &'static str {
    match d {
        Dir::N => "north",
        Dir::E => "east",
        Dir::S => "south",
        Dir::W => "west",
    }
}

/// Why an action is refused (§11.3: `game-over`, `not-your-turn`, `unreadable`,
/// `illegal`; `view` for playing on a view, which lacks what the rules would reveal).
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
    #[error(
        "“{0}” is not an action: write move n, explore b4, steal 1, use gem, weave 90, \
         provoke, end, scream 3 e 90 or drop gem"
    )]
    Unreadable(String),
    /// Readable but not legal now.
    #[error("{0}")]
    Illegal(Illegal),
    /// A view cannot be played on.
    #[error("this is a view of the game: only the whole position can be played")]
    View,
}

impl RefusalTrait for Refusal {
    fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn { .. } => "not-your-turn",
            Refusal::Unreadable(_) => "unreadable",
            Refusal::Illegal(_) => "illegal",
            Refusal::View => "view",
        }
    }
}

impl From<Illegal> for Refusal {
    fn from(i: Illegal) -> Refusal {
        Refusal::Illegal(i)
    }
}
