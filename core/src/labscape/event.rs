//! What happened: the typed events an action produces. They are the material of every chat
//! message, of the log and of the turn image's "last turn" overlay.

use serde::{Serialize, Serializer};

use super::{
    board::ItemKind,
    geometry::{Cell, Dir, Wall},
    rules::SpecialEffect,
};

pub use crate::game::Seat;

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Wall {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Dir {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for ItemKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Which table a roll used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Table {
    /// The search table, for keys (a key room).
    SearchKeys,
    /// The search table, for food (a food room).
    SearchFood,
    /// The special table.
    Special,
}

/// Why the robot moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum RobotCause {
    /// A trigger square (multiple of 7) was reached.
    Trigger {
        /// The square.
        mark: u32,
    },
    /// The special table's alarm test.
    AlarmTest,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The 2d6 draw for the first player: each round of rolls, then who starts.
    FirstPlayer {
        /// Each round: `(seat, dice)` of the players who rolled in it.
        rounds: Vec<Vec<(Seat, [u8; 2])>>,
        /// Who starts.
        seat: Seat,
    },
    /// Draft setup: a wall placed.
    WallPlaced {
        /// Who placed it.
        seat: Seat,
        /// The floor.
        floor: usize,
        /// The wall.
        wall: Wall,
    },
    /// Draft setup: an item token placed.
    ItemPlaced {
        /// Who placed it.
        seat: Seat,
        /// The floor.
        floor: usize,
        /// The cell.
        cell: Cell,
        /// The item.
        item: ItemKind,
    },
    /// Draft setup: the rest of a floor filled at random.
    Autofilled {
        /// Who asked.
        seat: Seat,
        /// The floor.
        floor: usize,
        /// Walls added.
        walls: Vec<Wall>,
        /// Items added.
        items: Vec<(Cell, ItemKind)>,
    },
    /// Draft setup: a floor is complete.
    FloorBuilt {
        /// The floor.
        floor: usize,
    },
    /// A floor is set up for play: start cells, exit and robot drawn (rules §5.4).
    FloorSetUp {
        /// The floor.
        floor: usize,
        /// Start cell of each acting player.
        starts: Vec<(Seat, Cell)>,
        /// The exit.
        exit: Cell,
        /// The robot.
        robot: Cell,
    },
    /// A player moved.
    Moved {
        /// Who.
        seat: Seat,
        /// Start cell.
        from: Cell,
        /// Steps taken.
        steps: Vec<Dir>,
        /// Every cell entered, in order (the last is where they stand).
        path: Vec<Cell>,
        /// Minutes spent.
        minutes: u32,
    },
    /// A player took a key token (+1 group key).
    KeyTaken {
        /// Who.
        seat: Seat,
        /// Where.
        cell: Cell,
    },
    /// A roll on the search or special table.
    Rolled {
        /// Who.
        seat: Seat,
        /// Where.
        cell: Cell,
        /// The two dice.
        dice: [u8; 2],
        /// Which table.
        table: Table,
        /// The attempt row used (search table), or the dice sum (special table).
        row: u32,
        /// The number found (search table; may be negative) or 0 (special table).
        result: i32,
        /// The special table entry's id, if any.
        special: Option<&'static str>,
        /// The special entry's effect, if any.
        effect: Option<SpecialEffect>,
        /// The change to the group's keys actually applied (after the floor at 0).
        keys_delta: i32,
        /// The change to the roller's food actually applied.
        food_delta: i32,
        /// The change to the roller's time from the table (not the roll's own minute).
        time_delta: i32,
    },
    /// A wall was rotated.
    WallRotated {
        /// Who.
        seat: Seat,
        /// Where it stood.
        from: Wall,
        /// Where it stands now.
        to: Wall,
    },
    /// A player waited.
    Waited {
        /// Who.
        seat: Seat,
        /// Minutes.
        minutes: u32,
    },
    /// A player left the floor (not the ground floor).
    Exited {
        /// Who.
        seat: Seat,
        /// The floor left.
        floor: usize,
    },
    /// A player left the building: they win.
    Escaped {
        /// Who.
        seat: Seat,
    },
    /// The first exit from a floor placed its limit marker.
    LimitSet {
        /// The floor.
        floor: usize,
        /// The marker's square.
        limit: u32,
    },
    /// The robot moved (possibly zero steps).
    RobotMoved {
        /// Why.
        #[serde(flatten)]
        cause: RobotCause,
        /// Where it started.
        from: Cell,
        /// Every cell entered.
        path: Vec<Cell>,
        /// The cell it was heading for, if any player was reachable.
        target: Option<Cell>,
    },
    /// The robot caught a player.
    Caught {
        /// Who.
        seat: Seat,
        /// Where (the robot's cell).
        at: Cell,
        /// Where they were carried off to.
        to: Cell,
        /// Minutes added.
        minutes: u32,
        /// Keys the group lost (after the floor at 0).
        keys_lost: u32,
    },
    /// A player's time reached the floor's limit marker.
    TimedOut {
        /// Who.
        seat: Seat,
        /// Their time.
        time: u32,
    },
    /// A player's time reached dawn: out of the game.
    CaughtAtDawn {
        /// Who.
        seat: Seat,
        /// Their time.
        time: u32,
    },
    /// A player who timed out on the ground floor is out.
    LeftBehind {
        /// Who.
        seat: Seat,
    },
    /// Nobody acts on the floor any more: it is removed.
    FloorEnded {
        /// The floor.
        floor: usize,
    },
    /// A player who timed out pays on the next floor: minutes and all their food.
    Penalized {
        /// Who.
        seat: Seat,
        /// Minutes added.
        minutes: u32,
        /// Food lost.
        food_lost: u32,
    },
    /// The robot's trigger watermark was reset for the new floor (rules §9).
    WatermarkReset {
        /// The new watermark.
        watermark: u32,
    },
    /// The game is over.
    GameOver {
        /// Who escaped (winners), in seat order.
        escaped: Vec<Seat>,
        /// The escaped player(s) carrying the most food.
        top_forager: Vec<Seat>,
    },
}
