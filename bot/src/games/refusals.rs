//! Each board game's refusals in the reader's language: the engine's refusal (a typed
//! value, its squares and pieces) worded from the Fluent catalogs, so a Portuguese player
//! reads "c5 fica ao lado do gato em c4" where the engine says "c5 is next to the cat on
//! c4". A game without words of its own here keeps the engine's English sentence.

use labscape_core::{AnyRefusal, avanco, flume, gatos_caes, produto, rastros, semaforo};

use crate::i18n::{Lang, tr};

/// A refused action, the whole sentence, in `lang`.
pub fn refused(e: &AnyRefusal, lang: Lang) -> String {
    match e {
        AnyRefusal::Labscape(r) => super::labscape::refused(r, lang),
        e => tr!(lang, "error-refused", problem = refusal(e, lang)),
    }
}

/// A refusal in `lang` (a clause).
pub fn refusal(e: &AnyRefusal, lang: Lang) -> String {
    match e {
        AnyRefusal::Labscape(r) => super::labscape::problem(r, lang),
        AnyRefusal::Semaforo(r) => {
            use semaforo::Refusal as R;
            match r {
                R::GameOver => tr!(lang, "refusal-game-over"),
                R::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
                R::Unreadable(t) => tr!(lang, "semaforo-refusal-unreadable", text = t.as_str()),
                R::Red(sq) => tr!(lang, "semaforo-refusal-red", square = sq.to_string()),
                R::EmptySupply { square, piece } => tr!(
                    lang,
                    "semaforo-refusal-empty-supply",
                    square = square.to_string(),
                    piece = piece.to_string()
                ),
            }
        }
        AnyRefusal::GatosCaes(r) => {
            use gatos_caes::Refusal as R;
            match r {
                R::GameOver => tr!(lang, "refusal-game-over"),
                R::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
                R::Unreadable(t) => {
                    tr!(lang, "gatos-caes-refusal-unreadable", text = t.as_str())
                }
                R::Occupied(sq) => tr!(lang, "refusal-occupied", square = sq.to_string()),
                R::NextTo { square, at, kind } => tr!(
                    lang,
                    "gatos-caes-refusal-next-to",
                    square = square.to_string(),
                    at = at.to_string(),
                    kind = kind.to_string()
                ),
                R::FirstCatCentral => tr!(lang, "gatos-caes-refusal-first-cat"),
                R::FirstDogOutside => tr!(lang, "gatos-caes-refusal-first-dog"),
            }
        }
        AnyRefusal::Rastros(r) => {
            use rastros::Refusal as R;
            match r {
                R::GameOver => tr!(lang, "refusal-game-over"),
                R::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
                R::Unreadable(t) => tr!(lang, "rastros-refusal-unreadable", text = t.as_str()),
                R::NotAdjacent { to, white } => tr!(
                    lang,
                    "rastros-refusal-not-adjacent",
                    to = to.to_string(),
                    white = white.to_string()
                ),
                R::Black(sq) => tr!(lang, "rastros-refusal-black", square = sq.to_string()),
            }
        }
        AnyRefusal::Avanco(r) => {
            use avanco::Refusal as R;
            match r {
                R::GameOver => tr!(lang, "refusal-game-over"),
                R::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
                R::Unreadable(t) => tr!(lang, "avanco-refusal-unreadable", text = t.as_str()),
                R::NoPiece { square, colour } => tr!(
                    lang,
                    "avanco-refusal-no-piece",
                    square = square.to_string(),
                    colour = colour.to_string()
                ),
                R::NotForward { from, to } => tr!(
                    lang,
                    "avanco-refusal-not-forward",
                    from = from.to_string(),
                    to = to.to_string()
                ),
                R::Occupied(sq) => tr!(lang, "refusal-occupied", square = sq.to_string()),
                R::StraightCapture(sq) => {
                    tr!(
                        lang,
                        "avanco-refusal-straight-capture",
                        square = sq.to_string()
                    )
                }
                R::NothingToCapture(sq) => {
                    tr!(
                        lang,
                        "avanco-refusal-nothing-to-capture",
                        square = sq.to_string()
                    )
                }
                R::NotOneAction(t) => {
                    tr!(lang, "avanco-refusal-not-one-action", text = t.as_str())
                }
            }
        }
        AnyRefusal::Produto(r) => {
            use produto::Refusal as R;
            match r {
                R::GameOver => tr!(lang, "refusal-game-over"),
                R::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
                R::Unreadable(t) => tr!(lang, "produto-refusal-unreadable", text = t.as_str()),
                R::Occupied(c) => tr!(lang, "refusal-occupied", square = c.to_string()),
                R::EmptySupply(colour) => tr!(
                    lang,
                    "produto-refusal-empty-supply",
                    colour = colour.to_string()
                ),
            }
        }
        AnyRefusal::Flume(r) => {
            use flume::Refusal as R;
            match r {
                R::GameOver => tr!(lang, "refusal-game-over"),
                R::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
                R::Unreadable(t) => tr!(lang, "flume-refusal-unreadable", text = t.as_str()),
                R::Occupied(sq) => tr!(lang, "refusal-occupied", square = sq.to_string()),
                R::NoSwap => tr!(lang, "flume-refusal-no-swap"),
            }
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{AnyGame, GameKind, Seat};

    use super::*;

    /// Every refusal a short random game meets reads in both languages, and the English
    /// one says what the engine says.
    #[test]
    fn refusals_read_in_both_languages_and_english_matches_the_engine() {
        let players = ["a".to_string(), "b".to_string()];
        let tries = [
            "a1", "d4", "e5", "z9", "b2-b3", "b2xc3", "e5b", "swap", "g7", "c3w",
        ];
        for &kind in GameKind::ALL {
            if matches!(kind.id(), "labscape" | "nim") {
                continue;
            }
            let (mut game, _) = AnyGame::new_game(kind, &[], &players, "t").unwrap();
            for ply in 0..12 {
                let seat = game.to_move().unwrap_or(Seat(0));
                for t in tries {
                    if let Err(e) = game.apply(Some(seat), t) {
                        let en = refusal(&e, Lang::En);
                        assert_eq!(en, e.to_string(), "{}: {t}", kind.id());
                        let pt = refusal(&e, Lang::PtBr);
                        assert_ne!(pt, en, "{}: {t} is not in Portuguese", kind.id());
                    }
                }
                let Some(a) = game.choose("random", &format!("r{ply}")) else {
                    break;
                };
                game = game.play(seat, &a).unwrap().0;
            }
        }
    }
}
