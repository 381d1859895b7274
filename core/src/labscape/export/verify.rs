//! The check of a record file ([`verify`]): the seed against its commitment, then a replay
//! that finds the first illegal action or the first outcome the seed does not give.

use thiserror::Error;

use super::{
    CellItem, Chance, GameExport, RECORD_FORMAT,
    chance::{dice, name},
    describe, replay,
};
use crate::labscape::{
    action::ParseActionError,
    commitment,
    play::ActionError,
    record::{Finish, RecordError, Standing},
};

/// What `verify` concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every check passed.
    Verified(Verified),
    /// The first check that failed.
    NotVerified(Problem),
}

impl Verdict {
    /// Whether the record was verified.
    pub fn is_verified(&self) -> bool {
        matches!(self, Verdict::Verified(_))
    }
}

/// A verified game, in numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The game's name.
    pub game: String,
    /// The seed commitment that matched.
    pub seed_hash: String,
    /// Turns replayed.
    pub turns: usize,
    /// 2d6 rolls checked (first-player draw and searches).
    pub rolls: usize,
    /// Cells drawn (start cells, exits, robots, carried-off players).
    pub cells: usize,
    /// Robot moves checked.
    pub robot_moves: usize,
    /// Who escaped.
    pub escaped: Vec<String>,
    /// Whether the game was abandoned before its end (the record says so).
    pub abandoned: bool,
}

/// Why a record was not verified. Each message is a sentence a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Problem {
    /// Not this version's format.
    #[error("the file's format is “{0}”, not {RECORD_FORMAT}")]
    Format(String),
    /// The seed is not in the record.
    #[error(
        "the record has no seed: the game is still running, and its seed stays secret until it ends"
    )]
    SeedWithheld,
    /// The seed does not hash to the commitment.
    #[error(
        "the seed does not match the commitment published at the start: it hashes to {actual}, the record's commitment is {stated}"
    )]
    SeedMismatch {
        /// The commitment in the record.
        stated: String,
        /// The seed's actual SHA-256.
        actual: String,
    },
    /// The settings do not make a game.
    #[error("the settings do not make a game: {0}")]
    Settings(RecordError),
    /// An action that cannot be read.
    #[error("turn {turn}: “{action}”: {error}")]
    Unreadable {
        /// 1-based turn.
        turn: usize,
        /// The action text.
        action: String,
        /// The problem.
        error: ParseActionError,
    },
    /// An action the rules refuse.
    #[error("turn {turn}: {player}'s “{action}” is not allowed there: {error}")]
    Illegal {
        /// 1-based turn.
        turn: usize,
        /// Who the record says played it.
        player: String,
        /// The action text.
        action: String,
        /// Why the rules refuse it.
        error: ActionError,
    },
    /// A stated outcome that differs from the seed's.
    #[error("{}: {detail}", turn_label(*turn))]
    Outcome {
        /// 1-based turn; `None` before the first turn.
        turn: Option<usize>,
        /// What differs.
        detail: String,
    },
    /// The record stops before the game is over.
    #[error(
        "the game is not over after the record's {turns} turns (every one of them does follow from the seed); only a finished game can be verified"
    )]
    NotOver {
        /// Turns in the record.
        turns: usize,
    },
    /// The stated result differs from the replay's.
    #[error("the result: {0}")]
    Result(String),
}

fn turn_label(turn: Option<usize>) -> String {
    match turn {
        None => "before the first turn".into(),
        Some(t) => format!("turn {t}"),
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::NotVerified(p) => write!(f, "NOT verified: {p}."),
            Verdict::Verified(v) => {
                write!(
                    f,
                    "Verified: {}. The seed matches its commitment {}, and all {} turns follow from it: {} rolls, {} drawn cells and {} robot moves, each as recorded. ",
                    v.game, v.seed_hash, v.turns, v.rolls, v.cells, v.robot_moves
                )?;
                if v.abandoned {
                    write!(f, "The game was abandoned there, before its end.")
                } else if v.escaped.is_empty() {
                    write!(f, "Nobody escaped.")
                } else {
                    write!(f, "Escaped: {}.", v.escaped.join(", "))
                }
            }
        }
    }
}

/// The first difference between what a record states and what the seed gives, in words.
fn first_difference(stated: &[Chance], actual: &[Chance], players: &[String]) -> Option<String> {
    for (i, a) in actual.iter().enumerate() {
        let Some(s) = stated.get(i) else {
            return Some(format!(
                "the record leaves out what the seed gives next: {}",
                describe(a, players)
            ));
        };
        if s == a {
            continue;
        }
        let detail = match (s, a) {
            (
                Chance::Roll {
                    seat: s1,
                    dice: d1,
                    table: t1,
                    row: r1,
                    ..
                },
                Chance::Roll {
                    seat: s2,
                    dice: d2,
                    table: t2,
                    row: r2,
                    ..
                },
            ) if s1 == s2 && d1 != d2 && (t1, r1) == (t2, r2) => format!(
                "the record says {} rolled {}, the seed gives {}",
                name(players, *s1),
                dice(*d1),
                dice(*d2)
            ),
            (
                Chance::Building {
                    floor: f1,
                    walls: w1,
                    items: i1,
                },
                Chance::Building {
                    floor: f2,
                    walls: w2,
                    items: i2,
                },
            ) if f1 == f2 => building_difference(*f1, w1, i1, w2, i2),
            _ => format!(
                "the record says {}; the seed gives {}",
                describe(s, players),
                describe(a, players)
            ),
        };
        return Some(detail);
    }
    stated.get(actual.len()).map(|s| {
        format!(
            "the record says {}, but the seed gives nothing more here",
            describe(s, players)
        )
    })
}

fn building_difference(
    floor: usize,
    w1: &[String],
    i1: &[CellItem],
    w2: &[String],
    i2: &[CellItem],
) -> String {
    let absent = "nothing".to_string();
    if let Some(k) = (0..w1.len().max(w2.len())).find(|k| w1.get(*k) != w2.get(*k)) {
        return format!(
            "floor {floor}'s building: the record's wall {} is {}, the seed gives {}",
            k + 1,
            w1.get(k).unwrap_or(&absent),
            w2.get(k).unwrap_or(&absent)
        );
    }
    let item =
        |i: Option<&CellItem>| i.map_or(absent.clone(), |i| format!("{} {}", i.cell, i.item));
    let k = (0..i1.len().max(i2.len()))
        .find(|k| i1.get(*k) != i2.get(*k))
        .unwrap_or(0);
    format!(
        "floor {floor}'s building: the record's item {} is {}, the seed gives {}",
        k + 1,
        item(i1.get(k)),
        item(i2.get(k))
    )
}

/// Checks a record file: its seed matches the commitment, and replaying from the seed,
/// every action is legal, every stated outcome is the seed's, the game ends, and the
/// stated result is the replay's.
pub fn verify(export: &GameExport) -> Verdict {
    match check(export) {
        Ok(v) => Verdict::Verified(v),
        Err(p) => Verdict::NotVerified(p),
    }
}

fn check(x: &GameExport) -> Result<Verified, Problem> {
    if x.format != RECORD_FORMAT {
        return Err(Problem::Format(x.format.clone()));
    }
    let record = x.record().ok_or(Problem::SeedWithheld)?;
    let actual = commitment(&record.seed);
    if !actual.eq_ignore_ascii_case(x.seed_hash.trim()) {
        return Err(Problem::SeedMismatch {
            stated: x.seed_hash.clone(),
            actual,
        });
    }
    let replayed = replay(&record).map_err(|e| match e {
        RecordError::Unreadable { turn, error } => Problem::Unreadable {
            turn,
            action: x.turns[turn - 1].action.clone(),
            error,
        },
        RecordError::Illegal {
            turn,
            action,
            error,
        } => Problem::Illegal {
            turn,
            player: name(&x.players, x.turns[turn - 1].seat),
            action,
            error,
        },
        e => Problem::Settings(e),
    })?;
    if let Some(detail) = first_difference(&x.start, &replayed.start, &x.players) {
        return Err(Problem::Outcome { turn: None, detail });
    }
    for (i, (t, actual)) in x.turns.iter().zip(&replayed.turns).enumerate() {
        if let Some(detail) = first_difference(&t.outcome, actual, &x.players) {
            return Err(Problem::Outcome {
                turn: Some(i + 1),
                detail,
            });
        }
    }
    let result = match (replayed.result, x.abandoned) {
        (None, false) => {
            return Err(Problem::NotOver {
                turns: x.turns.len(),
            });
        }
        (Some(_), true) => {
            return Err(Problem::Result(
                "the record says the game was abandoned, but its turns end it".into(),
            ));
        }
        (None, true) if x.result.is_some() => {
            return Err(Problem::Result(
                "the record states one, but the game was abandoned before its end".into(),
            ));
        }
        (None, true) => Vec::new(),
        (Some(result), false) => result,
    };
    match &x.result {
        None if x.abandoned => {}
        None => {
            return Err(Problem::Result(
                "the record states none, but the game is over".into(),
            ));
        }
        Some(stated) if *stated != result => {
            let k = (0..stated.len().max(result.len()))
                .find(|k| stated.get(*k) != result.get(*k))
                .unwrap_or(0);
            let say = |s: Option<&Standing>| s.map_or("nothing".into(), Standing::describe);
            return Err(Problem::Result(format!(
                "the record says {}; the replay gives {}",
                say(stated.get(k)),
                say(result.get(k))
            )));
        }
        Some(_) => {}
    }
    let all: Vec<&Chance> = replayed
        .start
        .iter()
        .chain(replayed.turns.iter().flatten())
        .collect();
    let rolls = all
        .iter()
        .map(|c| match c {
            Chance::FirstPlayer { rounds, .. } => rounds.iter().map(Vec::len).sum(),
            Chance::Roll { .. } => 1,
            _ => 0,
        })
        .sum();
    let cells = all
        .iter()
        .map(|c| match c {
            Chance::FloorSetUp { starts, .. } => starts.len() + 2,
            Chance::CarriedOff { .. } => 1,
            _ => 0,
        })
        .sum();
    let robot_moves = all
        .iter()
        .filter(|c| matches!(c, Chance::Robot { .. }))
        .count();
    Ok(Verified {
        game: x.game.clone(),
        seed_hash: actual,
        turns: x.turns.len(),
        rolls,
        cells,
        robot_moves,
        escaped: result
            .iter()
            .filter(|s| s.finish == Finish::Escaped)
            .map(|s| s.player.clone())
            .collect(),
        abandoned: x.abandoned,
    })
}
