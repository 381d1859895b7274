//! The two languages stay twins: the same messages, the same variables, each formats
//! cleanly; every message the code asks for exists, and every message is used. Those
//! checks are shared with the image's catalog, in `tests/shared/catalog_checks.rs`; the
//! ones below are this catalog's own.

use super::*;

/// Who reads this catalog, in the shared checks' messages.
const WHO: &str = "the bot";
/// Fewer message ids than this found in the sources means the search for them broke.
const MIN_IDS: usize = 20;

#[path = "../../../tests/shared/catalog_checks.rs"]
mod catalog;

#[test]
fn a_missing_message_fails_loudly_in_tests() {
    let r = std::panic::catch_unwind(|| t(Lang::PtBr, "no-such-message", &[]));
    assert!(r.is_err());
    assert!(format(Lang::En, "no-such-message", &[]).is_err());
    // A missing variable is a formatting error too.
    assert!(format(Lang::En, "error-full", &[]).is_err());
}

#[test]
fn plurals_follow_each_language() {
    assert_eq!(
        tr!(Lang::PtBr, "error-full", seats = 1),
        "A partida está cheia (1 lugar)."
    );
    assert_eq!(
        tr!(Lang::PtBr, "error-full", seats = 4),
        "A partida está cheia (4 lugares)."
    );
    assert_eq!(
        tr!(Lang::En, "error-full", seats = 4),
        "The game is full (4 seats)."
    );
}

#[test]
fn languages_read_from_platform_locales_and_what_people_type() {
    for tag in [
        "pt-BR",
        "pt",
        "pt-br",
        "pt_BR",
        "PT",
        "português",
        "Portugues",
        "pt-PT",
    ] {
        assert_eq!(Lang::from_tag(tag), Some(Lang::PtBr), "{tag}");
    }
    for tag in ["en", "en-US", "en-GB", "EN", "english", "English", "inglês"] {
        assert_eq!(Lang::from_tag(tag), Some(Lang::En), "{tag}");
    }
    for tag in ["", "es-ES", "fr", "de", "klingon"] {
        assert_eq!(Lang::from_tag(tag), None, "{tag}");
    }
    for lang in Lang::ALL {
        assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
    }
}

/// The Portuguese is Brazilian throughout: none of the European forms a newcomer found in
/// the rules ("partilham", "dá-lhe", "mais de metade"), nor their kin (issue 33.13).
#[test]
fn the_portuguese_is_brazilian() {
    let catalogs = [
        include_str!("../../locales/pt-BR/labscape.ftl"),
        include_str!("../../../render/locales/pt-BR/render.ftl"),
    ];
    let european = [
        " partilh",
        "-lhe ",
        "-lhes ",
        "mais de metade",
        " tu ",
        " teu ",
        " tua ",
        " tens ",
        " podes ",
        " estás ",
        "ecrã",
        "equipa",
        "utilizador",
        "registo ",
        "ficheiro",
        "golo",
        "guarda-redes",
        "de momento",
    ];
    for text in catalogs {
        for line in text.lines() {
            let low = format!(" {} ", line.to_lowercase());
            for form in european {
                assert!(!low.contains(form), "European Portuguese “{form}”: {line}");
            }
        }
    }
}

/// Portuguese counts zero as "one" (CLDR: `i = 0..1`), so a `[one]` variant written for
/// exactly one ("1 vitória", "uma partida") showed for none: `/records` told "1 vitória,
/// 1 derrota" of a player who had lost once and never won. Every Portuguese select with a
/// `[one]` variant has a `[0]` one too.
#[test]
fn every_portuguese_singular_has_its_zero() {
    assert_eq!(
        tr!(
            Lang::PtBr,
            "ratings-line",
            rank = 1,
            who = "ana",
            rating = 1500,
            deviation = 200,
            games = 1,
            wins = 0,
            losses = 1,
            draws = 0
        ),
        "1. ana: 1500 ± 200 (uma partida: 0 vitórias, 1 derrota)"
    );
    let catalogs = [
        include_str!("../../locales/pt-BR/labscape.ftl"),
        include_str!("../../../render/locales/pt-BR/render.ftl"),
    ];
    let variant = |line: &str| {
        let l = line.trim_start().trim_start_matches('*');
        l.strip_prefix('[')
            .and_then(|r| r.split_once(']'))
            .map(|(k, _)| k.to_string())
    };
    for text in catalogs {
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let mut keys = Vec::new();
            let start = i;
            while let Some(k) = lines.get(i).and_then(|l| variant(l)) {
                keys.push(k);
                i += 1;
            }
            if keys.is_empty() {
                i += 1;
            } else if keys.iter().any(|k| k == "one") {
                assert!(
                    keys.iter().any(|k| k == "0"),
                    "a [one] without a [0]: {}",
                    lines[start..i].join("\n")
                );
            }
        }
    }
}
