//! Labirinto da Hidra in the bot: its refusals and ends in words, its rules and tables, its
//! story, buttons, luck and image (`picture.rs`, drawn from a view), and its study for
//! `labscape simulate` (`study.rs`).
//!
//! **Actions public, outcomes secret** (`hidra.md` §9): every face-down token, every hand
//! and the bank are secret, yet nobody plays in private: its profile's `public_actions`
//! tells the service so. Every action is played and told in the group from the public
//! view ("ana played explore b4", "ana looks at the token on b4"), and whoever may learn
//! more of a turn (the explorer, the thief and the victim, the player to act who holds
//! something) gets their own view in private, with every button of their hand. The
//! group's buttons offer only what tells nothing of the mover's hand
//! ([`ChatGame::public_buttons`]).
//!
//! Unrated: a game of two to four where nobody may win (the round limit, too few
//! artifacts) has no fair two-player rating; like Labscape, its finished games are kept
//! but not rated (`docs/hidra.md`).

use std::borrow::Cow;

use labscape_core::{
    Game, Seat,
    hidra::{Action, Event, Position, Refusal},
};
use labscape_render::BoardFrame;

use super::{Button, ChatGame, GameRecord, NoTable, Picture, Profile, StudyOptions, board};
use crate::i18n::{Lang, t, tr};

mod buttons;
mod luck;
mod misread;
mod picture;
mod refusals;
#[cfg(test)]
mod service_tests;
mod story;
mod study;
mod tables;

use picture::view;

impl ChatGame for Position {
    /// Two to four players, unrated, no challenges or draws; several actions a message
    /// (`move n, explore b4`); actions public, their secrets told only to whoever may know.
    const PROFILE: Profile = Profile {
        rated: false,
        takes_challenges: false,
        status_in_public: false,
        shows_notes: false,
        reads_several: true,
        two_step_buttons: true,
        has_dice: true,
        agrees_draws: false,
        may_resign: false,
        public_actions: true,
    };
    /// `move` is Labscape's too: read here first in a Hidra chat.
    const VERBS: &'static [&'static str] = &[
        "move", "explore", "steal", "use", "weave", "provoke", "scream", "drop", "ghost", "dig",
    ];
    const RULES_TOPICS: &'static [&'static str] = &tables::TOPICS;
    const TABLES: &'static [&'static str] = &tables::TOPICS;

    /// Steps in either language's words (`move norte`), as Skarb's seeker's: the notation
    /// itself reads only `n` and English.
    fn chat_words(text: &str) -> Cow<'_, str> {
        super::directions::to_letters(text)
    }

    fn problem(r: &Refusal, lang: Lang) -> String {
        match r {
            Refusal::GameOver => tr!(lang, "refusal-game-over"),
            Refusal::NotYourTurn { .. } => tr!(lang, "refusal-not-your-turn"),
            Refusal::Unreadable(text) => {
                tr!(lang, "hidra-refusal-unreadable", text = text.as_str())
            }
            Refusal::View => tr!(lang, "hidra-refusal-view"),
            Refusal::Illegal(i) => refusals::illegal(i, lang),
        }
    }

    /// A readable action refused in the mover's turn is judged against the whole position,
    /// their hand and what they explored included: "you do not hold the ring", or a want of
    /// AP that says they do. Every such refusal goes to them alone; an unreadable text, a
    /// turn that is not theirs and a game over tell nothing and stay where they were sent.
    fn secret_refusal(r: &Refusal) -> bool {
        matches!(r, Refusal::Illegal(_))
    }

    /// `scream 6 e`, `steal 5`: the word that is wrong and the lines or seats that exist.
    fn misread(&self, text: &str, lang: Lang) -> Option<String> {
        misread::misread(self, text, lang)
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
        match topic {
            None => Some(t(lang, "hidra-rules", &[])),
            Some(name) => tables::table(Some(name), lang),
        }
    }

    fn describe(
        names: &[String],
        seat: Seat,
        action: &Action,
        events: &[Event],
        lang: Lang,
    ) -> Vec<String> {
        story::describe(names, seat, &action.to_string(), events, lang)
    }

    fn describe_hidden(names: &[String], seat: Seat, events: &[Event], lang: Lang) -> Vec<String> {
        story::describe(names, seat, "?", events, lang)
    }

    /// The first post names each player's hero, with what sets it apart: the image shows
    /// only its letter.
    fn begins(
        &self,
        title: &str,
        seed_hash: &str,
        names: &[String],
        events: &[Event],
        lang: Lang,
    ) -> Vec<String> {
        let _ = events;
        let heroes: Vec<String> = self
            .players()
            .iter()
            .zip(names)
            .enumerate()
            .map(|(seat, (pl, name))| {
                tr!(
                    lang,
                    "hidra-hero-of",
                    who = name.as_str(),
                    seat = seat,
                    hero = tr!(lang, hero_key(pl.hero))
                )
            })
            .collect();
        vec![
            super::chat_game::begins_line(title, seed_hash, names, lang),
            tr!(lang, "hidra-heroes", heroes = heroes.join("; ")),
        ]
    }

    fn next_line(&self, names: &[String], lang: Lang) -> Option<String> {
        if let Some(outcome) = self.outcome() {
            return Some(Self::outcome_line(&outcome, names, lang));
        }
        let seat = self.to_move()?;
        let who = names.get(seat.index())?.as_str();
        let pending = self.pending();
        Some(if pending.drop {
            tr!(lang, "hidra-next-drop", who = who)
        } else if pending.scream {
            tr!(lang, "hidra-next-scream", who = who)
        } else {
            tr!(lang, "hidra-next", who = who, ap = self.ap())
        })
    }

    fn buttons(&self, _lang: Lang) -> Vec<Vec<Button>> {
        buttons::all(self)
    }

    fn public_buttons(&self, _lang: Lang) -> Vec<Vec<Button>> {
        buttons::public(self)
    }

    fn pick(&self, key: &str) -> Option<Vec<Vec<Button>>> {
        buttons::pick(self, key)
    }

    fn frame(p: &Picture<'_, Self>) -> Option<BoardFrame> {
        Some(BoardFrame::Square(view(p)))
    }

    fn position_image(&self, title: &str, width: Option<u32>) -> Option<Vec<u8>> {
        Some(board::position_png(self, title, width, view))
    }

    fn table(name: Option<&str>, _game: Option<&Self>, lang: Lang) -> Result<String, NoTable> {
        tables::table(name, lang).ok_or(NoTable::Unknown)
    }

    /// Game lengths, idle turns, games without a winner and each adventurer's win rate,
    /// beside the rules' §13 (`study.rs`).
    fn study(options: &StudyOptions) -> Option<Result<String, String>> {
        Some(study::run(options))
    }
    fn luck(r: &GameRecord, lang: Lang) -> Result<String, String> {
        luck::luck(r, lang)
    }
}

/// A hero in words: its name, and what sets it apart.
fn hero_key(h: labscape_core::hidra::Hero) -> &'static str {
    use labscape_core::hidra::Hero;
    match h {
        Hero::Digger => "hidra-hero-digger",
        Hero::Weaver => "hidra-hero-weaver",
        Hero::Rogue => "hidra-hero-rogue",
        Hero::Warden => "hidra-hero-warden",
    }
}

#[cfg(test)]
mod tests {
    use labscape_core::{Audience, Seat};

    use super::*;

    #[test]
    fn a_lobby_opens_for_two_to_four_with_the_options_of_the_rules() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let open = <Position as ChatGame>::lobby_settings(&words(&["players=3", "defence=scaled"]))
            .unwrap();
        assert!(open.settings.contains("players=3"), "{}", open.settings);
        assert!(
            open.settings.contains("defence=scaled"),
            "{}",
            open.settings
        );
        for bad in [["players=5"], ["rounds=2"], ["x"]] {
            assert!(<Position as ChatGame>::lobby_settings(&words(&bad)).is_err());
        }
        let profile = <Position as ChatGame>::PROFILE;
        assert!(profile.public_actions && profile.reads_several && profile.has_dice);
        assert!(!profile.agrees_draws && !profile.rated && !profile.takes_challenges);
        // Its /help offers no draw; a game that agrees draws lists /draw after "any time".
        for lang in [Lang::En, Lang::PtBr] {
            let help = <Position as ChatGame>::help("Labirinto da Hidra #1", lang);
            assert!(!help.contains("/draw"), "{help}");
            let help =
                crate::games::of(labscape_core::GameKind::Semaforo).help("Semáforo #2", lang);
            let lines: Vec<&str> = help.lines().collect();
            assert!(lines[3].contains("/draw no"), "{help}");
            assert!(lines[2].contains("/status"), "{help}");
        }
    }

    fn new(seed: &str) -> Position {
        let s = Position::settings(&[]).unwrap();
        Position::new_game(&s, &["ana".into(), "bo".into()], seed)
            .unwrap()
            .0
    }

    #[test]
    fn the_first_post_names_each_players_hero_and_seat() {
        let g = new("heroes");
        let names = ["ana".to_string(), "bo".to_string()];
        let hero = |seat: usize| format!("{:?}", g.players()[seat].hero).to_lowercase();
        let lines = ChatGame::begins(&g, "Hidra #1", "hash", &names, &[], Lang::En);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[1].starts_with(&format!("Heroes: ana (seat 0) is the {}, ", hero(0))),
            "{lines:?}"
        );
        assert!(
            lines[1].contains(&format!("; bo (seat 1) is the {}, ", hero(1))),
            "{lines:?}"
        );
        let lines = ChatGame::begins(&g, "Hidra #1", "hash", &names, &[], Lang::PtBr);
        assert!(
            lines[1].starts_with("Heróis: ana (lugar 0) é "),
            "{lines:?}"
        );
    }

    /// `/status` tells the footer and the hands as the image shows them; the Gravity
    /// Ring's pin only while a line is pinned.
    #[test]
    fn the_status_tells_the_round_and_hands_and_no_pin_unless_pinned() {
        let g = new("status");
        let names = ["ana".to_string(), "bo".to_string()];
        let status = ChatGame::status(&g, "Hidra #1", 0, &names, &[], Lang::En);
        assert!(status.contains("Round 1 of "), "{status}");
        assert!(status.contains("ana: 0"), "{status}");
        assert!(!status.contains("pinned"), "{status}");
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
    fn each_hand_is_told_under_the_sides_where_four_fit() {
        let p = new("hands");
        let names = ["ana".to_string(), "bo".to_string()];
        for (lang, word) in [(Lang::En, "hands"), (Lang::PtBr, "mãos")] {
            let mut pic = Picture::still(&p, &names, "Hidra #1");
            pic.lang = lang;
            let v = view(&pic);
            let marks: Vec<&str> = v.sides.iter().map(|s| s.note.as_str()).collect();
            assert_eq!(marks, ["0D", "1W"]);
            assert!(
                v.status.ends_with(&format!("{word}: 0D 0 · 1W 0")),
                "{}",
                v.status
            );
        }
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
