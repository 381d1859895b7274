//! Positions for the render tests, benchmark and previews: new games played forward with a
//! fixed, seeded choice of actions, so every run sees the same positions.
#![allow(dead_code)]

use labscape_core::labscape::{
    Action, Event, Item, Layout, MoveTarget, Phase, Position, Settings, SetupMode, UNREACHABLE,
};

pub const NAMES: [&str; 8] = [
    "ana", "bo", "carla", "dmitri", "eve", "farid", "gus", "hana",
];

pub fn settings(layout: &str, players: usize, setup: SetupMode) -> Settings {
    Settings {
        layout: Layout::parse(layout).expect("a valid layout"),
        difficulty: Default::default(),
        setup,
        players: NAMES[..players].iter().map(|s| s.to_string()).collect(),
    }
}

/// A tiny deterministic generator (xorshift).
pub struct Pick(u64);

impl Pick {
    pub fn new(seed: u64) -> Pick {
        Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Chooses an action like a hurried but sensible player: leave when the group can, head
/// for the exit once there are keys enough, pick up key tokens, search key rooms, and
/// otherwise wander, now and then turning a wall.
pub fn choose(pos: &Position, pick: &mut Pick) -> Action {
    let legal = pos.legal_actions();
    if legal.contains(&Action::Exit) {
        return Action::Exit;
    }
    let (Some(seat), Some(board)) = (pos.active(), pos.board(pos.floor())) else {
        return legal.first().cloned().unwrap_or(Action::Wait(1));
    };
    let Some(here) = pos.player(seat).cell() else {
        return legal.first().cloned().unwrap_or(Action::Wait(1));
    };
    let reachable = |c| board.distance(here, c) != UNREACHABLE && c != here;
    if pos.keys() >= pos.keys_needed()
        && let Some(exit) = pos.exit()
        && reachable(exit)
    {
        return Action::Move(MoveTarget::Cell(exit));
    }
    let r = pick.below(10);
    if r == 0 {
        let rotations: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::RotateWall { .. }))
            .collect();
        if !rotations.is_empty() {
            return rotations[pick.below(rotations.len())].clone();
        }
    }
    if r < 5 && legal.contains(&Action::Roll) && board.item(here) == Some(Item::KeyTaken) {
        return Action::Roll;
    }
    let keys: Vec<_> = board
        .items()
        .filter(|(c, it)| *it == Item::Key && reachable(*c))
        .map(|(c, _)| c)
        .collect();
    if !keys.is_empty() && r < 8 {
        let target = *keys
            .iter()
            .min_by_key(|c| board.distance(here, **c))
            .expect("not empty");
        return Action::Move(MoveTarget::Cell(target));
    }
    if r == 8 && legal.contains(&Action::Roll) {
        return Action::Roll;
    }
    let cells: Vec<_> = board.shape().cells().filter(|c| reachable(*c)).collect();
    if !cells.is_empty() {
        return Action::Move(MoveTarget::Cell(cells[pick.below(cells.len())]));
    }
    legal.first().cloned().unwrap_or(Action::Wait(1))
}

/// A random-setup game after `turns` actions; returns the position and the last turn's
/// events. Stops early if the game ends.
pub fn play(layout: &str, players: usize, seed: &str, turns: usize) -> (Position, Vec<Event>) {
    let (mut pos, mut events) =
        Position::new_game(&settings(layout, players, SetupMode::Random), seed).expect("new game");
    let mut pick = Pick::new(seed.bytes().map(u64::from).sum());
    for _ in 0..turns {
        if pos.is_over() {
            break;
        }
        let action = choose(&pos, &mut pick);
        events = pos
            .play(None, &action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
    (pos, events)
}

/// The same position with the group's key counter set to `keys` (through the notation).
pub fn with_keys(pos: &Position, keys: i64) -> Position {
    let mut doc = pos.to_doc();
    doc.keys = keys;
    Position::from_doc(&doc).expect("a valid position")
}

/// Plays until `stop` holds after a turn (or the game ends, or `max` turns).
pub fn play_until(
    layout: &str,
    players: usize,
    seed: &str,
    max: usize,
    stop: impl Fn(&Position, &[Event]) -> bool,
) -> (Position, Vec<Event>) {
    let (pos, events) =
        Position::new_game(&settings(layout, players, SetupMode::Random), seed).expect("new game");
    play_from(pos, events, seed, max, stop)
}

/// Plays `pos` forward until `stop` holds after a turn (or the game ends, or `max` turns).
pub fn play_from(
    mut pos: Position,
    mut events: Vec<Event>,
    seed: &str,
    max: usize,
    stop: impl Fn(&Position, &[Event]) -> bool,
) -> (Position, Vec<Event>) {
    let mut pick = Pick::new(seed.bytes().map(u64::from).sum());
    for _ in 0..max {
        if pos.is_over() || stop(&pos, &events) {
            break;
        }
        let action = choose(&pos, &mut pick);
        events = pos
            .play(None, &action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
    (pos, events)
}

/// A draft-setup game after `placements` placements; returns the position, the last turn's
/// events and the whole setup log.
pub fn draft(
    layout: &str,
    players: usize,
    seed: &str,
    placements: usize,
) -> (Position, Vec<Event>, Vec<Event>) {
    let (mut pos, mut events) =
        Position::new_game(&settings(layout, players, SetupMode::Draft), seed).expect("new game");
    let mut log = events.clone();
    let mut pick = Pick::new(7);
    for _ in 0..placements {
        if !matches!(pos.phase(), Phase::Setup(_)) {
            break;
        }
        let legal = pos.legal_actions();
        let walls: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::PlaceWall(_)))
            .collect();
        let items: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::PlaceItem(..)))
            .collect();
        let action = if !walls.is_empty() && pick.below(2) == 0 {
            walls[pick.below(walls.len())].clone()
        } else if !items.is_empty() {
            items[pick.below(items.len())].clone()
        } else {
            Action::Autofill
        };
        events = pos.play(None, &action).expect("a legal placement");
        log.extend(events.iter().cloned());
    }
    (pos, events, log)
}
