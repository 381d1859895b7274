//! Languages: every sentence a player reads comes from a Fluent message in
//! `bot/locales/<lang>/labscape.ftl`, in English and Brazilian Portuguese.
//!
//! The files are embedded at compile time, so nothing is looked up on disk at run time.
//! Messages are formatted with [`t`] (or the [`tr!`] macro, which names the arguments).
//! A missing message or a formatting error panics in debug builds and tests, so it is
//! caught before release; a release build logs it and falls back to English, then to the
//! message id, and never panics.
//!
//! Which language a reply uses is the service's business (see `app::Service`): the
//! asker's own choice, else their platform's locale, else the chat's default, else English.

use std::sync::LazyLock;

pub use fluent_bundle::FluentValue;
use fluent_bundle::{FluentArgs, FluentResource, concurrent::FluentBundle};
use unic_langid::LanguageIdentifier;

pub use labscape_core::Lang;

/// The Fluent source of a language's messages.
pub fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/en/labscape.ftl"),
        Lang::PtBr => include_str!("../locales/pt-BR/labscape.ftl"),
    }
}

type Bundle = FluentBundle<FluentResource>;

static BUNDLES: LazyLock<[Bundle; 2]> = LazyLock::new(|| Lang::ALL.map(bundle));

fn bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.tag().parse().expect("valid language tag");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Chat clients show Unicode isolation marks as garbage.
    b.set_use_isolating(false);
    let res = match FluentResource::try_new(source(lang).to_owned()) {
        Ok(r) => r,
        Err((r, errors)) => {
            loud(&format!("{lang}: Fluent syntax errors: {errors:?}"));
            r
        }
    };
    if let Err(errors) = b.add_resource(res) {
        loud(&format!("{lang}: Fluent resource errors: {errors:?}"));
    }
    b
}

/// A translation problem: fatal while developing and testing, logged in release builds.
fn loud(problem: &str) {
    if cfg!(debug_assertions) {
        panic!("i18n: {problem}");
    }
    tracing::error!("i18n: {problem}");
}

/// Formats message `id` in `lang` with named arguments.
pub fn t(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    match format(lang, id, args) {
        Ok(s) => s,
        Err(problem) => {
            loud(&problem);
            if lang != Lang::En
                && let Ok(s) = format(Lang::En, id, args)
            {
                return s;
            }
            id.to_owned()
        }
    }
}

/// Whether `lang` has message `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    BUNDLES[lang.index()].has_message(id)
}

fn format(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> Result<String, String> {
    let bundle = &BUNDLES[lang.index()];
    let pattern = bundle
        .get_message(id)
        .and_then(|m| m.value())
        .ok_or_else(|| format!("{lang}: no message “{id}”"))?;
    let mut fargs = FluentArgs::with_capacity(args.len());
    for (k, v) in args {
        fargs.set(*k, v.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(format!("{lang}: formatting “{id}”: {errors:?}"))
    }
}

/// Formats a message with named arguments: `tr!(lang, "error-full", seats = 4)`.
macro_rules! tr {
    ($lang:expr, $id:expr $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::i18n::t(
            $lang,
            $id,
            &[$((stringify!($k), $crate::i18n::FluentValue::from($v))),*],
        )
    };
}
pub(crate) use tr;

#[cfg(test)]
mod tests;
