//! Semáforo in the bot: its refusals and ends in words, a light's change told, its image
//! (the 4×3 board with the supply), its rules.

use labscape_core::semaforo::{Event, Piece as Light, Position, Refusal, Square};
use labscape_render::{BoardFrame, BoardView, Mark, Piece};

use super::{ChatGame, Picture, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => tr!(lang, "semaforo-refusal-unreadable", text = t.as_str()),
            Refusal::Red(sq) => tr!(lang, "semaforo-refusal-red", square = sq.to_string()),
            Refusal::EmptySupply { square, piece } => tr!(
                lang,
                "semaforo-refusal-empty-supply",
                square = square.to_string(),
                piece = piece.to_string()
            ),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "line" => Some("semaforo-reason-line"),
            "stuck" => Some("semaforo-reason-stuck"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "semaforo-rules", &[]))
    }

    fn event_line(event: &Event, lang: Lang) -> Option<String> {
        match event {
            Event::Upgraded { square, piece } => Some(tr!(
                lang,
                "semaforo-event-upgraded",
                square = square.to_string(),
                piece = piece.to_string()
            )),
            _ => None,
        }
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Square(view(p)))
    }
}

fn view(p: &Picture<'_, Position>) -> BoardView {
    let g = p.game;
    let mut v = board::base(p, 4, 3);
    for sq in Square::all() {
        v.cells[usize::from(sq.rank()) * 4 + usize::from(sq.file())] =
            g.board().get(sq).map(|piece| match piece {
                Light::Green => Piece::Green,
                Light::Yellow => Piece::Yellow,
                Light::Red => Piece::Red,
            });
    }
    if let Some(sq) = p.actions.last() {
        v.marks.push(((sq.file(), sq.rank()), Mark::To));
    }
    v.sides = board::sides(
        p,
        [None, None],
        [tr!(p.lang, "board-first"), tr!(p.lang, "board-second")],
    );
    (v.to_move, v.status) = board::status(p);
    v.counters = tr!(
        p.lang,
        "board-semaforo-supply",
        green = g.supply(Light::Green),
        yellow = g.supply(Light::Yellow),
        red = g.supply(Light::Red)
    );
    v
}
