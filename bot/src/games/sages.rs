//! SAGES in the bot: its refusals and ends in words, a kick's way, a goal and the reset
//! told, its image (the 15×15 pitch: grass, the track out of play, the nets, the men, the
//! ball, the last man's step and the ball's way with its bounces, the score and whose
//! turn), its replay, its rules, and buttons that stay usable on a board with 160 actions.
//!
//! Buttons come in steps, each at most 25 (Discord's five rows of five): first a man
//! (`pick h5`); then that man's moves and its kick (`pick h5-h8`, the kick's stops), or,
//! when the man has more moves than fit, one button per direction (`pick h5 ne`). A man
//! reaches the ball along one line at most, so it has at most one kick to open.

use labscape_core::{
    Game, Seat,
    game::parse_options,
    sages::{Action, Colour, Dir, Event, Obstacle, Position, Refusal, Square, Terrain},
};
use labscape_render::{BoardFrame, Ground, Piece, PitchView};

use super::{Button, ChatGame, GameRecord, PICK, Picture, board};
use crate::i18n::{Lang, t, tr};

/// Most buttons in one step (Discord shows five rows of five).
const MAX_STEP: usize = 25;

impl ChatGame for Position {
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

    fn image(p: &Picture<'_, Self>) -> Option<Vec<u8>> {
        Some(labscape_render::render_pitch_png(&view(p), None))
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
        pick(self, key).map(board::buttons::rows)
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

/// The buttons of a step: `h5` (a man), `h5 ne` (a man's moves one way), `h5-h8` (a
/// kick's stops), `h5-h8 2` (the second page of them).
fn pick(g: &Position, key: &str) -> Option<Vec<Button>> {
    let key = key.trim().to_ascii_lowercase();
    let legal = g.legal_actions();
    let (head, page) = match key.split_once(' ') {
        Some((h, p)) => (h, Some(p.trim())),
        None => (key.as_str(), None),
    };
    if let Some((from, ball)) = head.split_once('-') {
        return kick_step(&legal, from, ball, page);
    }
    let man = Square::parse(head)?;
    let moves: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Move { from, .. } if *from == man))
        .collect();
    if let Some(word) = page {
        return dir_step(&moves, word);
    }
    man_step(&legal, man, &moves)
}

/// The step `h5-h8` (page `page`, the first if none): the kick's stops.
fn kick_step(legal: &[Action], from: &str, ball: &str, page: Option<&str>) -> Option<Vec<Button>> {
    let (from, ball) = (Square::parse(from)?, Square::parse(ball)?);
    let stops: Vec<Button> = legal
        .iter()
        .filter(|a| matches!(a, Action::Kick { from: f, ball: b, .. } if *f == from && *b == ball))
        .map(|a| Button::action(a.to_string()))
        .collect();
    let page: usize = page.map_or(Some(1), |p| p.parse().ok())?;
    paged(stops, page, &format!("{from}-{ball}"))
}

/// The step `h5 ne`: the man's `moves` in the direction `word`.
fn dir_step(moves: &[&Action], word: &str) -> Option<Vec<Button>> {
    let dir = dir_of_word(word)?;
    let out: Vec<Button> = moves
        .iter()
        .filter(|a| Dir::between(a.from(), a.to()) == Some(dir))
        .map(|a| Button::action(a.to_string()))
        .collect();
    (!out.is_empty()).then_some(out)
}

/// The step `h5`: the man's `moves` and his kick's stops when they fit in one step; else
/// his moves (or, when they alone do not fit, one button per direction) and a button
/// opening the kick.
fn man_step(legal: &[Action], man: Square, moves: &[&Action]) -> Option<Vec<Button>> {
    let kick = legal
        .iter()
        .find(|a| matches!(a, Action::Kick { from, .. } if *from == man));
    let kick_stops = legal
        .iter()
        .filter(|a| matches!(a, Action::Kick { from, .. } if *from == man))
        .count();
    if moves.is_empty() && kick.is_none() {
        return None;
    }
    let kick_button = kick.map(|k| {
        let (from, ball) = (k.from(), k.to());
        Button::new(format!("{from}-{ball}>…"), format!("{PICK} {from}-{ball}")).primary()
    });
    let mut out: Vec<Button>;
    if moves.len() + kick_stops <= MAX_STEP {
        out = moves
            .iter()
            .map(|a| Button::action(a.to_string()))
            .collect();
        out.extend(
            legal
                .iter()
                .filter(|a| matches!(a, Action::Kick { from, .. } if *from == man))
                .map(|a| Button::action(a.to_string()).primary()),
        );
        return Some(out);
    }
    if moves.len() < MAX_STEP {
        out = moves
            .iter()
            .map(|a| Button::action(a.to_string()))
            .collect();
    } else {
        out = Vec::new();
        for dir in Dir::ALL {
            let n = moves
                .iter()
                .filter(|a| Dir::between(a.from(), a.to()) == Some(dir))
                .count();
            if n > 0 {
                let word = dir_word(dir);
                out.push(Button::new(
                    format!("{man} {}…", arrow(dir)),
                    format!("{PICK} {man} {word}"),
                ));
            }
        }
    }
    out.extend(kick_button);
    Some(out)
}

/// At most [`MAX_STEP`] buttons: page `page` (from 1) of `all`, with a button to the next
/// page when there is one.
fn paged(all: Vec<Button>, page: usize, key: &str) -> Option<Vec<Button>> {
    if all.is_empty() || page == 0 {
        return None;
    }
    if all.len() <= MAX_STEP {
        return (page == 1).then_some(all);
    }
    let per = MAX_STEP - 1;
    let pages = all.len().div_ceil(per);
    if page > pages {
        return None;
    }
    let mut out: Vec<Button> = all.into_iter().skip((page - 1) * per).take(per).collect();
    if page < pages {
        out.push(Button::new(
            format!("{}/{pages} »", page + 1),
            format!("{PICK} {key} {}", page + 1),
        ));
    }
    Some(out)
}

fn dir_word(d: Dir) -> &'static str {
    match d {
        Dir::North => "n",
        Dir::NorthEast => "ne",
        Dir::East => "e",
        Dir::SouthEast => "se",
        Dir::South => "s",
        Dir::SouthWest => "sw",
        Dir::West => "w",
        Dir::NorthWest => "nw",
    }
}

fn dir_of_word(w: &str) -> Option<Dir> {
    Dir::ALL.into_iter().find(|d| dir_word(*d) == w)
}

fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::North => "↑",
        Dir::NorthEast => "↗",
        Dir::East => "→",
        Dir::SouthEast => "↘",
        Dir::South => "↓",
        Dir::SouthWest => "↙",
        Dir::West => "←",
        Dir::NorthWest => "↖",
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
