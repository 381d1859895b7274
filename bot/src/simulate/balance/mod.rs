//! Labscape's balance study for `labscape simulate`: whole games with one policy in every
//! seat, in parallel on all cores, and what a designer asks of a playtest: how many players
//! escape, how often everyone or nobody does, food carried out, robot catches, floor
//! time-outs, dawn losses and game length. `--table` measures every preset × 2–6 players ×
//! the four difficulties and writes `balance.md` (the table and its analysis) and
//! `balance.png` (a chart); `--bench` measures games per minute.
//!
//! Every game's seed is derived from `--seed` and the game's place in the run, and the
//! policies' own generators from the game's seed, so a run is reproducible whatever the
//! number of threads.

mod bench;
mod chart;
mod report;

use bench::{bench, table};

use std::{
    fs,
    io::IsTerminal,
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressStyle};
use labscape_core::{
    GameKind,
    labscape::{
        Dice, Difficulty, Event, Layout, PRESETS, Policy, Position, Settings, SetupMode, Status,
        Table,
    },
};
use serde::Serialize;

use super::SimulateArgs;

/// Rollouts per decision of the `search` baseline in `--table`.
const SEARCH_BASELINE_ITERATIONS: u32 = 32;

/// The study of `kind`, when it is this one.
pub(super) fn study(kind: GameKind) -> Option<fn(&SimulateArgs) -> anyhow::Result<()>> {
    (kind == GameKind::Labscape).then_some(run as fn(&SimulateArgs) -> anyhow::Result<()>)
}

/// Runs the study with the options given.
fn run(args: &SimulateArgs) -> anyhow::Result<()> {
    let policy = Policy::from_name(&args.policy).with_context(|| {
        format!(
            "--policy {}: not one of {} (strong:N for N rollouts)",
            args.policy,
            Policy::NAMES.join(", ")
        )
    })?;
    let difficulty = args.difficulty.as_deref().unwrap_or("medium");
    let difficulty = Difficulty::from_name(difficulty).with_context(|| {
        format!("--difficulty {difficulty}: not easy, medium, hard or impossible")
    })?;
    let cell = Cell {
        layout: args.layout.clone().unwrap_or_else(|| "pyramid".into()),
        players: args.players.unwrap_or(4),
        difficulty,
    };
    cell.settings()?;
    if args.bench {
        return bench(args, &cell, policy);
    }
    if args.table {
        return table(args, policy);
    }
    let games = args.games.unwrap_or(1000);
    let bar = progress_bar(games, args.json);
    let start = Instant::now();
    let results = run_cells(
        std::slice::from_ref(&cell),
        games,
        policy,
        &args.seed,
        threads(args),
        &bar,
    )?;
    bar.finish_and_clear();
    let summary = Summary::new(&cell, policy, &results[0]);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        summary.print_text(start.elapsed());
    }
    Ok(())
}

/// What one game gave.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameStats {
    /// Players in the game.
    pub players: usize,
    /// Players who escaped.
    pub escaped: usize,
    /// Food carried out by those who escaped.
    pub food_out: u64,
    /// Players caught by the robot (one per player per catch).
    pub catches: u32,
    /// Catches caused by the special table's alarm test.
    pub alarm_catches: u32,
    /// Catches on floors of a single module.
    pub catches_one_module: u32,
    /// Keys the group lost to catches.
    pub keys_lost: u32,
    /// Players who reached a floor's limit marker.
    pub timeouts: u32,
    /// Players left behind on the ground floor (timed out there: out).
    pub left_behind: u32,
    /// Players caught at dawn.
    pub dawn_losses: u32,
    /// Dawn losses while the group held fewer keys than their floor's exit needs.
    pub dawn_keys_short: u32,
    /// Actions played.
    pub turns: u32,
    /// Keys from tokens.
    pub token_keys: u32,
    /// Net keys from searching key rooms.
    pub search_keys: i64,
    /// Searches of key rooms.
    pub key_searches: u32,
    /// Searches of food rooms.
    pub food_searches: u32,
    /// Special-table rolls.
    pub specials: u32,
    /// Their summed effects on keys, food and the roller's time.
    pub special_keys: i64,
    /// See [`GameStats::special_keys`].
    pub special_food: i64,
    /// See [`GameStats::special_keys`].
    pub special_time: i64,
    /// Special rolls that were the alarm test.
    pub special_alarms: u32,
    /// The minute the last player stopped acting (escaped or out).
    pub length_minutes: u32,
}

/// Plays one whole game with `policy` in every seat.
///
/// # Panics
/// If the policy chooses an illegal action (a bug in the policy).
pub fn play_game(settings: &Settings, seed: &str, policy: Policy) -> GameStats {
    let (mut pos, _) = Position::new_game(settings, seed).expect("settings were checked");
    let mut rng = Dice::from_seed(&format!("{seed}:policy"));
    let mut s = GameStats {
        players: settings.players.len(),
        ..GameStats::default()
    };
    while let Some(action) = policy.choose(&pos, &mut rng) {
        let keys_short = pos.keys() < pos.keys_needed();
        let one_module = pos.current_board().shape().module_count() == 1;
        let events = pos
            .play(None, &action)
            .expect("policies choose legal actions");
        s.turns += 1;
        // Catches right after the special table's alarm-test move (before any trigger).
        let mut alarm = false;
        for e in &events {
            match e {
                Event::RobotMoved { cause, .. } => {
                    alarm = *cause == labscape_core::labscape::RobotCause::AlarmTest;
                }
                Event::Caught { keys_lost, .. } => {
                    s.catches += 1;
                    s.keys_lost += keys_lost;
                    s.alarm_catches += u32::from(alarm);
                    s.catches_one_module += u32::from(one_module);
                }
                Event::TimedOut { .. } => s.timeouts += 1,
                Event::LeftBehind { .. } => s.left_behind += 1,
                Event::CaughtAtDawn { .. } => {
                    s.dawn_losses += 1;
                    s.dawn_keys_short += u32::from(keys_short);
                }
                Event::KeyTaken { .. } => s.token_keys += 1,
                Event::Rolled {
                    table,
                    keys_delta,
                    food_delta,
                    time_delta,
                    special,
                    ..
                } => match table {
                    Table::SearchKeys => {
                        s.key_searches += 1;
                        s.search_keys += i64::from(*keys_delta);
                    }
                    Table::SearchFood => s.food_searches += 1,
                    Table::Special => {
                        s.specials += 1;
                        s.special_keys += i64::from(*keys_delta);
                        s.special_food += i64::from(*food_delta);
                        s.special_time += i64::from(*time_delta);
                        s.special_alarms += u32::from(*special == Some("alarm_test"));
                    }
                },
                _ => {}
            }
        }
    }
    for p in pos.players() {
        if p.status() == Status::Escaped {
            s.escaped += 1;
            s.food_out += u64::from(p.food());
        }
        s.length_minutes = s.length_minutes.max(p.time());
    }
    s
}

/// One configuration to measure.
#[derive(Clone, Debug)]
pub struct Cell {
    /// Layout as given (preset name or notation).
    pub layout: String,
    /// Players.
    pub players: usize,
    /// Difficulty.
    pub difficulty: Difficulty,
}

impl Cell {
    fn settings(&self) -> anyhow::Result<Settings> {
        let layout = Layout::parse(&self.layout)
            .map_err(|e| anyhow::anyhow!("--layout {}: {e}", self.layout))?;
        if !(1..=8).contains(&self.players) {
            bail!("--players must be 1 to 8, not {}", self.players);
        }
        Ok(Settings {
            layout,
            difficulty: self.difficulty,
            setup: SetupMode::Random,
            players: (1..=self.players).map(|i| format!("bot{i}")).collect(),
        })
    }

    /// The seed of game `i` of this cell in a run seeded `seed`.
    pub fn game_seed(&self, seed: &str, i: usize) -> String {
        format!(
            "{seed}:{}:{}:{}:{i}",
            self.layout, self.players, self.difficulty
        )
    }
}

/// Plays `games` games of every cell on `threads` threads; returns each cell's games in
/// order. `progress` is advanced once per game.
fn run_cells(
    cells: &[Cell],
    games: usize,
    policy: Policy,
    seed: &str,
    threads: usize,
    progress: &ProgressBar,
) -> anyhow::Result<Vec<Vec<GameStats>>> {
    let settings: Vec<Settings> = cells
        .iter()
        .map(Cell::settings)
        .collect::<anyhow::Result<_>>()?;
    let total = cells.len() * games;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameStats>>> = Mutex::new(vec![None; total]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= total {
                        break;
                    }
                    let (c, i) = (job / games, job % games);
                    let stats = play_game(&settings[c], &cells[c].game_seed(seed, i), policy);
                    results.lock().expect("no worker panics")[job] = Some(stats);
                    progress.inc(1);
                }
            });
        }
    });
    let mut all = results
        .into_inner()
        .expect("no worker panics")
        .into_iter()
        .map(|s| s.expect("every game was played"));
    Ok((0..cells.len())
        .map(|_| all.by_ref().take(games).collect())
        .collect())
}

/// The measures the issue asks for, over a set of games.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    /// Layout as given.
    pub layout: String,
    /// Players.
    pub players: usize,
    /// Difficulty.
    pub difficulty: String,
    /// Dawn, in minutes.
    pub dawn: u32,
    /// Policy name.
    pub policy: String,
    /// Games played.
    pub games: usize,
    /// Share of players who escaped.
    pub escape_share: f64,
    /// Share of games in which everyone escaped.
    pub all_escaped_share: f64,
    /// Share of games in which nobody escaped.
    pub none_escaped_share: f64,
    /// Mean food carried out by a player who escaped.
    pub mean_food_out: f64,
    /// Robot catches per game.
    pub catches_per_game: f64,
    /// Floor time-outs per game.
    pub timeouts_per_game: f64,
    /// Players left behind on the ground floor per game (part of the time-outs).
    pub left_behind_per_game: f64,
    /// Dawn losses per game.
    pub dawn_losses_per_game: f64,
    /// Share of dawn losses that came while the group was short of keys.
    pub dawn_losses_keys_short: f64,
    /// Mean game length in turns (actions).
    pub turns_mean: f64,
    /// Median game length in turns.
    pub turns_median: u32,
    /// Longest game in turns.
    pub turns_max: u32,
    /// Keys per game from tokens, from searching (net), and lost to catches.
    pub keys_from_tokens: f64,
    /// See [`Summary::keys_from_tokens`].
    pub keys_from_searches: f64,
    /// See [`Summary::keys_from_tokens`].
    pub keys_lost_to_robot: f64,
    /// Special-table rolls per game.
    pub specials_per_game: f64,
}

impl Summary {
    fn new(cell: &Cell, policy: Policy, games: &[GameStats]) -> Summary {
        let n = games.len().max(1) as f64;
        let sum = |f: &dyn Fn(&GameStats) -> f64| games.iter().map(f).sum::<f64>();
        let players = sum(&|g| g.players as f64);
        let escaped = sum(&|g| g.escaped as f64);
        let dawn_losses = sum(&|g| f64::from(g.dawn_losses));
        let mut turns: Vec<u32> = games.iter().map(|g| g.turns).collect();
        turns.sort_unstable();
        let settings = cell.settings().expect("checked before the run");
        let dawn = labscape_core::labscape::dawn_for(
            &labscape_core::labscape::STANDARD,
            settings.layout.module_count(),
            cell.players,
            cell.difficulty,
        );
        Summary {
            layout: cell.layout.clone(),
            players: cell.players,
            difficulty: cell.difficulty.name().to_string(),
            dawn,
            policy: policy.to_string(),
            games: games.len(),
            escape_share: escaped / players.max(1.0),
            all_escaped_share: sum(&|g| f64::from(u8::from(g.escaped == g.players))) / n,
            none_escaped_share: sum(&|g| f64::from(u8::from(g.escaped == 0))) / n,
            mean_food_out: sum(&|g| g.food_out as f64) / escaped.max(1.0),
            catches_per_game: sum(&|g| f64::from(g.catches)) / n,
            timeouts_per_game: sum(&|g| f64::from(g.timeouts)) / n,
            left_behind_per_game: sum(&|g| f64::from(g.left_behind)) / n,
            dawn_losses_per_game: dawn_losses / n,
            dawn_losses_keys_short: sum(&|g| f64::from(g.dawn_keys_short)) / dawn_losses.max(1.0),
            turns_mean: sum(&|g| f64::from(g.turns)) / n,
            turns_median: turns.get(turns.len() / 2).copied().unwrap_or(0),
            turns_max: turns.last().copied().unwrap_or(0),
            keys_from_tokens: sum(&|g| f64::from(g.token_keys)) / n,
            keys_from_searches: sum(&|g| g.search_keys as f64) / n,
            keys_lost_to_robot: sum(&|g| f64::from(g.keys_lost)) / n,
            specials_per_game: sum(&|g| f64::from(g.specials)) / n,
        }
    }

    fn print_text(&self, elapsed: Duration) {
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        println!(
            "{} games of {} with {} {} players at {} (dawn at minute {}), seed-derived, in {:.1} s",
            self.games,
            self.layout,
            self.players,
            self.policy,
            self.difficulty,
            self.dawn,
            elapsed.as_secs_f64()
        );
        println!("  players escaping        {}", pct(self.escape_share));
        println!("  games: everyone escaped {}", pct(self.all_escaped_share));
        println!("  games: nobody escaped   {}", pct(self.none_escaped_share));
        println!(
            "  food carried out        {:.2} per escapee",
            self.mean_food_out
        );
        println!(
            "  robot catches           {:.2} per game ({:.2} keys lost)",
            self.catches_per_game, self.keys_lost_to_robot
        );
        println!(
            "  floor time-outs         {:.2} per game ({:.2} left behind on the ground floor)",
            self.timeouts_per_game, self.left_behind_per_game
        );
        println!(
            "  dawn losses             {:.2} per game ({} with the group short of keys)",
            self.dawn_losses_per_game,
            pct(self.dawn_losses_keys_short)
        );
        println!(
            "  game length             {:.1} turns (median {}, longest {})",
            self.turns_mean, self.turns_median, self.turns_max
        );
        println!(
            "  keys per game           {:.1} from tokens, {:.1} from searches, {:.1} lost",
            self.keys_from_tokens, self.keys_from_searches, self.keys_lost_to_robot
        );
    }
}

fn progress_bar(total: usize, quiet: bool) -> ProgressBar {
    // A bar only on long runs, and only on a terminal (indicatif hides it otherwise).
    if quiet || total < 200 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .expect("a valid template"),
    );
    bar
}

fn threads(args: &SimulateArgs) -> usize {
    args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(usize::from)
            .unwrap_or(1)
    })
}

#[cfg(test)]
mod tests;
