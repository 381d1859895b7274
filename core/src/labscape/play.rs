//! Playing one action (rules §7–§11): validate everything first, then change the position
//! and report what happened as events. A refused action returns an [`ActionError`] and
//! leaves the position exactly as it was.
//!
//! This module takes the action in and hands it to its own file: [`ActionError`] and the
//! hints in refusals in `error`; moving, searching and exiting in `moves`; turning a wall
//! in `rotate`; what follows every action (triggers, clocks, the floor's end and the next
//! floor's set-up) in `floor`; the robot's move and its catch in `robot`.

mod error;
mod floor;
mod moves;
mod robot;
mod rotate;

pub use error::{ActionError, RotationHint};
pub(crate) use rotate::rotation_results;

use super::{
    action::{Action, MAX_WAIT},
    event::{Event, Seat},
    position::{Phase, Position},
};

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
}
