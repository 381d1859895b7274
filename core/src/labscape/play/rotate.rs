//! Turning a wall (rules §7.3): which rotations the geometry gives from a cell, which of
//! them the rules allow, and why one is refused.

use super::{ActionError, RotationHint};
use crate::labscape::{
    board::{UNREACHABLE, WallProblem},
    event::{Event, Seat},
    geometry::{Cell, Dir, Wall},
    position::{Position, Status},
};

impl Position {
    pub(super) fn do_rotate(
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
    /// \[D5\]) while the exit cannot be reached from it, the orthogonally adjacent cells.
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
        let any = Wall::new(robot, crate::labscape::geometry::Corner::NE);
        self.current_board()
            .reaches_any_with_move(robot, &targets, any, any)
            .then_some((robot, targets))
    }
}

/// Every wall that rotating `wall` can give from anchor cell `anchor`, geometry only
/// (rules §7.3 a and b): turns of 90°, 180° and 270° about each of its vertices that is a
/// corner of `anchor` (\[D4\]); and, if both its arms are sides of `anchor`, the other three
/// corners of `anchor`.
pub(crate) fn rotation_results(wall: Wall, anchor: Cell) -> Vec<Wall> {
    use crate::labscape::geometry::Corner;
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
