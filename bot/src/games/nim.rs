//! Nim, core's test game, in the bot: its own words, image and buttons, written only here
//! (and in its Fluent entries), to prove that a game is added by its core module, one line
//! in core's list, this module and its words.

use labscape_core::nim::{Nim, NimRefusal};
use labscape_render::{BoardView, Piece};

use super::{ChatGame, Picture, board};
use crate::i18n::{Lang, t, tr};

/// Most stones drawn in the pile's one row.
const MAX_DRAWN: u8 = 16;

impl ChatGame for Nim {
    fn problem(r: &NimRefusal, lang: Lang) -> String {
        match r {
            NimRefusal::GameOver => tr!(lang, "refusal-game-over"),
            NimRefusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            NimRefusal::Unreadable(t) => tr!(lang, "nim-refusal-unreadable", text = t.as_str()),
            NimRefusal::TooMany { left } => tr!(lang, "nim-refusal-too-many", left = *left),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        (code == "last-stone").then_some("nim-reason-last-stone")
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "nim-rules", &[]))
    }

    fn image(p: &Picture<'_, Self>) -> Option<Vec<u8>> {
        let left = p.game.stones();
        let files = left.clamp(1, MAX_DRAWN);
        let mut v: BoardView = board::base(p, files, 1);
        for cell in v.cells.iter_mut().take(usize::from(left.min(MAX_DRAWN))) {
            *cell = Some(Piece::Block);
        }
        v.sides = board::sides(p, [None, None], [String::new(), String::new()]);
        (v.to_move, v.status) = board::status(p);
        v.counters = tr!(p.lang, "nim-left", left = left);
        Some(labscape_render::render_board_png(&v, None))
    }
}
