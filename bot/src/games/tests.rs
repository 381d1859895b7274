//! Every game's module, tested through the service's door (`of(kind)`): refusals, ends and
//! events read in both languages, and English says what the engine says.

use labscape_core::{AnyAction, AnyEvent, AnyGame, GameKind, Outcome, Reason, Seat};

use super::of;
use crate::i18n::Lang;

/// The board games: every game of core's list but Labscape (its words are tested with it)
/// and the test game.
fn board_games() -> impl Iterator<Item = GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .filter(|k| !matches!(k.id(), "labscape" | "nim"))
}

fn events_of(kind: GameKind, actions: &[&str]) -> Vec<AnyEvent> {
    let players = ["Ana".to_string(), "Bia".to_string()];
    let (mut g, _) = AnyGame::new_game(kind, &[], &players, "events").expect("defaults");
    let mut last = Vec::new();
    for a in actions {
        let seat = g.to_move().unwrap_or(Seat(0));
        let action: AnyAction = g.parse_action(a).expect("readable");
        let (next, events) = g.play(seat, &action).expect("legal");
        g = next;
        last = events;
    }
    last
}

fn lines(kind: GameKind, actions: &[&str], lang: Lang) -> Vec<String> {
    let events = events_of(kind, actions);
    let players = ["Ana".to_string(), "Bia".to_string()];
    let (g, _) = AnyGame::new_game(kind, &[], &players, "events").expect("defaults");
    let action = g.parse_action(actions[0]).expect("readable");
    // The story's first line is who played what; the rest are the events' own lines.
    of(kind).describe(&players, Seat(0), &action, &events, lang)[1..].to_vec()
}

#[test]
fn an_upgrade_says_what_the_light_became() {
    assert_eq!(
        lines(GameKind::Semaforo, &["b2", "b2"], Lang::PtBr),
        ["b2 fica amarela."]
    );
    assert_eq!(
        lines(GameKind::Semaforo, &["b2", "b2"], Lang::En),
        ["b2 turns yellow."]
    );
}

#[test]
fn a_plain_move_needs_no_line() {
    assert!(lines(GameKind::Avanco, &["a2-a3"], Lang::En).is_empty());
}

/// A whole game of `kind`, its `easy` computer player against its `random` one (seeded:
/// the same game every run), and its outcome. Not the first legal action each turn, nor
/// random or easy on both sides: in a game like Soccolot or SAGES, where nothing forces
/// progress, those can go round for ever.
fn played_out(kind: GameKind) -> Outcome {
    let players = ["Ana".to_string(), "Bia".to_string()];
    let (mut g, _) = AnyGame::new_game(kind, &[], &players, "reasons").expect("defaults");
    for n in 0..5000 {
        if let Some(o) = g.outcome() {
            return o;
        }
        let seat = g.to_move().expect("a seat to move");
        let a = g
            .choose(
                if seat.0 == 0 { "easy" } else { "random" },
                &format!("reasons/{n}"),
            )
            .expect("a legal action");
        g = g.play(seat, &a).expect("legal").0;
    }
    panic!("{kind:?} did not end in 5000 actions");
}

#[test]
fn every_board_games_end_is_told_in_portuguese() {
    for kind in board_games() {
        let o = played_out(kind);
        let en = of(kind).reason(&o.reason, Lang::En);
        let pt = of(kind).reason(&o.reason, Lang::PtBr);
        assert!(o.reason.code().is_some(), "{kind:?}: {}", o.reason);
        assert_ne!(en, pt, "{kind:?}: the same in both languages: {en}");
        assert!(!pt.contains("white") && !pt.contains("black"), "{pt}");
    }
}

#[test]
fn a_reason_without_words_keeps_the_engines_sentence() {
    let r = Reason::text("the moon rose");
    assert_eq!(of(GameKind::Avanco).reason(&r, Lang::PtBr), "the moon rose");
}

#[test]
fn arguments_are_worded_in_the_language() {
    let r = Reason::new(
        "goal",
        [("colour", "white".to_string()), ("rank", "7".to_string())],
        "white reached rank 7",
    );
    assert_eq!(
        of(GameKind::Avanco).reason(&r, Lang::En),
        "White reached rank 7"
    );
    assert_eq!(
        of(GameKind::Avanco).reason(&r, Lang::PtBr),
        "as Brancas chegaram à fileira 7"
    );
}

/// Every refusal a short random game meets reads in both languages, and the English one
/// says what the engine says.
#[test]
fn refusals_read_in_both_languages_and_english_matches_the_engine() {
    let players = ["a".to_string(), "b".to_string()];
    let tries = [
        "a1", "d4", "e5", "z9", "b2-b3", "b2xc3", "e5b", "swap", "g7", "c3w",
    ];
    for kind in board_games() {
        let module = of(kind);
        let (mut game, _) = AnyGame::new_game(kind, &[], &players, "t").unwrap();
        for ply in 0..12 {
            let seat = game.to_move().unwrap_or(Seat(0));
            for t in tries {
                if let Err(e) = game.apply(Some(seat), t) {
                    let en = module.refusal(&e, Lang::En);
                    assert_eq!(en, e.to_string(), "{}: {t}", kind.id());
                    let pt = module.refusal(&e, Lang::PtBr);
                    assert_ne!(pt, en, "{}: {t} is not in Portuguese", kind.id());
                }
            }
            let Some(a) = game.choose("random", &format!("r{ply}")) else {
                break;
            };
            game = game.play(seat, &a).unwrap().0;
        }
    }
}

/// Every game of core's list has its own module: its rules, its image of a new game, its
/// buttons laid out in rows, and a module that answers for its own kind.
#[test]
fn every_game_has_a_module_with_rules_an_image_and_buttons() {
    for &kind in GameKind::ALL {
        let module = of(kind);
        assert_eq!(module.kind(), kind);
        assert!(module.rules(None, Lang::En).is_some(), "{}", kind.id());
        let players: Vec<String> = (0..2).map(|i| format!("p{i}")).collect();
        let options = if kind.id() == "labscape" {
            vec![("layout".to_string(), "single".to_string())]
        } else {
            Vec::new()
        };
        let (game, _) = AnyGame::new_game(kind, &options, &players, "m").unwrap();
        let png = module.position_image(&game, None).expect("an image");
        assert_eq!(&png[1..4], b"PNG", "{}", kind.id());
        for row in module.buttons(&game, Lang::En) {
            assert!(row.len() <= 5, "{}: a row of {}", kind.id(), row.len());
        }
    }
}

/// `/rules` for a game ends with where its full rules are, and the file is there.
#[test]
fn a_rules_summary_names_the_games_rules_page() {
    for &kind in GameKind::ALL {
        for lang in [Lang::En, Lang::PtBr] {
            for text in [
                super::help::rules(Some(kind.id()), None, lang),
                super::help::rules(None, Some(kind), lang),
            ] {
                let page = format!("docs/rules/{}.md", kind.id());
                let text = text.unwrap_or_default();
                assert!(text.contains(&page), "{text}");
            }
        }
        // Nim is the tests' own game, never offered to players.
        let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../docs/rules/{}.md", kind.id()));
        assert!(kind.id() == "nim" || page.exists(), "{}", page.display());
    }
}

/// Every game offers the same three computer players by the same names (issue 33.10), and
/// Labscape's older names still read.
#[test]
fn every_game_has_random_easy_and_strong_computer_players() {
    for &kind in GameKind::ALL {
        if kind.id() == "nim" {
            continue;
        }
        assert_eq!(
            kind.policies(),
            ["random", "easy", "strong"],
            "{}",
            kind.id()
        );
        for name in ["random", "easy", "strong", "Strong"] {
            assert!(kind.policy(name).is_some(), "{} {name}", kind.id());
        }
    }
    let labscape = GameKind::Labscape;
    assert_eq!(labscape.policy("heuristic").as_deref(), Some("easy"));
    assert_eq!(labscape.policy("search").as_deref(), Some("strong"));
}

/// `/help` offers a whole turn in one message, a draw and resigning only in a game that
/// has them (a newcomer was told Soccolot took several actions a message, and it does not).
#[test]
fn help_offers_only_what_the_game_has() {
    for lang in [Lang::En, Lang::PtBr] {
        let several = |kind: GameKind| {
            let help = of(kind).help("G #1", lang);
            assert!(!help.contains("{"), "{kind:?}: {help}");
            help.contains("·") && help.lines().nth(1).is_some_and(|l| l.contains("·"))
        };
        assert!(several(GameKind::Nim), "Nim reads several actions");
        assert!(!several(GameKind::Soccolot), "Soccolot reads one");
        let soccolot = of(GameKind::Soccolot).help("G #1", lang);
        assert!(soccolot.contains("/resign") && !soccolot.contains("/draw"));
        let nim = of(GameKind::Nim).help("G #1", lang);
        assert!(nim.contains("/resign") && nim.contains("/draw"));
        let labscape = of(GameKind::Labscape).help("G #1", lang);
        assert!(!labscape.contains("/resign") && !labscape.contains("/draw"));
    }
}
