//! Languages. The rules are the same in every language; the texts players read are not,
//! and each front end (the bot's replies, the turn image) keeps its own translations. They
//! all agree on this one list of languages and on how people name them.

/// A language the games are published in: every player-facing text exists in each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Brazilian Portuguese.
    PtBr,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::PtBr];

    /// Reads a language tag or name: Discord locales (`pt-BR`, `en-US`, `en-GB`), Telegram
    /// language codes (`pt`, `pt-br`, `en`), and what people type (`português`, `english`).
    /// Any Portuguese maps to Brazilian Portuguese; unknown languages give `None`.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let t = tag.trim().to_lowercase();
        let primary = t.split(['-', '_']).next().unwrap_or_default();
        match primary {
            "en" | "english" | "inglês" | "ingles" => Some(Lang::En),
            "pt" | "português" | "portugues" | "portuguese" | "brasileiro" | "brazilian" => {
                Some(Lang::PtBr)
            }
            _ => None,
        }
    }

    /// The canonical tag, as stored and shown: `en` or `pt-BR`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::PtBr => "pt-BR",
        }
    }

    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::PtBr => "português (Brasil)",
        }
    }

    /// A dense index (0 for English), for per-language tables.
    pub fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::PtBr => 1,
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}
