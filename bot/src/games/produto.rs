//! Produto in the bot: its refusals and ends in words, its image (the hexagon of 61 with
//! the turn's stones, each colour's two largest groups tinted, the live score), its rules.

use labscape_core::produto::{Action, Cell, Colour, Position, Refusal};
use labscape_render::{BoardFrame, HexView, Piece};

use super::{ChatGame, Picture, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => tr!(lang, "produto-refusal-unreadable", text = t.as_str()),
            Refusal::Occupied(c) => tr!(lang, "refusal-occupied", square = c.to_string()),
            Refusal::EmptySupply(colour) => tr!(
                lang,
                "produto-refusal-empty-supply",
                colour = colour.to_string()
            ),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "product" => Some("produto-reason-product"),
            "fewer-stones" => Some("produto-reason-fewer-stones"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "produto-rules", &[]))
    }

    fn turn_ended_why(&self, action: &Action, after: &Self, lang: Lang) -> Option<String> {
        if after.result().is_some() || after.seat_to_move() == self.seat_to_move() {
            return None;
        }
        let empty = self.count(Colour::Black) + self.count(Colour::White) == 0;
        Some(if empty {
            tr!(lang, "produto-turn-ended-first")
        } else {
            tr!(
                lang,
                "produto-turn-ended-second",
                stone = action.to_string()
            )
        })
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Hex(view(p)))
    }
}

/// The hexagon: the stones, the last turn's, each colour's two largest groups tinted, and
/// the live score.
fn view(p: &Picture<'_, Position>) -> HexView {
    let g = p.game;
    let stone = |c: Colour| match c {
        Colour::Black => Piece::Black,
        Colour::White => Piece::White,
    };
    let mut rows: Vec<Vec<Option<Piece>>> = vec![Vec::new(); 9];
    for cell in Cell::all() {
        rows[usize::from(cell.row())].push(g.get(cell).map(stone));
    }
    let at = |c: Cell| (usize::from(c.row()), usize::from(c.number()) - 1);
    let marks = p.actions.iter().map(|a| at(a.cell)).collect();
    let mut groups = Vec::new();
    for colour in [Colour::Black, Colour::White] {
        for cell in g.largest_groups(colour).into_iter().flatten() {
            groups.push((at(cell), stone(colour)));
        }
    }
    let (to_move, status) = board::status(p);
    HexView {
        title: p.title.to_string(),
        rows,
        marks,
        groups,
        sides: board::sides(
            p,
            [Some(Piece::Black), Some(Piece::White)],
            [tr!(p.lang, "board-black"), tr!(p.lang, "board-white")],
        ),
        to_move,
        status,
        counters: counters(g, p.lang),
    }
}

/// The footer: each colour's score as its two largest groups' product, and while the game
/// goes on, the stones left to place this turn (after the end, only the final score).
fn counters(g: &Position, lang: Lang) -> String {
    let product = |c: Colour| {
        let s = g.groups(c);
        match (s.first(), s.get(1)) {
            (Some(a), Some(b)) => format!("{a} × {b} = {}", a * b),
            _ => "0".to_string(),
        }
    };
    let (black, white) = (product(Colour::Black), product(Colour::White));
    if labscape_core::Game::outcome(g).is_some() {
        tr!(lang, "board-produto-final", black = black, white = white)
    } else {
        tr!(
            lang,
            "board-produto-score",
            black = black,
            white = white,
            left = u32::from(g.stones_left())
        )
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{Game, Seat};

    use super::*;

    #[test]
    fn the_final_footer_shows_the_score_and_no_stones_left_to_place() {
        let mut g = Position::start();
        for _ in 0..400 {
            if g.outcome().is_some() {
                break;
            }
            let seat: Seat = g.seat_to_move();
            let action = g.legal_actions()[0];
            g = g.play(seat, &action).unwrap().0;
        }
        assert!(g.outcome().is_some(), "the game ends");
        for lang in [Lang::En, Lang::PtBr] {
            let text = counters(&g, lang);
            assert!(
                text.contains("Final score") || text.contains("Placar final"),
                "{text}"
            );
            assert!(
                !text.contains("left") && !text.contains("por jogar"),
                "{text}"
            );
        }
        let running = counters(&Position::start(), Lang::En);
        assert!(running.contains("stones left this turn"), "{running}");
    }
}
