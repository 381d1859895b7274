//! Skarb Labiryntu in the bot: its refusals and ends in words, its image (drawn from a
//! view: fog where the reader knows nothing, darkened where the seeker only remembers, the
//! architect's forbidden squares in orange on his turn), its rules.
//!
//! **Without the map** the maze is secret from the seeker. The service makes everything a
//! person reads from the view of whoever reads it (`app/audience.rs`): the group gets the
//! public view (the seeker's) and the public events ("The architect has played." for a far
//! hedge or a pass), and the architect, whose view holds more, plays in private. Nothing
//! here needs to know: the image draws whatever view it is given, and the story of an
//! action the reader may not learn whole is told by its `hidden` event.

use std::borrow::Cow;

use labscape_core::{
    Game,
    skarb::{ARCHITECT, Action, Cell, Event, Memory, Position, Refusal, Square},
};
use labscape_render::{BoardFrame, BoardView, Mark, Piece};

use super::{ChatGame, Picture, Profile, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    /// One action a turn: `c3 d4` is one unreadable text, not two actions.
    const PROFILE: Profile = Profile {
        reads_several: false,
        ..Profile::BOARD
    };

    /// The seeker's steps in words, in either language (`/play north`, `/play oeste`), as
    /// Hidra's chat reads its steps: read as the notation's letters.
    fn chat_words(text: &str) -> Cow<'_, str> {
        // "passar", as the Portuguese button reads, is the notation's `pass`.
        if text.trim().eq_ignore_ascii_case("passar") {
            return Cow::Borrowed("pass");
        }
        super::directions::to_letters(text)
    }

    fn problem(r: &Refusal, lang: Lang) -> String {
        let sq = |s: &Square| s.to_string();
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable { text, last } => tr!(
                lang,
                "skarb-refusal-unreadable",
                text = text.as_str(),
                last = sq(last)
            ),
            Refusal::ArchitectWalks => tr!(lang, "skarb-refusal-architect-walks"),
            Refusal::AlreadyHedge(s) => tr!(lang, "skarb-refusal-already-hedge", square = sq(s)),
            Refusal::SeekerSquare(s) => tr!(lang, "skarb-refusal-seeker-square", square = sq(s)),
            Refusal::TreasureSquare(s) => {
                tr!(lang, "skarb-refusal-treasure-square", square = sq(s))
            }
            Refusal::NextToSeeker { square, seeker } => tr!(
                lang,
                "skarb-refusal-next-to-seeker",
                square = sq(square),
                seeker = sq(seeker)
            ),
            Refusal::TreasureCorner(s) => {
                tr!(lang, "skarb-refusal-treasure-corner", square = sq(s))
            }
            Refusal::ClosesPath(s) => tr!(lang, "skarb-refusal-closes-path", square = sq(s)),
            Refusal::NotNext { to, seeker } => tr!(
                lang,
                "skarb-refusal-not-next",
                square = sq(to),
                seeker = sq(seeker)
            ),
            Refusal::IntoHedge(s) => tr!(lang, "skarb-refusal-into-hedge", square = sq(s)),
            Refusal::IntoRing(d) => tr!(lang, "skarb-refusal-into-ring", dir = d.to_string()),
        }
    }

    /// Who is who, at the start: the seat order decides it, and only the image said so.
    fn begins(
        &self,
        title: &str,
        seed_hash: &str,
        names: &[String],
        events: &[Event],
        lang: Lang,
    ) -> Vec<String> {
        let _ = events;
        let mut lines = vec![super::chat_game::begins_line(title, seed_hash, names, lang)];
        if let [architect, seeker] = names {
            lines.push(tr!(
                lang,
                "skarb-roles",
                architect = architect.as_str(),
                seeker = seeker.as_str()
            ));
        }
        lines
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "arrived" => Some("skarb-reason-arrived"),
            "limit" => Some("skarb-reason-limit"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "skarb-rules", &[]))
    }

    fn event_line(event: &Event, lang: Lang) -> Option<String> {
        match event {
            Event::Hidden { .. } => Some(tr!(lang, "skarb-hidden")),
            Event::GameOver { points, .. } => Some(tr!(
                lang,
                "skarb-points",
                architect = points[0],
                seeker = points[1]
            )),
            _ => None,
        }
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Square(view(p)))
    }

    fn position_image(&self, title: &str, width: Option<u32>) -> Option<Vec<u8>> {
        Some(board::position_png(self, title, width, view))
    }
}

/// The image of `p.game`, which is the view of whoever will read it: it draws what that
/// view holds and nothing else. The last action is marked from the events (never from the
/// actions, which a masked reader must not see).
fn view(p: &Picture<'_, Position>) -> BoardView {
    let g = p.game;
    let n = g.size().get();
    let mut v = board::base(p, n, n);
    let treasure = g.treasure();
    // A square's place in the board's cells, rank by rank.
    let index = |sq: Square| usize::from(sq.rank()) * usize::from(n) + usize::from(sq.file());
    for sq in Square::all(g.size()) {
        let at = (sq.file(), sq.rank());
        v.cells[index(sq)] = if sq == g.seeker() {
            Some(Piece::Runner)
        } else if sq == treasure {
            Some(Piece::Yellow)
        } else {
            match (g.cell(sq), g.memory(sq)) {
                (Cell::Hedge, _) | (Cell::Unseen, Some(Memory::Hedge)) => Some(Piece::Block),
                _ => None,
            }
        };
        if g.cell(sq) == Cell::Unseen {
            v.marks.push((
                at,
                match g.memory(sq) {
                    Some(Memory::Grass | Memory::Hedge) => Mark::Dim,
                    _ => Mark::Fog,
                },
            ));
        }
    }
    v.homes
        .push(((treasure.file(), treasure.rank()), Piece::Yellow));
    // The whole maze while it is secret (the architect's view): the seeker's field of
    // view outlined.
    if g.has_secrets() && !g.is_masked() {
        for sq in Square::all(g.size()).filter(|sq| g.in_field(*sq)) {
            v.marks.push(((sq.file(), sq.rank()), Mark::Field));
        }
    }
    // The architect's turn on the whole maze: the squares he may not plant on, in orange.
    if !g.is_masked() && g.to_move() == Some(ARCHITECT) {
        // The legal squares looked up by index: on a 25 × 25 maze the list holds hundreds,
        // and searching it for each square was a third of the view's work.
        let mut plantable = vec![false; usize::from(n) * usize::from(n)];
        for a in g.legal_actions() {
            if let Action::Plant(sq) = a {
                plantable[index(sq)] = true;
            }
        }
        for sq in Square::all(g.size()) {
            if !g.is_hedge(sq) && !plantable[index(sq)] {
                v.marks.push(((sq.file(), sq.rank()), Mark::Forbidden));
            }
        }
    }
    for e in &p.events {
        match e {
            Event::Moved { from, to } => {
                v.marks.push(((from.file(), from.rank()), Mark::From));
                v.marks.push(((to.file(), to.rank()), Mark::To));
            }
            Event::Planted { square } => v.marks.push(((square.file(), square.rank()), Mark::To)),
            _ => {}
        }
    }
    v.sides = board::sides(
        p,
        [Some(Piece::Block), Some(Piece::Runner)],
        [tr!(p.lang, "skarb-architect"), tr!(p.lang, "skarb-seeker")],
    );
    (v.to_move, v.status) = board::status(p);
    let [architect, seeker] = g.current_split();
    // Once over, the split is the points won, not what arriving now would give.
    let counts = if g.final_points().is_some() {
        "board-skarb-final"
    } else {
        "board-skarb-counts"
    };
    v.counters = tr!(
        p.lang,
        counts,
        round = g.turn(),
        limit = g.limit(),
        architect = architect,
        seeker = seeker
    );
    v
}

#[cfg(test)]
mod tests {
    use labscape_core::{Audience, Game, skarb::SEEKER};

    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn both_variants_open_in_chat() {
        let open = <Position as ChatGame>::lobby_settings(&words(&["size=12"])).unwrap();
        assert_eq!(open.settings, "size=12 map=yes");
        let secret =
            <Position as ChatGame>::lobby_settings(&words(&["map=no", "size=12"])).unwrap();
        assert_eq!(secret.settings, "size=12 map=no");
    }

    #[test]
    fn the_start_names_the_architect_and_the_seeker() {
        let p = Position::start(Default::default());
        let names = words(&["ana", "bo"]);
        let en = <Position as ChatGame>::begins(&p, "Skarb #1", "c0ffee", &names, &[], Lang::En);
        assert!(en[0].contains("c0ffee"), "{en:?}");
        assert!(en[1].starts_with("ana is the architect"), "{en:?}");
        assert!(en[1].contains("bo is the seeker"), "{en:?}");
        let pt = <Position as ChatGame>::begins(&p, "Skarb #1", "c0ffee", &names, &[], Lang::PtBr);
        assert!(pt[1].starts_with("ana é o arquiteto"), "{pt:?}");
    }

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let p = Position::start(Default::default());
        let texts = ["n", "h1", "g2", "a8", "b7", "hello"];
        for lang in [Lang::En, Lang::PtBr] {
            for text in texts {
                let r = p.apply(None, text).unwrap_err();
                let w = <Position as ChatGame>::problem(&r, lang);
                assert!(!w.is_empty() && !w.contains("skarb-"), "{text}: {w}");
            }
        }
    }

    static NAMES: std::sync::LazyLock<Vec<String>> =
        std::sync::LazyLock::new(|| vec!["ana".to_string(), "bo".to_string()]);

    /// A picture of `g` telling no turn.
    fn picture(g: &Position) -> Picture<'_, Position> {
        Picture {
            game: g,
            actions: Vec::new(),
            events: Vec::new(),
            names: &NAMES,
            notes: &[],
            title: "Skarb",
            lang: Lang::En,
        }
    }

    #[test]
    fn the_strip_under_a_finished_game_gives_the_points_won() {
        let mut g = Position::start(Default::default());
        assert!(view(&picture(&g)).counters.contains("arriving now"));
        for step in ["n"; 7].into_iter().chain(["w"; 7]) {
            g = g.apply(None, "pass").unwrap().1;
            g = g.apply(None, step).unwrap().1;
        }
        assert_eq!(g.final_points(), Some([0, 100]));
        let counters = view(&picture(&g)).counters;
        assert!(
            counters.contains("points: architect 0 · seeker 100"),
            "{counters}"
        );
        assert!(!counters.contains("arriving now"), "{counters}");
    }

    /// The seeker's steps as words in either language, through the service: read as the
    /// notation's letters before the action is read. The architect's direction word is
    /// refused as a direction is; the notation itself still refuses words.
    #[tokio::test]
    async fn the_seeker_steps_by_words_in_both_languages() {
        use crate::app::tests::{say, service};
        let s = service().await;
        say(&s, "ana", "/new skarb size=5").await;
        say(&s, "bo", "/join").await;
        say(&s, "ana", "/start").await;
        let walks = say(&s, "ana", "/play north").await;
        assert!(
            walks.text.contains("only the seeker walks"),
            "{}",
            walks.text
        );
        // From e1: e2, d2, d1, e1, e2, d2, c2, d2.
        let steps = [
            ("north", "n"),
            ("OESTE", "w"),
            ("sul", "s"),
            ("East", "e"),
            ("norte", "n"),
            ("west", "w"),
            ("o", "w"),
            ("L", "e"),
        ];
        for (word, letter) in steps {
            say(&s, "ana", "/play pass").await;
            let r = say(&s, "bo", &format!("/play {word}")).await;
            assert!(
                r.text.contains(&format!("BO played {letter}.")),
                "{word}: {}",
                r.text
            );
        }
        // The Portuguese button's word is a pass too, for either player.
        let passes = say(&s, "ana", "/play Passar").await;
        assert!(passes.text.contains("ANA played pass."), "{}", passes.text);
        let r = say(&s, "bo", "/play passar").await;
        assert!(r.text.contains("BO played pass."), "{}", r.text);
        let typo = say(&s, "ana", "/play pass").await;
        assert!(!typo.text.is_empty());
        let nort = say(&s, "bo", "/play nort").await;
        assert!(
            nort.text.contains("“nort” is not an action"),
            "{}",
            nort.text
        );
        // The engine's notation is unchanged: words are the chat's alone.
        let g = Position::start(Default::default());
        let g = g.apply(None, "pass").unwrap().1;
        assert!(g.parse_action("north").is_err());
        assert!(g.parse_action("n").is_ok());
    }

    fn png_of(g: &Position) -> Vec<u8> {
        <Position as ChatGame>::image(&picture(g)).unwrap()
    }

    #[test]
    fn the_architects_view_outlines_the_seekers_field_and_no_other_view_does() {
        let o = |k: &str, v: &str| (k.to_string(), v.to_string());
        let marks = |g: &Position| {
            view(&picture(g))
                .marks
                .iter()
                .filter(|(_, m)| *m == Mark::Field)
                .count()
        };
        let secret =
            Position::start(Position::settings(&[o("size", "8"), o("map", "no")]).unwrap());
        // The seeker on h1: his field is the 3 × 3 corner of the 5 × 5 square.
        assert_eq!(marks(&secret.view(Audience::Seat(ARCHITECT))), 9);
        assert_eq!(marks(&secret.view(Audience::Public)), 0);
        assert_eq!(marks(&secret.view(Audience::Seat(SEEKER))), 0);
        let open = Position::start(Position::settings(&[o("size", "8")]).unwrap());
        assert_eq!(marks(&open), 0);
    }

    /// On the architect's turn, on the whole maze, exactly the squares without a hedge
    /// that he may not plant on are marked forbidden: after a row of hedges across the
    /// maze, its one gap among them (the seeker's last way to the treasure).
    #[test]
    fn the_architect_sees_where_he_may_not_plant() {
        let o = |k: &str, v: &str| (k.to_string(), v.to_string());
        let mut g = Position::start(Position::settings(&[o("size", "8")]).unwrap());
        for file in ["a", "b", "c", "d", "e", "f", "g"] {
            assert_eq!(g.to_move(), Some(ARCHITECT));
            g = g.apply(None, &format!("{file}4")).unwrap().1;
            g = g.apply(None, "pass").unwrap().1;
        }
        assert_eq!(g.to_move(), Some(ARCHITECT));
        let legal = g.legal_actions();
        let marked: Vec<(u8, u8)> = (view(&picture(&g)).marks.iter())
            .filter(|(_, m)| *m == Mark::Forbidden)
            .map(|(sq, _)| *sq)
            .collect();
        let forbidden: Vec<(u8, u8)> = Square::all(g.size())
            .filter(|sq| !g.is_hedge(*sq) && !legal.contains(&Action::Plant(*sq)))
            .map(|sq| (sq.file(), sq.rank()))
            .collect();
        assert!(forbidden.contains(&(7, 3)), "the gap, h4: {forbidden:?}");
        assert_eq!(marked, forbidden);
    }

    #[test]
    fn the_seekers_image_is_the_same_whatever_he_has_not_seen() {
        let o = |k: &str, v: &str| (k.to_string(), v.to_string());
        let settings = Position::settings(&[o("size", "8"), o("map", "no")]).unwrap();
        let start = Position::start(settings);
        let far = start.apply(None, "a1").unwrap().1;
        let pass = start.apply(None, "pass").unwrap().1;
        assert_ne!(far, pass);
        for a in [Audience::Seat(SEEKER), Audience::Public] {
            assert_eq!(png_of(&far.view(a)), png_of(&pass.view(a)));
        }
        assert_ne!(
            png_of(&far.view(Audience::Seat(ARCHITECT))),
            png_of(&pass.view(Audience::Seat(ARCHITECT)))
        );
    }
}
