//! `labscape simulate --game hidra`: whole games with one computer player in every seat,
//! every adventurer against every other in every seat (game `g` seats the first N of
//! [`order`]`(g)`, one of the 24 orders of the four, in turn), for 2, 3 and 4 players (or `--players N`), and what `hidra.md` §13 measured, side by
//! side: how long games run (rounds and turns), how many turns are idle, how often nobody
//! wins and why, and each adventurer's win rate.
//!
//! A turn is **idle** when its player ends it (`end`) before doing anything else, with all
//! the AP it started with (§13: "a player with full AP who does nothing"); a turn that
//! starts with 0 AP (a lost turn) is not idle, nothing could be done in it.
//!
//! Deterministic given `--seed`: game `g` of `N` players is seeded `SEED/N/g`, and the
//! computer players' choices from that seed and the action's number.

use std::time::Instant;

use labscape_core::{
    Game, Seat,
    hidra::{Action, EndReason, Event, Hero, Position},
};
use serde::Serialize;

use crate::games::StudyOptions;

/// Games per player count when `--games` is not given.
const DEFAULT_GAMES: usize = 200;
/// More actions than any game takes (30 rounds of 4 turns of a few actions each).
const MAX_ACTIONS: usize = 20_000;

/// What §13 says for one player count.
#[derive(Debug, Serialize, PartialEq)]
struct Expected {
    no_winner: &'static str,
    rounds: &'static str,
    idle: &'static str,
    win_rate: &'static str,
}

/// §13's figures (self-play with a simple greedy player) for `players`.
fn expected(players: usize) -> Expected {
    Expected {
        no_winner: if players == 2 { "a few games" } else { "none" },
        rounds: "median 4–6, quartiles 3–8",
        idle: "5–15%",
        win_rate: match players {
            2 => "42–56% (even: 50%)",
            3 => "27–43% (even: 33%)",
            _ => "18–33% (even: 25%)",
        },
    }
}

/// One whole game, measured.
#[derive(Debug, Clone, Copy)]
struct Played {
    rounds: u32,
    turns: usize,
    idle: usize,
    winner: Option<Hero>,
    reason: EndReason,
}

/// One adventurer's games and wins at one player count.
#[derive(Debug, Serialize, PartialEq)]
struct HeroRate {
    hero: &'static str,
    games: usize,
    wins: usize,
    rate: f64,
}

/// The figures of one player count.
#[derive(Debug, Serialize, PartialEq)]
struct Table {
    players: usize,
    games: usize,
    no_winner: usize,
    round_limit: usize,
    too_few_artifacts: usize,
    rounds_median: u32,
    rounds_quartiles: (u32, u32),
    rounds_longest: u32,
    turns_per_game: f64,
    turns: usize,
    idle_turns: usize,
    idle_share: f64,
    heroes: Vec<HeroRate>,
    expected: Expected,
}

/// A whole run.
#[derive(Debug, Serialize, PartialEq)]
struct Study {
    game: &'static str,
    policy: String,
    seed: String,
    seconds: f64,
    tables: Vec<Table>,
}

/// Runs the study with `o`: the report to print.
///
/// # Errors
/// An unknown policy, a player count outside 2–4, or a game that does not end.
pub(super) fn run(o: &StudyOptions) -> Result<String, String> {
    let policy = Position::policy(&o.policy).ok_or_else(|| {
        format!(
            "--policy {}: Labirinto da Hidra has {}",
            o.policy,
            Position::POLICIES.join(", ")
        )
    })?;
    let counts = match o.players {
        None => vec![2, 3, 4],
        Some(n @ 2..=4) => vec![n],
        Some(n) => return Err(format!("--players {n}: Labirinto da Hidra seats 2 to 4")),
    };
    let games = o.games.unwrap_or(DEFAULT_GAMES).max(1);
    let start = Instant::now();
    let tables = counts
        .into_iter()
        .map(|players| table(players, games, &policy, &o.seed))
        .collect::<Result<Vec<_>, _>>()?;
    let study = Study {
        game: "hidra",
        policy,
        seed: o.seed.clone(),
        seconds: start.elapsed().as_secs_f64(),
        tables,
    };
    if o.json {
        serde_json::to_string_pretty(&study).map_err(|e| e.to_string())
    } else {
        Ok(text(&study))
    }
}

/// `games` games of `players` players, summed up.
fn table(players: usize, games: usize, policy: &str, seed: &str) -> Result<Table, String> {
    let mut played = Vec::with_capacity(games);
    let mut heroes: Vec<HeroRate> = Hero::ALL
        .iter()
        .map(|h| HeroRate {
            hero: h.id(),
            games: 0,
            wins: 0,
            rate: 0.0,
        })
        .collect();
    for g in 0..games {
        let seats = &order(g)[..players];
        let game = play(seats, policy, &format!("{seed}/{players}/{g}"))?;
        for h in seats {
            heroes[hero_index(*h)].games += 1;
        }
        if let Some(w) = game.winner {
            heroes[hero_index(w)].wins += 1;
        }
        played.push(game);
    }
    for h in &mut heroes {
        h.rate = h.wins as f64 / h.games.max(1) as f64;
    }
    let mut rounds: Vec<u32> = played.iter().map(|p| p.rounds).collect();
    rounds.sort_unstable();
    let turns: usize = played.iter().map(|p| p.turns).sum();
    let idle: usize = played.iter().map(|p| p.idle).sum();
    let ended = |r: EndReason| {
        played
            .iter()
            .filter(|p| p.winner.is_none() && p.reason == r)
            .count()
    };
    Ok(Table {
        players,
        games,
        no_winner: played.iter().filter(|p| p.winner.is_none()).count(),
        round_limit: ended(EndReason::RoundLimit),
        too_few_artifacts: ended(EndReason::TooFewArtifacts),
        rounds_median: rounds[games / 2],
        rounds_quartiles: (rounds[games / 4], rounds[(3 * games / 4).min(games - 1)]),
        rounds_longest: rounds[games - 1],
        turns_per_game: turns as f64 / games as f64,
        turns,
        idle_turns: idle,
        idle_share: idle as f64 / turns.max(1) as f64,
        heroes,
        expected: expected(players),
    })
}

/// The `g`-th (modulo 24) of the orders of the four adventurers, by its Lehmer code.
fn order(g: usize) -> [Hero; 4] {
    let mut left = Hero::ALL.to_vec();
    let mut code = g % 24;
    let mut out = [Hero::ALL[0]; 4];
    for (i, slot) in out.iter_mut().enumerate() {
        let radix = (1..4 - i).product::<usize>();
        *slot = left.remove(code / radix);
        code %= radix;
    }
    out
}

fn hero_index(h: Hero) -> usize {
    Hero::ALL
        .iter()
        .position(|x| *x == h)
        .expect("one of the four")
}

/// One game with `seats`' adventurers, `policy` in every seat.
fn play(seats: &[Hero], policy: &str, seed: &str) -> Result<Played, String> {
    let heroes: Vec<&str> = seats.iter().map(|h| h.id()).collect();
    let options = [("heroes".to_string(), heroes.join(","))];
    let settings = Position::settings(&options).map_err(|e| e.to_string())?;
    let names: Vec<String> = (0..seats.len()).map(|i| format!("p{i}")).collect();
    let (mut p, events) = Position::new_game(&settings, &names, seed).map_err(|e| e.to_string())?;
    let mut turn = Turn::default();
    turn.saw(&events);
    let mut n = 0;
    while let Some(seat) = p.to_move() {
        if n >= MAX_ACTIONS {
            return Err(format!("game {seed} did not end in {MAX_ACTIONS} actions"));
        }
        let action = p
            .choose(policy, &format!("{seed}/{n}"))
            .ok_or_else(|| format!("{policy} found no action in game {seed}"))?;
        turn.acts(&p, &action);
        let (next, events) = p
            .play(seat, &action)
            .map_err(|e| format!("{policy} chose {action} in game {seed}: {e}"))?;
        turn.saw(&events);
        p = next;
        n += 1;
    }
    let end = p.result().expect("over");
    Ok(Played {
        rounds: u32::from(p.round()),
        turns: turn.turns,
        idle: turn.idle,
        winner: end.winner.map(|w: Seat| seats[w.index()]),
        reason: end.reason,
    })
}

/// The turns of a game, counted as they start, and the idle ones.
#[derive(Debug, Default)]
struct Turn {
    turns: usize,
    idle: usize,
    /// The AP the turn being played started with.
    start_ap: u8,
    /// Whether its player has done anything yet.
    acted: bool,
}

impl Turn {
    fn saw(&mut self, events: &[Event]) {
        for e in events {
            if let Event::Turn { ap, .. } = e {
                self.turns += 1;
                self.start_ap = *ap;
                self.acted = false;
            }
        }
    }

    fn acts(&mut self, p: &Position, action: &Action) {
        if *action == Action::End && !self.acted && p.ap() > 0 && p.ap() == self.start_ap {
            self.idle += 1;
        }
        self.acted = true;
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The report in words, each figure beside §13's.
fn text(s: &Study) -> String {
    let mut out = format!(
        "Labirinto da Hidra · {} in every seat · seed {} · {:.1} s\n\
         (every adventurer against every other in every seat; \"§13\": what the rules measured)\n",
        s.policy, s.seed, s.seconds
    );
    for t in &s.tables {
        let e = &t.expected;
        let wins: Vec<String> = t
            .heroes
            .iter()
            .map(|h| format!("{} {} ({}/{})", h.hero, pct(h.rate), h.wins, h.games))
            .collect();
        let rows = [
            (
                "no winner".to_string(),
                format!(
                    "{} of {} games ({}): round limit {}, too few artifacts {}",
                    t.no_winner,
                    t.games,
                    pct(t.no_winner as f64 / t.games as f64),
                    t.round_limit,
                    t.too_few_artifacts
                ),
                e.no_winner,
            ),
            (
                "rounds".to_string(),
                format!(
                    "median {}, quartiles {}–{}, longest {}",
                    t.rounds_median, t.rounds_quartiles.0, t.rounds_quartiles.1, t.rounds_longest
                ),
                e.rounds,
            ),
            (
                "turns".to_string(),
                format!("{:.1} a game", t.turns_per_game),
                "",
            ),
            (
                "idle turns".to_string(),
                format!("{} of {} ({})", t.idle_turns, t.turns, pct(t.idle_share)),
                e.idle,
            ),
            ("wins".to_string(), wins.join(", "), e.win_rate),
        ];
        out.push_str(&format!("\n{} players, {} games\n", t.players, t.games));
        for (what, figure, rules) in rows {
            let rules = if rules.is_empty() {
                String::new()
            } else {
                format!("   §13: {rules}")
            };
            out.push_str(&format!("  {what:<11} {figure}{rules}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(games: usize, json: bool) -> StudyOptions {
        StudyOptions {
            players: None,
            games: Some(games),
            policy: "easy".into(),
            seed: "t".into(),
            json,
        }
    }

    #[test]
    fn a_tiny_study_reports_every_player_count_beside_the_rules() {
        let report = run(&options(4, false)).unwrap();
        for players in 2..=4 {
            assert!(
                report.contains(&format!("\n{players} players, 4 games\n")),
                "{report}"
            );
        }
        for line in ["no winner", "rounds", "turns", "idle turns", "wins"] {
            assert_eq!(
                report.matches(&format!("\n  {line} ")).count(),
                3,
                "{report}"
            );
        }
        assert_eq!(report.matches("§13: 5–15%").count(), 3, "{report}");
        assert!(report.contains("(even: 25%)"), "{report}");
        for hero in ["digger", "weaver", "rogue", "warden"] {
            assert!(report.contains(&format!("{hero} ")), "{report}");
        }
    }

    #[test]
    fn the_json_report_adds_up_and_runs_are_reproducible() {
        let json = run(&options(5, true)).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let tables = v["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 3);
        for (t, players) in tables.iter().zip(2..=4u64) {
            assert_eq!(t["players"], players);
            assert_eq!(t["games"], 5);
            let heroes = t["heroes"].as_array().unwrap();
            assert_eq!(heroes.len(), 4);
            let seated: u64 = heroes.iter().map(|h| h["games"].as_u64().unwrap()).sum();
            assert_eq!(seated, 5 * players, "every seat of every game counted");
            let wins: u64 = heroes.iter().map(|h| h["wins"].as_u64().unwrap()).sum();
            assert_eq!(wins + t["no_winner"].as_u64().unwrap(), 5);
            assert!(t["idle_turns"].as_u64() <= t["turns"].as_u64());
        }
        let table = |o: &StudyOptions| {
            let s = run(o).unwrap();
            let v: serde_json::Value = serde_json::from_str(&s).unwrap();
            v["tables"].clone()
        };
        assert_eq!(table(&options(5, true)), table(&options(5, true)));
    }

    #[test]
    fn the_orders_are_the_24_of_the_four_adventurers() {
        let mut all: Vec<[Hero; 4]> = (0..24).map(order).collect();
        assert_eq!(all[0], Hero::ALL);
        all.sort_by_key(|o| o.map(hero_index));
        all.dedup();
        assert_eq!(all.len(), 24);
        assert_eq!(order(24), order(0));
    }

    #[test]
    fn options_the_game_does_not_have_are_refused() {
        let mut o = options(1, false);
        o.players = Some(5);
        assert!(run(&o).unwrap_err().contains("2 to 4"));
        o.players = Some(2);
        o.policy = "genius".into();
        assert!(run(&o).unwrap_err().contains("random, easy, strong"));
    }
}
