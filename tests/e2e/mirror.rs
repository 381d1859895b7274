//! Following a board game from the bot's own posts: every "NAME played ACTION." line is
//! applied, in order, to a local copy of the game. A test then knows the position and its
//! legal actions without reading the database, and every action the bot tells is checked
//! to be legal in turn (a story out of step with the game fails here).

use labscape_core::{AnyGame, GameKind};

/// A local copy of a game, kept in step with the posts.
pub struct Mirror {
    pub game: AnyGame,
    /// Actions applied so far.
    pub actions: i64,
}

impl Mirror {
    pub fn new(kind: GameKind) -> Mirror {
        let players = ["a".to_string(), "b".to_string()];
        let (game, _) = AnyGame::new_game(kind, &[], &players, "mirror").expect("defaults");
        Mirror { game, actions: 0 }
    }

    /// Applies every action `text` tells, returning how many.
    pub fn follow(&mut self, text: &str) -> usize {
        let told = played(text);
        for action in &told {
            let seat = self
                .game
                .to_move()
                .unwrap_or_else(|| panic!("{action} told after the end: {text}"));
            let a = self
                .game
                .parse_action(action)
                .unwrap_or_else(|e| panic!("the bot told an unreadable {action}: {e}"));
            self.game = self
                .game
                .play(seat, &a)
                .unwrap_or_else(|e| panic!("the bot told {action}, illegal here: {e}\n{text}"))
                .0;
            self.actions += 1;
        }
        told.len()
    }

    /// The legal actions now, in canonical notation.
    pub fn legal(&self) -> Vec<String> {
        self.game
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}

/// The actions of every "… played ACTION." line of `text`, in order, as a reader sees
/// them: Discord shows `\*` (a dribble's star, escaped) as `*`.
pub fn played(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once(" played ")?;
            let word = rest.split_whitespace().next()?;
            Some(word.trim_end_matches('.').replace("\\*", "*"))
        })
        .collect()
}

#[test]
fn the_story_lines_give_the_actions() {
    assert_eq!(
        played("Avanço #1 · 3\nana played b2-b3.\nBot 1 (random) played a6-a5.\nNext: ana."),
        ["b2-b3", "a6-a5"]
    );
    assert_eq!(played("ana played d6-d5\\*."), ["d6-d5*"]);
}
