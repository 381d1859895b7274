//! Computer players: choose an action for the player whose turn it is.
//!
//! Policies are deterministic given the position and their own generator, so a game with
//! computer players is still a pure function of its record.

use super::{action::Action, dice::Dice, position::Position};

/// A way of choosing actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Uniform over the legal actions: the baseline.
    Random,
}

impl Policy {
    /// The policy's name.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
        }
    }

    /// Reads a policy name.
    pub fn from_name(s: &str) -> Option<Policy> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Policy::Random),
            _ => None,
        }
    }

    /// The action this policy plays for the active player, or `None` once the game is over.
    pub fn choose(self, pos: &Position, rng: &mut Dice) -> Option<Action> {
        let legal = pos.legal_actions();
        if legal.is_empty() {
            return None;
        }
        match self {
            Policy::Random => Some(legal[rng.pick(legal.len())].clone()),
        }
    }
}

/// Plays `pos` to the end with `policy` for every seat; returns the number of turns played.
/// Stops after `max_turns` turns (a safety bound; dawn ends every game long before).
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
