//! What follows every action (rules §9–§11): robot triggers, dawn and time-outs, the end
//! of a floor and the set-up of the next one, and the end of the game.

use crate::labscape::{
    board::UNREACHABLE,
    event::{Event, RobotCause},
    geometry::Cell,
    position::{Phase, Position, Status},
};

impl Position {
    /// After the action: robot triggers, then dawn and time-outs, then the floor's end
    /// (rules §11 "Order inside a turn").
    pub(super) fn after_action(&mut self, trigger_time: u32, events: &mut Vec<Event>) {
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
}
