//! A game's own views on request (Labscape's `/walls`): a command that changes nothing and
//! answers the asker alone with words and a picture of the game as it stands. The service
//! knows only that a game may have some; each game names its own and draws them.

use labscape_core::GameKind;

/// What a view on request answers: its words, and its image when it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    /// The text of the reply.
    pub text: String,
    /// The picture, as PNG bytes.
    pub image: Option<Vec<u8>>,
}

/// The game whose view on request `word` is (`walls` is Labscape's), if any.
pub fn owner_of_look(word: &str) -> Option<GameKind> {
    GameKind::ALL.iter().copied().find(|k| {
        super::of(*k)
            .looks()
            .iter()
            .any(|(w, _)| w.eq_ignore_ascii_case(word))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_belongs_to_one_game_and_is_no_other_command() {
        assert_eq!(owner_of_look("walls"), Some(GameKind::Labscape));
        assert_eq!(owner_of_look("WALLS"), Some(GameKind::Labscape));
        assert_eq!(owner_of_look("status"), None);
        for kind in GameKind::ALL {
            for (word, _) in super::super::of(*kind).looks() {
                let owners = GameKind::ALL
                    .iter()
                    .filter(|k| super::super::of(**k).looks().iter().any(|(w, _)| w == word))
                    .count();
                assert_eq!(owners, 1, "/{word} belongs to one game");
                assert!(
                    !super::super::of(*kind).verbs().contains(word),
                    "/{word} is not an action"
                );
            }
        }
    }
}
