//! Moving, searching a room (the roll) and exiting (rules §7): each checks everything
//! before it changes the position, and returns the actor's time for the robot triggers.

use super::ActionError;
use crate::labscape::{
    action::MoveTarget,
    board::Item,
    event::{Event, RobotCause, Seat, Table},
    geometry::{Cell, Dir},
    position::{Position, Status},
    rules::SpecialEffect,
};

impl Position {
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

    pub(super) fn do_move(
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

    pub(super) fn do_roll(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<u32, ActionError> {
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

    pub(super) fn do_exit(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<u32, ActionError> {
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
}
