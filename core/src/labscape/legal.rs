//! The legal actions of the player whose turn it is: what the chat offers as buttons and
//! autocomplete, and what `labscape engine legal` prints.

use super::{
    action::{Action, MoveTarget},
    board::ItemKind,
    event::Seat,
    geometry::{Corner, Dir, Wall},
    layout::FloorShape,
    play::rotation_results,
    position::{Phase, Position},
};

impl Position {
    /// Every legal action for the active player, in the notation's order: single-step
    /// moves (N, E, S, W), `roll`, every `rotate-wall FROM TO`, `exit`, `wait`. In draft
    /// setup: every wall and item placement, then `autofill`. Empty once the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.active() else {
            return Vec::new();
        };
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Setup(_) => self.legal_placements(),
            Phase::Play => {
                let mut out = Vec::with_capacity(32);
                let at = self.here(seat);
                let board = self.current_board();
                for d in Dir::ALL {
                    if board.can_step(at, d) {
                        out.push(Action::Move(MoveTarget::Steps(vec![d])));
                    }
                }
                if self.roll_problem(seat).is_none() {
                    out.push(Action::Roll);
                }
                out.extend(
                    self.legal_rotations(seat)
                        .into_iter()
                        .map(|(from, to)| Action::RotateWall { from, to }),
                );
                if self.exit_problem(seat).is_none() {
                    out.push(Action::Exit);
                }
                out.push(Action::Wait(1));
                out
            }
        }
    }

    /// Whether `action` is legal for the active player (without playing it).
    pub fn is_legal(&self, action: &Action) -> bool {
        self.after(None, action).is_ok()
    }

    /// Every legal wall rotation for `seat`, sorted by wall then result (empty if they
    /// stand on the robot's cell).
    pub fn legal_rotations(&self, seat: Seat) -> Vec<(Wall, Wall)> {
        let at = self.here(seat);
        if self.robot == Some(at) {
            return Vec::new();
        }
        let board = self.current_board();
        let anchors = self.rotation_anchors(seat);
        let mut out: Vec<(Wall, Wall)> = Vec::new();
        for &from in board.walls() {
            for &anchor in &anchors {
                for to in rotation_results(from, anchor) {
                    if !out.contains(&(from, to)) && board.check_wall(to, Some(from)).is_ok() {
                        out.push((from, to));
                    }
                }
            }
        }
        if let Some((robot, targets)) = self.robot_guard() {
            out.retain(|(from, to)| board.reaches_any_with_move(robot, &targets, *from, *to));
        }
        out.sort();
        out
    }

    /// Every legal draft placement on the floor being built, then `autofill`.
    fn legal_placements(&self) -> Vec<Action> {
        let board = self.current_board();
        let mut out = Vec::new();
        for cell in board.shape().cells() {
            for corner in Corner::ALL {
                let w = Wall::new(cell, corner);
                if board.check_wall(w, None).is_ok() {
                    out.push(Action::PlaceWall(w));
                }
            }
        }
        for cell in board.shape().cells() {
            if board.item(cell).is_none() {
                out.extend(ItemKind::ALL.map(|k| Action::PlaceItem(cell, k)));
            }
        }
        out.push(Action::Autofill);
        out
    }

    /// Walls in each module of the floor being built, for setup progress displays.
    pub fn walls_per_module(&self) -> Vec<((usize, usize), usize)> {
        let board = self.current_board();
        board
            .shape()
            .modules()
            .map(|(c, r)| ((c, r), board.walls_in_module(c, r)))
            .collect()
    }

    /// The cells of module slot `(col, row)` (re-exported for displays).
    pub fn module_cells(col: usize, row: usize) -> Vec<super::geometry::Cell> {
        FloorShape::module_cells(col, row).collect()
    }
}
