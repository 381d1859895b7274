//! Why a game ended, in the reader's language. The engine gives a typed reason (a code
//! and its arguments, like `goal` with `colour = white`, `rank = 7`); each game's codes are
//! worded here from the Fluent catalogs, so a Portuguese player reads "as brancas chegaram à
//! fileira 7". A code with no words here (a test game, a reason read from someone else's
//! document) keeps the engine's English sentence.

use labscape_core::{GameKind, Reason};

use crate::i18n::{FluentValue, Lang, t};

/// `reason` (of a game of `kind`) in `lang`.
pub fn reason(kind: GameKind, reason: &Reason, lang: Lang) -> String {
    let id = match (kind, reason.code()) {
        (GameKind::Semaforo, Some("line")) => "semaforo-reason-line",
        (GameKind::Semaforo, Some("stuck")) => "semaforo-reason-stuck",
        (GameKind::GatosCaes, Some("placed-last")) => "gatos-caes-reason-placed-last",
        (GameKind::Rastros, Some("home")) => "rastros-reason-home",
        (GameKind::Rastros, Some("blocked")) => "rastros-reason-blocked",
        (GameKind::Avanco, Some("goal")) => "avanco-reason-goal",
        (GameKind::Avanco, Some("took-all")) => "avanco-reason-took-all",
        (GameKind::Produto, Some("product")) => "produto-reason-product",
        (GameKind::Produto, Some("fewer-stones")) => "produto-reason-fewer-stones",
        (GameKind::Flume, Some("stones")) => "flume-reason-stones",
        _ => return reason.english().to_string(),
    };
    let args: Vec<(&str, FluentValue<'_>)> = reason
        .args()
        .iter()
        .map(|(name, value)| (*name, FluentValue::from(value.as_str())))
        .collect();
    t(lang, id, &args)
}

#[cfg(test)]
mod tests {
    use labscape_core::{AnyGame, GameKind, Outcome};

    use super::*;

    /// A whole game of `kind` played by its first legal action each turn, and its outcome.
    fn played_out(kind: GameKind) -> Outcome {
        let players = ["Ana".to_string(), "Bia".to_string()];
        let (mut g, _) = AnyGame::new_game(kind, &[], &players, "reasons").expect("defaults");
        for _ in 0..500 {
            if let Some(o) = g.outcome() {
                return o;
            }
            let seat = g.to_move().expect("a seat to move");
            let a = g
                .legal_actions()
                .into_iter()
                .next()
                .expect("a legal action");
            g = g.play(seat, &a).expect("legal").0;
        }
        panic!("{kind:?} did not end in 500 actions");
    }

    #[test]
    fn every_board_games_end_is_told_in_portuguese() {
        for kind in [
            GameKind::Semaforo,
            GameKind::GatosCaes,
            GameKind::Rastros,
            GameKind::Avanco,
            GameKind::Produto,
            GameKind::Flume,
        ] {
            let o = played_out(kind);
            let en = reason(kind, &o.reason, Lang::En);
            let pt = reason(kind, &o.reason, Lang::PtBr);
            assert!(o.reason.code().is_some(), "{kind:?}: {}", o.reason);
            assert_ne!(en, pt, "{kind:?}: the same in both languages: {en}");
            assert!(!pt.contains("white") && !pt.contains("black"), "{pt}");
        }
    }

    #[test]
    fn a_reason_without_words_keeps_the_engines_sentence() {
        let r = Reason::text("the moon rose");
        assert_eq!(reason(GameKind::Avanco, &r, Lang::PtBr), "the moon rose");
    }

    #[test]
    fn arguments_are_worded_in_the_language() {
        let r = Reason::new(
            "goal",
            [("colour", "white".to_string()), ("rank", "7".to_string())],
            "white reached rank 7",
        );
        assert_eq!(
            reason(GameKind::Avanco, &r, Lang::En),
            "white reached rank 7"
        );
        assert_eq!(
            reason(GameKind::Avanco, &r, Lang::PtBr),
            "as brancas chegaram à fileira 7"
        );
    }
}
