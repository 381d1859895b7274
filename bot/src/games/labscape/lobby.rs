//! Labscape's lobby: `/new`'s words (layout, difficulty, set-up) read into its settings,
//! the lobby told in words, the computer players `/addbot` offers.

use labscape_core::{
    Game as _, SettingsError,
    game::parse_options,
    labscape::{Difficulty, Layout, LayoutError, Policy, Position, SetupMode, Variant},
};

use super::{difficulty_name, help::presets, layout_problem, setup_name};
use crate::{
    games::{LobbyWords, OptionError},
    i18n::{Lang, tr},
};

/// A lobby's settings, read from its stored options; `None` if they do not read.
pub fn variant(settings: &str) -> Option<Variant> {
    parse_options(settings)
        .ok()
        .and_then(|o| Position::settings(&o).ok())
}

/// `/status` of a Labscape lobby; `None` if its settings do not read.
pub fn lobby_status(
    title: &str,
    settings: &str,
    names: &[String],
    max: u8,
    lang: Lang,
) -> Option<String> {
    let v = variant(settings)?;
    Some(tr!(
        lang,
        "lobby-status",
        game = title,
        layout = v.layout.source(),
        difficulty = difficulty_name(v.difficulty, lang),
        setup = setup_name(v.setup.name(), lang),
        taken = names.len(),
        max = max,
        seats = names.join(", ")
    ))
}

/// Why Labscape's `/new` words cannot be used.
#[derive(Debug)]
pub enum LobbyProblem {
    /// The layout does not read.
    Layout(LayoutError),
    /// Not a difficulty.
    Difficulty(String),
    /// Not a setup mode.
    Setup(String),
}

impl LobbyProblem {
    /// What is wrong, in `lang` (a clause, no final full stop).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LobbyProblem::Layout(e) => tr!(
                lang,
                "option-layout",
                problem = layout_problem(e, lang),
                presets = presets()
            ),
            LobbyProblem::Difficulty(v) => tr!(lang, "option-difficulty", value = v.as_str()),
            LobbyProblem::Setup(v) => tr!(lang, "option-setup", value = v.as_str()),
        }
    }
}

/// A new lobby's settings in the game's notation, from `/new`'s words: a layout (preset
/// or notation; `pyramid` by default), a difficulty (`medium`), a set-up (`random`), in any
/// order; or the same as `KEY=VALUE` options (`layout=duo`).
///
/// # Errors
/// The first word that does not read, worded in the reader's language.
pub fn lobby_words(words: &[String]) -> Result<LobbyWords, OptionError> {
    let (mut layout, mut difficulty, mut setup) = (None, None, None);
    for w in words {
        let lower = w.to_ascii_lowercase();
        let (key, value) = match lower.split_once('=') {
            Some((k, _)) => (k.to_string(), english(&w[k.len() + 1..]).to_string()),
            None => {
                let word = english(&lower);
                if Difficulty::from_name(word).is_some() {
                    ("difficulty".into(), word.to_string())
                } else if SetupMode::from_name(word).is_some() {
                    ("setup".into(), word.to_string())
                } else {
                    ("layout".into(), w.clone())
                }
            }
        };
        let slot = match key.as_str() {
            "layout" => &mut layout,
            "difficulty" => &mut difficulty,
            "setup" => &mut setup,
            _ => {
                return Err(OptionError::Settings(SettingsError::UnknownOption {
                    key,
                    known: Position::OPTIONS.to_vec(),
                }));
            }
        };
        if slot.is_some() {
            let word = w.clone();
            return Err(OptionError::Words(crate::games::Worded::new(move |lang| {
                tr!(lang, "parse-bad-new-arg", value = word.as_str())
            })));
        }
        *slot = Some(value);
    }
    let settings = lobby_settings(layout.as_deref(), difficulty.as_deref(), setup.as_deref())
        .map_err(super::chat::worded)?;
    Ok(LobbyWords {
        settings,
        side: None,
    })
}

/// A difficulty or set-up named in Portuguese, as the lobby's post names them (with or
/// without the accents), as its notation's word; any other word as it is.
fn english(word: &str) -> &str {
    match word.to_lowercase().as_str() {
        "fácil" | "facil" => "easy",
        "médio" | "medio" | "média" | "media" => "medium",
        "difícil" | "dificil" => "hard",
        "impossível" | "impossivel" | "impossibru" => "impossible",
        "sorteada" | "sorteado" | "sorteio" | "aleatória" | "aleatoria" | "aleatório"
        | "aleatorio" => "random",
        "montada" | "montado" | "montagem" => "draft",
        _ => word,
    }
}

fn lobby_settings(
    layout: Option<&str>,
    difficulty: Option<&str>,
    setup: Option<&str>,
) -> Result<String, LobbyProblem> {
    let layout = Layout::parse(layout.unwrap_or("pyramid")).map_err(LobbyProblem::Layout)?;
    let difficulty = difficulty.unwrap_or("medium");
    let difficulty = Difficulty::from_name(difficulty)
        .ok_or_else(|| LobbyProblem::Difficulty(difficulty.to_string()))?;
    let setup = setup.unwrap_or("random");
    let setup =
        SetupMode::from_name(setup).ok_or_else(|| LobbyProblem::Setup(setup.to_string()))?;
    let variant = Variant {
        layout,
        difficulty,
        setup,
    };
    Ok(Position::options(&variant)
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" "))
}

/// The post that opens a lobby with these settings; `None` if they do not read.
pub fn lobby_open(title: &str, settings: &str, max: u8, who: &str, lang: Lang) -> Option<String> {
    let v = variant(settings)?;
    Some(tr!(
        lang,
        "lobby-open",
        game = title,
        layout = v.layout.source(),
        modules = v.layout.module_count(),
        floors = v.layout.floor_count(),
        difficulty = difficulty_name(v.difficulty, lang),
        setup = setup_name(v.setup.name(), lang),
        max = max,
        who = who
    ))
}

/// The computer player `/addbot NAME` seats, by its canonical name; `None` for a name
/// Labscape does not know.
pub fn policy(name: &str) -> Option<String> {
    Policy::from_name(name).map(|p| p.name().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(words: &[&str]) -> String {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        match lobby_words(&words) {
            Ok(w) => w.settings,
            Err(e) => panic!("{words:?}: {e:?}"),
        }
    }

    #[test]
    fn the_lobbys_portuguese_words_read_with_or_without_accents() {
        let english = settings(&["duo", "easy", "draft"]);
        assert_eq!(settings(&["duo", "fácil", "montada"]), english);
        assert_eq!(settings(&["duo", "FACIL", "setup=montada"]), english);
        assert_eq!(
            settings(&["difficulty=impossível", "sorteada"]),
            settings(&["impossible"])
        );
        assert_eq!(settings(&["Difícil"]), settings(&["hard"]));
        assert_eq!(settings(&["medio", "aleatorio"]), settings(&[]));
        // A word that is neither is still read as a layout, and refused as one.
        assert!(lobby_words(&["facilmente".to_string()]).is_err());
    }
}
