//! Flume in the bot: its refusals and ends in words, the extra stone and the swap told, its
//! image (the 7×7 board with every stone of the turn marked), its rules.

use labscape_core::{
    Seat,
    flume::{Action, Colour, Event, Position, Refusal, Square},
};
use labscape_render::{BoardFrame, BoardView, Mark, Piece};

use super::{ChatGame, Picture, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => tr!(lang, "flume-refusal-unreadable", text = t.as_str()),
            Refusal::Occupied(sq) => tr!(lang, "refusal-occupied", square = sq.to_string()),
            Refusal::NoSwap => tr!(lang, "flume-refusal-no-swap"),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        (code == "stones").then_some("flume-reason-stones")
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "flume-rules", &[]))
    }

    fn turn_ended_why(&self, action: &Action, after: &Self, lang: Lang) -> Option<String> {
        match action {
            Action::Place(sq) if after.result().is_none() => Some(tr!(
                lang,
                "flume-turn-ended",
                square = sq.to_string(),
                empty = after.empty_neighbours(*sq)
            )),
            Action::Place(_) => None,
            Action::Swap => Some(tr!(lang, "flume-turn-ended-swap")),
        }
    }

    fn event_line(event: &Event, lang: Lang) -> Option<String> {
        match event {
            Event::Placed { again: true, .. } => Some(tr!(lang, "flume-event-again")),
            Event::Swapped { .. } => Some(tr!(lang, "flume-event-swapped")),
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
    let stone = |c: Colour| match c {
        Colour::White => Piece::White,
        Colour::Black => Piece::Black,
    };
    for sq in Square::all() {
        v.cells[usize::from(sq.rank()) * 7 + usize::from(sq.file())] = g.get(sq).map(stone);
    }
    // Every stone of the turn told is marked: a turn can be a chain.
    for a in &p.actions {
        if let Action::Place(sq) = a {
            v.marks.push(((sq.file(), sq.rank()), Mark::To));
        }
    }
    let colour = |s: u8| g.colour_of(Seat(s));
    let note = |c: Colour| match c {
        Colour::White => tr!(p.lang, "board-white"),
        Colour::Black => tr!(p.lang, "board-black"),
    };
    v.sides = board::sides(
        p,
        [Some(stone(colour(0))), Some(stone(colour(1)))],
        [note(colour(0)), note(colour(1))],
    );
    (v.to_move, v.status) = board::status(p);
    v.counters = tr!(
        p.lang,
        "board-flume-counts",
        white = g.count(Colour::White),
        black = g.count(Colour::Black)
    );
    v
}
