//! Setting a game up (rules §5): the first player, building the floors (random or draft),
//! and the top floor's start cells, exit and robot.

use std::sync::Arc;

use super::{
    action::Action,
    board::{Board, Item, ItemKind, WallProblem},
    dice::Dice,
    event::{Event, Seat},
    geometry::{Cell, Corner, Wall},
    layout::FloorShape,
    play::ActionError,
    position::{Draft, Phase, Player, Position, Settings, SetupMode, Status},
    rules::STANDARD,
};

pub use crate::game::NewGameError;

impl Position {
    /// A new game: draws the first player, then builds the floors at random (or opens draft
    /// setup), and in random mode sets up the top floor for play.
    ///
    /// # Errors
    /// [`NewGameError`] if the player count is out of range.
    pub fn new_game(
        settings: &Settings,
        seed: &str,
    ) -> Result<(Position, Vec<Event>), NewGameError> {
        let rules = &STANDARD;
        let n = settings.players.len();
        if !(rules.players.0..=rules.players.1).contains(&n) {
            return Err(NewGameError::Players {
                got: n,
                min: rules.players.0,
                max: rules.players.1,
            });
        }
        let mut dice = Dice::from_seed(seed);
        let mut events = Vec::new();
        let first = draw_first_player(&mut dice, n, &mut events);
        let players = settings
            .players
            .iter()
            .enumerate()
            .map(|(i, name)| Player {
                name: name.clone(),
                cell: None,
                time: 0,
                food: 0,
                status: Status::Acting,
                search: 0,
                // The time stack at 0 is in turn order, the first player at the bottom.
                arrival: ((i + n - first.index()) % n) as u64,
            })
            .collect();
        let layout = Arc::new(settings.layout.clone());
        let floors = layout
            .floors()
            .iter()
            .map(|s| Some(Board::new(s.clone())))
            .collect();
        let mut pos = Position {
            layout,
            difficulty: settings.difficulty,
            phase: Phase::Setup(Draft {
                building: 0,
                placer: first,
                first,
            }),
            floor: 0,
            keys: 0,
            watermark: 0,
            limit: None,
            exit: None,
            robot: None,
            players,
            floors,
            dice,
        };
        if settings.setup == SetupMode::Random {
            for f in 0..pos.layout.floor_count() {
                pos.floor = f;
                pos.fill_floor_randomly(rules.random_walls, true);
            }
            pos.start_play(&mut events);
        }
        Ok((pos, events))
    }

    /// The building is complete: play starts on the top floor.
    fn start_play(&mut self, events: &mut Vec<Event>) {
        // The time stack at 0 is in turn order, the first player at the bottom (§5.5).
        if let Phase::Setup(d) = self.phase {
            let n = self.players.len();
            for (i, p) in self.players.iter_mut().enumerate() {
                p.arrival = ((i + n - d.first.index()) % n) as u64;
            }
        }
        self.floor = self.layout.floor_count() - 1;
        self.phase = Phase::Play;
        self.set_up_floor(events);
    }

    /// Random walls for every module up to a count drawn in `walls` (at least the count the
    /// module already has), then items per the item mix on empty cells. With
    /// `random_count = false`, modules get walls only up to the minimum (autofill).
    fn fill_floor_randomly(
        &mut self,
        walls: (u32, u32),
        random_count: bool,
    ) -> (Vec<Wall>, Vec<(Cell, ItemKind)>) {
        let rules = self.rules();
        let shape: FloorShape = self.board_mut().shape().clone();
        let mut added_walls = Vec::new();
        let mut added_items = Vec::new();
        for (col, row) in shape.modules().collect::<Vec<_>>() {
            let want = if random_count {
                walls.0 + self.dice.below(walls.1 - walls.0 + 1)
            } else {
                rules.min_walls_per_module
            };
            while (self.board_mut().walls_in_module(col, row) as u32) < want {
                let board = self.board_mut();
                let candidates: Vec<Wall> = FloorShape::module_cells(col, row)
                    .flat_map(|c| Corner::ALL.map(|k| Wall::new(c, k)))
                    .filter(|w| board.check_wall(*w, None).is_ok())
                    .collect();
                if candidates.is_empty() {
                    break;
                }
                let w = candidates[self.dice.pick(candidates.len())];
                self.board_mut().add_wall(w);
                added_walls.push(w);
            }
            // Items: the mix minus what the module holds, on its empty cells.
            let cells: Vec<Cell> = FloorShape::module_cells(col, row).collect();
            let board = self.board_mut();
            let count = |k: ItemKind| {
                cells
                    .iter()
                    .filter(|c| board.item(**c).map(Item::kind) == Some(k))
                    .count() as u32
            };
            let mix = rules.item_mix;
            let mut bag = Vec::new();
            for (k, n) in [
                (ItemKind::Key, mix.keys),
                (ItemKind::Food, mix.food),
                (ItemKind::Special, mix.special),
            ] {
                bag.extend(std::iter::repeat_n(k, n.saturating_sub(count(k)) as usize));
            }
            let empty: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|c| board.item(*c).is_none())
                .collect();
            self.dice.shuffle(&mut bag);
            for (c, k) in empty.into_iter().zip(bag) {
                self.board_mut().set_item(c, Some(k.token()));
                added_items.push((c, k));
            }
        }
        (added_walls, added_items)
    }

    /// Whether the floor being built is complete: an item on every cell and the minimum of
    /// walls in every module.
    fn building_complete(&self) -> bool {
        let board = self.current_board();
        let min = self.rules().min_walls_per_module as usize;
        board.shape().cells().all(|c| board.item(c).is_some())
            && board
                .shape()
                .modules()
                .all(|(c, r)| board.walls_in_module(c, r) >= min)
    }

    /// Why a placement is refused, if it is.
    pub(crate) fn placement_problem(&self, action: &Action) -> Option<ActionError> {
        let board = self.current_board();
        match action {
            Action::PlaceWall(w) => match board.check_wall(*w, None) {
                Ok(()) => None,
                Err(WallProblem::OffFloor) => {
                    Some(ActionError::NotOnBuildingFloor(w.to_string(), self.floor))
                }
                Err(WallProblem::Overlaps(other)) => {
                    Some(ActionError::PlacementOverlaps { wall: *w, other })
                }
            },
            Action::PlaceItem(c, _) => {
                if !board.shape().contains(*c) {
                    Some(ActionError::NotOnBuildingFloor(c.to_string(), self.floor))
                } else {
                    board.item(*c).map(|i| ActionError::CellTaken {
                        cell: *c,
                        item: i.name(),
                    })
                }
            }
            _ => None,
        }
    }

    /// Draft setup: one placement, then the turn passes to the next seat.
    pub(crate) fn place(
        &mut self,
        seat: Option<Seat>,
        action: &Action,
    ) -> Result<Vec<Event>, ActionError> {
        let seat = self.check_turn(seat)?;
        let Phase::Setup(draft) = self.phase else {
            unreachable!("called in setup")
        };
        if let Some(e) = self.placement_problem(action) {
            return Err(e);
        }
        let floor = self.floor;
        let mut events = Vec::new();
        match action {
            Action::PlaceWall(w) => {
                self.board_mut().add_wall(*w);
                events.push(Event::WallPlaced {
                    seat,
                    floor,
                    wall: *w,
                });
            }
            Action::PlaceItem(c, k) => {
                self.board_mut().set_item(*c, Some(k.token()));
                events.push(Event::ItemPlaced {
                    seat,
                    floor,
                    cell: *c,
                    item: *k,
                });
            }
            Action::Autofill => {
                let (walls, items) = self.fill_floor_randomly((0, 0), false);
                events.push(Event::Autofilled {
                    seat,
                    floor,
                    walls,
                    items,
                });
            }
            _ => unreachable!("only placements reach here"),
        }
        let n = self.players.len() as u8;
        let mut draft = Draft {
            placer: Seat((seat.0 + 1) % n),
            ..draft
        };
        if self.building_complete() {
            events.push(Event::FloorBuilt { floor });
            if floor + 1 < self.layout.floor_count() {
                draft.building = floor + 1;
                self.floor = floor + 1;
                self.phase = Phase::Setup(draft);
            } else {
                self.start_play(&mut events);
            }
        } else {
            self.phase = Phase::Setup(draft);
        }
        Ok(events)
    }
}

/// Everyone rolls 2d6; the highest starts; ties among the highest roll again (rules §5.2).
fn draw_first_player(dice: &mut Dice, n: usize, events: &mut Vec<Event>) -> Seat {
    let mut rolling: Vec<Seat> = (0..n as u8).map(Seat).collect();
    let mut rounds = Vec::new();
    while rolling.len() > 1 {
        let round: Vec<(Seat, [u8; 2])> = rolling.iter().map(|s| (*s, dice.two_d6())).collect();
        let best = round
            .iter()
            .map(|(_, d)| d[0] + d[1])
            .max()
            .expect("players");
        rolling = round
            .iter()
            .filter(|(_, d)| d[0] + d[1] == best)
            .map(|(s, _)| *s)
            .collect();
        rounds.push(round);
    }
    let seat = rolling[0];
    events.push(Event::FirstPlayer { rounds, seat });
    seat
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labscape::layout::Layout;

    #[test]
    fn ties_among_the_highest_roll_again() {
        let mut dice = Dice::from_seed("x").with_queue([6, 6, 3, 3, 6, 6, 1, 1, 2, 2]);
        let mut events = Vec::new();
        // Round 1: seats 0 and 2 tie on 12; round 2: seat 0 rolls 2, seat 2 rolls 4.
        let first = draw_first_player(&mut dice, 3, &mut events);
        assert_eq!(first, Seat(2));
        let Event::FirstPlayer { rounds, .. } = &events[0] else {
            panic!()
        };
        assert_eq!(rounds.len(), 2);
        assert_eq!(
            rounds[1].iter().map(|(s, _)| *s).collect::<Vec<_>>(),
            [Seat(0), Seat(2)]
        );
    }

    fn settings(layout: &str, n: usize, setup: SetupMode) -> Settings {
        Settings {
            layout: Layout::parse(layout).unwrap(),
            difficulty: Default::default(),
            setup,
            players: (1..=n).map(|i| format!("p{i}")).collect(),
        }
    }

    #[test]
    fn random_setup_places_4_to_6_walls_and_the_mix_per_module() {
        for seed in ["a", "b", "c", "d"] {
            let (pos, _) =
                Position::new_game(&settings("grand", 4, SetupMode::Random), seed).unwrap();
            assert_eq!(pos.phase(), Phase::Play);
            assert_eq!(pos.floor(), 3);
            for f in 0..4 {
                let b = pos.board(f).unwrap();
                for (c, r) in b.shape().modules() {
                    let n = b.walls_in_module(c, r);
                    assert!((4..=6).contains(&n), "{n} walls");
                    let cells: Vec<Cell> = FloorShape::module_cells(c, r).collect();
                    let count = |k: ItemKind| {
                        cells
                            .iter()
                            .filter(|x| b.item(**x).map(Item::kind) == Some(k))
                            .count()
                    };
                    assert_eq!(
                        (
                            count(ItemKind::Key),
                            count(ItemKind::Food),
                            count(ItemKind::Special)
                        ),
                        (4, 3, 2)
                    );
                }
            }
        }
    }

    #[test]
    fn a_new_game_refuses_nine_players() {
        let s = settings("single", 9, SetupMode::Random);
        assert!(matches!(
            Position::new_game(&s, "x"),
            Err(NewGameError::Players { got: 9, .. })
        ));
        let s = settings("single", 0, SetupMode::Random);
        assert!(Position::new_game(&s, "x").is_err());
    }

    #[test]
    fn the_robot_starts_off_the_players_and_can_reach_one() {
        for i in 0..200 {
            let (pos, _) =
                Position::new_game(&settings("single", 8, SetupMode::Random), &i.to_string())
                    .unwrap();
            let robot = pos.robot().unwrap();
            assert!(pos.players().iter().all(|p| p.cell() != Some(robot)));
            let b = pos.current_board();
            let d = b.distances(robot);
            let reachable = pos
                .players()
                .iter()
                .any(|p| d[b.shape().index(p.cell().unwrap())] != u16::MAX);
            // Unless no free cell links to a player (then any free cell).
            let any_linked = b.shape().cells().any(|c| {
                pos.players().iter().all(|p| p.cell() != Some(c)) && {
                    let d = b.distances(c);
                    pos.players()
                        .iter()
                        .any(|p| d[b.shape().index(p.cell().unwrap())] != u16::MAX)
                }
            });
            assert_eq!(reachable, any_linked, "seed {i}");
        }
    }
}
