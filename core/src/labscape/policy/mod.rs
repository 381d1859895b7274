//! Computer players: choose an action for the player whose turn it is.
//!
//! Three policies, from weakest to strongest:
//! - [`Policy::Random`]: uniform over the legal actions, the baseline;
//! - [`Policy::Heuristic`]: a sensible group member (collect keys while the group is short,
//!   search a room while the table's odds are good, keep away from the robot, head for the
//!   exit in time, turn walls when boxed in);
//! - [`Policy::Search`]: Monte Carlo rollouts of the heuristic from each candidate action,
//!   keeping the heuristic's own choice unless another is clearly better.
//!
//! Policies are pure and deterministic given the position and their own generator: the
//! same position and the same [`Dice`] give the same action, so a game with computer
//! players is still a pure function of its record. They never look at the game's own
//! dice: the search plays its rollouts on copies of the position with fresh dice drawn
//! from the policy's generator, so it cannot see the game's future rolls.
//!
//! ```
//! use labscape_core::labscape::{Dice, Layout, Policy, Position, Settings, SetupMode};
//! let settings = Settings {
//!     layout: Layout::parse("single").unwrap(),
//!     difficulty: Default::default(),
//!     setup: SetupMode::Random,
//!     players: vec!["ana".into(), "bot".into()],
//! };
//! let (mut pos, _) = Position::new_game(&settings, "seed").unwrap();
//! let policy = Policy::from_name("heuristic").unwrap();
//! let mut rng = Dice::from_seed("the bot's own seed");
//! let action = policy.choose(&pos, &mut rng).unwrap();
//! assert!(pos.play(None, &action).is_ok());
//! ```

mod heuristic;
mod search;
#[cfg(test)]
mod tests;

use std::fmt;

use super::{action::Action, dice::Dice, position::Position};

/// Rollouts per decision of [`Policy::Search`] when the name gives no number.
pub const DEFAULT_SEARCH_ITERATIONS: u32 = 64;

/// A way of choosing actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Uniform over the legal actions: the baseline.
    Random,
    /// Rules of thumb of a sensible group member; fast (a whole game in milliseconds).
    Heuristic,
    /// The heuristic, but blind to the robot: a yardstick for how much the robot matters
    /// (`simulate --table` compares it with [`Policy::Heuristic`]).
    Careless,
    /// Monte Carlo rollouts of the heuristic from each candidate action.
    Search {
        /// Rollouts per decision (the iteration budget), shared among the candidates.
        iterations: u32,
    },
}

impl Policy {
    /// The policies a lobby can offer, by name.
    /// Every game's three levels (`random`, `easy`, `strong`) and Labscape's own
    /// `careless` (the heuristic blind to the robot, for `simulate`'s balance report).
    pub const NAMES: [&'static str; 4] = ["random", "easy", "careless", "strong"];

    /// The policy's kind as a name (`strong` whatever its budget; [`fmt::Display`] writes
    /// `strong:N` when the budget is not the default).
    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Heuristic => "easy",
            Policy::Careless => "careless",
            Policy::Search { .. } => "strong",
        }
    }

    /// Reads a policy name: `random`, `easy` (or its older name `heuristic`), `careless`,
    /// `strong` (or `search`), or `strong:N` / `search:N` (N rollouts per decision, 1 to
    /// 100000). Any case; spaces around are ignored. Games stored with the older names
    /// play on as they did.
    pub fn from_name(s: &str) -> Option<Policy> {
        let s = s.trim().to_ascii_lowercase();
        let (word, budget) = match s.split_once(':') {
            Some((w, n)) => (w.trim().to_string(), Some(n.trim().parse::<u32>().ok()?)),
            None => (s, None),
        };
        match (word.as_str(), budget) {
            ("random", None) => Some(Policy::Random),
            ("easy" | "heuristic", None) => Some(Policy::Heuristic),
            ("careless", None) => Some(Policy::Careless),
            ("strong" | "search", None) => Some(Policy::Search {
                iterations: DEFAULT_SEARCH_ITERATIONS,
            }),
            ("strong" | "search", Some(n)) if (1..=100_000).contains(&n) => {
                Some(Policy::Search { iterations: n })
            }
            _ => None,
        }
    }

    /// The action this policy plays for the active player, or `None` once the game is over.
    /// The action is always legal in `pos`. `rng` is the policy's own generator (never the
    /// game's dice); the same position and generator state give the same action.
    pub fn choose(self, pos: &Position, rng: &mut Dice) -> Option<Action> {
        match self {
            Policy::Random => {
                let legal = pos.legal_actions();
                if legal.is_empty() {
                    return None;
                }
                Some(legal[rng.pick(legal.len())].clone())
            }
            Policy::Heuristic => heuristic::choose(pos, rng, heuristic::Knobs::STANDARD),
            Policy::Careless => heuristic::choose(pos, rng, heuristic::Knobs::CARELESS),
            Policy::Search { iterations } => search::choose(pos, rng, iterations),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Search { iterations } if *iterations != DEFAULT_SEARCH_ITERATIONS => {
                write!(f, "strong:{iterations}")
            }
            p => f.write_str(p.name()),
        }
    }
}

/// Plays `pos` to the end with `policy` for every seat; returns the number of turns played.
/// Stops after `max_turns` turns (a safety bound; dawn ends every game long before).
///
/// # Panics
/// If the policy chooses an illegal action (a bug).
pub fn play_out(pos: &mut Position, policy: Policy, rng: &mut Dice, max_turns: usize) -> usize {
    let mut turns = 0;
    while turns < max_turns {
        let Some(action) = policy.choose(pos, rng) else {
            break;
        };
        pos.play(None, &action)
            .expect("policies choose legal actions");
        turns += 1;
    }
    turns
}
