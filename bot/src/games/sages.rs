//! SAGES in the bot: its refusals and ends in words, a kick's way, a goal and the reset
//! told, its image (the 15×15 pitch: grass, the track out of play, the nets, the men, the
//! ball, the last man's step and the ball's way with its bounces, the score and whose
//! turn), its replay, its rules, and buttons that stay usable on a board with 160 actions
//! (their steps in `buttons`).

mod buttons;

use labscape_core::{
    Game, Seat,
    game::parse_options,
    sages::{Action, Colour, Event, Obstacle, Position, Refusal, Square, Terrain},
};
use labscape_render::{BoardFrame, Ground, Piece, PitchView};

use super::{Button, ChatGame, GameRecord, PICK, Picture, Profile, board};
use crate::i18n::{Lang, t, tr};

/// Most buttons in one step (Discord shows five rows of five).
const MAX_STEP: usize = 25;

impl ChatGame for Position {
    /// No draws: the rules have none, not even by agreement (rules D13: resigning is the
    /// bot's, and the result has no draw).
    const PROFILE: Profile = Profile {
        agrees_draws: false,
        ..Profile::BOARD
    };

    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(t) => tr!(lang, "sages-refusal-unreadable", text = t.as_str()),
            Refusal::NotOneAction(t) => {
                tr!(lang, "sages-refusal-not-one-action", text = t.as_str())
            }
            Refusal::Ambiguous { text, choices } => {
                let or = tr!(lang, "sages-or");
                let list: Vec<String> = choices.iter().map(ToString::to_string).collect();
                tr!(
                    lang,
                    "sages-refusal-ambiguous",
                    text = text.as_str(),
                    choices = list.join(&format!(" {or} "))
                )
            }
            Refusal::NoMan { .. }
            | Refusal::NotYourMan { .. }
            | Refusal::BallIsNotAMan { .. }
            | Refusal::NotALine { .. }
            | Refusal::PassesOver { .. }
            | Refusal::Occupied { .. }
            | Refusal::OntoTheBall { .. }
            | Refusal::BackwardDiagonal { .. }
            | Refusal::OpponentsGoal { .. }
            | Refusal::SecondOnGoal { .. } => man_problem(r, lang),
            Refusal::NotTheBall { .. }
            | Refusal::NoStop { .. }
            | Refusal::StopOutOfPlay { .. }
            | Refusal::StopOnMan { .. }
            | Refusal::StopOnStart { .. }
            | Refusal::StopUnreachable { .. } => kick_problem(r, lang),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "five-goals" => Some("sages-reason-five-goals"),
            "no-action" => Some("sages-reason-no-action"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "sages-rules", &[]))
    }

    fn event_line(event: &Event, lang: Lang) -> Option<String> {
        match event {
            Event::Ball { from, to, turns } => {
                let way: Vec<String> = std::iter::once(from)
                    .chain(turns.iter().filter(|s| *s != from))
                    .chain(std::iter::once(to))
                    .map(ToString::to_string)
                    .collect();
                Some(if turns.is_empty() {
                    tr!(lang, "sages-event-ball", way = way.join(" → "))
                } else {
                    tr!(
                        lang,
                        "sages-event-ball-bounces",
                        way = way.join(" → "),
                        bounces = turns.len()
                    )
                })
            }
            Event::Goal { seat, score } => Some(tr!(
                lang,
                "sages-event-goal",
                colour = Colour::of(*seat).to_string(),
                white = score[0],
                black = score[1]
            )),
            Event::Reset => Some(tr!(lang, "sages-event-reset")),
            _ => None,
        }
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Pitch(view(p)))
    }

    fn replay(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
        replay(r, lang)
    }

    fn buttons(&self, _lang: Lang) -> Vec<Vec<Button>> {
        let legal = self.legal_actions();
        if legal.len() <= board::buttons::MAX_QUICK {
            return board::buttons::first_step(&legal);
        }
        let mut men: Vec<Square> = legal.iter().map(|a| a.from()).collect();
        men.dedup();
        men.sort();
        men.dedup();
        board::buttons::rows(
            men.into_iter()
                .map(|m| Button::new(format!("{m}…"), format!("{PICK} {m}")))
                .collect(),
        )
    }

    fn pick(&self, key: &str) -> Option<Vec<Vec<Button>>> {
        buttons::pick(self, key).map(board::buttons::rows)
    }
}

/// Why the man named cannot go where the action sends it.
fn man_problem(r: &Refusal, lang: Lang) -> String {
    let s = |sq: &Square| sq.to_string();
    match r {
        Refusal::NoMan { square } => tr!(lang, "sages-refusal-no-man", square = s(square)),
        Refusal::NotYourMan { square, colour } => tr!(
            lang,
            "sages-refusal-not-your-man",
            square = s(square),
            colour = colour.to_string()
        ),
        Refusal::BallIsNotAMan { square } => {
            tr!(lang, "sages-refusal-ball-is-not-a-man", square = s(square))
        }
        Refusal::NotALine { from, to } => {
            tr!(lang, "sages-refusal-not-a-line", from = s(from), to = s(to))
        }
        Refusal::PassesOver {
            from,
            to,
            square,
            what,
        } => {
            let what = match what {
                Obstacle::Man(c) => c.to_string(),
                Obstacle::Ball => "ball".to_string(),
            };
            tr!(
                lang,
                "sages-refusal-passes-over",
                from = s(from),
                to = s(to),
                square = s(square),
                what = what
            )
        }
        Refusal::Occupied { square, colour } => tr!(
            lang,
            "sages-refusal-occupied",
            square = s(square),
            colour = colour.to_string()
        ),
        Refusal::OntoTheBall { from, ball } => tr!(
            lang,
            "sages-refusal-onto-the-ball",
            from = s(from),
            ball = s(ball)
        ),
        Refusal::BackwardDiagonal { from, to } => tr!(
            lang,
            "sages-refusal-backward-diagonal",
            from = s(from),
            to = s(to)
        ),
        Refusal::OpponentsGoal { square } => {
            tr!(lang, "sages-refusal-opponents-goal", square = s(square))
        }
        Refusal::SecondOnGoal { square, keeper } => tr!(
            lang,
            "sages-refusal-second-on-goal",
            square = s(square),
            keeper = s(keeper)
        ),
        _ => unreachable!("{r:?} is not a refusal of the man's move"),
    }
}

/// Why the kicked ball cannot stop where named.
fn kick_problem(r: &Refusal, lang: Lang) -> String {
    let s = |sq: &Square| sq.to_string();
    match r {
        Refusal::NotTheBall { square, ball } => tr!(
            lang,
            "sages-refusal-not-the-ball",
            square = s(square),
            ball = s(ball)
        ),
        Refusal::NoStop { from, ball } => tr!(
            lang,
            "sages-refusal-no-stop",
            from = s(from),
            ball = s(ball)
        ),
        Refusal::StopOutOfPlay { stop } => {
            tr!(lang, "sages-refusal-stop-out-of-play", stop = s(stop))
        }
        Refusal::StopOnMan { stop } => tr!(lang, "sages-refusal-stop-on-man", stop = s(stop)),
        Refusal::StopOnStart { stop } => {
            tr!(lang, "sages-refusal-stop-on-start", stop = s(stop))
        }
        Refusal::StopUnreachable { from, stop } => tr!(
            lang,
            "sages-refusal-stop-unreachable",
            from = s(from),
            stop = s(stop)
        ),
        _ => unreachable!("{r:?} is not a refusal of the kick"),
    }
}

fn at(sq: Square) -> (u8, u8) {
    (sq.file(), sq.rank())
}

/// The pitch as the renderer draws it.
fn view(p: &Picture<'_, Position>) -> PitchView {
    let g = p.game;
    let mut ground = Vec::with_capacity(225);
    let mut cells = Vec::with_capacity(225);
    for sq in Square::all() {
        ground.push(match sq.terrain() {
            Terrain::Pitch => Ground::Grass,
            Terrain::Goal(_) => Ground::Goal,
            Terrain::OutOfPlay => Ground::OutOfPlay,
        });
        cells.push(g.man(sq).map(|c| match c {
            Colour::White => Piece::White,
            Colour::Black => Piece::Black,
        }));
    }
    // The last action: its man's step and the ball's way, unless the pitch was reset after
    // it (then only the goal square scored on is ringed).
    let last = p
        .events
        .iter()
        .rposition(|e| matches!(e, Event::Moved { .. }));
    let mut step = None;
    let mut ball_way = Vec::new();
    let mut scored = None;
    if let Some(i) = last {
        let tail = &p.events[i..];
        let reset = tail.contains(&Event::Reset);
        for e in tail {
            match e {
                Event::Moved { from, to } if !reset => step = Some((at(*from), at(*to))),
                Event::Ball { from, to, turns } => {
                    if reset {
                        scored = Some(at(*to));
                    } else {
                        ball_way.push(at(*from));
                        ball_way.extend(turns.iter().map(|s| at(*s)));
                        ball_way.push(at(*to));
                        ball_way.dedup();
                        if matches!(to.terrain(), Terrain::Goal(_)) {
                            scored = Some(at(*to));
                        }
                    }
                }
                _ => {}
            }
        }
    } else if let Some(a) = p.actions.last() {
        step = Some((at(a.from()), at(a.to())));
    }
    let (to_move, status) = board::status(p);
    let score = g.score();
    PitchView {
        title: p.title.to_string(),
        files: 15,
        ranks: 15,
        ground,
        cells,
        ball: Some(at(g.ball())),
        step,
        ball_way,
        scored,
        sides: board::sides(
            p,
            [Some(Piece::White), Some(Piece::Black)],
            [tr!(p.lang, "board-white"), tr!(p.lang, "board-black")],
        ),
        to_move,
        status,
        counters: tr!(
            p.lang,
            "board-sages-score",
            white = score.of(Colour::White),
            black = score.of(Colour::Black)
        ),
    }
}

/// How wide the replay is drawn: readable in a chat, small to upload.
const REPLAY_WIDTH: u32 = 560;

/// The replay GIF: every position from the start, each with its action's step and ball
/// way (from the action's events).
fn replay(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
    let options = parse_options(&r.settings).map_err(|e| e.to_string())?;
    let settings = Position::settings(&options).map_err(|e| e.to_string())?;
    let (mut game, _) =
        Position::new_game(&settings, &r.players, &r.seed).map_err(|e| e.to_string())?;
    let frame = |game: &Position, actions: Vec<Action>, events: Vec<Event>| {
        BoardFrame::Pitch(view(&Picture {
            game,
            actions,
            events,
            names: &r.players,
            notes: &[],
            title: &r.title,
            lang,
        }))
    };
    let mut frames = vec![frame(&game, Vec::new(), Vec::new())];
    for (i, (seat, text)) in r.actions.iter().enumerate() {
        let action = game
            .parse_action(text)
            .map_err(|e| format!("turn {}: {e}", i + 1))?;
        let (next, events) = game
            .play(Seat(*seat), &action)
            .map_err(|e| format!("turn {}: {e}", i + 1))?;
        game = next;
        frames.push(frame(&game, vec![action], events));
    }
    Ok(labscape_render::render_board_gif(
        &frames,
        REPLAY_WIDTH,
        lang,
    ))
}

#[cfg(test)]
mod tests {
    use labscape_core::Value;

    use super::*;
    use crate::games::flat;

    fn payloads(rows: &[Vec<Button>]) -> Vec<String> {
        flat(rows).map(|b| b.payload.clone()).collect()
    }

    #[test]
    fn the_status_names_the_sides_and_the_score_as_the_image_does() {
        let g = Position::start();
        let names = ["ana".to_string(), "bo".to_string()];
        let status = ChatGame::status(&g, "SAGES #1", 0, &names, &[], Lang::En);
        assert!(status.contains("ana: White · bo: Black"), "{status}");
        assert!(
            status.contains("White 0 – 0 Black · first to 5 goals"),
            "{status}"
        );
        let status = ChatGame::status(&g, "SAGES #1", 0, &names, &[], Lang::PtBr);
        assert!(status.contains("ana: Brancas · bo: Pretas"), "{status}");
    }

    /// Every legal action is reached by pressing buttons, no step has more than 25, and
    /// every leaf is a legal action.
    fn reachable(g: &Position) -> Vec<String> {
        let mut found = Vec::new();
        let mut todo: Vec<Vec<Vec<Button>>> = vec![g.buttons(Lang::En)];
        while let Some(rows) = todo.pop() {
            assert!(flat(&rows).count() <= MAX_STEP);
            for row in &rows {
                assert!(row.len() <= 5);
            }
            for p in payloads(&rows) {
                match crate::games::pick_key(&p) {
                    Some(key) => todo.push(g.pick(key).expect("a listed step opens")),
                    None => found.push(p),
                }
            }
        }
        found.sort();
        found
    }

    #[test]
    fn every_action_of_the_start_is_reached_by_buttons() {
        let g = Position::start();
        let mut legal: Vec<String> = g.legal_actions().iter().map(ToString::to_string).collect();
        legal.sort();
        assert_eq!(reachable(&g), legal);
        // The first step is the seven men.
        assert_eq!(flat(&g.buttons(Lang::En)).count(), 7);
    }

    #[test]
    fn every_action_is_reached_by_buttons_along_a_random_game() {
        let mut g = Position::start();
        for n in 0..60 {
            let Some(seat) = g.to_move() else { break };
            let mut legal: Vec<String> =
                g.legal_actions().iter().map(ToString::to_string).collect();
            legal.sort();
            assert_eq!(reachable(&g), legal, "after {n} actions");
            let a = g.choose("random", &n.to_string()).unwrap();
            g = g.play(seat, &a).unwrap().0;
        }
    }

    #[test]
    fn a_man_with_many_moves_opens_by_direction() {
        // One white man in the middle of an empty pitch: 45+ moves.
        let doc: Value = serde_json::from_str(
            r#"{"format": "sages-position/1", "board": ["...............", "...............",
            "...............", "...............", "...............", "...............",
            "...............", ".......W.......", "...............", "...............",
            "...............", "...............", "...............", "...*...........",
            "B.............."], "to_move": 0, "score": [0, 0], "result": null}"#,
        )
        .unwrap();
        let g = Position::from_value(doc).unwrap();
        let step = payloads(&g.pick("h8").unwrap());
        assert!(step.contains(&"pick h8 n".to_string()), "{step:?}");
        assert!(payloads(&g.pick("h8 n").unwrap()).contains(&"h8-h14".to_string()));
        let mut legal: Vec<String> = g.legal_actions().iter().map(ToString::to_string).collect();
        legal.sort();
        assert_eq!(reachable(&g), legal);
    }

    #[test]
    fn the_pitch_image_is_small_and_draws_a_kick() {
        let g = Position::start();
        let (next, events) = g
            .play(Seat(0), &g.parse_action("h5-h8>k10").unwrap())
            .unwrap();
        let names = ["Ana".to_string(), "Bia".to_string()];
        let p = Picture {
            game: &next,
            actions: vec![g.parse_action("h5-h8>k10").unwrap()],
            events,
            names: &names,
            notes: &[],
            title: "SAGES #1 · 1",
            lang: Lang::PtBr,
        };
        let v = view(&p);
        assert_eq!(v.ball_way, [(7, 7), (7, 9), (10, 9)]);
        assert_eq!(v.step, Some(((7, 4), (7, 7))));
        assert!(v.counters.contains("0"), "{}", v.counters);
        let png = Position::image(&p).unwrap();
        assert!(png.len() < 40 * 1024, "{}", png.len());
    }
}
