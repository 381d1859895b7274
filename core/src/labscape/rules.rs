//! Every tunable number of Labscape, as data, in one place.
//!
//! The designer marked many of these "subject to playtest"; keeping them here (and nowhere
//! else) means a playtest that wants to try "the robot every 6 minutes" changes one line, and
//! a later house-rule option can hand the engine a different [`Rules`] value.

use serde::Serialize;

/// What a special-table result does (rules §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SpecialEffect {
    /// The group's key counter changes (not below 0).
    Keys {
        /// Change in keys.
        delta: i32,
    },
    /// The roller's time changes (not below 0).
    Time {
        /// Change in minutes.
        delta: i32,
    },
    /// The roller's food changes (not below 0).
    Food {
        /// Change in food.
        delta: i32,
    },
    /// If the roller has food: −1 food, group +1 key.
    Bargain,
    /// The robot makes one move now, without moving its trigger watermark.
    RobotMove,
    /// Group keys and the roller's time both change.
    KeysAndTime {
        /// Change in keys.
        keys: i32,
        /// Change in minutes.
        time: i32,
    },
}

/// One row of the special table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecialEntry {
    /// Stable machine name (used in events and the log).
    pub id: &'static str,
    /// English name, as printed in the table.
    pub name: &'static str,
    /// What it does.
    pub effect: SpecialEffect,
}

/// The item mix placed in each module by random setup and `autofill` (rules §5, \[D3\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemMix {
    /// Key tokens per module.
    pub keys: u32,
    /// Food tokens per module.
    pub food: u32,
    /// Special tokens per module.
    pub special: u32,
}

/// The tunable numbers of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Search table (rules §8): `search_table[attempt - 1][sum - 2]`; attempts above the
    /// last row use the last row.
    pub search_table: [[i32; 11]; 6],
    /// Special table (rules §8): `special_table[sum - 2]`.
    pub special_table: [SpecialEntry; 11],
    /// Item mix per module.
    pub item_mix: ItemMix,
    /// Keys the group must hold per module on this floor and above to exit it.
    pub keys_per_module: u32,
    /// Twice X of the dawn formula, per difficulty (easy, medium, hard, impossible).
    pub dawn_twice_x: [u32; 4],
    /// Minutes one step costs.
    pub step_minutes: u32,
    /// Minutes a roll, a wall rotation or an exit costs.
    pub action_minutes: u32,
    /// The robot moves at every multiple of this many minutes.
    pub robot_trigger_every: u32,
    /// Steps in one robot move.
    pub robot_steps: u32,
    /// Minutes added to each player the robot catches.
    pub catch_minutes: u32,
    /// Keys the group loses for each player the robot catches.
    pub catch_keys: u32,
    /// Minutes after the first exit that the floor's limit marker is placed.
    pub limit_after_exit: u32,
    /// Minutes added to a player who timed out on a floor, on the next floor.
    pub timeout_minutes: u32,
    /// Walls each module must hold at the end of setup.
    pub min_walls_per_module: u32,
    /// Random setup places between this many walls per module (inclusive).
    pub random_walls: (u32, u32),
    /// Players in one cell needed for the robot's immunity rule (\[D11\]).
    pub immunity_min_players: usize,
    /// Fewest and most players in a game.
    pub players: (usize, usize),
}

const fn special(id: &'static str, name: &'static str, effect: SpecialEffect) -> SpecialEntry {
    SpecialEntry { id, name, effect }
}

/// The rules as written in `labscape.md`.
pub const STANDARD: Rules = Rules {
    search_table: [
        [2, 2, 2, 1, 1, 1, 1, -1, -1, -1, -1],
        [2, 2, 1, 1, 1, 1, -1, -1, -1, -1, -1],
        [3, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1],
        [4, 1, 1, 1, -1, -1, -1, -1, -1, -1, -2],
        [5, 1, 1, -1, -1, -1, -1, -1, -1, -1, -3],
        [6, 1, -1, -1, -1, -1, -1, -1, -1, -1, -4],
    ],
    special_table: [
        special(
            "master_keycard",
            "Master keycard",
            SpecialEffect::Keys { delta: 3 },
        ),
        special(
            "clock_tamper",
            "Clock tamper",
            SpecialEffect::Time { delta: -2 },
        ),
        special(
            "ration_pack",
            "Ration pack",
            SpecialEffect::Food { delta: 2 },
        ),
        special("spare_key", "Spare key", SpecialEffect::Keys { delta: 1 }),
        special("bargain", "Bargain", SpecialEffect::Bargain),
        special("alarm_test", "Alarm test", SpecialEffect::RobotMove),
        special(
            "heavy_crate",
            "Heavy crate",
            SpecialEffect::KeysAndTime { keys: 1, time: 2 },
        ),
        special(
            "sticky_floor",
            "Sticky floor",
            SpecialEffect::Time { delta: 1 },
        ),
        special(
            "mouldy_bread",
            "Mouldy bread",
            SpecialEffect::Food { delta: -1 },
        ),
        special(
            "dropped_key",
            "Dropped key",
            SpecialEffect::Keys { delta: -1 },
        ),
        special("tripwire", "Tripwire", SpecialEffect::Time { delta: 3 }),
    ],
    item_mix: ItemMix {
        keys: 4,
        food: 3,
        special: 2,
    },
    keys_per_module: 7,
    dawn_twice_x: [12, 10, 9, 8],
    step_minutes: 1,
    action_minutes: 1,
    robot_trigger_every: 7,
    robot_steps: 3,
    catch_minutes: 5,
    catch_keys: 2,
    limit_after_exit: 7,
    timeout_minutes: 5,
    min_walls_per_module: 4,
    random_walls: (4, 6),
    immunity_min_players: 2,
    players: (1, 8),
};

impl Rules {
    /// The search-table result for a 2d6 `sum` on attempt `attempt` (1-based).
    pub fn search(&self, attempt: u32, sum: u8) -> i32 {
        let row = (attempt.clamp(1, self.search_table.len() as u32) - 1) as usize;
        self.search_table[row][usize::from(sum - 2)]
    }

    /// The special-table entry for a 2d6 `sum`.
    pub fn special(&self, sum: u8) -> &SpecialEntry {
        &self.special_table[usize::from(sum - 2)]
    }

    /// The row of the search table used for `attempt` (1-based), as printed.
    pub fn search_row(&self, attempt: u32) -> u32 {
        attempt.clamp(1, self.search_table.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_table_matches_the_seed_rows() {
        // Seed: attempt 1: 2-4 → 2, 5-8 → 1, 9-12 → −1.
        let r = &STANDARD;
        for s in 2..=4 {
            assert_eq!(r.search(1, s), 2);
        }
        for s in 5..=8 {
            assert_eq!(r.search(1, s), 1);
        }
        for s in 9..=12 {
            assert_eq!(r.search(1, s), -1);
        }
        // Attempt 4: 12 → −2; attempt 5: 12 → −3, 2 → 5; attempt 6+: 2 → 6, 12 → −4.
        assert_eq!(r.search(4, 12), -2);
        assert_eq!(r.search(5, 12), -3);
        assert_eq!(r.search(5, 2), 5);
        assert_eq!(r.search(6, 2), 6);
        assert_eq!(r.search(9, 2), 6);
        assert_eq!(r.search(40, 12), -4);
        assert_eq!(r.search(2, 3), 2);
        assert_eq!(r.search(2, 8), -1);
        assert_eq!(r.search(3, 6), 1);
        assert_eq!(r.search(3, 7), -1);
        assert_eq!(r.search(6, 3), 1);
        assert_eq!(r.search(6, 4), -1);
    }

    #[test]
    fn special_table_is_indexed_by_sum() {
        assert_eq!(STANDARD.special(2).id, "master_keycard");
        assert_eq!(STANDARD.special(7).effect, SpecialEffect::RobotMove);
        assert_eq!(STANDARD.special(12).id, "tripwire");
    }
}
