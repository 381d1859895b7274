//! The heuristic player and the robot: its next move predicted as the rules make it, the
//! step that dodges a catch, and the other players (who can still reach the exit, which a
//! wall turn must not cut off).

use std::cmp::Reverse;

use super::{Goal, View, step};
use crate::labscape::{
    action::{Action, MoveTarget},
    board::{Board, UNREACHABLE},
    event::Seat,
    geometry::{Cell, Dir},
    position::Status,
};

impl<'a> View<'a> {
    /// If `preferred` would end where the robot's next move catches the player, the
    /// alternative (a step or staying) that avoids it and keeps closest to the goal.
    pub(super) fn dodge(&self, goal: Goal, preferred: Action) -> Action {
        let Some(robot) = self.robot else {
            return preferred;
        };
        let t1 = self.time + 1;
        let ends_at = match &preferred {
            Action::Exit => return preferred,
            Action::Move(MoveTarget::Steps(s)) if s.len() == 1 => self.here.step(s[0]),
            Action::Roll | Action::Wait(1) | Action::RotateWall { .. } => Some(self.here),
            _ => None,
        };
        let Some(end) = ends_at else {
            return preferred;
        };
        let stays_ok = self.robot != Some(self.here);
        if !self.threatened(robot, end, t1) {
            return preferred;
        }
        let to_g = match goal {
            Goal::Go(g) => self.board.distances(g),
            _ => self.from_me.clone(),
        };
        let mut options: Vec<(Action, Cell)> = self
            .open_steps()
            .into_iter()
            .map(|(d, n)| (step(d), n))
            .collect();
        if stays_ok {
            options.push((self.idle(), self.here));
        }
        // The safe option closest to the goal, among those that still leave time to get
        // out (a catch costs minutes and keys; missing the limit marker or dawn costs more).
        let safe = options
            .into_iter()
            .filter(|(_, c)| self.in_time_from(*c, t1))
            .filter(|(_, c)| !self.threatened(robot, *c, t1))
            .min_by_key(|(_, c)| (to_g[self.ix(*c)], Reverse(self.d_robot(*c))))
            .map(|(a, _)| a);
        if let Some(a) = safe {
            return a;
        }
        // None: when the move is upon us, a wall turned across the robot's path (it must
        // still reach someone, which the rules check); else going on is as good as anything.
        if stays_ok && !self.move_is_upon_us(t1) {
            return preferred;
        }
        let linked = self.linked_to_exit(self.board);
        for (from, to) in self.pos.legal_rotations(self.seat) {
            let mut b = self.board.clone();
            b.move_wall(from, to);
            let from_robot = b.distances(robot);
            if !self.robot_catches_on(&b, &from_robot, robot, self.here)
                && !self.cuts_off(&linked, &b)
            {
                return Action::RotateWall { from, to };
            }
        }
        preferred
    }

    /// Whether the robot's next move comes right after a one-minute action.
    fn move_is_upon_us(&self, t1: u32) -> bool {
        t1 >= self.mark || (t1 + 1 >= self.mark && self.others().any(|(_, p)| p.time() <= t1))
    }

    /// Whether standing in `cell` at minute `time` leaves the player to the robot's next
    /// move: exactly, when that move comes before their next turn; otherwise when it would
    /// catch them there and the turns left before it cannot take them out of its reach.
    fn threatened(&self, robot: Cell, cell: Cell, time: u32) -> bool {
        if !self.robot_catches(robot, cell) {
            return false;
        }
        if time >= self.mark {
            return true;
        }
        // Turns the player still gets before the move: one per minute up to the mark, less
        // one when someone else may reach the mark first.
        let others_before = self.others().any(|(_, p)| p.time() < self.mark);
        let turns = (self.mark - time).saturating_sub(u32::from(others_before));
        if turns == 0 {
            return true;
        }
        if turns > 3 {
            return false;
        }
        !self.can_get_out_of_reach(cell, turns as u16)
    }

    /// Whether some cell within `steps` steps of `from` is beyond the robot's reach.
    fn can_get_out_of_reach(&self, from: Cell, steps: u16) -> bool {
        let reach = self.pos.rules().robot_steps as u16;
        let mut frontier = vec![from];
        let mut seen = vec![from];
        for _ in 0..steps {
            let mut next = Vec::new();
            for c in frontier {
                for d in Dir::ALL {
                    if !self.board.can_step(c, d) {
                        continue;
                    }
                    let Some(n) = c.step(d) else { continue };
                    if seen.contains(&n) {
                        continue;
                    }
                    if self.d_robot(n) > reach {
                        return true;
                    }
                    seen.push(n);
                    next.push(n);
                }
            }
            frontier = next;
        }
        false
    }

    /// The other acting players who can reach the exit on `board`.
    pub(super) fn linked_to_exit(&self, board: &Board) -> Vec<Seat> {
        let Some(e) = self.exit else {
            return Vec::new();
        };
        let d = board.distances(e);
        self.others()
            .filter(|(_, p)| p.cell().is_some_and(|c| d[self.ix(c)] != UNREACHABLE))
            .map(|(s, _)| s)
            .collect()
    }

    /// Whether one of `linked` can no longer reach the exit on `board`.
    pub(super) fn cuts_off(&self, linked: &[Seat], board: &Board) -> bool {
        let after = self.linked_to_exit(board);
        linked.iter().any(|s| !after.contains(s))
    }

    pub(super) fn others(
        &self,
    ) -> impl Iterator<Item = (Seat, &'a crate::labscape::position::Player)> + '_ {
        let pos = self.pos;
        pos.seats()
            .filter(move |s| *s != self.seat)
            .map(move |s| (s, pos.player(s)))
            .filter(|(_, p)| p.status() == Status::Acting)
    }

    /// The robot's next move as the rules make it (§11), with the player in `cell`:
    /// whether it catches them.
    pub(super) fn robot_catches(&self, robot: Cell, cell: Cell) -> bool {
        self.robot_catches_on(self.board, &self.from_robot, robot, cell)
    }

    /// [`View::robot_catches`] on `board` (the floor with a wall turned), with the robot's
    /// distances `from_robot` on it.
    fn robot_catches_on(&self, board: &Board, from_robot: &[u16], robot: Cell, cell: Cell) -> bool {
        let rules = self.pos.rules();
        let d_robot = |c: Cell| from_robot[self.ix(c)];
        if d_robot(cell) > rules.robot_steps as u16 {
            return false;
        }
        // (cell, players, distance, most food, lowest seat)
        let mut groups: Vec<(Cell, usize, u16, u32, Seat)> = Vec::with_capacity(8);
        let me = self.pos.player(self.seat);
        let all = std::iter::once((self.seat, cell, me.food())).chain(
            self.others()
                .filter_map(|(s, p)| p.cell().map(|c| (s, c, p.food()))),
        );
        for (seat, c, food) in all {
            match groups.iter_mut().find(|g| g.0 == c) {
                Some(g) => {
                    g.1 += 1;
                    g.3 = g.3.max(food);
                    g.4 = g.4.min(seat);
                }
                None => groups.push((c, 1, d_robot(c), food, seat)),
            }
        }
        let total: usize = groups.iter().map(|g| g.1).sum();
        if groups.len() == 1 && total >= rules.immunity_min_players {
            return false;
        }
        let Some(target) = groups
            .iter()
            .filter(|g| g.2 != UNREACHABLE)
            .min_by_key(|g| (g.1, g.2, Reverse(g.3), g.4))
            .map(|g| g.0)
        else {
            return false;
        };
        if target == robot {
            return target == cell;
        }
        let Some(path) = board.preferred_path(robot, target) else {
            return false;
        };
        let mut at = robot;
        for d in path.iter().take(rules.robot_steps as usize) {
            at = at.step(*d).expect("path steps are possible");
            if groups.iter().any(|g| g.0 == at) {
                return at == cell;
            }
        }
        false
    }
}
