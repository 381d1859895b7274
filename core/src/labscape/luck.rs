//! How lucky the dice have been (`/luck`): each player's rolls against what fair dice give,
//! so a suspicion ("the bot always rolls badly for me") can be answered with numbers.
//!
//! Two tallies per player: the 2d6 totals (every roll: the first-player draw, searches and
//! specials; fair dice average 7 a roll), and the search results (the number the search
//! table gave, against the average of the table row used, since later attempts in a room
//! are worse). Each tally states where the actual total falls among all the totals fair
//! dice could have given: its percentile, computed exactly from the dice's distribution
//! (a normal approximation past [`EXACT_ROLLS`] rolls).

use super::{
    event::{Event, Seat, Table},
    record::{Record, RecordError},
    rules::Rules,
};

/// Up to this many rolls a percentile is exact; past it, a normal approximation.
pub const EXACT_ROLLS: usize = 400;

/// One player's (or the whole table's) rolls against fair dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// Rolls counted.
    pub rolls: u32,
    /// Their total.
    pub actual: i64,
    /// The total fair dice give on average.
    pub expected: f64,
    /// Standard deviation of the fair total.
    pub sd: f64,
    /// Where the actual total falls among fair dice, 0 to 100: the chance that fair dice
    /// give less, counting a tie as half (50 is exactly typical; 90 is higher than nine
    /// fair runs in ten).
    pub percentile: f64,
}

impl Tally {
    /// (actual − expected) / sd; 0 with no spread.
    pub fn z(&self) -> f64 {
        if self.sd > 0.0 {
            (self.actual as f64 - self.expected) / self.sd
        } else {
            0.0
        }
    }
}

/// One player's luck.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerLuck {
    /// Seat.
    pub seat: Seat,
    /// Name.
    pub name: String,
    /// Every 2d6 total they rolled (higher is neither good nor bad: this is the dice's
    /// fairness).
    pub dice: Tally,
    /// Their search results (higher is luckier).
    pub search: Tally,
    /// Rolls on the special table.
    pub specials: u32,
}

/// Everyone's luck in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Luck {
    /// Per player, in seat order.
    pub players: Vec<PlayerLuck>,
    /// Every 2d6 of the game.
    pub table: Tally,
}

/// A distribution of one roll: (value, probability), values distinct.
type RollDist = Vec<(i64, f64)>;

fn two_d6() -> RollDist {
    (2..=12)
        .map(|s: i64| (s, (6 - (s - 7).abs()) as f64 / 36.0))
        .collect()
}

fn search_row(rules: &Rules, row: u32) -> RollDist {
    let mut out: RollDist = Vec::new();
    for sum in 2..=12u8 {
        let v = i64::from(rules.search(row, sum));
        let p = f64::from(6 - (i32::from(sum) - 7).abs()) / 36.0;
        match out.iter_mut().find(|e| e.0 == v) {
            Some(e) => e.1 += p,
            None => out.push((v, p)),
        }
    }
    out
}

/// Rolls collected for one tally.
#[derive(Default)]
struct Acc {
    rolls: Vec<RollDist>,
    actual: i64,
}

impl Acc {
    fn push(&mut self, dist: RollDist, actual: i64) {
        self.rolls.push(dist);
        self.actual += actual;
    }

    fn tally(&self) -> Tally {
        let mean: f64 = self
            .rolls
            .iter()
            .map(|d| d.iter().map(|(v, p)| *v as f64 * p).sum::<f64>())
            .sum();
        let var: f64 = self
            .rolls
            .iter()
            .map(|d| {
                let m: f64 = d.iter().map(|(v, p)| *v as f64 * p).sum();
                d.iter()
                    .map(|(v, p)| (*v as f64 - m).powi(2) * p)
                    .sum::<f64>()
            })
            .sum();
        let sd = var.sqrt();
        let percentile = if self.rolls.is_empty() || sd == 0.0 {
            50.0
        } else if self.rolls.len() <= EXACT_ROLLS {
            100.0 * exact_mid_rank(&self.rolls, self.actual)
        } else {
            100.0 * normal_cdf((self.actual as f64 - mean) / sd)
        };
        Tally {
            rolls: self.rolls.len() as u32,
            actual: self.actual,
            expected: mean,
            sd,
            percentile,
        }
    }
}

/// P(total < x) + ½ P(total = x) for the sum of independent rolls, by convolution.
fn exact_mid_rank(rolls: &[RollDist], x: i64) -> f64 {
    let mut min = 0i64;
    let mut p = vec![1.0f64];
    for d in rolls {
        let lo = d.iter().map(|e| e.0).min().unwrap_or(0);
        let hi = d.iter().map(|e| e.0).max().unwrap_or(0);
        let mut next = vec![0.0; p.len() + (hi - lo) as usize];
        for (i, a) in p.iter().enumerate() {
            if *a == 0.0 {
                continue;
            }
            for (v, q) in d {
                next[i + (v - lo) as usize] += a * q;
            }
        }
        min += lo;
        p = next;
    }
    let below: f64 = p
        .iter()
        .take((x - min).clamp(0, p.len() as i64) as usize)
        .sum();
    let at = usize::try_from(x - min)
        .ok()
        .and_then(|i| p.get(i))
        .copied()
        .unwrap_or(0.0);
    (below + at / 2.0).clamp(0.0, 1.0)
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26; error < 2e-7).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// The luck of every player from a game's events (all turns, setup first), by the
/// expectations of `rules`' tables.
pub fn luck_of<'a>(
    rules: &Rules,
    players: &[String],
    events: impl IntoIterator<Item = &'a Event>,
) -> Luck {
    let n = players.len();
    let mut dice: Vec<Acc> = (0..n).map(|_| Acc::default()).collect();
    let mut search: Vec<Acc> = (0..n).map(|_| Acc::default()).collect();
    let mut specials = vec![0u32; n];
    let mut table = Acc::default();
    let mut roll = |seat: Seat, d: [u8; 2], dice: &mut Vec<Acc>| {
        let sum = i64::from(d[0]) + i64::from(d[1]);
        if let Some(acc) = dice.get_mut(seat.index()) {
            acc.push(two_d6(), sum);
        }
        table.push(two_d6(), sum);
    };
    for e in events {
        match e {
            Event::FirstPlayer { rounds, .. } => {
                for (seat, d) in rounds.iter().flatten() {
                    roll(*seat, *d, &mut dice);
                }
            }
            Event::Rolled {
                seat,
                dice: d,
                table: t,
                row,
                result,
                ..
            } => {
                roll(*seat, *d, &mut dice);
                match t {
                    Table::SearchKeys | Table::SearchFood => {
                        if let Some(acc) = search.get_mut(seat.index()) {
                            acc.push(search_row(rules, *row), i64::from(*result));
                        }
                    }
                    Table::Special => {
                        if let Some(s) = specials.get_mut(seat.index()) {
                            *s += 1;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Luck {
        players: players
            .iter()
            .enumerate()
            .map(|(i, name)| PlayerLuck {
                seat: Seat(i as u8),
                name: name.clone(),
                dice: dice[i].tally(),
                search: search[i].tally(),
                specials: specials[i],
            })
            .collect(),
        table: table.tally(),
    }
}

impl Record {
    /// The luck of every player in this record so far.
    ///
    /// # Errors
    /// [`RecordError`] if the record does not replay.
    pub fn luck(&self) -> Result<Luck, RecordError> {
        let (pos, per_turn) = self.replay()?;
        Ok(luck_of(
            pos.rules(),
            &self.players,
            per_turn.iter().flatten(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labscape::{
        Action, Layout, Position, PositionDoc, Settings, SetupMode, geometry::Cell, rules::STANDARD,
    };

    fn rolled(seat: u8, dice: [u8; 2], table: Table, row: u32, result: i32) -> Event {
        Event::Rolled {
            seat: Seat(seat),
            cell: Cell::new(0, 0).unwrap(),
            dice,
            table,
            row,
            result,
            special: None,
            effect: None,
            keys_delta: 0,
            food_delta: 0,
            time_delta: 0,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn one_roll_against_its_table_row() {
        let names = ["ana".to_string(), "bo".to_string()];
        // Attempt 1: sums 2–4 give +2 (6/36), 5–8 give +1 (20/36), 9–12 give −1 (10/36).
        let events = [rolled(0, [1, 1], Table::SearchFood, 1, 2)];
        let luck = luck_of(&STANDARD, &names, &events);
        let ana = &luck.players[0];
        assert_eq!((ana.search.rolls, ana.search.actual), (1, 2));
        assert!(close(ana.search.expected, 22.0 / 36.0));
        // +2 is the best a first attempt gives: fair dice give less 30/36 of the time,
        // and the same 6/36 (half of it counts).
        assert!(close(ana.search.percentile, 100.0 * (30.0 + 3.0) / 36.0));
        // Snake eyes: the lowest 2d6 total, 1/36 of fair rolls tie and none are lower.
        assert_eq!((ana.dice.rolls, ana.dice.actual), (1, 2));
        assert!(close(ana.dice.expected, 7.0));
        assert!(close(ana.dice.percentile, 100.0 * 0.5 / 36.0));
        assert!(close(ana.dice.sd, (35.0f64 / 6.0).sqrt()));
        // Bo has not rolled: typical by definition.
        assert_eq!(luck.players[1].dice.rolls, 0);
        assert!(close(luck.players[1].search.percentile, 50.0));
        assert_eq!(luck.table.rolls, 1);
    }

    #[test]
    fn later_attempts_expect_less_and_specials_count_only_as_dice() {
        let names = ["ana".to_string()];
        let events = [
            rolled(0, [3, 4], Table::SearchKeys, 6, -1),
            rolled(0, [6, 6], Table::Special, 12, 0),
        ];
        let luck = luck_of(&STANDARD, &names, &events);
        let ana = &luck.players[0];
        // Row 6: 2 → +6 (1/36), 3 → +1 (2/36), 4–11 → −1 (32/36), 12 → −4 (1/36).
        assert!(close(ana.search.expected, (6.0 + 2.0 - 32.0 - 4.0) / 36.0));
        assert_eq!(ana.search.rolls, 1);
        assert_eq!(ana.specials, 1);
        assert_eq!((ana.dice.rolls, ana.dice.actual), (2, 19));
        assert!(close(ana.dice.expected, 14.0));
    }

    #[test]
    fn the_first_player_draw_counts_for_each_roller() {
        let names: Vec<String> = ["ana", "bo"].map(String::from).to_vec();
        let events = [Event::FirstPlayer {
            rounds: vec![
                vec![(Seat(0), [6, 6]), (Seat(1), [6, 6])],
                vec![(Seat(0), [1, 2]), (Seat(1), [5, 5])],
            ],
            seat: Seat(1),
        }];
        let luck = luck_of(&STANDARD, &names, &events);
        assert_eq!(luck.players[0].dice.actual, 15);
        assert_eq!(luck.players[1].dice.actual, 22);
        assert_eq!(luck.table.rolls, 4);
        assert_eq!(luck.players[0].search.rolls, 0);
    }

    #[test]
    fn exact_percentiles_agree_with_the_normal_curve_for_many_rolls() {
        // 100 rolls of 2d6 totalling exactly the mean sit at the 50th percentile; one
        // standard deviation above sits near the 84th.
        let rolls = vec![two_d6(); 100];
        assert!((exact_mid_rank(&rolls, 700) - 0.5).abs() < 1e-9);
        let sd = (100.0f64 * 35.0 / 6.0).sqrt();
        let x = 700 + sd.round() as i64;
        let exact = exact_mid_rank(&rolls, x);
        let approx = normal_cdf((x as f64 - 700.0) / sd);
        assert!((exact - approx).abs() < 0.01, "{exact} vs {approx}");
        assert!(close(normal_cdf(0.0), 0.5));
        assert!((normal_cdf(1.0) - 0.841_344_7).abs() < 1e-6);
        assert!((normal_cdf(-1.96) - 0.024_997_9).abs() < 1e-6);
    }

    #[test]
    fn scripted_dice_in_a_real_game_are_tallied() {
        // A one-player game whose dice are scripted: every roll shows 1+1.
        let settings = Settings {
            layout: Layout::parse("single").unwrap(),
            difficulty: Default::default(),
            setup: SetupMode::Random,
            players: vec!["ana".into()],
        };
        let (pos, setup) = Position::new_game(&settings, "luck").unwrap();
        let mut doc: PositionDoc = pos.to_doc();
        doc.dice = vec![1; 40];
        let mut pos = Position::from_doc(&doc).unwrap();
        let mut events = setup;
        let mut searches = 0;
        for _ in 0..30 {
            if searches == 3 || pos.is_over() {
                break;
            }
            let legal = pos.legal_actions();
            let action = if legal.contains(&Action::Roll) {
                searches += 1;
                Action::Roll
            } else {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::Move(_)))
                    .cloned()
                    .unwrap_or(Action::Wait(1))
            };
            events.extend(pos.play(None, &action).unwrap());
        }
        assert!(searches > 0, "the game offered a search");
        let luck = luck_of(&STANDARD, &settings.players, &events);
        let ana = &luck.players[0];
        let rolled: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .collect();
        assert_eq!(ana.dice.rolls as usize, rolled.len());
        assert!(
            rolled
                .iter()
                .all(|e| matches!(e, Event::Rolled { dice: [1, 1], .. }))
        );
        // Every roll was the lowest total: below every other fair outcome.
        assert!(ana.dice.percentile < 2.0, "{}", ana.dice.percentile);
        assert!(ana.dice.z() < -1.0);
    }
}
