//! Soccolot in the bot: its refusals and ends in words, the ball's moves told, its image
//! (the 8×8 pitch as a football fan draws it: grass, chalk, a goal along each back rank in
//! the colour of the side defending it, the men in the players' colours and the ball; the
//! last action drawn as the man's step and the ball's path), its rules.
//!
//! One action a turn, so `/play c2 d3` is one action, never two: the chat reads two squares
//! as the one legal action they can mean (core's `read_chat`), and asks when a run and a
//! dribble both fit.

use labscape_core::soccolot::{Action, Colour, Event, Occupant, Position, Refusal, SIZE, Square};
use labscape_render::{BoardFrame, BoardView, Mark, Piece, Surface};

use super::{ChatGame, Picture, Profile, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    /// No draws: the rules have none, not even by agreement (rules D8: resigning is the
    /// bot's, and the result has no draw).
    const PROFILE: Profile = Profile {
        reads_several: false,
        agrees_draws: false,
        ..Profile::BOARD
    };

    fn problem(r: &Refusal, lang: Lang) -> String {
        let sq = |s: &Square| s.to_string();
        let colour = |c: &Colour| c.to_string();
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => tr!(lang, "soccolot-refusal-unreadable", text = t.as_str()),
            Refusal::NoMan(s) => tr!(lang, "soccolot-refusal-no-man", square = sq(s)),
            Refusal::BallIsNoMan(s) => {
                tr!(lang, "soccolot-refusal-ball-is-no-man", square = sq(s))
            }
            Refusal::NotYourMan { square, colour: c } => tr!(
                lang,
                "soccolot-refusal-not-your-man",
                square = sq(square),
                colour = colour(c)
            ),
            Refusal::NotOneStep { from, to } => tr!(
                lang,
                "soccolot-refusal-not-one-step",
                from = sq(from),
                to = sq(to)
            ),
            Refusal::RunOntoBall { from, to } => tr!(
                lang,
                "soccolot-refusal-run-onto-ball",
                from = sq(from),
                to = sq(to)
            ),
            Refusal::Occupied { square, colour: c } => tr!(
                lang,
                "soccolot-refusal-occupied",
                square = sq(square),
                colour = colour(c)
            ),
            Refusal::NotNextToBall { man, ball } => tr!(
                lang,
                "soccolot-refusal-not-next-to-ball",
                man = sq(man),
                ball = sq(ball)
            ),
            Refusal::BallOffBoard(s) => {
                tr!(lang, "soccolot-refusal-ball-off-board", square = sq(s))
            }
            Refusal::BallBlocked { square, colour: c } => tr!(
                lang,
                "soccolot-refusal-ball-blocked",
                square = sq(square),
                colour = colour(c)
            ),
            Refusal::KickInPlace(s) => {
                tr!(lang, "soccolot-refusal-kick-in-place", square = sq(s))
            }
            Refusal::OffLine { from, ball, stop } => tr!(
                lang,
                "soccolot-refusal-off-line",
                from = sq(from),
                ball = sq(ball),
                stop = sq(stop)
            ),
            Refusal::PassesThrough(s) => {
                tr!(lang, "soccolot-refusal-passes-through", square = sq(s))
            }
            Refusal::StopOnMan(s) => tr!(lang, "soccolot-refusal-stop-on-man", square = sq(s)),
            Refusal::NotOneAction(t) => {
                tr!(lang, "soccolot-refusal-not-one-action", text = t.as_str())
            }
            Refusal::RunOrDribble { from, to } => tr!(
                lang,
                "soccolot-refusal-run-or-dribble",
                from = sq(from),
                to = sq(to)
            ),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "goal" => Some("soccolot-reason-goal"),
            "own-goal" => Some("soccolot-reason-own-goal"),
            "blocked" => Some("soccolot-reason-blocked"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "soccolot-rules", &[]))
    }

    fn event_line(event: &Event, lang: Lang) -> Option<String> {
        match event {
            Event::Ball { from, to } => Some(tr!(
                lang,
                "soccolot-event-ball",
                from = from.to_string(),
                to = to.to_string()
            )),
            _ => None,
        }
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Square(view(p)))
    }
}

/// The square `df` files and `dr` ranks from `from`, if on the board.
fn offset(from: Square, df: i8, dr: i8) -> Option<Square> {
    let (f, r) = (from.file() as i8 + df, from.rank() as i8 + dr);
    (f >= 0 && r >= 0)
        .then(|| Square::new(f as u8, r as u8))
        .flatten()
}

/// The step (one file and one rank at most) from `from` towards `to`.
fn unit(from: Square, to: Square) -> (i8, i8) {
    let d = |a: u8, b: u8| (i16::from(b) - i16::from(a)).signum() as i8;
    (d(from.file(), to.file()), d(from.rank(), to.rank()))
}

/// Squares marked on the image, as `(file, rank)`.
type Marks = Vec<((u8, u8), Mark)>;

/// The marks of the last action, read from the action and the position after it (so a
/// replay frame, which has no events, draws the same): the man's step, and the ball's path
/// for a dribble or a kick.
fn marks(g: &Position, a: Action) -> Marks {
    let at = |s: Square| (s.file(), s.rank());
    match a {
        Action::Run { from, to } => vec![(at(from), Mark::From), (at(to), Mark::To)],
        Action::Dribble { from, to } => {
            let mut m = vec![(at(from), Mark::From), (at(to), Mark::To)];
            // The ball moved the way the man did: it came from one step back.
            let (df, dr) = unit(from, to);
            if let Some(before) = offset(g.ball(), -df, -dr) {
                m.push((at(before), Mark::Path));
                m.push((at(g.ball()), Mark::Path));
            }
            m
        }
        Action::Kick { from, stop } => {
            let mut m = vec![(at(from), Mark::From)];
            let (df, dr) = unit(from, stop);
            if let Some(ball) = offset(from, df, dr) {
                m.push((at(ball), Mark::Path));
                m.push((at(stop), Mark::Path));
            }
            m
        }
    }
}

fn view(p: &Picture<'_, Position>) -> BoardView {
    let g = p.game;
    let mut v = board::base(p, SIZE, SIZE);
    v.surface = Surface::Pitch;
    for sq in Square::all() {
        v.cells[usize::from(sq.rank()) * usize::from(SIZE) + usize::from(sq.file())] =
            g.occupant(sq).map(|o| match o {
                Occupant::Man(Colour::Black) => Piece::Black,
                Occupant::Man(Colour::White) => Piece::White,
                Occupant::Ball => Piece::Ball,
            });
    }
    // Each back rank is the goal of the side defending it, netted in its colour.
    for file in 0..SIZE {
        v.homes
            .push(((file, Colour::Black.back_rank()), Piece::Black));
        v.homes
            .push(((file, Colour::White.back_rank()), Piece::White));
    }
    if let Some(a) = p.actions.last() {
        v.marks = marks(g, *a);
    }
    v.sides = board::sides(
        p,
        [Some(Piece::Black), Some(Piece::White)],
        [tr!(p.lang, "board-black"), tr!(p.lang, "board-white")],
    );
    (v.to_move, v.status) = board::status(p);
    v.counters = tr!(p.lang, "board-soccolot-counts", ball = g.ball().to_string());
    v
}

#[cfg(test)]
mod tests {
    use labscape_core::{Game, Seat};

    use super::*;

    fn picture_marks(g: &Position, text: &str) -> (Position, Marks) {
        let a = g.parse_action(text).unwrap();
        let next = g.play(g.to_move().unwrap(), &a).unwrap().0;
        let m = marks(&next, a);
        (next, m)
    }

    #[test]
    fn the_last_action_is_drawn_as_the_mans_step_and_the_balls_path() {
        let mut g = Position::start();
        for a in ["e1-e2", "e8-e7", "e2-e3", "e7-e6", "e3-e4"] {
            g = picture_marks(&g, a).0;
        }
        // e6-d5*: the man e6 → d5, the ball e5 → d4.
        let (g, m) = picture_marks(&g, "e6-d5*");
        assert_eq!(
            m,
            [
                ((4, 5), Mark::From),
                ((3, 4), Mark::To),
                ((4, 4), Mark::Path),
                ((3, 3), Mark::Path)
            ]
        );
        // e4>a4: the kicker e4 stays; the ball d4 → a4.
        let (_, m) = picture_marks(&g, "e4>a4");
        assert_eq!(
            m,
            [
                ((4, 3), Mark::From),
                ((3, 3), Mark::Path),
                ((0, 3), Mark::Path)
            ]
        );
        let (_, m) = picture_marks(&Position::start(), "c1-d2");
        assert_eq!(m, [((2, 0), Mark::From), ((3, 1), Mark::To)]);
    }

    #[test]
    fn the_pitch_is_a_small_png_in_both_languages() {
        let names = ["Ana".to_string(), "Bia".to_string()];
        let g = Position::start();
        let (next, _) = g.play(Seat(0), &g.parse_action("e1-e2").unwrap()).unwrap();
        for lang in [Lang::En, Lang::PtBr] {
            let png = Position::image(&Picture {
                game: &next,
                actions: vec![g.parse_action("e1-e2").unwrap()],
                events: Vec::new(),
                names: &names,
                notes: &[],
                title: "Soccolot #1",
                lang,
            })
            .unwrap();
            assert_eq!(&png[1..4], b"PNG");
            assert!(png.len() < 40 * 1024, "{} bytes", png.len());
        }
    }
}
