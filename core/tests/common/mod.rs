//! Shared helpers for the property tests and the playouts: an independent model of the
//! rules written from `labscape.md` and `position-format.md` (it reads positions only through
//! the public notation), invariant and accounting checks, and random action generators.
//!
//! Nothing here calls into the engine's geometry: walls are edge sets, rotations are done on
//! vertices, reachability is a plain BFS over the notation's cells.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

use labscape_core::labscape::{
    Action, Difficulty, Event, Layout, Phase, Position, PositionDoc, RobotCause, Seat, Settings,
    SetupMode,
};

/// A tiny deterministic generator for choosing actions (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

pub const PRESETS: [&str; 5] = ["single", "duo", "tower", "pyramid", "grand"];

pub fn settings(
    layout: &str,
    players: usize,
    difficulty: Difficulty,
    setup: SetupMode,
) -> Settings {
    Settings {
        layout: Layout::parse(layout).expect("layout"),
        difficulty,
        setup,
        players: (0..players).map(|i| format!("p{i}")).collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// Independent geometry.

pub type V = (i32, i32);
pub type Edge = (V, V);
pub type CellXY = (i32, i32);

fn edge(a: V, b: V) -> Edge {
    if a <= b { (a, b) } else { (b, a) }
}

pub fn parse_cell(s: &str) -> CellXY {
    let mut chars = s.chars();
    let col = chars.next().expect("cell letter");
    let row: i32 = chars.as_str().parse().expect("cell row");
    (col as i32 - 'A' as i32, row - 1)
}

pub fn cell_name(c: CellXY) -> String {
    format!("{}{}", (b'A' + c.0 as u8) as char, c.1 + 1)
}

/// Corners as (north?, east?).
pub const CORNERS: [(&str, bool, bool); 4] = [
    ("NE", true, true),
    ("NW", true, false),
    ("SE", false, true),
    ("SW", false, false),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WallM {
    pub cell: CellXY,
    pub north: bool,
    pub east: bool,
}

impl WallM {
    pub fn parse(s: &str) -> WallM {
        let (c, k) = s.split_once(':').expect("wall name");
        let k = k.to_ascii_uppercase();
        let (_, north, east) = *CORNERS.iter().find(|x| x.0 == k).expect("corner");
        WallM {
            cell: parse_cell(&c.to_ascii_uppercase()),
            north,
            east,
        }
    }
    pub fn name(self) -> String {
        let k = CORNERS
            .iter()
            .find(|x| x.1 == self.north && x.2 == self.east)
            .unwrap()
            .0;
        format!("{}:{k}", cell_name(self.cell))
    }
    /// The corner vertex.
    pub fn corner(self) -> V {
        let (x, y) = self.cell;
        (
            if self.east { x + 1 } else { x },
            if self.north { y } else { y + 1 },
        )
    }
    pub fn edges(self) -> [Edge; 2] {
        let (x, y) = self.cell;
        let ns = if self.north {
            edge((x, y), (x + 1, y))
        } else {
            edge((x, y + 1), (x + 1, y + 1))
        };
        let ew = if self.east {
            edge((x + 1, y), (x + 1, y + 1))
        } else {
            edge((x, y), (x, y + 1))
        };
        [ns, ew]
    }
    pub fn vertices(self) -> Vec<V> {
        let mut v: Vec<V> = self.edges().iter().flat_map(|e| [e.0, e.1]).collect();
        v.sort();
        v.dedup();
        v
    }
    /// The wall occupying exactly these two edges, found by brute force over the four cells
    /// around their shared vertex.
    pub fn from_edges(es: [Edge; 2]) -> Option<WallM> {
        let mut want = es.to_vec();
        want.sort();
        let shared = [es[0].0, es[0].1]
            .into_iter()
            .find(|v| *v == es[1].0 || *v == es[1].1)?;
        for (dx, dy) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
            let cell = (shared.0 + dx, shared.1 + dy);
            if cell.0 < 0 || cell.1 < 0 || cell.0 >= 24 || cell.1 >= 24 {
                continue;
            }
            for (_, north, east) in CORNERS {
                let w = WallM { cell, north, east };
                let mut got = w.edges().to_vec();
                got.sort();
                if got == want {
                    return Some(w);
                }
            }
        }
        None
    }
    /// Turned by `k` quarter turns about vertex `p`.
    pub fn rotated(self, p: V, k: u32) -> Option<WallM> {
        let rot = |v: V| {
            let (mut dx, mut dy) = (v.0 - p.0, v.1 - p.1);
            for _ in 0..k {
                (dx, dy) = (-dy, dx);
            }
            (p.0 + dx, p.1 + dy)
        };
        let es = self.edges().map(|e| edge(rot(e.0), rot(e.1)));
        WallM::from_edges(es)
    }
}

pub fn cell_corners(c: CellXY) -> [V; 4] {
    [
        (c.0, c.1),
        (c.0 + 1, c.1),
        (c.0, c.1 + 1),
        (c.0 + 1, c.1 + 1),
    ]
}

pub const DIRS: [(&str, i32, i32); 4] = [("N", 0, -1), ("E", 1, 0), ("S", 0, 1), ("W", -1, 0)];

/// The edge between a cell and its neighbour in direction (dx, dy).
pub fn edge_between(c: CellXY, dx: i32, dy: i32) -> Edge {
    let (x, y) = c;
    match (dx, dy) {
        (0, -1) => edge((x, y), (x + 1, y)),
        (0, 1) => edge((x, y + 1), (x + 1, y + 1)),
        (-1, 0) => edge((x, y), (x, y + 1)),
        (1, 0) => edge((x + 1, y), (x + 1, y + 1)),
        _ => unreachable!(),
    }
}

// ---------------------------------------------------------------------------------------------
// Independent layout.

pub fn layout_floors(layout: &str) -> Vec<Vec<Vec<bool>>> {
    let notation = match layout.trim().to_ascii_lowercase().as_str() {
        "single" => "#".to_string(),
        "duo" => "##".to_string(),
        "tower" => "#/#/#".to_string(),
        "pyramid" => "###/##/#".to_string(),
        "grand" => "####,####/###,###/###/#".to_string(),
        _ => layout.chars().filter(|c| !c.is_whitespace()).collect(),
    };
    notation
        .split('/')
        .map(|f| {
            f.split(',')
                .map(|r| r.chars().map(|c| c == '#').collect())
                .collect()
        })
        .collect()
}

pub fn module_count(floor: &[Vec<bool>]) -> usize {
    floor.iter().flatten().filter(|m| **m).count()
}

pub fn on_floor(floor: &[Vec<bool>], c: CellXY) -> bool {
    c.0 >= 0
        && c.1 >= 0
        && floor
            .get((c.1 / 3) as usize)
            .and_then(|r| r.get((c.0 / 3) as usize))
            .copied()
            .unwrap_or(false)
}

pub fn floor_cells(floor: &[Vec<bool>]) -> Vec<CellXY> {
    let h = floor.len() as i32 * 3;
    let w = floor.iter().map(Vec::len).max().unwrap_or(0) as i32 * 3;
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if on_floor(floor, (x, y)) {
                out.push((x, y));
            }
        }
    }
    out
}

/// Whether all three vertices of a wall lie on one module's 4×4 vertex grid (rules §3).
pub fn wall_inside_a_module(floor: &[Vec<bool>], w: WallM) -> bool {
    let vs = w.vertices();
    for (r, row) in floor.iter().enumerate() {
        for (c, m) in row.iter().enumerate() {
            if !m {
                continue;
            }
            let (x0, y0) = (c as i32 * 3, r as i32 * 3);
            if vs
                .iter()
                .all(|v| (x0..=x0 + 3).contains(&v.0) && (y0..=y0 + 3).contains(&v.1))
            {
                return true;
            }
        }
    }
    false
}

// ---------------------------------------------------------------------------------------------
// The model of a position, read from the public notation.

#[derive(Clone, Debug)]
pub struct PlayerM {
    pub cell: Option<CellXY>,
    pub time: i64,
    pub food: i64,
    pub status: String,
    pub search: i64,
    pub arrival: i64,
}

#[derive(Clone, Debug)]
pub struct Model {
    pub doc: PositionDoc,
    pub layout: Vec<Vec<Vec<bool>>>,
    pub floor: usize,
    pub walls: Vec<WallM>,
    pub wall_edges: HashSet<Edge>,
    pub items: HashMap<CellXY, String>,
    pub exit: Option<CellXY>,
    pub robot: Option<CellXY>,
    pub players: Vec<PlayerM>,
    pub keys: i64,
}

impl Model {
    pub fn new(pos: &Position) -> Model {
        Model::from_doc(pos.to_doc())
    }

    pub fn from_doc(doc: PositionDoc) -> Model {
        let layout = layout_floors(&doc.layout);
        let floor = doc.floor as usize;
        let (walls, items) = match doc.floors.get(floor).and_then(Option::as_ref) {
            Some(f) => (
                f.walls.iter().map(|w| WallM::parse(w)).collect::<Vec<_>>(),
                f.items
                    .iter()
                    .map(|(c, i)| (parse_cell(c), i.clone()))
                    .collect(),
            ),
            None => (Vec::new(), HashMap::new()),
        };
        let wall_edges = walls.iter().flat_map(|w| w.edges()).collect();
        let players = doc
            .players
            .iter()
            .map(|p| PlayerM {
                cell: p.cell.as_deref().map(parse_cell),
                time: p.time,
                food: p.food,
                status: p.status.clone(),
                search: p.search,
                arrival: p.arrival.unwrap_or(0),
            })
            .collect();
        Model {
            layout,
            floor,
            walls,
            wall_edges,
            items,
            exit: doc.exit.as_deref().map(parse_cell),
            robot: doc.robot.as_deref().map(parse_cell),
            players,
            keys: doc.keys,
            doc,
        }
    }

    pub fn shape(&self) -> &[Vec<bool>] {
        &self.layout[self.floor]
    }

    pub fn can_step(&self, edges: &HashSet<Edge>, c: CellXY, dx: i32, dy: i32) -> bool {
        let n = (c.0 + dx, c.1 + dy);
        on_floor(self.shape(), n) && !edges.contains(&edge_between(c, dx, dy))
    }

    pub fn reachable_with(&self, edges: &HashSet<Edge>, from: CellXY) -> HashMap<CellXY, usize> {
        let mut dist = HashMap::new();
        let mut q = VecDeque::new();
        dist.insert(from, 0);
        q.push_back(from);
        while let Some(c) = q.pop_front() {
            let d = dist[&c];
            for (_, dx, dy) in DIRS {
                if self.can_step(edges, c, dx, dy) {
                    let n = (c.0 + dx, c.1 + dy);
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                        e.insert(d + 1);
                        q.push_back(n);
                    }
                }
            }
        }
        dist
    }

    pub fn acting_cells(&self) -> Vec<CellXY> {
        self.players
            .iter()
            .filter(|p| p.status == "acting")
            .filter_map(|p| p.cell)
            .collect()
    }

    pub fn robot_reaches_with(&self, edges: &HashSet<Edge>) -> bool {
        let Some(r) = self.robot else { return false };
        let d = self.reachable_with(edges, r);
        self.acting_cells().iter().any(|c| d.contains_key(c))
    }

    pub fn dawn(&self) -> i64 {
        let modules: usize = self.layout.iter().map(|f| module_count(f)).sum();
        let twice_x: u64 = match self.doc.difficulty.as_str() {
            "easy" => 12,
            "medium" => 10,
            "hard" => 9,
            _ => 8,
        };
        (twice_x * 7 * modules as u64).div_ceil(2 * self.players.len() as u64) as i64
    }

    pub fn keys_needed(&self) -> i64 {
        7 * self.layout[self.floor..]
            .iter()
            .map(|f| module_count(f))
            .sum::<usize>() as i64
    }

    /// The active player by rules §6: lowest time among acting players, then arrival.
    pub fn active(&self) -> Option<usize> {
        if self.doc.phase != "play" {
            return None;
        }
        (0..self.players.len())
            .filter(|i| self.players[*i].status == "acting")
            .min_by_key(|i| (self.players[*i].time, self.players[*i].arrival, *i))
    }

    /// Every legal play action of the active player, in the notation, by the rules.
    pub fn legal(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let Some(s) = self.active() else { return out };
        let c = self.players[s].cell.expect("acting player has a cell");
        for (name, dx, dy) in DIRS {
            if self.can_step(&self.wall_edges, c, dx, dy) {
                out.insert(format!("move {name}"));
            }
        }
        let on_robot = self.robot == Some(c);
        if !on_robot
            && matches!(
                self.items.get(&c).map(String::as_str),
                Some("key" | "key-taken" | "food" | "special")
            )
        {
            out.insert("roll".into());
        }
        if !on_robot {
            for (from, to) in self.legal_rotations(c) {
                out.insert(format!("rotate-wall {} {}", from.name(), to.name()));
            }
        }
        if self.exit == Some(c) && self.keys >= self.keys_needed() {
            out.insert("exit".into());
        }
        out.insert("wait".into());
        out
    }

    /// Rotations by rules §7.3 (a), (b), (e) and the §3 and robot constraints.
    pub fn legal_rotations(&self, at: CellXY) -> BTreeSet<(WallM, WallM)> {
        let mut anchors = vec![at];
        let exit_reachable = self
            .exit
            .is_some_and(|e| self.reachable_with(&self.wall_edges, at).contains_key(&e));
        if !exit_reachable {
            for (_, dx, dy) in DIRS {
                let n = (at.0 + dx, at.1 + dy);
                if on_floor(self.shape(), n) {
                    anchors.push(n);
                }
            }
        }
        let reach_before = self.robot_reaches_with(&self.wall_edges);
        let mut out = BTreeSet::new();
        for &w in &self.walls {
            let mut cands = BTreeSet::new();
            for &a in &anchors {
                let corners = cell_corners(a);
                for v in w.vertices() {
                    if corners.contains(&v) {
                        for k in 1..=3 {
                            if let Some(r) = w.rotated(v, k) {
                                cands.insert(r);
                            }
                        }
                    }
                }
                if w.cell == a {
                    for (_, north, east) in CORNERS {
                        cands.insert(WallM {
                            cell: a,
                            north,
                            east,
                        });
                    }
                }
            }
            cands.remove(&w);
            let others: HashSet<Edge> = self
                .walls
                .iter()
                .filter(|o| **o != w)
                .flat_map(|o| o.edges())
                .collect();
            for r in cands {
                if !wall_inside_a_module(self.shape(), r) {
                    continue;
                }
                if r.edges().iter().any(|e| others.contains(e)) {
                    continue;
                }
                if reach_before {
                    let mut after = others.clone();
                    after.extend(r.edges());
                    if !self.robot_reaches_with(&after) {
                        continue;
                    }
                }
                out.insert((w, r));
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Invariants and accounting.

/// position → JSON text → position → JSON is the identity.
pub fn json_round_trip(pos: &Position) -> Result<Position, String> {
    let doc = pos.to_doc();
    let text = serde_json::to_string(&doc).map_err(|e| e.to_string())?;
    let back: PositionDoc = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let p = Position::from_doc(&back)
        .map_err(|e| format!("the engine's own position does not read back: {e}"))?;
    if p.to_doc() != doc {
        return Err("position → JSON → position is not the identity".into());
    }
    Ok(p)
}

/// Checks every invariant of a position that holds between actions.
pub fn check_invariants(pos: &Position) -> Result<(), String> {
    let m = Model::new(pos);
    let doc = &m.doc;
    // Walls: inside a module, never sharing an edge (every floor still standing).
    for (i, f) in doc.floors.iter().enumerate() {
        let Some(f) = f else { continue };
        let mut seen: HashMap<Edge, String> = HashMap::new();
        for name in &f.walls {
            let w = WallM::parse(name);
            if !wall_inside_a_module(&m.layout[i], w) {
                return Err(format!("floor {i}: wall {name} is not inside a module"));
            }
            for e in w.edges() {
                if let Some(other) = seen.insert(e, name.clone()) {
                    return Err(format!("floor {i}: walls {other} and {name} share an edge"));
                }
            }
        }
    }
    if doc.keys < 0 || doc.watermark < 0 || doc.watermark % 7 != 0 {
        return Err(format!(
            "bad counters: keys {} watermark {}",
            doc.keys, doc.watermark
        ));
    }
    for p in &m.players {
        if p.time < 0 || p.food < 0 || p.search < 0 {
            return Err(format!("negative counter: {p:?}"));
        }
    }
    if doc.dawn != Some(m.dawn()) {
        return Err(format!(
            "dawn is {:?}, the rules give {}",
            doc.dawn,
            m.dawn()
        ));
    }
    match pos.phase() {
        Phase::Setup(d) => {
            if pos.active() != Some(d.placer) {
                return Err("in draft setup the placer is active".into());
            }
        }
        Phase::Over => {
            if pos.active().is_some() || !pos.legal_actions().is_empty() {
                return Err("a game over has an active player or legal actions".into());
            }
            if m.players
                .iter()
                .any(|p| p.status != "escaped" && p.status != "out")
            {
                return Err("game over with someone neither escaped nor out".into());
            }
            let (escaped, top) = pos.outcome().ok_or("no outcome")?;
            let want: Vec<Seat> = (0..m.players.len())
                .filter(|i| m.players[*i].status == "escaped")
                .map(|i| Seat(i as u8))
                .collect();
            if escaped != want {
                return Err("outcome's escaped list is wrong".into());
            }
            let best = want.iter().map(|s| m.players[s.index()].food).max();
            let top_want: Vec<Seat> = want
                .iter()
                .copied()
                .filter(|s| Some(m.players[s.index()].food) == best)
                .collect();
            if top != top_want {
                return Err("outcome's top forager is wrong".into());
            }
        }
        Phase::Play => {
            // Exactly one active player: the acting player with the lowest (time, arrival).
            let acting: Vec<usize> = (0..m.players.len())
                .filter(|i| m.players[*i].status == "acting")
                .collect();
            if acting.is_empty() {
                return Err("in play but nobody is acting".into());
            }
            let want = m.active().unwrap();
            let key = |i: usize| (m.players[i].time, m.players[i].arrival);
            if acting.iter().filter(|i| key(**i) == key(want)).count() != 1 {
                return Err(
                    "two acting players share time and arrival: the active player is ambiguous"
                        .into(),
                );
            }
            if pos.active() != Some(Seat(want as u8)) {
                return Err(format!(
                    "active is {:?}, the rules give seat {want}",
                    pos.active()
                ));
            }
            let dawn = m.dawn();
            for &i in &acting {
                let p = &m.players[i];
                let c = p.cell.ok_or("acting player without a cell")?;
                if !on_floor(m.shape(), c) {
                    return Err("acting player off the floor".into());
                }
                if p.time >= dawn {
                    return Err(format!("seat {i} acts at {} >= dawn {dawn}", p.time));
                }
                if doc.limit.is_some_and(|l| p.time >= l) {
                    return Err(format!(
                        "seat {i} acts at {} >= limit {:?}",
                        p.time, doc.limit
                    ));
                }
            }
            for (i, p) in m.players.iter().enumerate() {
                match p.status.as_str() {
                    "exited" | "timed_out" if doc.limit.is_none() => {
                        return Err(format!("seat {i} is {} without a limit", p.status));
                    }
                    "exited" if m.floor == 0 => return Err("exited on the ground floor".into()),
                    "escaped" if m.floor != 0 => {
                        return Err("escaped above the ground floor".into());
                    }
                    _ => {}
                }
            }
            let (e, r) = (m.exit.ok_or("no exit")?, m.robot.ok_or("no robot")?);
            if !on_floor(m.shape(), e) || !on_floor(m.shape(), r) {
                return Err("exit or robot off the floor".into());
            }
            for (i, f) in doc.floors.iter().enumerate() {
                if (i > m.floor) != f.is_none() {
                    return Err(format!(
                        "floor {i} presence is wrong with floor {} in play",
                        m.floor
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The time an action cost its actor, by its events (excluding robot catches and penalties).
fn own_minutes(events: &[Event], seat: Seat) -> i64 {
    let mut t = 0i64;
    for e in events {
        match e {
            Event::Moved {
                seat: s,
                minutes,
                steps,
                ..
            } if *s == seat => {
                assert_eq!(
                    *minutes as usize,
                    steps.len(),
                    "a move costs one minute per step"
                );
                t += i64::from(*minutes);
            }
            Event::Rolled {
                seat: s,
                time_delta,
                ..
            } if *s == seat => t += 1 + i64::from(*time_delta),
            Event::WallRotated { seat: s, .. } if *s == seat => t += 1,
            Event::Waited { seat: s, minutes } if *s == seat => t += i64::from(*minutes),
            Event::Exited { seat: s, .. } | Event::Escaped { seat: s } if *s == seat => t += 1,
            _ => {}
        }
    }
    t
}

/// Checks one play-phase action against the rules, from the positions before and after and
/// the events: counters change only as the events say, robot paths are legal, the robot
/// moved once per mark crossed, a rotation never cut the robot off.
pub fn check_action(
    before: &Position,
    after: &Position,
    seat: Seat,
    events: &[Event],
) -> Result<(), String> {
    if !matches!(before.phase(), Phase::Play) {
        return Ok(());
    }
    let mb = Model::new(before);
    let ma = Model::new(after);
    let floor_changed = events.iter().any(|e| matches!(e, Event::FloorEnded { .. }));
    // Keys.
    let mut keys = mb.keys;
    for e in events {
        match e {
            Event::KeyTaken { .. } => keys += 1,
            Event::Rolled { keys_delta, .. } => keys += i64::from(*keys_delta),
            Event::Caught { keys_lost, .. } => keys -= i64::from(*keys_lost),
            _ => {}
        }
    }
    if keys != ma.keys {
        return Err(format!(
            "keys {} → {}, but the events account for {keys}",
            mb.keys, ma.keys
        ));
    }
    // Each player's time and food.
    for (i, (pb, pa)) in mb.players.iter().zip(&ma.players).enumerate() {
        let s = Seat(i as u8);
        let mut t = pb.time + own_minutes(events, s);
        let mut f = pb.food;
        for e in events {
            match e {
                Event::Caught { seat, minutes, .. } if *seat == s => t += i64::from(*minutes),
                Event::Penalized {
                    seat,
                    minutes,
                    food_lost,
                } if *seat == s => {
                    t += i64::from(*minutes);
                    f -= i64::from(*food_lost);
                }
                Event::Rolled {
                    seat, food_delta, ..
                } if *seat == s => f += i64::from(*food_delta),
                _ => {}
            }
        }
        if t != pa.time || f != pa.food {
            return Err(format!(
                "seat {i}: time {}→{} food {}→{}, events give time {t} food {f}",
                pb.time, pa.time, pb.food, pa.food
            ));
        }
        if pa.time < pb.time && !events.iter().any(|e| matches!(e, Event::Rolled { seat, time_delta, .. } if *seat == s && *time_delta < 0)) {
            return Err(format!("seat {i}'s time went down without a clock tamper"));
        }
        if pa.food < pb.food
            && !events.iter().any(|e| match e {
                Event::Rolled {
                    seat, food_delta, ..
                } => *seat == s && *food_delta < 0,
                Event::Penalized { seat, .. } => *seat == s,
                _ => false,
            })
        {
            return Err(format!(
                "seat {i}'s food went down without a table or a penalty"
            ));
        }
    }
    // Moves follow the walls.
    for e in events {
        if let Event::Moved {
            from, path, steps, ..
        } = e
        {
            let mut here = parse_cell(&from.to_string());
            for (d, c) in steps.iter().zip(path) {
                let (_, dx, dy) = *DIRS.iter().find(|x| x.0 == d.to_string()).unwrap();
                if !mb.can_step(&mb.wall_edges, here, dx, dy) {
                    return Err(format!(
                        "a move stepped through a wall or off the floor at {}",
                        cell_name(here)
                    ));
                }
                here = (here.0 + dx, here.1 + dy);
                if cell_name(here) != c.to_string() {
                    return Err("a move's path does not follow its steps".into());
                }
            }
        }
    }
    // A rotation is a legal one, and never cuts the robot off (§7.3).
    for e in events {
        if let Event::WallRotated { from, to, .. } = e {
            let at = mb.players[seat.index()].cell.unwrap();
            let pair = (
                WallM::parse(&from.to_string()),
                WallM::parse(&to.to_string()),
            );
            if !mb.legal_rotations(at).contains(&pair) {
                return Err(format!("rotation {from} → {to} is not legal by the rules"));
            }
            // The model's legal rotations already exclude cutting the robot off; check it
            // directly too, on the walls as they stood.
            let mut edges: HashSet<Edge> = mb
                .walls
                .iter()
                .filter(|w| **w != pair.0)
                .flat_map(|w| w.edges())
                .collect();
            edges.extend(pair.1.edges());
            if mb.robot_reaches_with(&mb.wall_edges) && !mb.robot_reaches_with(&edges) {
                return Err(format!("rotation {from} → {to} cut the robot off"));
            }
        }
    }
    // Robot moves: at most 3 steps, never through walls; one per mark crossed.
    let walls_now: HashSet<Edge> = if floor_changed {
        HashSet::new()
    } else {
        ma.wall_edges.clone()
    };
    let t_actor = mb.players[seat.index()].time + own_minutes(events, seat);
    let mut marks = Vec::new();
    for e in events {
        if let Event::RobotMoved {
            cause, from, path, ..
        } = e
        {
            if path.len() > 3 {
                return Err("the robot made more than 3 steps".into());
            }
            if !floor_changed {
                let mut here = parse_cell(&from.to_string());
                for c in path {
                    let n = parse_cell(&c.to_string());
                    let (dx, dy) = (n.0 - here.0, n.1 - here.1);
                    if dx.abs() + dy.abs() != 1 || !ma.can_step(&walls_now, here, dx, dy) {
                        return Err("the robot stepped through a wall".into());
                    }
                    here = n;
                }
            }
            if let RobotCause::Trigger { mark } = cause {
                marks.push(i64::from(*mark));
            }
        }
    }
    let want: Vec<i64> = ((mb.doc.watermark / 7 + 1)..)
        .map(|k| k * 7)
        .take_while(|m| *m <= t_actor)
        .collect();
    if marks != want {
        return Err(format!(
            "robot trigger marks {marks:?}, expected {want:?} (watermark {}, actor's time {t_actor})",
            mb.doc.watermark
        ));
    }
    if !floor_changed {
        let w = want.last().copied().unwrap_or(mb.doc.watermark);
        if ma.doc.watermark != w {
            return Err(format!(
                "watermark {} after the action, expected {w}",
                ma.doc.watermark
            ));
        }
    } else if after.phase() == Phase::Play {
        let high = ma
            .players
            .iter()
            .filter(|p| p.status == "acting")
            .map(|p| p.time)
            .max()
            .unwrap_or(0);
        if ma.doc.watermark != high / 7 * 7 {
            return Err(format!(
                "watermark reset to {}, expected {}",
                ma.doc.watermark,
                high / 7 * 7
            ));
        }
    }
    check_robot(&mb, seat, events)?;
    // Time-outs and dawn (§9, §10) happen exactly when the rules say.
    let dawn = mb.dawn();
    let limit = events
        .iter()
        .find_map(|e| match e {
            Event::LimitSet { limit, .. } => Some(i64::from(*limit)),
            _ => None,
        })
        .or(mb.doc.limit);
    for e in events {
        match e {
            Event::TimedOut { seat: s, time }
                if limit.is_none_or(|l| i64::from(*time) < l) || i64::from(*time) >= dawn =>
            {
                return Err(format!(
                    "seat {} timed out at {time} (limit {limit:?}, dawn {dawn})",
                    s.index()
                ));
            }
            Event::CaughtAtDawn { seat: s, time } if i64::from(*time) < dawn => {
                return Err(format!(
                    "seat {} caught at dawn at {time} < {dawn}",
                    s.index()
                ));
            }
            _ => {}
        }
    }
    if !floor_changed {
        for (i, (pb, pa)) in mb.players.iter().zip(&ma.players).enumerate() {
            if pb.status == pa.status {
                continue;
            }
            let s = Seat(i as u8);
            let explained = events.iter().any(|e| match (e, pa.status.as_str()) {
                (Event::Exited { seat, .. }, "exited") | (Event::Escaped { seat }, "escaped") => {
                    *seat == s && s == seat_of(events)
                }
                (Event::TimedOut { seat, .. }, "timed_out")
                | (Event::CaughtAtDawn { seat, .. }, "out") => *seat == s,
                _ => false,
            });
            if !explained {
                return Err(format!(
                    "seat {i} went from {} to {} without a reason",
                    pb.status, pa.status
                ));
            }
            if pa.status == "timed_out" && pa.time >= dawn {
                return Err(format!(
                    "seat {i} timed out at or past dawn instead of being out"
                ));
            }
        }
        for (i, pa) in ma.players.iter().enumerate() {
            if pb_acting(&mb, i)
                && pa.status == "acting"
                && (pa.time >= dawn || limit.is_some_and(|l| pa.time >= l))
            {
                return Err(format!(
                    "seat {i} still acts at {} (limit {limit:?}, dawn {dawn})",
                    pa.time
                ));
            }
        }
    }
    // A new floor (§9, §5.4): every acting player gets a start cell, in seat order; the robot
    // starts off them and can reach one whenever some free cell could.
    if after.phase() == Phase::Play && floor_changed {
        let want: Vec<usize> = (0..ma.players.len())
            .filter(|i| ma.players[*i].status == "acting")
            .collect();
        for e in events {
            if let Event::FloorSetUp {
                starts,
                exit,
                robot,
                ..
            } = e
            {
                let got: Vec<usize> = starts.iter().map(|(s, _)| s.index()).collect();
                if got != want {
                    return Err(format!("start cells for seats {got:?}, expected {want:?}"));
                }
                let robot = parse_cell(&robot.to_string());
                let occupied: Vec<CellXY> = starts
                    .iter()
                    .map(|(_, c)| parse_cell(&c.to_string()))
                    .collect();
                if occupied.contains(&robot) || !on_floor(ma.shape(), parse_cell(&exit.to_string()))
                {
                    return Err("the robot starts on a player, or the exit is off the floor".into());
                }
                let linked = |c: CellXY| {
                    let d = ma.reachable_with(&ma.wall_edges, c);
                    occupied.iter().any(|o| d.contains_key(o))
                };
                let possible = floor_cells(ma.shape())
                    .into_iter()
                    .any(|c| !occupied.contains(&c) && linked(c));
                if possible && !linked(robot) {
                    return Err("the robot starts where it cannot reach any player".into());
                }
            }
        }
        for e in events {
            if let Event::Penalized { seat, minutes, .. } = e
                && (*minutes != 5 || mb.players[seat.index()].status == "exited")
            {
                return Err(format!("seat {} penalized {minutes} minutes", seat.index()));
            }
        }
    }
    // Items change only by taking a key or spending a special.
    if !floor_changed {
        for (c, before_item) in &mb.items {
            let after_item = ma.items.get(c).map(String::as_str).unwrap_or("none");
            if after_item != before_item {
                let ok = (before_item == "key" && after_item == "key-taken")
                    || (before_item == "special" && after_item == "special-spent");
                if !ok {
                    return Err(format!(
                        "item on {} changed from {before_item} to {after_item}",
                        cell_name(*c)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The preferred shortest path (rules §7.1, §11): among shortest paths, the one whose steps
/// come first in the order N < E < S < W, compared step by step.
pub fn preferred_path(
    m: &Model,
    edges: &HashSet<Edge>,
    from: CellXY,
    to: CellXY,
) -> Option<Vec<CellXY>> {
    let dist = m.reachable_with(edges, to);
    let mut d = *dist.get(&from)?;
    let mut here = from;
    let mut path = Vec::new();
    while d > 0 {
        let next = DIRS
            .iter()
            .filter(|(_, dx, dy)| m.can_step(edges, here, *dx, *dy))
            .map(|(_, dx, dy)| (here.0 + dx, here.1 + dy))
            .find(|n| dist.get(n) == Some(&(d - 1)))?;
        path.push(next);
        here = next;
        d -= 1;
    }
    Some(path)
}

/// Replays the robot's part of one action from the position before it and the events, and
/// checks every robot move against rules §11: the target (fewest acting players, then the
/// shortest path, then the most food carried by one player, then the lowest seat), the path
/// (preferred shortest path, at most 3 steps, stopping in the first cell with acting players
/// it enters [D10], or next to an immune totem [D11]), and who is caught (everyone acting in
/// that cell, in seat order, carried off to a cell that is not the robot's).
pub fn check_robot(m: &Model, seat: Seat, events: &[Event]) -> Result<(), String> {
    let mut edges = m.wall_edges.clone();
    let mut robot = m.robot.ok_or("no robot")?;
    let mut cells: Vec<Option<CellXY>> = m.players.iter().map(|p| p.cell).collect();
    let mut acting: Vec<bool> = m.players.iter().map(|p| p.status == "acting").collect();
    let mut food: Vec<i64> = m.players.iter().map(|p| p.food).collect();
    let mut expect_caught: VecDeque<usize> = VecDeque::new();
    let mut catch_cell: Option<CellXY> = None;
    let a = seat.index();
    for e in events {
        match e {
            Event::Moved { path, .. } => cells[a] = path.last().map(|c| parse_cell(&c.to_string())),
            Event::Rolled { food_delta, .. } => food[a] += i64::from(*food_delta),
            Event::WallRotated { from, to, .. } => {
                for x in WallM::parse(&from.to_string()).edges() {
                    edges.remove(&x);
                }
                edges.extend(WallM::parse(&to.to_string()).edges());
            }
            Event::Exited { .. } | Event::Escaped { .. } => acting[a] = false,
            Event::RobotMoved {
                from, path, target, ..
            } => {
                if !expect_caught.is_empty() {
                    return Err(format!(
                        "players {expect_caught:?} should have been caught before the next robot move"
                    ));
                }
                if parse_cell(&from.to_string()) != robot {
                    return Err(format!(
                        "the robot moved from {from}, but it stood on {}",
                        cell_name(robot)
                    ));
                }
                // Cells with acting players: (count, distance, most food, lowest seat).
                let dist = m.reachable_with(&edges, robot);
                let mut groups: Vec<(CellXY, usize, usize, i64, usize)> = Vec::new();
                for i in 0..cells.len() {
                    let Some(c) = cells[i].filter(|_| acting[i]) else {
                        continue;
                    };
                    match groups.iter_mut().find(|g| g.0 == c) {
                        Some(g) => {
                            g.1 += 1;
                            g.3 = g.3.max(food[i]);
                        }
                        None => groups.push((
                            c,
                            1,
                            dist.get(&c).copied().unwrap_or(usize::MAX),
                            food[i],
                            i,
                        )),
                    }
                }
                let total: usize = groups.iter().map(|g| g.1).sum();
                let immune = groups.len() == 1 && total >= 2;
                let want_target = groups
                    .iter()
                    .filter(|g| g.2 != usize::MAX)
                    .min_by_key(|g| (g.1, g.2, -g.3, g.4))
                    .map(|g| g.0);
                let got_target = target.map(|c| parse_cell(&c.to_string()));
                if got_target != want_target {
                    return Err(format!(
                        "robot target {:?}, the rules give {:?}",
                        got_target.map(cell_name),
                        want_target.map(cell_name)
                    ));
                }
                let got_path: Vec<CellXY> =
                    path.iter().map(|c| parse_cell(&c.to_string())).collect();
                let mut want_path = Vec::new();
                catch_cell = None;
                if let Some(t) = want_target {
                    if t == robot {
                        if !immune {
                            catch_cell = Some(robot);
                        }
                    } else {
                        let full =
                            preferred_path(m, &edges, robot, t).ok_or("target unreachable")?;
                        let limit = if immune { full.len() - 1 } else { full.len() };
                        for c in full.into_iter().take(limit.min(3)) {
                            want_path.push(c);
                            if !immune && (0..cells.len()).any(|i| acting[i] && cells[i] == Some(c))
                            {
                                catch_cell = Some(c);
                                break;
                            }
                        }
                    }
                }
                if got_path != want_path {
                    return Err(format!(
                        "robot path {:?}, the rules give {:?} (target {:?}, immune {immune})",
                        got_path.iter().map(|c| cell_name(*c)).collect::<Vec<_>>(),
                        want_path.iter().map(|c| cell_name(*c)).collect::<Vec<_>>(),
                        want_target.map(cell_name)
                    ));
                }
                if let Some(c) = want_path.last() {
                    robot = *c;
                }
                if let Some(c) = catch_cell {
                    expect_caught = (0..cells.len())
                        .filter(|i| acting[*i] && cells[*i] == Some(c))
                        .collect();
                }
            }
            Event::Caught {
                seat: s, at, to, ..
            } => {
                let want = expect_caught.pop_front();
                if want != Some(s.index()) {
                    return Err(format!(
                        "seat {} caught, the rules catch {want:?} next",
                        s.index()
                    ));
                }
                if Some(parse_cell(&at.to_string())) != catch_cell {
                    return Err("caught somewhere else than the robot's cell".into());
                }
                let to = parse_cell(&to.to_string());
                if to == robot || !on_floor(m.shape(), to) {
                    return Err(format!(
                        "carried off to {}, the robot's cell or off the floor",
                        cell_name(to)
                    ));
                }
                cells[s.index()] = Some(to);
            }
            Event::FloorEnded { .. } => break,
            _ => {}
        }
    }
    if !expect_caught.is_empty() {
        return Err(format!("players {expect_caught:?} should have been caught"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Action generators.

fn seat_of(events: &[Event]) -> Seat {
    events
        .iter()
        .find_map(|e| match e {
            Event::Exited { seat, .. } | Event::Escaped { seat } => Some(*seat),
            _ => None,
        })
        .unwrap_or(Seat(u8::MAX))
}

fn pb_acting(m: &Model, i: usize) -> bool {
    m.players[i].status == "acting"
}

/// A random action text, often illegal: for probing refusals.
pub fn random_action_text(rng: &mut Rng, pos: &Position) -> String {
    let m = Model::new(pos);
    let cells = floor_cells(m.shape());
    let rand_cell = |rng: &mut Rng| {
        if rng.chance(90) && !cells.is_empty() {
            cell_name(*rng.pick(&cells))
        } else {
            cell_name((rng.below(24) as i32, rng.below(24) as i32))
        }
    };
    let rand_wall = |rng: &mut Rng| {
        if rng.chance(60) && !m.walls.is_empty() {
            rng.pick(&m.walls).name()
        } else {
            let c = rand_cell(rng);
            format!("{c}:{}", rng.pick(&["NE", "NW", "SE", "SW"]))
        }
    };
    match rng.below(12) {
        0 => {
            let n = 1 + rng.below(6);
            let steps: String = (0..n).map(|_| *rng.pick(&["N", "E", "S", "W"])).collect();
            format!("move {steps}")
        }
        1 => format!("move {}", rand_cell(rng)),
        2 => "roll".into(),
        3 | 4 => {
            // A rotation of a wall near the player, or a random one.
            let from = rand_wall(rng);
            let to = if rng.chance(50) {
                let w = WallM::parse(&from);
                let v = *rng.pick(&w.vertices());
                w.rotated(v, 1 + rng.below(3) as u32)
                    .map(|r| r.name())
                    .unwrap_or_else(|| rand_wall(rng))
            } else {
                rand_wall(rng)
            };
            format!("rotate-wall {from} {to}")
        }
        5 => "exit".into(),
        6 => format!("wait {}", 1 + rng.below(5)),
        7 => format!("wall {}", rand_wall(rng)),
        8 => format!(
            "item {} {}",
            rand_cell(rng),
            rng.pick(&["key", "food", "special"])
        ),
        9 => "autofill".into(),
        10 => format!("move {}", *rng.pick(&["N", "E", "S", "W"])),
        _ => rng
            .pick(&[
                "",
                "fly",
                "move X",
                "wait 0",
                "rotate-wall A1",
                "item A1 gold",
                "roll roll",
            ])
            .to_string(),
    }
}

/// A playing policy: sometimes purposeful (find keys, head for the exit, leave), sometimes
/// uniform over the legal actions, sometimes a random multi-step move or wait.
pub fn choose_action(rng: &mut Rng, pos: &Position, purposeful: u64) -> Action {
    let legal = pos.legal_actions();
    assert!(!legal.is_empty(), "no legal action while the game runs");
    if matches!(pos.phase(), Phase::Setup(_)) {
        // Draft: mostly place something, sometimes autofill.
        if rng.chance(15) {
            return Action::Autofill;
        }
        return rng.pick(&legal).clone();
    }
    if legal.contains(&Action::Exit) && rng.chance(90) {
        return Action::Exit;
    }
    if rng.chance(purposeful) {
        let m = Model::new(pos);
        let s = m.active().unwrap();
        let at = m.players[s].cell.unwrap();
        let dist = m.reachable_with(&m.wall_edges, at);
        if m.keys >= m.keys_needed()
            && let Some(e) = m.exit
            && e != at
            && dist.contains_key(&e)
        {
            return Action::parse(&format!("move {}", cell_name(e))).unwrap();
        }
        let item = m.items.get(&at).map(String::as_str);
        if legal.contains(&Action::Roll) {
            let key_room = matches!(item, Some("key" | "key-taken"));
            if item == Some("special")
                || (key_room && m.players[s].search < 2)
                || (item == Some("food") && rng.chance(10))
            {
                return Action::Roll;
            }
        }
        // Head for the nearest key token, else the nearest other key room.
        let nearest = |want: &[&str]| {
            dist.iter()
                .filter(|(c, _)| {
                    **c != at && m.items.get(c).is_some_and(|i| want.contains(&i.as_str()))
                })
                .min_by_key(|(c, d)| (**d, **c))
                .map(|(c, _)| *c)
        };
        if let Some(t) = nearest(&["key"]).or_else(|| nearest(&["key-taken"])) {
            return Action::parse(&format!("move {}", cell_name(t))).unwrap();
        }
    }
    match rng.below(10) {
        0 => Action::parse(&format!("wait {}", 1 + rng.below(4))).unwrap(),
        _ => rng.pick(&legal).clone(),
    }
}
