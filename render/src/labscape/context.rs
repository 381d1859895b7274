//! What every part of the turn image is drawn from: the [`Scene`] (the view, the players'
//! names and tags, who is active) and the [`Overlay`] (the last turn, as things to draw on
//! the floor). Its own module so that the floors' maps (`floor.rs`) and the scene
//! (`scene/`), which draws them, depend on it and not on each other.

use labscape_core::{
    Lang,
    labscape::{Cell, Event, Phase, Position, Seat, Wall},
};

use crate::{
    View,
    labscape::names::{display_name, tags},
};

/// The last turn, as things to draw on the floor.
#[derive(Debug, Default)]
pub(crate) struct Overlay {
    pub moves: Vec<(Seat, Vec<Cell>)>,
    pub robot_paths: Vec<Vec<Cell>>,
    pub rotations: Vec<(Wall, Wall)>,
    pub catches: Vec<(Seat, Cell, Cell)>,
    pub placed_walls: Vec<Wall>,
    pub placed_cells: Vec<Cell>,
    pub rolls: Vec<(Cell, [u8; 2])>,
}

/// Everything derived from the view that several panels need.
#[derive(Debug)]
pub(crate) struct Scene<'a> {
    pub view: &'a View<'a>,
    pub pos: &'a Position,
    pub names: Vec<String>,
    pub tags: Vec<String>,
    pub active: Option<Seat>,
}

impl<'a> Scene<'a> {
    pub(crate) fn new(view: &'a View<'a>) -> Scene<'a> {
        let pos = view.position;
        let names: Vec<String> = pos
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| display_name(view.lang, p.name(), i))
            .collect();
        let tags = tags(&names);
        Scene {
            view,
            pos,
            names,
            tags,
            active: pos.active(),
        }
    }

    /// The language of the labels.
    pub(crate) fn lang(&self) -> Lang {
        self.view.lang
    }

    pub(crate) fn name(&self, s: Seat) -> &str {
        self.names.get(s.index()).map_or("?", String::as_str)
    }

    /// Only the events after the last floor change belong on the current floor's map.
    pub(crate) fn overlay(&self) -> Overlay {
        let ev = self.view.events;
        let start = ev
            .iter()
            .rposition(|e| matches!(e, Event::FloorSetUp { .. } | Event::FloorEnded { .. }))
            .map_or(0, |i| i + 1);
        let mut ov = Overlay::default();
        let building = match self.pos.phase() {
            Phase::Setup(d) => Some(d.building),
            _ => None,
        };
        let mut robot_chain: Vec<Cell> = Vec::new();
        for e in &ev[start..] {
            match e {
                Event::Moved {
                    seat, from, path, ..
                } => {
                    let mut p = vec![*from];
                    p.extend(path.iter().copied());
                    ov.moves.push((*seat, p));
                }
                Event::RobotMoved { from, path, .. } if !path.is_empty() => {
                    if robot_chain.last() != Some(from) {
                        if robot_chain.len() > 1 {
                            ov.robot_paths.push(std::mem::take(&mut robot_chain));
                        }
                        robot_chain = vec![*from];
                    }
                    robot_chain.extend(path.iter().copied());
                }
                Event::WallRotated { from, to, .. } => ov.rotations.push((*from, *to)),
                Event::Rolled { cell, dice, .. } => ov.rolls.push((*cell, *dice)),
                Event::Caught { seat, at, to, .. } => ov.catches.push((*seat, *at, *to)),
                Event::WallPlaced { floor, wall, .. } if Some(*floor) == building => {
                    ov.placed_walls.push(*wall)
                }
                Event::ItemPlaced { floor, cell, .. } if Some(*floor) == building => {
                    ov.placed_cells.push(*cell)
                }
                Event::Autofilled {
                    floor,
                    walls,
                    items,
                    ..
                } if Some(*floor) == building => {
                    ov.placed_walls.extend(walls.iter().copied());
                    ov.placed_cells.extend(items.iter().map(|(c, _)| *c));
                }
                _ => {}
            }
        }
        if robot_chain.len() > 1 {
            ov.robot_paths.push(robot_chain);
        }
        ov
    }
}
