//! Options and the setup (§4): every draw from the game's seeded generator, the first
//! player by a d6 roll-off.

use super::{
    Board, Flags, Pending, Player, Position, Rules,
    board::{CELLS, Cell, Dir, Rot, TileKind},
    event::Event,
    items::{Artifact, Face, Hazard, Hero, Secret, Token, TokenName, tuning},
    play,
};
use crate::{
    game::{Seat, SettingsError, check_option_keys, option},
    labscape::Dice,
};

/// The option keys.
pub(super) const OPTIONS: &[&str] = &[
    "players",
    "heroes",
    "hazards",
    "defence",
    "hydra-every",
    "rounds",
];

/// The Hydra's defence (§8.4, \[D17\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    /// 10.
    Fixed,
    /// 10 + the artifacts the fighter holds.
    Scaled,
}

impl Defence {
    /// The notation's word.
    pub fn word(self) -> &'static str {
        match self {
            Defence::Fixed => "fixed",
            Defence::Scaled => "scaled",
        }
    }

    /// Reads the word.
    pub fn parse(s: &str) -> Option<Defence> {
        match s {
            "fixed" => Some(Defence::Fixed),
            "scaled" => Some(Defence::Scaled),
            _ => None,
        }
    }
}

/// A game's settings, made only from options ([`crate::Game::settings`]), so always
/// 2–4 seats with one different adventurer each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub(super) players: usize,
    pub(super) heroes: Vec<Hero>,
    pub(super) hazards: Option<[Hazard; 3]>,
    pub(super) rules: Rules,
}

impl Settings {
    /// Seats, 2–4.
    pub fn players(&self) -> usize {
        self.players
    }
    /// One adventurer per seat.
    pub fn heroes(&self) -> &[Hero] {
        &self.heroes
    }
    /// The three hazards, or `None` to draw them.
    pub fn hazards(&self) -> Option<[Hazard; 3]> {
        self.hazards
    }
    /// The rules kept in the position.
    pub fn rules(&self) -> Rules {
        self.rules
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            players: 2,
            heroes: Hero::ALL[..2].to_vec(),
            hazards: None,
            rules: Rules {
                defence: Defence::Fixed,
                hydra_every: 5,
                rounds: 30,
            },
        }
    }
}

fn bad(key: &'static str, value: &str, problem: &str) -> SettingsError {
    SettingsError::BadValue {
        key,
        value: value.to_string(),
        problem: problem.to_string(),
    }
}

fn number(key: &'static str, value: &str, lo: u32, hi: u32) -> Result<u32, SettingsError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| bad(key, value, &format!("a whole number from {lo} to {hi}")))
}

/// Reads the options (§4).
pub(super) fn settings(options: &[(String, String)]) -> Result<Settings, SettingsError> {
    check_option_keys(options, OPTIONS)?;
    let mut s = Settings::default();
    let heroes = match option(options, "heroes") {
        None => None,
        Some(v) => {
            let mut list = Vec::new();
            for w in v.split(',') {
                let h = Hero::parse(w.trim()).ok_or_else(|| {
                    bad(
                        "heroes",
                        v,
                        "adventurers among digger, weaver, rogue, warden",
                    )
                })?;
                if list.contains(&h) {
                    return Err(bad("heroes", v, "every adventurer at most once"));
                }
                list.push(h);
            }
            Some(list)
        }
    };
    s.players = match option(options, "players") {
        Some(v) => number("players", v, 2, 4)? as usize,
        None => heroes.as_ref().map_or(2, Vec::len),
    };
    if !(2..=4).contains(&s.players) {
        return Err(bad(
            "heroes",
            option(options, "heroes").unwrap_or_default(),
            "2 to 4 adventurers",
        ));
    }
    s.heroes = match heroes {
        Some(h) if h.len() != s.players => {
            return Err(bad(
                "heroes",
                option(options, "heroes").unwrap_or_default(),
                &format!("one adventurer per seat: {} of them", s.players),
            ));
        }
        Some(h) => h,
        None => Hero::ALL[..s.players].to_vec(),
    };
    if let Some(v) = option(options, "hazards")
        && !v.eq_ignore_ascii_case("random")
    {
        let list: Vec<Option<Hazard>> = v.split(',').map(|w| Hazard::parse(w.trim())).collect();
        let problem = "random, or 3 different hazards among mud, bats, draft, pillars, stalactites";
        match list.as_slice() {
            [Some(a), Some(b), Some(c)] if a != b && b != c && a != c => {
                s.hazards = Some([*a, *b, *c]);
            }
            _ => return Err(bad("hazards", v, problem)),
        }
    }
    if let Some(v) = option(options, "defence") {
        s.rules.defence = Defence::parse(&v.to_ascii_lowercase())
            .ok_or_else(|| bad("defence", v, "fixed or scaled"))?;
    }
    if let Some(v) = option(options, "hydra-every") {
        s.rules.hydra_every = number("hydra-every", v, 1, 10)? as u8;
    }
    if let Some(v) = option(options, "rounds") {
        s.rules.rounds = number("rounds", v, 5, 200)? as u8;
    }
    Ok(s)
}

/// Every setting as an option.
pub(super) fn options(s: &Settings) -> Vec<(&'static str, String)> {
    let join = |v: Vec<&str>| v.join(",");
    vec![
        ("players", s.players.to_string()),
        ("heroes", join(s.heroes.iter().map(|h| h.id()).collect())),
        (
            "hazards",
            s.hazards.map_or("random".to_string(), |h| {
                join(h.iter().map(|h| h.id()).collect())
            }),
        ),
        ("defence", s.rules.defence.word().to_string()),
        ("hydra-every", s.rules.hydra_every.to_string()),
        ("rounds", s.rules.rounds.to_string()),
    ]
}

/// The setup of §4, drawn from `seed`, and the first turn's start.
pub(super) fn new_game(s: &Settings, seed: &str) -> (Position, Vec<Event>) {
    let mut dice = Dice::from_seed(seed);
    let mut tiles = TileKind::the_box();
    let take = |tiles: &mut Vec<_>, kind| {
        let i = tiles
            .iter()
            .position(|t: &super::Tile| t.kind() == kind)
            .expect("in the box");
        tiles.remove(i)
    };
    let hydra = take(&mut tiles, TileKind::Hydra);
    let entry = take(&mut tiles, TileKind::Entry);
    let portal = take(&mut tiles, TileKind::Portal);
    let mut board: [Option<super::Tile>; CELLS] = [None; CELLS];
    let centre = Cell::new(2, 2).expect("c3");
    board[centre.index()] = Some(hydra);
    let side = Dir::ALL[dice.pick(4)];
    let border = |d: Dir, i: u8| {
        match d {
            Dir::N => Cell::new(i, 4),
            Dir::E => Cell::new(4, i),
            Dir::S => Cell::new(i, 0),
            Dir::W => Cell::new(0, i),
        }
        .expect("on the border")
    };
    let entry_cell = border(side, dice.pick(5) as u8);
    let portal_cell = border(side.opposite(), dice.pick(5) as u8);
    board[entry_cell.index()] = Some(entry);
    board[portal_cell.index()] = Some(portal);
    dice.shuffle(&mut tiles);
    let mut rest = tiles.into_iter();
    for slot in &mut board {
        if slot.is_none() {
            let t = rest.next().expect("22 tiles for 22 cells");
            *slot = Some(t.rotated(Rot::quarters(dice.pick(4) as u8)));
        }
    }
    let board = Board::new(board.map(|t| t.expect("every cell filled"))).expect("the box");

    let hazards: Vec<Hazard> = match s.hazards {
        Some(h) => h.to_vec(),
        None => {
            let mut all = Hazard::ALL.to_vec();
            dice.shuffle(&mut all);
            all.truncate(3);
            all
        }
    };
    let mut artifacts = Artifact::ALL.to_vec();
    dice.shuffle(&mut artifacts);
    let bank: Vec<Secret<Artifact>> = artifacts
        .split_off(5)
        .into_iter()
        .map(Secret::Known)
        .collect();
    let mut names: Vec<TokenName> = hazards
        .into_iter()
        .map(TokenName::Hazard)
        .chain(artifacts.into_iter().map(TokenName::Artifact))
        .collect();
    dice.shuffle(&mut names);
    let mut tokens: Vec<Token> = super::Chamber::all()
        .zip(names)
        .map(|(c, n)| Token {
            cell: board.chamber(c),
            face: Face::Down(Secret::Known(n)),
        })
        .collect();
    play::sort_tokens(&mut tokens);

    let players: Vec<Player> = s
        .heroes
        .iter()
        .map(|h| Player {
            hero: *h,
            cell: entry_cell,
            artifacts: Vec::new(),
            seen: Vec::new(),
            penalty: 0,
            skip: false,
            no_fight: false,
        })
        .collect();
    let first = roll_off(&mut dice, players.len());
    let p = Position {
        rules: s.rules,
        board,
        tokens,
        bank,
        emptied: Vec::new(),
        used: Vec::new(),
        players,
        first,
        round: 1,
        to_move: first,
        ap: tuning::AP,
        flags: Flags::default(),
        pending: Pending::default(),
        calm: 0,
        pin: None,
        dice: None,
        result: None,
    };
    play::begin(p, dice)
}

/// Every seat rolls a d6; the seats tied at the top roll again until one is highest.
pub(super) fn roll_off(dice: &mut Dice, seats: usize) -> Seat {
    let mut rolling: Vec<usize> = (0..seats).collect();
    loop {
        let rolls: Vec<u8> = rolling.iter().map(|_| dice.d6()).collect();
        let top = *rolls.iter().max().expect("two or more seats");
        rolling = rolling
            .into_iter()
            .zip(rolls)
            .filter(|(_, r)| *r == top)
            .map(|(s, _)| s)
            .collect();
        if rolling.len() == 1 {
            return Seat(rolling[0] as u8);
        }
    }
}
