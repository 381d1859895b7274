//! Playing one action (rules §7–§11): validate everything first, then change the position
//! and report what happened as events. A refused action returns an [`ActionError`] and
//! leaves the position exactly as it was.

use std::cmp::Reverse;

use thiserror::Error;

use super::{
    action::{Action, MAX_WAIT, MoveTarget},
    board::{Item, UNREACHABLE, WallProblem},
    event::{Event, RobotCause, Seat, Table},
    geometry::{Cell, Dir, Wall},
    position::{Phase, Position, Status},
    rules::SpecialEffect,
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

impl Position {
    /// Plays `action` for `seat` (default: the active player).
    ///
    /// # Errors
    /// [`ActionError`] says why the action was refused; the position is then unchanged.
    pub fn play(&mut self, seat: Option<Seat>, action: &Action) -> Result<Vec<Event>, ActionError> {
        let mut next = self.clone();
        let events = next.play_in_place(seat, action)?;
        *self = next;
        Ok(events)
    }

    /// Like [`Position::play`] but returns a new position.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn after(
        &self,
        seat: Option<Seat>,
        action: &Action,
    ) -> Result<(Position, Vec<Event>), ActionError> {
        let mut next = self.clone();
        let events = next.play_in_place(seat, action)?;
        Ok((next, events))
    }

    /// Checks that `seat` may act now and returns the acting seat.
    pub(crate) fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, ActionError> {
        let active = self.active().ok_or(ActionError::GameOver)?;
        let seat = seat.unwrap_or(active);
        if seat.index() >= self.players.len() {
            return Err(ActionError::NoSuchSeat(seat.0));
        }
        if seat != active {
            return Err(ActionError::NotYourTurn {
                player: self.player(seat).name.clone(),
                active: self.player(active).name.clone(),
            });
        }
        Ok(seat)
    }

    /// Plays on `self`; on error `self` may be partly changed (callers work on a copy).
    fn play_in_place(
        &mut self,
        seat: Option<Seat>,
        action: &Action,
    ) -> Result<Vec<Event>, ActionError> {
        match self.phase {
            Phase::Over => return Err(ActionError::GameOver),
            Phase::Setup(_) if !action.is_placement() => {
                self.check_turn(seat)?;
                return Err(ActionError::InSetup);
            }
            Phase::Setup(_) => return self.place(seat, action),
            Phase::Play if action.is_placement() => {
                self.check_turn(seat)?;
                return Err(ActionError::NotInSetup);
            }
            Phase::Play => {}
        }
        let seat = self.check_turn(seat)?;
        let mut events = Vec::new();
        // `trigger_time`: the actor's time after the action's own cost and effects, before
        // any robot catch (rules §11).
        let trigger_time = match action {
            Action::Move(target) => self.do_move(seat, target, &mut events)?,
            Action::Roll => self.do_roll(seat, &mut events)?,
            Action::RotateWall { from, to } => self.do_rotate(seat, *from, *to, &mut events)?,
            Action::Exit => self.do_exit(seat, &mut events)?,
            Action::Wait(n) => {
                let n = *n;
                if !(1..=MAX_WAIT).contains(&n) {
                    return Err(ActionError::BadWait(n));
                }
                let t = self.player(seat).time + n;
                self.set_time(seat, t);
                events.push(Event::Waited { seat, minutes: n });
                t
            }
            Action::PlaceWall(_) | Action::PlaceItem(..) | Action::Autofill => unreachable!(),
        };
        self.after_action(trigger_time, &mut events);
        Ok(events)
    }

    pub(crate) fn here(&self, seat: Seat) -> Cell {
        self.player(seat)
            .cell
            .expect("an acting player stands on a cell")
    }

    /// Resolves a move's steps, refusing a blocked or off-floor step before anything moves.
    pub(crate) fn resolve_move(
        &self,
        seat: Seat,
        target: &MoveTarget,
    ) -> Result<Vec<Dir>, ActionError> {
        let board = self.current_board();
        let from = self.here(seat);
        match target {
            MoveTarget::Steps(steps) => {
                let mut here = from;
                for (i, d) in steps.iter().enumerate() {
                    if !board.can_step(here, *d) {
                        return Err(match board.step_blocker(here, *d) {
                            Some(wall) => ActionError::BlockedByWall {
                                step: i + 1,
                                dir: d.word(),
                                from: here,
                                wall,
                            },
                            None => ActionError::OffFloor {
                                step: i + 1,
                                dir: d.word(),
                                from: here,
                            },
                        });
                    }
                    here = here.step(*d).expect("a possible step has a neighbour");
                }
                if steps.is_empty() {
                    return Err(ActionError::AlreadyThere(from));
                }
                Ok(steps.clone())
            }
            MoveTarget::Cell(to) => {
                if !board.shape().contains(*to) {
                    return Err(ActionError::NoSuchCell(*to));
                }
                if *to == from {
                    return Err(ActionError::AlreadyThere(from));
                }
                board
                    .preferred_path(from, *to)
                    .ok_or(ActionError::Unreachable { from, to: *to })
            }
        }
    }

    fn do_move(
        &mut self,
        seat: Seat,
        target: &MoveTarget,
        events: &mut Vec<Event>,
    ) -> Result<u32, ActionError> {
        let steps = self.resolve_move(seat, target)?;
        let from = self.here(seat);
        let mut here = from;
        let mut path = Vec::with_capacity(steps.len());
        let mut keys = Vec::new();
        for d in &steps {
            here = here.step(*d).expect("checked");
            path.push(here);
            if self.take_key_at(here) {
                keys.push(here);
            }
        }
        let minutes = self.rules().step_minutes * steps.len() as u32;
        let t = self.player(seat).time + minutes;
        self.set_time(seat, t);
        let p = &mut self.players[seat.index()];
        p.cell = Some(here);
        p.search = 0;
        events.push(Event::Moved {
            seat,
            from,
            steps,
            path,
            minutes,
        });
        events.extend(keys.into_iter().map(|cell| Event::KeyTaken { seat, cell }));
        Ok(t)
    }

    /// A player arrives in `cell`: takes a key token there unless the robot stands on it
    /// (rules §7.1). Returns whether a key was taken.
    pub(crate) fn take_key_at(&mut self, cell: Cell) -> bool {
        if self.robot == Some(cell) {
            return false;
        }
        let board = self.board_mut();
        if board.item(cell) == Some(Item::Key) {
            board.set_item(cell, Some(Item::KeyTaken));
            self.keys += 1;
            true
        } else {
            false
        }
    }

    /// Why `seat` cannot roll here, if they cannot.
    pub(crate) fn roll_problem(&self, seat: Seat) -> Option<ActionError> {
        let cell = self.here(seat);
        if self.robot == Some(cell) {
            return Some(ActionError::OnRobot {
                what: "search",
                cell,
            });
        }
        match self.current_board().item(cell) {
            None | Some(Item::SpecialSpent) => Some(ActionError::NothingToSearch(cell)),
            _ => None,
        }
    }

    fn do_roll(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<u32, ActionError> {
        if let Some(e) = self.roll_problem(seat) {
            return Err(e);
        }
        let cell = self.here(seat);
        let item = self.current_board().item(cell).expect("checked");
        let rules = self.rules();
        let t0 = self.player(seat).time + rules.action_minutes;
        self.set_time(seat, t0);
        let attempt = self.player(seat).search + 1;
        self.players[seat.index()].search = attempt;
        let dice = self.dice.two_d6();
        let sum = dice[0] + dice[1];
        let rolled = |table, row, result, special, effect, kd, fd, td| Event::Rolled {
            seat,
            cell,
            dice,
            table,
            row,
            result,
            special,
            effect,
            keys_delta: kd,
            food_delta: fd,
            time_delta: td,
        };
        match item {
            Item::Key | Item::KeyTaken | Item::Food => {
                let result = rules.search(attempt, sum);
                let row = rules.search_row(attempt);
                if item == Item::Food {
                    let fd = self.change_food(seat, result);
                    events.push(rolled(Table::SearchFood, row, result, None, None, 0, fd, 0));
                } else {
                    let kd = self.change_keys(result);
                    events.push(rolled(Table::SearchKeys, row, result, None, None, kd, 0, 0));
                }
                Ok(t0)
            }
            Item::Special => {
                let entry = *rules.special(sum);
                self.board_mut().set_item(cell, Some(Item::SpecialSpent));
                let (mut kd, mut fd, mut td) = (0, 0, 0);
                let mut alarm = false;
                match entry.effect {
                    SpecialEffect::Keys { delta } => kd = self.change_keys(delta),
                    SpecialEffect::Time { delta } => td = self.change_time(seat, delta),
                    SpecialEffect::Food { delta } => fd = self.change_food(seat, delta),
                    SpecialEffect::Bargain => {
                        if self.player(seat).food > 0 {
                            fd = self.change_food(seat, -1);
                            kd = self.change_keys(1);
                        }
                    }
                    SpecialEffect::RobotMove => alarm = true,
                    SpecialEffect::KeysAndTime { keys, time } => {
                        kd = self.change_keys(keys);
                        td = self.change_time(seat, time);
                    }
                }
                let row = u32::from(sum);
                events.push(rolled(
                    Table::Special,
                    row,
                    0,
                    Some(entry.id),
                    Some(entry.effect),
                    kd,
                    fd,
                    td,
                ));
                let t = self.player(seat).time;
                if alarm {
                    self.robot_move(RobotCause::AlarmTest, events);
                }
                Ok(t)
            }
            Item::SpecialSpent => unreachable!("checked"),
        }
    }

    fn change_keys(&mut self, delta: i32) -> i32 {
        let before = self.keys;
        self.keys = (i64::from(self.keys) + i64::from(delta)).max(0) as u32;
        self.keys as i32 - before as i32
    }

    fn change_food(&mut self, seat: Seat, delta: i32) -> i32 {
        let p = &mut self.players[seat.index()];
        let before = p.food;
        p.food = (i64::from(p.food) + i64::from(delta)).max(0) as u32;
        p.food as i32 - before as i32
    }

    fn change_time(&mut self, seat: Seat, delta: i32) -> i32 {
        let before = self.player(seat).time;
        self.add_time(seat, i64::from(delta));
        self.player(seat).time as i32 - before as i32
    }

    fn do_rotate(
        &mut self,
        seat: Seat,
        from: Wall,
        to: Wall,
        events: &mut Vec<Event>,
    ) -> Result<u32, ActionError> {
        self.check_rotation(seat, from, to)?;
        self.board_mut().move_wall(from, to);
        let t = self.player(seat).time + self.rules().action_minutes;
        self.set_time(seat, t);
        events.push(Event::WallRotated { seat, from, to });
        Ok(t)
    }

    /// Checks one rotation with a specific reason for refusal (rules §7.3).
    pub(crate) fn check_rotation(
        &self,
        seat: Seat,
        from: Wall,
        to: Wall,
    ) -> Result<(), ActionError> {
        let at = self.here(seat);
        if self.robot == Some(at) {
            return Err(ActionError::OnRobot {
                what: "rotate a wall",
                cell: at,
            });
        }
        let board = self.current_board();
        if !board.has_wall(from) {
            return Err(ActionError::NoSuchWall(from));
        }
        let anchors = self.rotation_anchors(seat);
        let reachable: Vec<Wall> = anchors
            .iter()
            .flat_map(|a| rotation_results(from, *a))
            .collect();
        if !reachable.contains(&to) {
            let hint = if anchors.len() == 1 {
                let near = board
                    .walls()
                    .iter()
                    .any(|w| !rotation_results(*w, at).is_empty());
                if rotation_results(from, at).is_empty() {
                    RotationHint::NoVertex { at, any_wall: near }
                } else {
                    RotationHint::HowWallsTurn
                }
            } else {
                RotationHint::OrNeighbour
            };
            return Err(ActionError::NotARotation { from, to, at, hint });
        }
        match board.check_wall(to, Some(from)) {
            Err(WallProblem::OffFloor) => return Err(ActionError::WallOffFloor(to)),
            Err(WallProblem::Overlaps(other)) => {
                return Err(ActionError::WallOverlaps { to, other });
            }
            Ok(()) => {}
        }
        if self.cuts_robot_off(from, to) {
            return Err(ActionError::CutsRobotOff { from, to });
        }
        Ok(())
    }

    /// The cells whose corners a player may rotate walls about: their own, and (rule e,
    /// [D5]) while the exit cannot be reached from it, the orthogonally adjacent cells.
    pub(crate) fn rotation_anchors(&self, seat: Seat) -> Vec<Cell> {
        let at = self.here(seat);
        let board = self.current_board();
        let mut anchors = vec![at];
        let exit_reachable = self
            .exit
            .is_some_and(|e| board.distance(at, e) != UNREACHABLE);
        if !exit_reachable {
            anchors.extend(
                Dir::ALL
                    .iter()
                    .filter_map(|d| at.step(*d))
                    .filter(|c| board.shape().contains(*c)),
            );
        }
        anchors
    }

    /// Whether moving `from` to `to` leaves the robot no path to an acting player when it
    /// had one before.
    pub(crate) fn cuts_robot_off(&self, from: Wall, to: Wall) -> bool {
        let Some((robot, targets)) = self.robot_guard() else {
            return false;
        };
        !self
            .current_board()
            .reaches_any_with_move(robot, &targets, from, to)
    }

    /// The robot's cell and the acting players' cells, if the robot can reach one of them
    /// now (otherwise no rotation can "cut it off").
    pub(crate) fn robot_guard(&self) -> Option<(Cell, Vec<Cell>)> {
        let robot = self.robot?;
        let targets: Vec<Cell> = self
            .players
            .iter()
            .filter(|p| p.status == Status::Acting)
            .filter_map(|p| p.cell)
            .collect();
        let any = Wall::new(robot, super::geometry::Corner::NE);
        self.current_board()
            .reaches_any_with_move(robot, &targets, any, any)
            .then_some((robot, targets))
    }

    /// Why `seat` cannot exit now, if they cannot.
    pub(crate) fn exit_problem(&self, seat: Seat) -> Option<ActionError> {
        let at = self.here(seat);
        let exit = self.exit?;
        if at != exit {
            return Some(ActionError::NotOnExit { at, exit });
        }
        let need = self.keys_needed();
        if self.keys < need {
            return Some(ActionError::NotEnoughKeys {
                have: self.keys,
                need,
                missing: need - self.keys,
            });
        }
        None
    }

    fn do_exit(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<u32, ActionError> {
        if let Some(e) = self.exit_problem(seat) {
            return Err(e);
        }
        let t = self.player(seat).time + self.rules().action_minutes;
        self.set_time(seat, t);
        if self.floor == 0 {
            self.players[seat.index()].status = Status::Escaped;
            events.push(Event::Escaped { seat });
        } else {
            self.players[seat.index()].status = Status::Exited;
            events.push(Event::Exited {
                seat,
                floor: self.floor,
            });
        }
        if self.limit.is_none() {
            let limit = t + self.rules().limit_after_exit;
            self.limit = Some(limit);
            events.push(Event::LimitSet {
                floor: self.floor,
                limit,
            });
        }
        Ok(t)
    }

    /// After the action: robot triggers, then dawn and time-outs, then the floor's end
    /// (rules §11 "Order inside a turn").
    fn after_action(&mut self, trigger_time: u32, events: &mut Vec<Event>) {
        let every = self.rules().robot_trigger_every;
        let mut mark = (self.watermark / every + 1) * every;
        while mark <= trigger_time {
            self.robot_move(RobotCause::Trigger { mark }, events);
            self.watermark = mark;
            mark += every;
        }
        self.check_clocks(events);
        self.check_floor_end(events);
    }

    /// Dawn (rules §10) and the floor's limit (rules §9) for every player.
    fn check_clocks(&mut self, events: &mut Vec<Event>) {
        let dawn = self.dawn();
        for seat in self.seats() {
            let p = &mut self.players[seat.index()];
            let time = p.time;
            match p.status {
                Status::Acting | Status::Exited | Status::TimedOut if time >= dawn => {
                    p.status = Status::Out;
                    events.push(Event::CaughtAtDawn { seat, time });
                }
                Status::Acting if self.limit.is_some_and(|l| time >= l) => {
                    p.status = Status::TimedOut;
                    events.push(Event::TimedOut { seat, time });
                }
                _ => {}
            }
        }
    }

    /// Ends the floor when nobody acts on it, and sets up the next one (rules §9).
    fn check_floor_end(&mut self, events: &mut Vec<Event>) {
        if self.players.iter().any(|p| p.status == Status::Acting) {
            return;
        }
        let floor = self.floor;
        events.push(Event::FloorEnded { floor });
        if floor == 0 {
            for seat in self.seats() {
                if self.player(seat).status == Status::TimedOut {
                    self.players[seat.index()].status = Status::Out;
                    events.push(Event::LeftBehind { seat });
                }
            }
            return self.finish(events);
        }
        let rules = self.rules();
        for seat in self.seats() {
            if self.player(seat).status == Status::TimedOut {
                let food_lost = self.player(seat).food;
                self.players[seat.index()].food = 0;
                self.add_time(seat, i64::from(rules.timeout_minutes));
                events.push(Event::Penalized {
                    seat,
                    minutes: rules.timeout_minutes,
                    food_lost,
                });
            }
        }
        let dawn = self.dawn();
        for seat in self.seats() {
            let p = &mut self.players[seat.index()];
            match p.status {
                Status::Exited | Status::TimedOut if p.time >= dawn => {
                    p.status = Status::Out;
                    events.push(Event::CaughtAtDawn { seat, time: p.time });
                }
                Status::Exited | Status::TimedOut => p.status = Status::Acting,
                _ => {}
            }
        }
        if !self.players.iter().any(|p| p.status == Status::Acting) {
            return self.finish(events);
        }
        self.floors[floor] = None;
        self.floor = floor - 1;
        self.limit = None;
        for p in &mut self.players {
            p.search = 0;
            if p.status != Status::Acting {
                p.cell = None;
            }
        }
        let every = rules.robot_trigger_every;
        let highest = self
            .players
            .iter()
            .filter(|p| p.status == Status::Acting)
            .map(|p| p.time)
            .max()
            .unwrap_or(0);
        self.watermark = highest / every * every;
        events.push(Event::WatermarkReset {
            watermark: self.watermark,
        });
        self.set_up_floor(events);
    }

    fn finish(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        let (escaped, top_forager) = self.outcome().expect("over");
        events.push(Event::GameOver {
            escaped,
            top_forager,
        });
    }

    /// Draws a uniform cell of the current floor with the seed's d6 procedure, re-drawing
    /// until `ok` holds. The caller guarantees that some cell satisfies `ok`.
    pub(crate) fn draw_cell(&mut self, ok: impl Fn(&Position, Cell) -> bool) -> Cell {
        let shape = self.current_board().shape().clone();
        debug_assert!(shape.cells().any(|c| ok(self, c)));
        loop {
            let x = self.dice.coordinate(shape.width()) - 1;
            let y = self.dice.coordinate(shape.height()) - 1;
            if let Some(c) = Cell::new(x, y)
                && shape.contains(c)
                && ok(self, c)
            {
                return c;
            }
        }
    }

    /// Draws start cells, the exit and the robot for the current floor (rules §5.4).
    pub(crate) fn set_up_floor(&mut self, events: &mut Vec<Event>) {
        let mut starts = Vec::new();
        self.robot = None;
        for seat in self.seats() {
            if self.player(seat).status != Status::Acting {
                continue;
            }
            let cell = self.draw_cell(|_, _| true);
            let p = &mut self.players[seat.index()];
            p.cell = Some(cell);
            p.search = 0;
            starts.push((seat, cell));
        }
        let mut keys = Vec::new();
        for (seat, cell) in &starts {
            if self.take_key_at(*cell) {
                keys.push(Event::KeyTaken {
                    seat: *seat,
                    cell: *cell,
                });
            }
        }
        let exit = self.draw_cell(|_, _| true);
        self.exit = Some(exit);
        let board = self.current_board();
        let occupied: Vec<Cell> = starts.iter().map(|(_, c)| *c).collect();
        let free = |c: Cell| !occupied.contains(&c);
        let linked = |c: Cell| {
            let d = board.distances(c);
            occupied
                .iter()
                .any(|o| d[board.shape().index(*o)] != UNREACHABLE)
        };
        let good: Vec<Cell> = board
            .shape()
            .cells()
            .filter(|c| free(*c) && linked(*c))
            .collect();
        let robot = if !good.is_empty() {
            self.draw_cell(|_, c| good.contains(&c))
        } else if board.shape().cells().any(free) {
            // No free cell links to a player: the re-draw could never end, so any free cell.
            self.draw_cell(|_, c| !occupied.contains(&c))
        } else {
            self.draw_cell(|_, _| true)
        };
        self.robot = Some(robot);
        events.push(Event::FloorSetUp {
            floor: self.floor,
            starts,
            exit,
            robot,
        });
        events.extend(keys);
    }

    /// One robot move (rules §11): up to 3 steps toward its target, catching the first
    /// acting players it meets.
    pub(crate) fn robot_move(&mut self, cause: RobotCause, events: &mut Vec<Event>) {
        let Some(from) = self.robot else { return };
        let board = self.current_board();
        let shape = board.shape();
        let dist = board.distances(from);
        // Cells holding acting players: (count, distance, most food, lowest seat).
        let mut cells: Vec<(Cell, usize, u16, u32, Seat)> = Vec::new();
        for seat in self.seats() {
            let p = self.player(seat);
            let Some(c) = p.cell.filter(|_| p.status == Status::Acting) else {
                continue;
            };
            match cells.iter_mut().find(|e| e.0 == c) {
                Some(e) => {
                    e.1 += 1;
                    e.3 = e.3.max(p.food);
                }
                None => cells.push((c, 1, dist[shape.index(c)], p.food, seat)),
            }
        }
        let acting_total: usize = cells.iter().map(|e| e.1).sum();
        let immune = cells.len() == 1 && acting_total >= self.rules().immunity_min_players;
        let target = cells
            .iter()
            .filter(|e| e.2 != UNREACHABLE)
            .min_by_key(|e| (e.1, e.2, Reverse(e.3), e.4))
            .map(|e| e.0);
        let Some(target) = target else {
            events.push(Event::RobotMoved {
                cause,
                from,
                path: vec![],
                target: None,
            });
            return;
        };
        let steps = board
            .preferred_path(from, target)
            .expect("target is reachable");
        let max_steps = self.rules().robot_steps as usize;
        let mut path = Vec::new();
        let mut here = from;
        let mut catch_at = None;
        if target == from && !immune {
            catch_at = Some(from);
        } else {
            let limit = if immune {
                steps.len().saturating_sub(1)
            } else {
                steps.len()
            };
            for d in steps.iter().take(limit.min(max_steps)) {
                here = here.step(*d).expect("path steps are possible");
                path.push(here);
                if !immune && self.acting_in(here).next().is_some() {
                    catch_at = Some(here);
                    break;
                }
            }
        }
        self.robot = Some(here);
        events.push(Event::RobotMoved {
            cause,
            from,
            path,
            target: Some(target),
        });
        if let Some(at) = catch_at {
            self.catch_at(at, events);
        }
    }

    /// The robot catches every acting player in `at` (rules §11 "Catch").
    fn catch_at(&mut self, at: Cell, events: &mut Vec<Event>) {
        let rules = self.rules();
        let caught: Vec<Seat> = self.acting_in(at).collect();
        for seat in caught {
            self.add_time(seat, i64::from(rules.catch_minutes));
            let robot = self.robot;
            let to = self.draw_cell(|_, c| Some(c) != robot);
            {
                let p = &mut self.players[seat.index()];
                p.cell = Some(to);
                p.search = 0;
            }
            let took = self.take_key_at(to);
            let before = self.keys;
            self.keys = self.keys.saturating_sub(rules.catch_keys);
            events.push(Event::Caught {
                seat,
                at,
                to,
                minutes: rules.catch_minutes,
                keys_lost: before - self.keys,
            });
            if took {
                events.push(Event::KeyTaken { seat, cell: to });
            }
        }
    }
}

/// Every wall that rotating `wall` can give from anchor cell `anchor`, geometry only
/// (rules §7.3 a and b): turns of 90°, 180° and 270° about each of its vertices that is a
/// corner of `anchor` ([D4]); and, if both its arms are sides of `anchor`, the other three
/// corners of `anchor`.
pub(crate) fn rotation_results(wall: Wall, anchor: Cell) -> Vec<Wall> {
    use super::geometry::Corner;
    let corners: Vec<(i32, i32)> = Corner::ALL.iter().map(|c| anchor.vertex(*c)).collect();
    let mut out = Vec::new();
    for v in wall.vertices() {
        if corners.contains(&v) {
            for k in 1..=3 {
                if let Some(r) = wall.rotated(v, k)
                    && r != wall
                    && !out.contains(&r)
                {
                    out.push(r);
                }
            }
        }
    }
    if wall.cell() == anchor {
        for c in Corner::ALL {
            let r = Wall::new(anchor, c);
            if r != wall && !out.contains(&r) {
                out.push(r);
            }
        }
    }
    out
}
