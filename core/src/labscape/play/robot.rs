//! The robot (rules §11): its move toward the acting players and its catch.

use std::cmp::Reverse;

use crate::labscape::{
    board::UNREACHABLE,
    event::{Event, RobotCause, Seat},
    geometry::Cell,
    position::{Position, Status},
};

impl Position {
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
