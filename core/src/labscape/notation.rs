//! The public position notation (`position-format.md`, version 1) as plain data.
//!
//! [`PositionDoc`] mirrors the JSON exactly, with loose types (numbers as `i64`, names as
//! strings) so that reading it can report *every* problem in a player's terms instead of
//! stopping at the first type error. `core` only derives serde traits; the JSON text itself
//! is read and written by the caller (the bot), keeping `core` free of I/O formats.

use std::{collections::BTreeMap, sync::Arc};

use serde::{Deserialize, Serialize};

use super::{
    board::{Board, Item, UNREACHABLE},
    dice::Dice,
    event::Seat,
    geometry::{Cell, Wall},
    layout::Layout,
    position::{Difficulty, Draft, Phase, Player, Position, Status, dawn_for},
    rules::STANDARD,
};

/// The format tag.
pub const FORMAT: &str = "labscape-position/1";

/// One player in the notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerDoc {
    /// Display name.
    pub name: String,
    /// Cell, or null (draft setup; out of play).
    pub cell: Option<String>,
    /// Minutes.
    pub time: i64,
    /// Food.
    #[serde(default)]
    pub food: i64,
    /// Status name.
    pub status: String,
    /// Consecutive rolls in the current cell.
    #[serde(default)]
    pub search: i64,
    /// Arrival order on the time track.
    #[serde(default)]
    pub arrival: Option<i64>,
}

/// One floor in the notation.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FloorDoc {
    /// Wall names.
    #[serde(default)]
    pub walls: Vec<String>,
    /// Cell → item name.
    #[serde(default)]
    pub items: BTreeMap<String, String>,
}

/// A position in the notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionDoc {
    /// `labscape-position/1`.
    #[serde(default)]
    pub format: Option<String>,
    /// Preset name or notation.
    pub layout: String,
    /// Difficulty name.
    #[serde(default = "default_difficulty")]
    pub difficulty: String,
    /// `setup`, `play` or `over`.
    pub phase: String,
    /// Draft setup: the floor being filled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub building: Option<i64>,
    /// Draft setup: whose turn it is to place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placer: Option<i64>,
    /// Draft setup: the first player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<i64>,
    /// The floor in play.
    pub floor: i64,
    /// Group keys.
    #[serde(default)]
    pub keys: i64,
    /// Dawn (optional on input; must match).
    #[serde(default)]
    pub dawn: Option<i64>,
    /// Robot watermark.
    #[serde(default)]
    pub watermark: i64,
    /// Limit marker.
    #[serde(default)]
    pub limit: Option<i64>,
    /// Exit cell.
    #[serde(default)]
    pub exit: Option<String>,
    /// Robot cell.
    #[serde(default)]
    pub robot: Option<String>,
    /// Players in seat order.
    pub players: Vec<PlayerDoc>,
    /// Floors, ground first; null when removed.
    pub floors: Vec<Option<FloorDoc>>,
    /// Scripted d6 values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<i64>,
    /// Generator state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng: Option<String>,
}

fn default_difficulty() -> String {
    "medium".into()
}

use crate::board_doc::Problems;
pub use crate::game::PositionError;

impl Position {
    /// The position in the public notation.
    pub fn to_doc(&self) -> PositionDoc {
        let (phase, building, placer, first) = match self.phase {
            Phase::Setup(d) => (
                "setup",
                Some(d.building as i64),
                Some(i64::from(d.placer.0)),
                Some(i64::from(d.first.0)),
            ),
            Phase::Play => ("play", None, None, None),
            Phase::Over => ("over", None, None, None),
        };
        PositionDoc {
            format: Some(FORMAT.into()),
            layout: self.layout.source().to_string(),
            difficulty: self.difficulty.name().into(),
            phase: phase.into(),
            building,
            placer,
            first,
            floor: self.floor as i64,
            keys: i64::from(self.keys),
            dawn: Some(i64::from(self.dawn())),
            watermark: i64::from(self.watermark),
            limit: self.limit.map(i64::from),
            exit: self.exit.map(|c| c.to_string()),
            robot: self.robot.map(|c| c.to_string()),
            players: self
                .players
                .iter()
                .map(|p| PlayerDoc {
                    name: p.name.clone(),
                    cell: p.cell.map(|c| c.to_string()),
                    time: i64::from(p.time),
                    food: i64::from(p.food),
                    status: p.status.name().into(),
                    search: i64::from(p.search),
                    arrival: Some(p.arrival as i64),
                })
                .collect(),
            floors: self
                .floors
                .iter()
                .map(|f| {
                    f.as_ref().map(|b| {
                        let mut walls: Vec<Wall> = b.walls().to_vec();
                        walls.sort();
                        FloorDoc {
                            walls: walls.iter().map(Wall::to_string).collect(),
                            items: b
                                .items()
                                .map(|(c, i)| (c.to_string(), i.name().to_string()))
                                .collect(),
                        }
                    })
                })
                .collect(),
            dice: self.dice.queue().map(i64::from).collect(),
            rng: Some(self.dice.state()),
        }
    }

    /// Reads a position document, checking every rule of the notation.
    ///
    /// # Errors
    /// [`PositionError`] lists every problem found.
    pub fn from_doc(doc: &PositionDoc) -> Result<Position, PositionError> {
        let mut bad = Problems::default();
        if let Some(f) = &doc.format
            && f != FORMAT
        {
            bad.push(format!("format is “{f}”; this engine reads “{FORMAT}”"));
        }
        let layout = match Layout::parse(&doc.layout) {
            Ok(l) => Some(l),
            Err(e) => {
                bad.push(format!("layout: {e}"));
                None
            }
        };
        let difficulty = Difficulty::from_name(&doc.difficulty);
        if difficulty.is_none() {
            bad.push(format!(
                "difficulty “{}” is not easy, medium, hard or impossible",
                doc.difficulty
            ));
        }
        let n = doc.players.len();
        if !(STANDARD.players.0..=STANDARD.players.1).contains(&n) {
            bad.push(format!("there are {n} players; a game has 1 to 8"));
        }
        let nonneg = |bad: &mut Problems, what: &str, v: i64| -> u32 {
            if v < 0 {
                bad.push(format!("{what} is {v}; it cannot be negative"));
                0
            } else if v > i64::from(u32::MAX / 2) {
                bad.push(format!("{what} is {v}, which is too large"));
                0
            } else {
                v as u32
            }
        };
        let keys = nonneg(&mut bad, "keys", doc.keys);
        let watermark = nonneg(&mut bad, "watermark", doc.watermark);
        if watermark % STANDARD.robot_trigger_every != 0 {
            bad.push(format!(
                "watermark is {watermark}; it must be a multiple of {}",
                STANDARD.robot_trigger_every
            ));
        }
        let limit = doc.limit.map(|l| nonneg(&mut bad, "limit", l));
        let seat_field = |bad: &mut Problems, what: &str, v: Option<i64>| -> Option<Seat> {
            match v {
                None => {
                    bad.push(format!("a setup position needs “{what}”"));
                    None
                }
                Some(s) if s < 0 || s as usize >= n.max(1) => {
                    bad.push(format!(
                        "{what} is seat {s}, but seats go from 0 to {}",
                        n.saturating_sub(1)
                    ));
                    None
                }
                Some(s) => Some(Seat(s as u8)),
            }
        };
        let phase = match doc.phase.as_str() {
            "play" => Some(Phase::Play),
            "over" => Some(Phase::Over),
            "setup" => {
                let placer = seat_field(&mut bad, "placer", doc.placer);
                let first = seat_field(&mut bad, "first", doc.first);
                let building = match doc.building {
                    Some(b) if b >= 0 => Some(b as usize),
                    Some(b) => {
                        bad.push(format!("building is {b}; it cannot be negative"));
                        None
                    }
                    None => {
                        bad.push("a setup position needs “building”");
                        None
                    }
                };
                match (placer, first, building) {
                    (Some(placer), Some(first), Some(building)) => Some(Phase::Setup(Draft {
                        building,
                        placer,
                        first,
                    })),
                    _ => None,
                }
            }
            other => {
                bad.push(format!("phase “{other}” is not setup, play or over"));
                None
            }
        };
        let mut dice_vals = Vec::new();
        for (i, d) in doc.dice.iter().enumerate() {
            if (1..=6).contains(d) {
                dice_vals.push(*d as u8);
            } else {
                bad.push(format!("dice[{i}] is {d}; a d6 shows 1 to 6"));
            }
        }
        let dice = match &doc.rng {
            None => Dice::from_seed(""),
            Some(s) => Dice::from_state(s).unwrap_or_else(|| {
                bad.push(format!(
                    "rng “{s}” is not a generator state this engine wrote"
                ));
                // Read on with the default generator, so that every other problem is
                // listed too; the position is refused all the same.
                Dice::from_seed("")
            }),
        };

        // Everything below needs the layout.
        let Some(layout) = layout else {
            return Err(bad.into_error());
        };
        let floor_count = layout.floor_count();
        let floor = if doc.floor < 0 || doc.floor as usize >= floor_count {
            bad.push(format!(
                "floor is {}; this layout has floors 0 to {}",
                doc.floor,
                floor_count - 1
            ));
            None
        } else {
            Some(doc.floor as usize)
        };
        if let Some(Phase::Setup(d)) = phase
            && d.building >= floor_count
        {
            bad.push(format!(
                "building is {}; this layout has floors 0 to {}",
                d.building,
                floor_count - 1
            ));
        }
        if doc.floors.len() != floor_count {
            bad.push(format!(
                "floors lists {} floors; the layout has {floor_count}",
                doc.floors.len()
            ));
        }
        let mut boards: Vec<Option<Board>> = Vec::new();
        for (i, f) in doc.floors.iter().enumerate().take(floor_count) {
            let shape = layout.floor(i).clone();
            let Some(f) = f else {
                boards.push(None);
                continue;
            };
            let mut board = Board::new(shape.clone());
            let mut walls: Vec<Wall> = Vec::new();
            for name in &f.walls {
                match name.parse::<Wall>() {
                    Err(e) => bad.push(format!("floor {i}: {e}")),
                    Ok(w) if !shape.contains(w.cell()) => bad.push(format!(
                        "floor {i}: wall {w} is not inside a module of this floor"
                    )),
                    Ok(w) => {
                        if let Some(other) = walls
                            .iter()
                            .find(|o| o.edges().iter().any(|e| w.edges().contains(e)))
                        {
                            if *other == w {
                                bad.push(format!("floor {i}: wall {w} is listed twice"));
                            } else {
                                bad.push(format!("floor {i}: walls {other} and {w} share an edge"));
                            }
                        } else {
                            walls.push(w);
                        }
                    }
                }
            }
            board.set_walls(walls);
            for (cell, item) in &f.items {
                match (cell.parse::<Cell>(), Item::from_name(item)) {
                    (Err(e), _) => bad.push(format!("floor {i} items: {e}")),
                    (Ok(c), _) if !shape.contains(c) => bad.push(format!("floor {i} items: {c} is not a cell of this floor")),
                    (Ok(_), None) => bad.push(format!(
                        "floor {i} items: “{item}” is not key, key-taken, food, special or special-spent"
                    )),
                    (Ok(c), Some(it)) => board.set_item(c, Some(it)),
                }
            }
            boards.push(Some(board));
        }
        while boards.len() < floor_count {
            boards.push(None);
        }
        let current_shape = floor.map(|f| layout.floor(f).clone());
        let read_cell = |bad: &mut Problems, what: &str, s: &Option<String>| -> Option<Cell> {
            let s = s.as_ref()?;
            match s.parse::<Cell>() {
                Err(e) => {
                    bad.push(format!("{what}: {e}"));
                    None
                }
                Ok(c) => {
                    if let Some(shape) = &current_shape
                        && !shape.contains(c)
                    {
                        bad.push(format!("{what} {c} is not a cell of floor {}", doc.floor));
                    }
                    Some(c)
                }
            }
        };
        let exit = read_cell(&mut bad, "exit", &doc.exit);
        let robot = read_cell(&mut bad, "robot", &doc.robot);

        let mut players = Vec::new();
        for (i, p) in doc.players.iter().enumerate() {
            let who = if p.name.is_empty() {
                format!("player {i}")
            } else {
                p.name.clone()
            };
            if p.name.trim().is_empty() {
                bad.push(format!("player {i} has no name"));
            }
            let status = Status::from_name(&p.status);
            if status.is_none() {
                bad.push(format!(
                    "{who}: status “{}” is not acting, exited, timed_out, escaped or out",
                    p.status
                ));
            }
            let cell = read_cell(&mut bad, &format!("{who}'s cell"), &p.cell);
            let time = nonneg(&mut bad, &format!("{who}'s time"), p.time);
            let food = nonneg(&mut bad, &format!("{who}'s food"), p.food);
            let search = nonneg(&mut bad, &format!("{who}'s search count"), p.search);
            let arrival = match p.arrival {
                None => i as u64,
                Some(a) if a < 0 => {
                    bad.push(format!("{who}'s arrival is {a}; it cannot be negative"));
                    0
                }
                Some(a) => a as u64,
            };
            players.push(Player {
                name: p.name.clone(),
                cell,
                time,
                food,
                status: status.unwrap_or(Status::Out),
                search,
                arrival,
            });
        }

        let (Some(difficulty), Some(phase), Some(floor)) = (difficulty, phase, floor) else {
            return Err(bad.into_error());
        };
        let dawn = dawn_for(&STANDARD, layout.module_count(), n, difficulty);
        if let Some(d) = doc.dawn
            && d != i64::from(dawn)
        {
            bad.push(format!(
                "dawn is {d}, but this layout, player count and difficulty give {dawn}"
            ));
        }

        // Consistency between the parts.
        match phase {
            Phase::Setup(d) => {
                if floor != d.building {
                    bad.push(format!(
                        "floor is {floor} but building is {}: during setup they are the same",
                        d.building
                    ));
                }
                for (i, b) in boards.iter().enumerate() {
                    match b {
                        None => bad.push(format!(
                            "floor {i} is null, but no floor is removed during setup"
                        )),
                        Some(b)
                            if i > d.building
                                && (!b.walls().is_empty() || b.items().next().is_some()) =>
                        {
                            bad.push(format!(
                                "floor {i} is above the floor being built and must be empty"
                            ))
                        }
                        _ => {}
                    }
                }
                for p in &players {
                    if p.cell.is_some() {
                        bad.push(format!(
                            "{} has a cell, but players are placed only when setup ends",
                            p.name
                        ));
                    }
                    if p.status != Status::Acting || p.time != 0 {
                        bad.push(format!("{} must be acting at time 0 during setup", p.name));
                    }
                }
                if exit.is_some() || robot.is_some() {
                    bad.push("exit and robot are placed only when setup ends");
                }
            }
            Phase::Play | Phase::Over => {
                for (i, b) in boards.iter().enumerate() {
                    if i > floor && b.is_some() {
                        bad.push(format!(
                            "floor {i} is above the floor in play, so it must be null (removed)"
                        ));
                    }
                    if i <= floor && b.is_none() {
                        bad.push(format!(
                            "floor {i} is null, but only floors above the one in play are removed"
                        ));
                    }
                }
                if phase == Phase::Play {
                    if exit.is_none() {
                        bad.push("a position in play needs an exit");
                    }
                    if robot.is_none() {
                        bad.push("a position in play needs a robot");
                    }
                    if !players.iter().any(|p| p.status == Status::Acting) {
                        bad.push("the game is in play but no player is acting");
                    }
                } else if players
                    .iter()
                    .any(|p| matches!(p.status, Status::Acting | Status::Exited | Status::TimedOut))
                {
                    bad.push("the game is over, so every player must have escaped or be out");
                }
                for p in &players {
                    match p.status {
                        Status::Acting => {
                            if p.cell.is_none() {
                                bad.push(format!("{} is acting but has no cell", p.name));
                            }
                            if p.time >= dawn {
                                bad.push(format!("{} is acting at time {}, but dawn is {dawn}", p.name, p.time));
                            }
                            if let Some(l) = limit
                                && p.time >= l
                            {
                                bad.push(format!("{} is acting at time {}, at or past the limit {l}", p.name, p.time));
                            }
                        }
                        Status::Exited | Status::TimedOut if p.time >= dawn => bad.push(format!(
                            "{} is {} at time {}, but dawn is {dawn}: they would be out",
                            p.name,
                            p.status.name(),
                            p.time
                        )),
                        Status::TimedOut if limit.is_some_and(|l| p.time < l) => bad.push(format!(
                            "{} is timed_out at time {}, below the limit {}",
                            p.name,
                            p.time,
                            limit.unwrap_or_default()
                        )),
                        Status::Escaped if limit.is_none() => bad.push(format!(
                            "{} has escaped, but no limit marker is set (the first exit places it)",
                            p.name
                        )),
                        Status::Exited | Status::TimedOut if limit.is_none() => {
                            bad.push(format!("{} is {} but no one has exited this floor (limit is null)", p.name, p.status.name()))
                        }
                        Status::Exited if floor == 0 => {
                            bad.push(format!("{} is exited on the ground floor; leaving it is escaping", p.name))
                        }
                        Status::Escaped if floor != 0 => {
                            bad.push(format!("{} has escaped, but the game is on floor {floor}, not the ground floor", p.name))
                        }
                        _ => {}
                    }
                }
            }
        }
        if !bad.is_empty() {
            return Err(bad.into_error());
        }
        let queue: Vec<u8> = dice_vals;
        let pos = Position {
            layout: Arc::new(layout),
            difficulty,
            phase,
            floor,
            keys,
            watermark,
            limit,
            exit,
            robot,
            players,
            floors: boards,
            dice: dice.with_queue(queue),
        };
        Ok(pos)
    }

    /// Whether some acting player can be reached from the robot (used by tests and checks).
    pub fn robot_reaches_a_player(&self) -> bool {
        let Some(robot) = self.robot else {
            return false;
        };
        let board = self.current_board();
        let d = board.distances(robot);
        self.players
            .iter()
            .filter(|p| p.status == Status::Acting)
            .filter_map(|p| p.cell)
            .any(|c| d[board.shape().index(c)] != UNREACHABLE)
    }
}
