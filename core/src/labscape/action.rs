//! Actions and their public notation (`position-format.md`, "Actions").
//!
//! Reading an action is the first of two stages: [`Action::parse`] only checks that the text
//! is well formed ("I can't read that"); whether it is legal in a position is decided by
//! `Position::play` ("you can't do that now, because…").

use std::{fmt, str::FromStr};

use thiserror::Error;

use super::{
    board::ItemKind,
    geometry::{Cell, Dir, NameError, Wall},
};

/// Longest action text accepted.
pub const MAX_ACTION_LEN: usize = 200;
/// Most steps in one move.
pub const MAX_STEPS: usize = 100;
/// Most minutes in one `wait`.
pub const MAX_WAIT: u32 = 999;

/// Where a move goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveTarget {
    /// These steps, in order.
    Steps(Vec<Dir>),
    /// The preferred shortest path to this cell.
    Cell(Cell),
}

/// One action (rules §7 and draft setup).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `move NNE` or `move C4`.
    Move(MoveTarget),
    /// `roll`.
    Roll,
    /// `rotate-wall FROM TO`.
    RotateWall {
        /// The wall as it stands.
        from: Wall,
        /// Where it goes.
        to: Wall,
    },
    /// `exit`.
    Exit,
    /// `wait n`.
    Wait(u32),
    /// Draft setup: `wall A1:SE`.
    PlaceWall(Wall),
    /// Draft setup: `item A1 key`.
    PlaceItem(Cell, ItemKind),
    /// Draft setup: `autofill`.
    Autofill,
}

/// An action text that cannot be read. The message gives the right syntax.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseActionError {
    /// Nothing was given.
    #[error("no action given; try: move N, move C4, roll, rotate-wall B3:NE B2:SE, exit, wait 2")]
    Empty,
    /// Longer than [`MAX_ACTION_LEN`].
    #[error("that action is too long (at most {MAX_ACTION_LEN} characters)")]
    TooLong,
    /// The first word is not an action.
    #[error(
        "“{0}” is not an action; the actions are move, roll, rotate-wall, exit and wait (and wall, item, autofill while drafting)"
    )]
    UnknownVerb(String),
    /// Wrong arguments for a known verb.
    #[error("I can't read that {verb}: {problem}; write it like {usage}")]
    Usage {
        /// The verb.
        verb: &'static str,
        /// What is wrong.
        problem: UsageProblem,
        /// An example of the right syntax.
        usage: &'static str,
    },
}

/// What is wrong with a known verb's arguments (so a front end can say it in its own
/// words; `Display` gives the English).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UsageProblem {
    /// A verb that takes no arguments got some.
    #[error("{0} takes nothing after it")]
    TakesNothing(&'static str),
    /// `wait` with a bad number.
    #[error("“{0}” is not a number of minutes from 1 to {MAX_WAIT}")]
    BadMinutes(String),
    /// `wait` with several words.
    #[error("wait takes one number")]
    WaitOneNumber,
    /// `rotate-wall` without two walls.
    #[error("give the wall and where it goes")]
    WallAndTarget,
    /// `wall` without one wall.
    #[error("give one wall")]
    OneWall,
    /// A cell or wall name that does not read.
    #[error("{0}")]
    Name(NameError),
    /// `item` with an unknown kind.
    #[error("“{0}” is not key, food or special")]
    ItemKind(String),
    /// `item` without a cell and a kind.
    #[error("give a cell and an item")]
    CellAndItem,
    /// `move` with nothing.
    #[error("say where to")]
    WhereTo,
    /// `move` with a word that is neither steps nor a cell.
    #[error("“{0}” is neither steps (N, E, S, W) nor one cell name")]
    NotSteps(String),
    /// `move` with too many steps.
    #[error("at most {MAX_STEPS} steps in one move")]
    TooManySteps,
}

fn usage(verb: &'static str, problem: UsageProblem) -> ParseActionError {
    let usage = match verb {
        "move" => "“move NNE”, “move N N E” or “move C4”",
        "rotate-wall" => "“rotate-wall B3:NE B2:SE”",
        "wait" => "“wait” or “wait 3”",
        "wall" => "“wall A1:SE”",
        "item" => "“item A1 key” (or food, special)",
        _ => "the help shows",
    };
    ParseActionError::Usage {
        verb,
        problem,
        usage,
    }
}

impl Action {
    /// Reads an action (case-insensitive; extra spaces ignored).
    ///
    /// # Errors
    /// [`ParseActionError`] says what could not be read and shows the right syntax.
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        if text.len() > MAX_ACTION_LEN {
            return Err(ParseActionError::TooLong);
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((verb, args)) = words.split_first() else {
            return Err(ParseActionError::Empty);
        };
        let verb_lc = verb.to_ascii_lowercase();
        let no_args = |name: &'static str, a: Action| {
            if args.is_empty() {
                Ok(a)
            } else {
                Err(usage(name, UsageProblem::TakesNothing(name)))
            }
        };
        match verb_lc.as_str() {
            "move" | "m" => parse_move(args),
            "roll" | "search" => no_args("roll", Action::Roll),
            "exit" => no_args("exit", Action::Exit),
            "autofill" => no_args("autofill", Action::Autofill),
            "wait" | "pass" => match args {
                [] => Ok(Action::Wait(1)),
                [n] => match n.parse::<u32>() {
                    Ok(n) if (1..=MAX_WAIT).contains(&n) => Ok(Action::Wait(n)),
                    _ => Err(usage("wait", UsageProblem::BadMinutes((*n).to_string()))),
                },
                _ => Err(usage("wait", UsageProblem::WaitOneNumber)),
            },
            "rotate-wall" | "rotate_wall" | "rotatewall" | "rotate" => match args {
                [from, to] => {
                    let from = parse_wall("rotate-wall", from)?;
                    let to = parse_wall("rotate-wall", to)?;
                    Ok(Action::RotateWall { from, to })
                }
                _ => Err(usage("rotate-wall", UsageProblem::WallAndTarget)),
            },
            "wall" => match args {
                [w] => Ok(Action::PlaceWall(parse_wall("wall", w)?)),
                _ => Err(usage("wall", UsageProblem::OneWall)),
            },
            "item" => match args {
                [cell, kind] => {
                    let cell = cell
                        .parse::<Cell>()
                        .map_err(|e| usage("item", UsageProblem::Name(e)))?;
                    let kind = ItemKind::ALL
                        .into_iter()
                        .find(|k| k.name().eq_ignore_ascii_case(kind))
                        .ok_or_else(|| {
                            usage("item", UsageProblem::ItemKind((*kind).to_string()))
                        })?;
                    Ok(Action::PlaceItem(cell, kind))
                }
                _ => Err(usage("item", UsageProblem::CellAndItem)),
            },
            _ => Err(ParseActionError::UnknownVerb((*verb).to_string())),
        }
    }

    /// Whether this is a draft-setup placement.
    pub fn is_placement(&self) -> bool {
        matches!(
            self,
            Action::PlaceWall(_) | Action::PlaceItem(..) | Action::Autofill
        )
    }
}

fn parse_wall(verb: &'static str, s: &str) -> Result<Wall, ParseActionError> {
    s.parse::<Wall>()
        .map_err(|e: NameError| usage(verb, UsageProblem::Name(e)))
}

fn parse_move(args: &[&str]) -> Result<Action, ParseActionError> {
    if args.is_empty() {
        return Err(usage("move", UsageProblem::WhereTo));
    }
    if let [one] = args
        && one.chars().any(|c| c.is_ascii_digit())
    {
        let cell = one
            .parse::<Cell>()
            .map_err(|e| usage("move", UsageProblem::Name(e)))?;
        return Ok(Action::Move(MoveTarget::Cell(cell)));
    }
    let mut steps = Vec::new();
    for arg in args {
        for ch in arg.chars() {
            match Dir::from_letter(ch) {
                Some(d) => steps.push(d),
                None => {
                    return Err(usage("move", UsageProblem::NotSteps((*arg).to_string())));
                }
            }
        }
    }
    if steps.len() > MAX_STEPS {
        return Err(usage("move", UsageProblem::TooManySteps));
    }
    Ok(Action::Move(MoveTarget::Steps(steps)))
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        Action::parse(s)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(MoveTarget::Steps(steps)) => {
                f.write_str("move ")?;
                steps.iter().try_for_each(|d| write!(f, "{d}"))
            }
            Action::Move(MoveTarget::Cell(c)) => write!(f, "move {c}"),
            Action::Roll => f.write_str("roll"),
            Action::RotateWall { from, to } => write!(f, "rotate-wall {from} {to}"),
            Action::Exit => f.write_str("exit"),
            Action::Wait(1) => f.write_str("wait"),
            Action::Wait(n) => write!(f, "wait {n}"),
            Action::PlaceWall(w) => write!(f, "wall {w}"),
            Action::PlaceItem(c, k) => write!(f, "item {c} {}", k.name()),
            Action::Autofill => f.write_str("autofill"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Action {
        Action::parse(s).unwrap()
    }

    #[test]
    fn the_documented_forms_read() {
        use Dir::*;
        assert_eq!(
            p("move NNE"),
            Action::Move(MoveTarget::Steps(vec![N, N, E]))
        );
        assert_eq!(p("move N N E"), p("move NNE"));
        assert_eq!(p("  MOVE   nne "), p("move NNE"));
        assert_eq!(
            p("move C4"),
            Action::Move(MoveTarget::Cell("C4".parse().unwrap()))
        );
        assert_eq!(
            p("move n1"),
            Action::Move(MoveTarget::Cell("N1".parse().unwrap()))
        );
        assert_eq!(p("roll"), Action::Roll);
        assert_eq!(
            p("rotate-wall B3:NE B2:SE"),
            Action::RotateWall {
                from: "B3:NE".parse().unwrap(),
                to: "B2:SE".parse().unwrap()
            }
        );
        assert_eq!(p("exit"), Action::Exit);
        assert_eq!(p("wait"), Action::Wait(1));
        assert_eq!(p("wait 3"), Action::Wait(3));
        assert_eq!(p("wall a1:se"), Action::PlaceWall("A1:SE".parse().unwrap()));
        assert_eq!(
            p("item A1 KEY"),
            Action::PlaceItem("A1".parse().unwrap(), ItemKind::Key)
        );
        assert_eq!(p("autofill"), Action::Autofill);
    }

    #[test]
    fn display_is_the_notation_and_reads_back() {
        for s in [
            "move NNE",
            "move C4",
            "roll",
            "rotate-wall B3:NE B2:SE",
            "exit",
            "wait",
            "wait 3",
            "wall A1:SE",
            "item A1 key",
            "autofill",
        ] {
            assert_eq!(p(s).to_string(), s);
            assert_eq!(p(&p(s).to_string()), p(s));
        }
    }

    #[test]
    fn unreadable_actions_say_how_to_write_them() {
        for bad in [
            "",
            "fly",
            "move",
            "move NX",
            "move C4 D5",
            "move Z9",
            "roll 2",
            "wait 0",
            "wait -1",
            "wait x",
            "wait 1000",
            "rotate-wall B3:NE",
            "rotate-wall B3 B2:SE",
            "item A1 gold",
            "wall",
        ] {
            let e = Action::parse(bad).unwrap_err();
            assert!(!e.to_string().is_empty(), "{bad}");
        }
        let msg = Action::parse("move NX").unwrap_err().to_string();
        assert!(msg.contains("move NNE"), "{msg}");
        assert_eq!(
            Action::parse(&"N".repeat(300)),
            Err(ParseActionError::TooLong)
        );
        assert!(Action::parse(&format!("move {}", "N".repeat(101))).is_err());
    }
}
