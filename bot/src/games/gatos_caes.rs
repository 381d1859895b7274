//! Gatos & Cães in the bot: its refusals and ends in words, its image (the 8×8 board with
//! each side's pieces and free squares), its rules.

use labscape_core::gatos_caes::{Kind, Position, Refusal, Square};
use labscape_render::{BoardFrame, BoardView, Mark, Piece};

use super::{ChatGame, Picture, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => {
                tr!(lang, "gatos-caes-refusal-unreadable", text = t.as_str())
            }
            Refusal::Occupied(sq) => tr!(lang, "refusal-occupied", square = sq.to_string()),
            Refusal::NextTo { square, at, kind } => tr!(
                lang,
                "gatos-caes-refusal-next-to",
                square = square.to_string(),
                at = at.to_string(),
                kind = kind.to_string()
            ),
            Refusal::FirstCatCentral => tr!(lang, "gatos-caes-refusal-first-cat"),
            Refusal::FirstDogOutside => tr!(lang, "gatos-caes-refusal-first-dog"),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        (code == "placed-last").then_some("gatos-caes-reason-placed-last")
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "gatos-caes-rules", &[]))
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Square(view(p)))
    }
}

fn view(p: &Picture<'_, Position>) -> BoardView {
    let g = p.game;
    let mut v = board::base(p, 8, 8);
    for sq in Square::all() {
        v.cells[usize::from(sq.rank()) * 8 + usize::from(sq.file())] = g.get(sq).map(|k| match k {
            Kind::Cat => Piece::Cat,
            Kind::Dog => Piece::Dog,
        });
    }
    if let Some(sq) = p.actions.last() {
        v.marks.push(((sq.file(), sq.rank()), Mark::To));
    }
    v.sides = board::sides(
        p,
        [Some(Piece::Cat), Some(Piece::Dog)],
        [tr!(p.lang, "board-cats"), tr!(p.lang, "board-dogs")],
    );
    (v.to_move, v.status) = board::status(p);
    v.counters = tr!(
        p.lang,
        "board-gatos-counts",
        cats = g.count(Kind::Cat),
        dogs = g.count(Kind::Dog),
        cat_squares = g.placements(Kind::Cat).len(),
        dog_squares = g.placements(Kind::Dog).len()
    );
    v
}
