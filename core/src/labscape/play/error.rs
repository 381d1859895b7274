//! Why an action was refused ([`ActionError`], with its stable code) and the hint that
//! explains a refused wall rotation ([`RotationHint`]).

use thiserror::Error;

use crate::labscape::{
    action::MAX_WAIT,
    geometry::{Cell, Wall},
};

/// Why an action was refused. Every message names what is wrong in a player's terms.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A play action while the building is still being drafted.
    #[error(
        "the building is still being set up: place a wall (wall A1:SE), an item (item A1 key) or autofill"
    )]
    InSetup,
    /// A placement outside draft setup.
    #[error("walls and items are placed only while drafting the building; the game is under way")]
    NotInSetup,
    /// No such seat.
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(u8),
    /// Someone else's turn.
    #[error("it is {active}'s turn, not {player}'s")]
    NotYourTurn {
        /// Who tried.
        player: String,
        /// Whose turn it is.
        active: String,
    },
    /// A step runs into a wall.
    #[error("step {step} ({dir}) from {from} runs into the wall {wall}; nothing moved")]
    BlockedByWall {
        /// 1-based step number.
        step: usize,
        /// Direction name.
        dir: &'static str,
        /// Cell the step starts from.
        from: Cell,
        /// The wall.
        wall: Wall,
    },
    /// A step leaves the floor.
    #[error("step {step} ({dir}) from {from} would leave the floor; nothing moved")]
    OffFloor {
        /// 1-based step number.
        step: usize,
        /// Direction name.
        dir: &'static str,
        /// Cell the step starts from.
        from: Cell,
    },
    /// A target cell not on this floor.
    #[error("{0} is not a cell of this floor")]
    NoSuchCell(Cell),
    /// Moving to where one stands.
    #[error("you are already on {0}")]
    AlreadyThere(Cell),
    /// No path to the target.
    #[error("{to} cannot be reached from {from}: walls are in the way")]
    Unreachable {
        /// Start.
        from: Cell,
        /// Target.
        to: Cell,
    },
    /// Rolling or rotating on the robot's cell.
    #[error("you cannot {what} on the robot's cell ({cell}); move away first")]
    OnRobot {
        /// "search" or "rotate a wall".
        what: &'static str,
        /// The cell.
        cell: Cell,
    },
    /// A spent special cell or an empty cell.
    #[error("there is nothing left to search on {0}")]
    NothingToSearch(Cell),
    /// Not on the exit.
    #[error("you are on {at}; the exit is on {exit}")]
    NotOnExit {
        /// Where the player is.
        at: Cell,
        /// The exit.
        exit: Cell,
    },
    /// Too few keys to exit.
    #[error("the group holds {have} keys and needs {need} to leave this floor: {missing} missing")]
    NotEnoughKeys {
        /// Keys held.
        have: u32,
        /// Keys needed.
        need: u32,
        /// Keys missing.
        missing: u32,
    },
    /// `from` is not a wall on this floor.
    #[error("there is no wall {0} on this floor")]
    NoSuchWall(Wall),
    /// `to` is not a result of rotating `from` from where the player stands.
    #[error("{from} cannot be turned into {to} from {at}{hint}")]
    NotARotation {
        /// The wall.
        from: Wall,
        /// The asked result.
        to: Wall,
        /// Where the player stands.
        at: Cell,
        /// Extra explanation.
        hint: RotationHint,
    },
    /// The rotated wall would share an edge.
    #[error("{to} would overlap the wall {other}")]
    WallOverlaps {
        /// The asked result.
        to: Wall,
        /// The wall in the way.
        other: Wall,
    },
    /// The rotated wall would stick out of the floor's modules.
    #[error("{0} would stick out of the floor")]
    WallOffFloor(Wall),
    /// The rotation would leave the robot no path to any player.
    #[error(
        "moving {from} to {to} would shut the robot off from every player, which the rules forbid"
    )]
    CutsRobotOff {
        /// The wall.
        from: Wall,
        /// The asked result.
        to: Wall,
    },
    /// A wait outside 1..=MAX_WAIT minutes.
    #[error("you can wait 1 to {MAX_WAIT} minutes, not {0}")]
    BadWait(u32),
    /// Draft: a cell that already holds an item.
    #[error("{cell} already holds {item}")]
    CellTaken {
        /// The cell.
        cell: Cell,
        /// What it holds.
        item: &'static str,
    },
    /// Draft: a wall that overlaps another.
    #[error("the wall {wall} would overlap the wall {other}")]
    PlacementOverlaps {
        /// The wall.
        wall: Wall,
        /// The wall in the way.
        other: Wall,
    },
    /// Draft: a wall or item off the floor being built.
    #[error("{0} is not on floor {1}, the floor being built")]
    NotOnBuildingFloor(String, usize),
}

/// Why a wall cannot be turned as asked, beyond "not from here".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RotationHint {
    /// The wall has no vertex on a corner of the player's cell (and maybe no wall does).
    NoVertex {
        /// The player's cell.
        at: Cell,
        /// Whether some wall has a vertex there.
        any_wall: bool,
    },
    /// It touches the cell, but not this way: how rotations work.
    HowWallsTurn,
    /// The player may also turn walls from a neighbouring cell.
    OrNeighbour,
}

impl std::fmt::Display for RotationHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RotationHint::NoVertex { at, any_wall } => write!(
                f,
                ": it has no vertex on a corner of {at}{}",
                if *any_wall { "" } else { " (no wall does)" }
            ),
            RotationHint::HowWallsTurn => f.write_str(
                ": it can turn 90°, 180° or 270° about a vertex on your cell's corner, or, if it closes two sides of your cell, move to another corner of it",
            ),
            RotationHint::OrNeighbour => f.write_str(" or a cell next to it"),
        }
    }
}

impl ActionError {
    /// A stable machine-readable code (kebab-case), for the command line and the bot.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::GameOver => "game-over",
            ActionError::InSetup => "in-setup",
            ActionError::NotInSetup => "not-in-setup",
            ActionError::NoSuchSeat(_) => "no-such-seat",
            ActionError::NotYourTurn { .. } => "not-your-turn",
            ActionError::BlockedByWall { .. } => "blocked-by-wall",
            ActionError::OffFloor { .. } => "off-floor",
            ActionError::NoSuchCell(_) => "no-such-cell",
            ActionError::AlreadyThere(_) => "already-there",
            ActionError::Unreachable { .. } => "unreachable",
            ActionError::OnRobot { .. } => "on-robot",
            ActionError::NothingToSearch(_) => "nothing-to-search",
            ActionError::NotOnExit { .. } => "not-on-exit",
            ActionError::NotEnoughKeys { .. } => "not-enough-keys",
            ActionError::NoSuchWall(_) => "no-such-wall",
            ActionError::NotARotation { .. } => "not-a-rotation",
            ActionError::WallOverlaps { .. } => "wall-overlaps",
            ActionError::WallOffFloor(_) => "wall-off-floor",
            ActionError::CutsRobotOff { .. } => "cuts-robot-off",
            ActionError::BadWait(_) => "bad-wait",
            ActionError::CellTaken { .. } => "cell-taken",
            ActionError::PlacementOverlaps { .. } => "wall-overlaps",
            ActionError::NotOnBuildingFloor(..) => "not-on-building-floor",
        }
    }
}
