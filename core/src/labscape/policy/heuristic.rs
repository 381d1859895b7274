//! The heuristic player: the rules of thumb of a sensible group member.
//!
//! Each turn it picks a *goal* and then the first step toward it:
//! 1. standing on the exit with the group's keys in hand: exit;
//! 2. while the group is short of keys: the room with the best keys per minute — a key
//!    token (a free key, then a first search) or a search in a key room while the search
//!    table's expected result for this attempt is positive — among the rooms from which
//!    the exit can still be reached before the deadline (dawn, less a few minutes for each
//!    floor below; or the floor's limit marker once someone has left);
//! 3. otherwise: the exit (on upper floors with a key token picked up on the way when the
//!    detour is short, since lower floors need more keys; on the ground floor with a
//!    search of food rooms next to the exit while there is time to spare);
//! 4. when the goal cannot be reached: turn the wall that opens the way (or brings it
//!    closest), else walk toward the wall to turn.
//!
//! Before acting it predicts the robot's next move exactly as the rules make it (target,
//! path, immunity) and, when that move would catch it, takes the step that avoids the
//! catch and keeps it closest to its goal (joining others counts: the robot prefers lone
//! players, and a whole group in one cell is immune).
//!
//! It never looks at the game's dice; it does not even use its own generator, so its
//! choice is a function of the position alone.
//!
//! The goals and the step toward them are here; reading the robot's next move, dodging it
//! and minding the other players in `robot`.

mod robot;

use std::{cmp::Reverse, collections::BinaryHeap};

use super::super::{
    action::{Action, MoveTarget},
    board::{Board, Item, UNREACHABLE},
    dice::Dice,
    event::Seat,
    geometry::{Cell, Dir, Wall},
    position::{Phase, Position, Status},
};

/// The heuristic's tunable numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Knobs {
    /// Whether to predict and dodge the robot.
    pub(crate) avoid_robot: bool,
    /// Minutes kept in hand for each floor below this one when judging the time left.
    pub(crate) reserve_per_floor: u32,
    /// Minutes to spare, beyond the way out, before searching food rooms on the ground
    /// floor once the group holds its keys (`None`: never forage).
    pub(crate) forage_slack: Option<u32>,
}

impl Knobs {
    /// The heuristic as shipped.
    pub(crate) const STANDARD: Knobs = Knobs {
        avoid_robot: true,
        reserve_per_floor: 5,
        forage_slack: Some(4),
    };
    /// The same, blind to the robot.
    pub(crate) const CARELESS: Knobs = Knobs {
        avoid_robot: false,
        ..Knobs::STANDARD
    };
}

/// Most minutes the first player to leave a floor waits for the others.
const HOLD_MAX: u32 = 6;
/// Extra cost, in steps, of going through a wall when looking for a wall to turn.
const WALL_COST: u16 = 3;
/// Keys expected from searching a fresh special room, less its time cost and the risk of
/// its alarm test (a robot move), for ranking.
const SPECIAL_VALUE: f64 = 0.1;

/// What the player is heading for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// Leave the floor (standing on the exit with enough keys).
    Exit,
    /// Search the room here.
    Roll,
    /// Walk to this cell (the exit, a key token, a room to search).
    Go(Cell),
    /// Reach one of the cells of [`View::unreachable`]: walls are in the way.
    Unbox,
}

/// The heuristic's action for the active player (autofill during draft setup).
pub(crate) fn choose(pos: &Position, _rng: &mut Dice, knobs: Knobs) -> Option<Action> {
    let seat = pos.active()?;
    match pos.phase() {
        Phase::Over => None,
        Phase::Setup(_) => Some(Action::Autofill),
        Phase::Play => Some(View::new(pos, seat, knobs).decide()),
    }
}

/// The heuristic's action for `seat`, whether or not it is their turn (the search asks
/// what the heuristic would do next after a step); `None` unless `seat` is acting on the
/// floor in play.
pub(crate) fn choose_for(pos: &Position, seat: Seat, knobs: Knobs) -> Option<Action> {
    let me = pos.player(seat);
    if pos.phase() != Phase::Play || me.status() != Status::Acting || me.cell().is_none() {
        return None;
    }
    Some(View::new(pos, seat, knobs).decide())
}

/// Everything the heuristic looks at for one decision.
struct View<'a> {
    pos: &'a Position,
    seat: Seat,
    knobs: Knobs,
    board: &'a Board,
    here: Cell,
    time: u32,
    /// Consecutive rolls already made here.
    search: u32,
    from_me: Vec<u16>,
    robot: Option<Cell>,
    from_robot: Vec<u16>,
    exit: Option<Cell>,
    /// Distances from the exit (plain, or through walls at [`WALL_COST`] when the exit is
    /// walled off from the player).
    to_exit: Vec<u16>,
    /// The next robot trigger square.
    mark: u32,
    /// The last minute at which the player may start leaving this floor.
    deadline: u32,
    /// Expected search-table result per attempt (row).
    ev: [f64; 6],
    /// Targets behind walls, for [`Goal::Unbox`].
    unreachable: Vec<Cell>,
}

impl<'a> View<'a> {
    fn new(pos: &'a Position, seat: Seat, knobs: Knobs) -> View<'a> {
        let board = pos.current_board();
        let me = pos.player(seat);
        let here = me.cell().expect("an acting player stands on a cell");
        let rules = pos.rules();
        let from_me = board.distances(here);
        let robot = pos.robot();
        let from_robot = robot.map(|r| board.distances(r)).unwrap_or_default();
        let exit = pos.exit();
        let mut to_exit = exit.map(|e| board.distances(e)).unwrap_or_default();
        if let Some(e) = exit
            && to_exit[board.shape().index(here)] == UNREACHABLE
        {
            to_exit = relaxed_distances(board, &[e]);
        }
        let every = rules.robot_trigger_every;
        let mark = (pos.watermark() / every + 1) * every;
        let reserve = knobs.reserve_per_floor * pos.floor() as u32;
        let mut deadline = pos.dawn().saturating_sub(1 + reserve);
        if let Some(limit) = pos.limit() {
            deadline = deadline.min(limit.saturating_sub(1));
        }
        let mut ev = [0.0; 6];
        for (row, e) in ev.iter_mut().enumerate() {
            for a in 1..=6u32 {
                for b in 1..=6u32 {
                    *e += f64::from(rules.search(row as u32 + 1, (a + b) as u8)) / 36.0;
                }
            }
        }
        View {
            pos,
            seat,
            knobs,
            board,
            here,
            time: me.time(),
            search: me.search(),
            from_me,
            robot,
            from_robot,
            exit,
            to_exit,
            mark,
            deadline,
            ev,
            unreachable: Vec::new(),
        }
    }

    fn ix(&self, c: Cell) -> usize {
        self.board.shape().index(c)
    }

    fn d_me(&self, c: Cell) -> u16 {
        self.from_me[self.ix(c)]
    }

    fn d_exit(&self, c: Cell) -> u16 {
        self.to_exit.get(self.ix(c)).copied().unwrap_or(UNREACHABLE)
    }

    fn d_robot(&self, c: Cell) -> u16 {
        self.from_robot
            .get(self.ix(c))
            .copied()
            .unwrap_or(UNREACHABLE)
    }

    /// Expected search-table result of the next roll in `c`.
    fn roll_ev(&self, c: Cell) -> f64 {
        let attempt = if c == self.here { self.search } else { 0 };
        self.ev[(attempt as usize).min(self.ev.len() - 1)]
    }

    /// Whether the exit can be reached from `c` and left by the deadline, having spent
    /// `busy` minutes in `c` after walking there.
    fn in_time(&self, c: Cell, busy: u32, margin: u32) -> bool {
        let (d, de) = (self.d_me(c), self.d_exit(c));
        if d == UNREACHABLE || de == UNREACHABLE {
            return false;
        }
        self.time + u32::from(d) + busy + u32::from(de) + margin <= self.deadline
    }

    /// Whether the exit can still be reached and left in time from `c` at minute `time`,
    /// with a minute to spare.
    fn in_time_from(&self, c: Cell, time: u32) -> bool {
        let de = self.d_exit(c);
        de != UNREACHABLE && time + u32::from(de) < self.deadline
    }

    fn decide(mut self) -> Action {
        let goal = self.goal();
        let preferred = self.action_for(goal);
        if !self.knobs.avoid_robot {
            return preferred;
        }
        self.dodge(goal, preferred)
    }

    fn goal(&mut self) -> Goal {
        let (keys, need) = (self.pos.keys(), self.pos.keys_needed());
        if Some(self.here) == self.exit && keys >= need {
            return if self.hold_the_door() {
                Goal::Go(self.here)
            } else {
                Goal::Exit
            };
        }
        if keys < need {
            if let Some(goal) = self.gather() {
                return goal;
            }
        } else if let Some(goal) = self.on_the_way_out() {
            return goal;
        }
        match self.exit {
            Some(e) if self.d_me(e) != UNREACHABLE => Goal::Go(e),
            Some(e) => {
                self.unreachable = vec![e];
                Goal::Unbox
            }
            None => Goal::Go(self.here),
        }
    }

    /// Whether to wait before being the first to leave: someone on their way would not
    /// reach the exit before the limit marker this exit places, and a few minutes' wait
    /// (which this player can afford) would let them.
    fn hold_the_door(&self) -> bool {
        if self.pos.limit().is_some() {
            return false;
        }
        let rules = self.pos.rules();
        let limit_now = self.time + rules.action_minutes + rules.limit_after_exit;
        let late = self
            .others()
            .filter_map(|(_, p)| {
                let d = self.d_exit(p.cell()?);
                (d != UNREACHABLE).then(|| p.time() + u32::from(d) + 1)
            })
            .filter(|start| *start > limit_now && *start <= limit_now + HOLD_MAX)
            .max();
        late.is_some_and(|start| start - limit_now + self.time < self.deadline)
    }

    /// The best room for keys, by keys per minute, among those that leave time to get out.
    fn gather(&mut self) -> Option<Goal> {
        let mut best: Option<(f64, Cell)> = None;
        let mut walled_off = Vec::new();
        let mut any_reachable = false;
        let has_food = self.pos.player(self.seat).food() > 0;
        for c in self.board.shape().cells() {
            let item = self.board.item(c);
            let gain = match item {
                Some(Item::Key) if c != self.here => 1.0 + self.ev[0].max(0.0),
                Some(Item::Key | Item::KeyTaken) => self.roll_ev(c),
                Some(Item::Special) => SPECIAL_VALUE + if has_food { 0.1 } else { 0.0 },
                _ => continue,
            };
            if self.d_me(c) == UNREACHABLE {
                if matches!(item, Some(Item::Key | Item::KeyTaken)) {
                    walled_off.push(c);
                }
                continue;
            }
            if self.robot == Some(c) {
                continue;
            }
            any_reachable = true;
            if gain <= 0.0 || !self.in_time(c, 1, 1) {
                continue;
            }
            let cost = f64::from(self.d_me(c)) + 1.0;
            let mut rate = gain / cost;
            if self.knobs.avoid_robot && self.d_robot(c) <= 3 {
                rate *= 0.5;
            }
            rate -= 0.0005 * f64::from(self.d_exit(c));
            if best.is_none_or(|(r, _)| rate > r) {
                best = Some((rate, c));
            }
        }
        match best {
            Some((_, c)) if c == self.here => Some(Goal::Roll),
            Some((_, c)) => Some(Goal::Go(c)),
            None if !any_reachable && !walled_off.is_empty() => {
                self.unreachable = walled_off;
                Some(Goal::Unbox)
            }
            None => None,
        }
    }

    /// With the keys in hand: a key token close to the way out (upper floors), or a food
    /// room next to the exit while there is time to spare (ground floor).
    fn on_the_way_out(&self) -> Option<Goal> {
        let exit = self.exit?;
        let d_out = self.d_exit(self.here);
        if d_out == UNREACHABLE || self.d_me(exit) == UNREACHABLE {
            return None;
        }
        if self.pos.floor() > 0 {
            let token = self
                .board
                .shape()
                .cells()
                .filter(|c| self.board.item(*c) == Some(Item::Key) && Some(*c) != self.robot)
                .filter(|c| *c != self.here && self.d_me(*c) != UNREACHABLE)
                .filter(|c| {
                    u32::from(self.d_me(*c)) + u32::from(self.d_exit(*c)) <= u32::from(d_out) + 2
                })
                .filter(|c| self.in_time(*c, 0, 1))
                .min_by_key(|c| (self.d_me(*c), self.d_exit(*c)));
            return token.map(Goal::Go);
        }
        let slack = self.knobs.forage_slack?;
        if self.pos.limit().is_some() {
            return None;
        }
        let food = self
            .board
            .shape()
            .cells()
            .filter(|c| self.board.item(*c) == Some(Item::Food) && Some(*c) != self.robot)
            .filter(|c| self.d_me(*c) != UNREACHABLE && self.d_exit(*c) <= 2)
            .filter(|c| self.roll_ev(*c) > 0.0 && self.in_time(*c, 1, slack))
            .filter(|c| !self.knobs.avoid_robot || self.d_robot(*c) > 3)
            .min_by_key(|c| (self.d_me(*c), self.d_exit(*c)))?;
        Some(if food == self.here {
            Goal::Roll
        } else {
            Goal::Go(food)
        })
    }

    fn action_for(&self, goal: Goal) -> Action {
        match goal {
            Goal::Exit => Action::Exit,
            Goal::Roll => Action::Roll,
            Goal::Go(g) if g == self.here => self.idle(),
            Goal::Go(g) => {
                let to_g = self.board.distances(g);
                let steps = self.progress_steps(&to_g);
                let pick = steps
                    .iter()
                    .copied()
                    .max_by_key(|(d, n)| {
                        (
                            self.board.item(*n) == Some(Item::Key),
                            self.d_robot(*n),
                            Reverse(*d),
                        )
                    })
                    .map(|(d, _)| d);
                match pick {
                    Some(d) => step(d),
                    None => self.idle(),
                }
            }
            Goal::Unbox => self.unbox(),
        }
    }

    /// Single steps from here that bring the player one step closer by `to_g`.
    fn progress_steps(&self, to_g: &[u16]) -> Vec<(Dir, Cell)> {
        let d_here = to_g[self.ix(self.here)];
        self.open_steps()
            .into_iter()
            .filter(|(_, n)| d_here != UNREACHABLE && to_g[self.ix(*n)].saturating_add(1) == d_here)
            .collect()
    }

    fn open_steps(&self) -> Vec<(Dir, Cell)> {
        Dir::ALL
            .iter()
            .filter(|d| self.board.can_step(self.here, **d))
            .filter_map(|d| self.here.step(*d).map(|n| (*d, n)))
            .collect()
    }

    /// Nothing better to do here: search the room if the odds are good (the minute is
    /// spent anyway), else wait a minute.
    fn idle(&self) -> Action {
        let roll_ok = Some(self.here) != self.robot
            && matches!(
                self.board.item(self.here),
                Some(Item::Key | Item::KeyTaken | Item::Food)
            )
            && self.roll_ev(self.here) > 0.0;
        if roll_ok {
            Action::Roll
        } else {
            Action::Wait(1)
        }
    }

    /// Walls are in the way: turn the wall that opens the way to a target (or brings the
    /// player closest to one, counting a wall as [`WALL_COST`] steps), else walk toward
    /// the wall to turn.
    fn unbox(&self) -> Action {
        let rdist = relaxed_distances(self.board, &self.unreachable);
        let via_steps = |b: &Board| {
            Dir::ALL
                .iter()
                .filter(|d| b.can_step(self.here, **d))
                .filter_map(|d| self.here.step(*d))
                .map(|n| rdist[self.ix(n)].saturating_add(1))
                .min()
                .unwrap_or(UNREACHABLE)
        };
        let now = via_steps(self.board);
        // A turn that cuts another player off from the exit starts a tug of war: never.
        let before = self.linked_to_exit(self.board);
        let mut best: Option<((u8, u16), Wall, Wall)> = None;
        for (from, to) in self.pos.legal_rotations(self.seat) {
            let mut b = self.board.clone();
            b.move_wall(from, to);
            if self.cuts_off(&before, &b) {
                continue;
            }
            let d = b.distances(self.here);
            let reach = self
                .unreachable
                .iter()
                .map(|t| d[self.ix(*t)])
                .min()
                .unwrap_or(UNREACHABLE);
            let score = if reach != UNREACHABLE {
                (0, reach)
            } else {
                (1, via_steps(&b))
            };
            if best.is_none_or(|(s, _, _)| score < s) {
                best = Some((score, from, to));
            }
        }
        if let Some((score, from, to)) = best
            && (score.0 == 0 || score.1 < now)
        {
            return Action::RotateWall { from, to };
        }
        let step_to = self
            .open_steps()
            .into_iter()
            .filter(|(_, n)| rdist[self.ix(*n)] < rdist[self.ix(self.here)])
            .min_by_key(|(_, n)| rdist[self.ix(*n)]);
        match step_to {
            Some((d, _)) => step(d),
            None => self.idle(),
        }
    }
}

fn step(d: Dir) -> Action {
    Action::Move(MoveTarget::Steps(vec![d]))
}

/// Distances to the nearest of `sources`, where going through a wall inside the floor
/// costs [`WALL_COST`] steps instead of one (Dijkstra).
fn relaxed_distances(board: &Board, sources: &[Cell]) -> Vec<u16> {
    let shape = board.shape();
    let width = usize::from(shape.width());
    let mut dist = vec![UNREACHABLE; shape.grid_len()];
    let mut heap = BinaryHeap::new();
    for s in sources {
        if shape.contains(*s) {
            dist[shape.index(*s)] = 0;
            heap.push(Reverse((0u16, shape.index(*s))));
        }
    }
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let c = Cell::new((i % width) as u8, (i / width) as u8).expect("grid index");
        for dir in Dir::ALL {
            let Some(n) = c.step(dir).filter(|n| shape.contains(*n)) else {
                continue;
            };
            let cost = if board.can_step(c, dir) { 1 } else { WALL_COST };
            let nd = d + cost;
            let ni = shape.index(n);
            if nd < dist[ni] {
                dist[ni] = nd;
                heap.push(Reverse((nd, ni)));
            }
        }
    }
    dist
}

/// Whether the robot's next move would catch the active player standing in `cell` (for
/// the tests that hold the prediction against the engine).
#[cfg(test)]
pub(super) fn predict_catch(pos: &Position, cell: Cell) -> bool {
    let seat = pos.active().unwrap();
    let v = View::new(pos, seat, Knobs::STANDARD);
    match v.robot {
        Some(r) => v.robot_catches(r, cell),
        None => false,
    }
}
