//! Avanço in the bot: its refusals and ends in words, a capture told, its image (the 7×7
//! board with the last move from and to), its rules.

use labscape_core::avanco::{Colour, Event, Position, Refusal, Square};
use labscape_render::{BoardFrame, BoardView, Mark, Piece};

use super::{ChatGame, Picture, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => tr!(lang, "avanco-refusal-unreadable", text = t.as_str()),
            Refusal::NoPiece { square, colour } => tr!(
                lang,
                "avanco-refusal-no-piece",
                square = square.to_string(),
                colour = colour.to_string()
            ),
            Refusal::NotForward { from, to } => tr!(
                lang,
                "avanco-refusal-not-forward",
                from = from.to_string(),
                to = to.to_string()
            ),
            Refusal::Occupied(sq) => tr!(lang, "refusal-occupied", square = sq.to_string()),
            Refusal::StraightCapture(sq) => tr!(
                lang,
                "avanco-refusal-straight-capture",
                square = sq.to_string()
            ),
            Refusal::NothingToCapture(sq) => tr!(
                lang,
                "avanco-refusal-nothing-to-capture",
                square = sq.to_string()
            ),
            Refusal::NotOneAction(t) => {
                tr!(lang, "avanco-refusal-not-one-action", text = t.as_str())
            }
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "goal" => Some("avanco-reason-goal"),
            "took-all" => Some("avanco-reason-took-all"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "avanco-rules", &[]))
    }

    fn event_line(event: &Event, lang: Lang) -> Option<String> {
        match event {
            Event::Captured { square } => Some(tr!(
                lang,
                "avanco-event-captured",
                square = square.to_string()
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
    let mut v = board::base(p, 7, 7);
    for sq in Square::all() {
        v.cells[usize::from(sq.rank()) * 7 + usize::from(sq.file())] = g.get(sq).map(|c| match c {
            Colour::White => Piece::White,
            Colour::Black => Piece::Black,
        });
    }
    if let Some(a) = p.actions.last() {
        v.marks.push(((a.from.file(), a.from.rank()), Mark::From));
        let mark = if a.capture { Mark::Capture } else { Mark::To };
        v.marks.push(((a.to.file(), a.to.rank()), mark));
    }
    v.sides = board::sides(
        p,
        [Some(Piece::White), Some(Piece::Black)],
        [tr!(p.lang, "board-white"), tr!(p.lang, "board-black")],
    );
    (v.to_move, v.status) = board::status(p);
    v.counters = tr!(
        p.lang,
        "board-avanco-counts",
        white = g.count(Colour::White),
        black = g.count(Colour::Black)
    );
    v
}
