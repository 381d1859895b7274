//! The image's labels in every language: each is a Fluent message in
//! `render/locales/<lang>/render.ftl`, in English and Brazilian Portuguese.
//!
//! The files are embedded at compile time and parsed once. Messages are formatted with
//! [`t`] (or the [`tr!`] macro, which names the arguments). Rendering is pure and never
//! logs: a missing message or a formatting error panics in debug builds and tests, so it is
//! caught before release; a release build falls back to English, then to the message id.
//!
//! Game notation (cells such as `B3`, walls such as `B3:NE`, dice, numbers) is the same in
//! every language and is passed in as arguments, never translated.

use std::sync::LazyLock;

pub(crate) use fluent_bundle::FluentValue;
use fluent_bundle::{FluentArgs, FluentResource, concurrent::FluentBundle};
use labscape_core::Lang;
use unic_langid::LanguageIdentifier;

/// The Fluent source of a language's labels.
pub(crate) fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/en/render.ftl"),
        Lang::PtBr => include_str!("../locales/pt-BR/render.ftl"),
    }
}

type Bundle = FluentBundle<FluentResource>;

static BUNDLES: LazyLock<[Bundle; 2]> = LazyLock::new(|| Lang::ALL.map(bundle));

fn bundle(lang: Lang) -> Bundle {
    let id: LanguageIdentifier = lang.tag().parse().expect("valid language tag");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks would be drawn as boxes.
    b.set_use_isolating(false);
    let res = FluentResource::try_new(source(lang).to_owned()).unwrap_or_else(|(r, errors)| {
        debug_assert!(false, "{lang}: Fluent syntax errors: {errors:?}");
        r
    });
    if let Err(errors) = b.add_resource(res) {
        debug_assert!(false, "{lang}: Fluent resource errors: {errors:?}");
    }
    b
}

/// Formats message `id` in `lang` with named arguments.
///
/// # Panics
///
/// In debug builds, if the message is missing or does not format; release builds fall back
/// to English, then to `id`.
pub(crate) fn t(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    match format(lang, id, args) {
        Ok(s) => s,
        Err(problem) => {
            debug_assert!(false, "i18n: {problem}");
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
#[cfg(test)]
pub(crate) fn has(lang: Lang, id: &str) -> bool {
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

/// A signed number as the image writes it: `+2`, `-1`, `+0` (a string, so Fluent leaves
/// the sign alone; pair it with the absolute value for plural selectors).
pub(crate) fn signed(n: i32) -> String {
    format!("{n:+}")
}

/// Formats a label with named arguments: `tr!(lang, "chip-dawn", dawn = 27)`.
macro_rules! tr {
    ($lang:expr, $id:literal $(, $k:ident = $v:expr)* $(,)?) => {
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
