//! Labirinto da Hidra in the bot: its refusals and ends in words, its rules, and its image
//! (drawn from a view: a 5×5 maze of tiles with their walls, the Hydra, the Entry and the
//! Portal tinted, chambers named, tokens face down as `?` or, when the reader knows them,
//! `[name]`, face-up tokens by name in capitals, every adventurer as its seat number, as
//! actions name seats, and its hero's letter: D digger, W weaver, R rogue, L the Warden of
//! Light; a pinned line in orange).
//!
//! **Engine only, for now.** Every token face down, every hand and the bank are secret
//! (`hidra.md` §9), and the service builds every post, image, log line and refusal from the
//! whole position and posts it to the whole group: it has no private delivery yet. So every
//! `/new hidra` is refused with a sentence saying it is played with the engine only for now
//! ([`ChatGame::lobby_settings`] below), and a game never starts in a chat. The image, the
//! refusals and the rules are written already: `engine render` draws any position or view
//! with them, and when the service hands each reader their view the chat side is ready.

use labscape_core::{
    Game,
    hidra::{Dir, Event, Face, Illegal, Owed, Position, Refusal, TileKind},
};
use labscape_render::{BoardFrame, BoardView, Edge, Mark, Piece, Side};

use super::{ChatGame, GameRecord, LobbyWords, OptionError, Picture, Worded, board};
use crate::i18n::{Lang, t, tr};

impl ChatGame for Position {
    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(text) => {
                tr!(lang, "hidra-refusal-unreadable", text = text.as_str())
            }
            Refusal::View => tr!(lang, "hidra-refusal-view"),
            Refusal::Illegal(i) => illegal(i, lang),
        }
    }

    fn reason_message(code: &str) -> Option<&'static str> {
        match code {
            "portal" => Some("hidra-reason-portal"),
            "too-few-artifacts" => Some("hidra-reason-too-few-artifacts"),
            "round-limit" => Some("hidra-reason-round-limit"),
            _ => None,
        }
    }

    fn rules(topic: Option<&str>, lang: Lang) -> Option<String> {
        topic.is_none().then(|| t(lang, "hidra-rules", &[]))
    }

    /// `/new hidra …`: refused whatever its words, with a sentence a player understands.
    /// Its secrets (tokens, hands, the bank) would reach the whole group through the posts.
    fn lobby_settings(_words: &[String]) -> Result<LobbyWords, OptionError> {
        Err(OptionError::Words(Worded::new(|lang| {
            tr!(lang, "hidra-engine-only")
        })))
    }

    fn image(p: &Picture<'_, Self>) -> Option<Vec<u8>> {
        Some(labscape_render::render_board_png(&view(p), None))
    }

    fn position_image(&self, title: &str, width: Option<u32>) -> Option<Vec<u8>> {
        let names = board::default_names(self.seat_count(), Lang::En);
        let v = view(&Picture {
            game: self,
            actions: Vec::new(),
            events: Vec::new(),
            names: &names,
            notes: &[],
            title,
            lang: Lang::En,
        });
        Some(labscape_render::render_board_png(&v, width))
    }

    fn replay(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
        board::replay::<Self>(r, lang, |p| BoardFrame::Square(view(p)))
    }
}

/// A readable action refused now, in words. Notation (cells, lines, artifact and hero ids,
/// action words) is the same in every language.
fn illegal(i: &Illegal, lang: Lang) -> String {
    use labscape_core::hidra::{Doing, Step};
    match i {
        Illegal::NoAp { have, need, doing } => {
            let doing = match doing {
                Doing::Step(Step::Move) => "move".to_string(),
                Doing::Step(Step::Ghost) => "ghost".to_string(),
                Doing::Step(Step::Dig) => "dig".to_string(),
                Doing::Explore => "explore".to_string(),
                Doing::Steal => "steal".to_string(),
                Doing::Use(a) => format!("use {a}"),
                Doing::Weave => "weave".to_string(),
                Doing::Provoke => "provoke".to_string(),
            };
            tr!(
                lang,
                "hidra-refusal-no-ap",
                have = *have,
                need = *need,
                doing = doing
            )
        }
        Illegal::DropOwed => tr!(lang, "hidra-refusal-drop-owed"),
        Illegal::ScreamOwed => tr!(lang, "hidra-refusal-scream-owed"),
        Illegal::NothingOwed(Owed::Scream) => tr!(lang, "hidra-refusal-no-scream-owed"),
        Illegal::NothingOwed(Owed::Drop) => tr!(lang, "hidra-refusal-no-drop-owed"),
        Illegal::AfterWin => tr!(lang, "hidra-refusal-after-win"),
        Illegal::UnsafeStep(c) => tr!(lang, "hidra-refusal-unsafe-step", cell = c.to_string()),
        Illegal::OffBoard { cell, dir } => tr!(
            lang,
            "hidra-refusal-off-board",
            cell = cell.to_string(),
            dir = dir.to_string()
        ),
        Illegal::Wall { from, to } => tr!(
            lang,
            "hidra-refusal-wall",
            from = from.to_string(),
            to = to.to_string()
        ),
        Illegal::PassageOpen { from, to } => tr!(
            lang,
            "hidra-refusal-passage-open",
            from = from.to_string(),
            to = to.to_string()
        ),
        Illegal::Collected => tr!(lang, "hidra-refusal-collected"),
        Illegal::PortalNeedsThree(n) => tr!(lang, "hidra-refusal-portal-needs-three", held = *n),
        Illegal::NoFight => tr!(lang, "hidra-refusal-no-fight"),
        Illegal::NotTheHydra(c) => tr!(lang, "hidra-refusal-not-the-hydra", cell = c.to_string()),
        Illegal::NotHolding(a) => tr!(lang, "hidra-refusal-not-holding", artifact = a.id()),
        Illegal::NotYourHero(h) => tr!(lang, "hidra-refusal-not-your-hero", hero = h.id()),
        Illegal::OncePerTurn => tr!(lang, "hidra-refusal-once-per-turn"),
        Illegal::NotNextTo(c) => tr!(lang, "hidra-refusal-not-next-to", cell = c.to_string()),
        Illegal::NoToken(c) => tr!(lang, "hidra-refusal-no-token", cell = c.to_string()),
        Illegal::AlreadySeen(c) => tr!(lang, "hidra-refusal-already-seen", cell = c.to_string()),
        Illegal::Yourself => tr!(lang, "hidra-refusal-yourself"),
        Illegal::OutOfReach(s) => tr!(lang, "hidra-refusal-out-of-reach", seat = s.to_string()),
        Illegal::EmptyHanded(s) => tr!(lang, "hidra-refusal-empty-handed", seat = s.to_string()),
        Illegal::SameTile(s) => tr!(lang, "hidra-refusal-same-tile", seat = s.to_string()),
        Illegal::NoChange(r) => tr!(lang, "hidra-refusal-no-change", rot = r.to_string()),
        Illegal::SameTurn { rot, same } => tr!(
            lang,
            "hidra-refusal-same-turn",
            rot = rot.to_string(),
            same = same.to_string()
        ),
        Illegal::Pinned(l) => tr!(lang, "hidra-refusal-pinned", line = l.to_string()),
    }
}

/// `(file, rank)` of a cell, as the renderer counts squares.
fn at(c: labscape_core::hidra::Cell) -> (u8, u8) {
    (c.file(), c.rank())
}

/// The image of `p.game`, which is the view of whoever will read it: it draws what that
/// view holds and nothing else (a face-down token the reader does not know is `?`, a hand
/// is a count). The last steps are marked from the events, never from the actions.
fn view(p: &Picture<'_, Position>) -> BoardView {
    let g = p.game;
    let mut v = board::base(p, 5, 5);
    let b = g.board();
    for cell in labscape_core::hidra::Cell::all() {
        let tile = b.tile(cell);
        for d in tile.walls().iter() {
            v.walls.push((
                at(cell),
                match d {
                    Dir::N => Edge::North,
                    Dir::E => Edge::East,
                    Dir::S => Edge::South,
                    Dir::W => Edge::West,
                },
            ));
        }
        let mut lines = Vec::new();
        match tile.kind() {
            TileKind::Hydra => {
                v.homes.push((at(cell), Piece::Red));
                lines.push(tr!(p.lang, "hidra-tile-hydra"));
            }
            TileKind::Entry => {
                v.homes.push((at(cell), Piece::Yellow));
                lines.push(tr!(p.lang, "hidra-tile-entry"));
            }
            TileKind::Portal => {
                v.homes.push((at(cell), Piece::Green));
                lines.push(tr!(p.lang, "hidra-tile-portal"));
            }
            TileKind::Chamber(c) => lines.push(c.to_string()),
            _ => {}
        }
        let tokens: Vec<String> = g
            .tokens_on(cell)
            .map(|t| match t.face {
                Face::Down(s) => match s.known() {
                    Some(n) => format!("[{}]", n.id()),
                    None => "?".to_string(),
                },
                Face::Up(n) => n.id().to_uppercase(),
            })
            .collect();
        if !tokens.is_empty() {
            lines.push(tokens.join(" "));
        }
        let here: Vec<String> = g
            .players()
            .iter()
            .enumerate()
            .filter(|(_, pl)| pl.cell == cell)
            .map(|(i, pl)| format!("{i}{}", hero_letter(pl.hero)))
            .collect();
        if !here.is_empty() {
            lines.push(here.join(" "));
        }
        if g.pin().is_some_and(|pin| pin.line.contains(cell)) {
            v.marks.push((at(cell), Mark::Forbidden));
        }
        if !lines.is_empty() {
            v.labels.push((at(cell), lines.join("\n")));
        }
    }
    if let Some(last) = p.events.iter().rev().find_map(|e| match e {
        Event::Moved { from, to, .. } => Some((*from, *to)),
        _ => None,
    }) {
        v.marks.push((at(last.0), Mark::From));
        v.marks.push((at(last.1), Mark::To));
    }
    v.sides = g
        .players()
        .iter()
        .enumerate()
        .map(|(i, pl)| Side {
            name: p
                .names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("{}", i + 1)),
            piece: None,
            note: tr!(
                p.lang,
                "hidra-side",
                mark = format!("{i}{}", hero_letter(pl.hero)),
                hero = pl.hero.id(),
                held = pl.artifacts.len()
            ),
        })
        .collect();
    (v.to_move, v.status) = board::status(p);
    let rules = g.rules();
    let pin = g
        .pin()
        .map(|pin| pin.line.to_string())
        .unwrap_or_else(|| "-".to_string());
    v.counters = tr!(
        p.lang,
        "board-hidra-counts",
        round = g.round(),
        rounds = rules.rounds,
        ap = g.ap(),
        bank = g.bank().len(),
        left = g.artifacts_left(),
        pin = pin
    );
    v
}

/// The hero's letter on the maze: D, W, R, L (the Warden of Light).
fn hero_letter(h: labscape_core::hidra::Hero) -> char {
    use labscape_core::hidra::Hero;
    match h {
        Hero::Digger => 'D',
        Hero::Weaver => 'W',
        Hero::Rogue => 'R',
        Hero::Warden => 'L',
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{Audience, Seat};

    use super::*;

    #[test]
    fn every_new_hidra_is_refused_in_chat_with_words() {
        for words in [vec![], vec!["players=3".to_string()], vec!["x".to_string()]] {
            for lang in [Lang::En, Lang::PtBr] {
                let Err(OptionError::Words(w)) = <Position as ChatGame>::lobby_settings(&words)
                else {
                    panic!("/new hidra must be refused");
                };
                let text = w.text(lang);
                assert!(text.contains("engine"), "{text}");
                assert!(!text.contains("hidra-"), "{text}");
            }
        }
    }

    fn new(seed: &str) -> Position {
        let s = Position::settings(&[]).unwrap();
        Position::new_game(&s, &["ana".into(), "bo".into()], seed)
            .unwrap()
            .0
    }

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let p = new("words");
        let mut refusals: Vec<Refusal> = [
            "hello",
            "scream 3 e 90",
            "drop gem",
            "use gem",
            "weave 90",
            "dig n",
            "steal 1",
            "steal 0",
        ]
        .iter()
        .filter_map(|text| p.apply(None, text).err())
        .collect();
        refusals.push(Refusal::GameOver);
        refusals.push(Refusal::View);
        refusals.push(Refusal::NotYourTurn {
            seat: Seat(1),
            to_move: Seat(0),
        });
        assert!(refusals.len() >= 8, "{refusals:?}");
        for lang in [Lang::En, Lang::PtBr] {
            for r in &refusals {
                let w = <Position as ChatGame>::problem(r, lang);
                assert!(!w.is_empty() && !w.contains("hidra-"), "{r:?}: {w}");
            }
        }
    }

    #[test]
    fn the_end_reasons_have_words() {
        for code in ["portal", "too-few-artifacts", "round-limit"] {
            let key = <Position as ChatGame>::reason_message(code).unwrap();
            for lang in [Lang::En, Lang::PtBr] {
                assert_ne!(t(lang, key, &[]), key);
            }
        }
        assert!(<Position as ChatGame>::rules(None, Lang::PtBr).is_some());
    }

    fn png_of(g: &Position) -> Vec<u8> {
        g.position_image("Hidra", None).unwrap()
    }

    #[test]
    fn the_image_of_a_view_does_not_depend_on_what_it_hides() {
        // Two games of the same seed differ only where a secret lies when one of them has
        // a token renamed; simplest honest check: a seat's view and the public view draw
        // differently only if the seat knows something, and a view draws the same as the
        // view of that view.
        let p = new("picture");
        for a in [
            Audience::Public,
            Audience::Seat(Seat(0)),
            Audience::Seat(Seat(1)),
        ] {
            let v = p.mask(a);
            assert_eq!(png_of(&v), png_of(&v.mask(a)));
        }
        assert_eq!(&png_of(&p)[1..4], b"PNG");
    }
}
