//! Rastros in the bot: its refusals and ends in words, its image (the 7×7 board with the
//! white piece, the black squares and both homes), its rules.

use labscape_core::{
    Seat,
    rastros::{Position, Refusal, Square},
};
use labscape_render::{BoardFrame, BoardView, Mark, Piece};

use super::{ChatGame, Picture, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => tr!(lang, "rastros-refusal-unreadable", text = t.as_str()),
            Refusal::NotAdjacent { to, white } => tr!(
                lang,
                "rastros-refusal-not-adjacent",
                to = to.to_string(),
                white = white.to_string()
            ),
            Refusal::Black(sq) => tr!(lang, "rastros-refusal-black", square = sq.to_string()),
            Refusal::Stay(sq) => tr!(lang, "rastros-refusal-stay", square = sq.to_string()),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "home" => Some("rastros-reason-home"),
            "blocked" => Some("rastros-reason-blocked"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "rastros-rules", &[]))
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Square(view(p)))
    }
}

fn view(p: &Picture<'_, Position>) -> BoardView {
    let g = p.game;
    let mut v = board::base(p, 7, 7);
    for sq in Square::all() {
        let i = usize::from(sq.rank()) * 7 + usize::from(sq.file());
        v.cells[i] = if sq == g.white() {
            Some(Piece::Runner)
        } else if g.is_black(sq) {
            Some(Piece::Block)
        } else {
            None
        };
    }
    if let Some(to) = p.actions.last() {
        v.marks.push(((to.file(), to.rank()), Mark::To));
    }
    for (seat, piece) in [(Seat(0), Piece::Green), (Seat(1), Piece::Red)] {
        let h = Square::home(seat);
        v.homes.push(((h.file(), h.rank()), piece));
    }
    v.sides = board::sides(
        p,
        [Some(Piece::Green), Some(Piece::Red)],
        [
            tr!(p.lang, "board-home", square = "a1"),
            tr!(p.lang, "board-home", square = "g7"),
        ],
    );
    (v.to_move, v.status) = board::status(p);
    v.counters = tr!(
        p.lang,
        "board-rastros-counts",
        black = g.black_count(),
        moves = g.moves().len()
    );
    v
}
