//! The checks that keep a Fluent catalog in two languages honest, shared by the bot's
//! catalog (`bot/src/i18n/tests.rs`) and the image's (`render/src/i18n/tests.rs`), each of
//! which includes this file as a module with `#[path]`: the two languages are twins (the
//! same messages, the same variables), each formats cleanly, Portuguese is translated
//! rather than copied, every message the code asks for exists, and every message is used.
//!
//! The including module provides `WHO` (who reads the catalog, for messages) and
//! `MIN_IDS` (fewer message ids than this found in the sources means the search broke);
//! its parent, the crate's `i18n` module, provides `source`, `format` and `has`.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::{
    ast::{Entry, Expression, InlineExpression, Pattern, PatternElement},
    parser,
};
use labscape_core::Lang;

use super::super::{FluentValue, format, has};
use super::{MIN_IDS, WHO};

type Vars = BTreeSet<String>;

fn inline_vars(e: &InlineExpression<&str>, out: &mut Vars) {
    match e {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        InlineExpression::Placeable { expression } => expr_vars(expression, out),
        _ => {}
    }
}

fn expr_vars(e: &Expression<&str>, out: &mut Vars) {
    match e {
        Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
        Expression::Inline(i) => inline_vars(i, out),
    }
}

fn pattern_vars(p: &Pattern<&str>, out: &mut Vars) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr_vars(expression, out);
        }
    }
}

fn pattern_text(p: &Pattern<&str>) -> String {
    p.elements
        .iter()
        .filter_map(|el| match el {
            PatternElement::TextElement { value } => Some(*value),
            PatternElement::Placeable { .. } => None,
        })
        .collect()
}

/// Every message of a language: id → (variables, plain text).
fn messages(lang: Lang) -> BTreeMap<String, (Vars, String)> {
    let res = parser::parse(super::super::source(lang))
        .unwrap_or_else(|(_, errors)| panic!("{lang}: Fluent syntax errors: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in &res.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = Vars::new();
                let value = m
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{lang}: “{}” has no value", m.id.name));
                pattern_vars(value, &mut vars);
                assert!(
                    m.attributes.is_empty(),
                    "{lang}: “{}”: {WHO} does not use attributes",
                    m.id.name
                );
                let dup = out.insert(m.id.name.to_string(), (vars, pattern_text(value)));
                assert!(dup.is_none(), "{lang}: “{}” is defined twice", m.id.name);
            }
            Entry::Junk { content } => panic!("{lang}: unreadable Fluent: {content}"),
            _ => {}
        }
    }
    out
}

#[test]
fn both_languages_have_the_same_messages_with_the_same_variables() {
    let en = messages(Lang::En);
    let pt = messages(Lang::PtBr);
    let en_ids: BTreeSet<_> = en.keys().collect();
    let pt_ids: BTreeSet<_> = pt.keys().collect();
    assert_eq!(
        en_ids.difference(&pt_ids).collect::<Vec<_>>(),
        Vec::<&&String>::new(),
        "messages missing in pt-BR"
    );
    assert_eq!(
        pt_ids.difference(&en_ids).collect::<Vec<_>>(),
        Vec::<&&String>::new(),
        "messages missing in en"
    );
    for (id, (vars, _)) in &en {
        assert_eq!(
            vars, &pt[id].0,
            "“{id}” has different variables in en and pt-BR"
        );
    }
}

#[test]
fn every_message_formats_cleanly_in_both_languages() {
    for lang in Lang::ALL {
        for (id, (vars, _)) in messages(lang) {
            // Text, and numbers that hit every plural category either language has.
            let samples: [FluentValue; 5] = ["x".into(), 0.into(), 1.into(), 2.into(), 21.into()];
            for sample in samples {
                let args: Vec<(&str, FluentValue)> =
                    vars.iter().map(|v| (v.as_str(), sample.clone())).collect();
                let text = format(lang, &id, &args)
                    .unwrap_or_else(|e| panic!("{e} with {sample:?} for every variable"));
                assert!(!text.trim().is_empty(), "{lang}: “{id}” is empty");
                assert!(
                    !text.contains('\u{2068}') && !text.contains('\u{2069}'),
                    "{lang}: “{id}” has isolation marks"
                );
            }
        }
    }
}

#[test]
fn portuguese_is_translated_not_copied() {
    let en = messages(Lang::En);
    let pt = messages(Lang::PtBr);
    for (id, (_, text)) in &en {
        // Words of three letters or more (command examples like B3:NE do not count).
        let words = text
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
            .count();
        if words >= 3 {
            assert_ne!(text, &pt[id].1, "“{id}” reads the same in pt-BR as in en");
        }
    }
}

/// Every `.rs` file of the including crate's sources.
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for e in std::fs::read_dir(dir).expect("readable source dir") {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).expect("readable source");
                out.push((p.display().to_string(), text));
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    out
}

/// The message ids named by `tr!(lang, "id" …)` and `i18n::t(lang, "id" …)` calls.
fn ids_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for call in ["tr!(", "i18n::t("] {
        for (at, _) in text.match_indices(call) {
            let rest = &text[at + call.len()..];
            let Some(open) = rest.find('"') else { continue };
            // The id is the first literal, after the language expression and a comma.
            if !rest[..open].trim_end().ends_with(',') {
                continue;
            }
            let lit = &rest[open + 1..];
            if let Some(close) = lit.find('"') {
                out.push(lit[..close].to_string());
            }
        }
    }
    out
}

#[test]
fn every_message_the_code_asks_for_exists() {
    let mut checked = 0;
    for (path, text) in sources() {
        for id in ids_in(&text) {
            if id == "id" || id.contains('{') {
                continue; // documentation examples
            }
            for lang in Lang::ALL {
                assert!(has(lang, &id), "{path}: “{id}” is missing in {lang}");
            }
            checked += 1;
        }
    }
    assert!(
        checked > MIN_IDS,
        "only {checked} message ids found in the sources"
    );
}

#[test]
fn every_message_is_used_by_the_code() {
    let all: String = sources().into_iter().map(|(_, t)| t).collect();
    for id in messages(Lang::En).keys() {
        assert!(
            all.contains(&format!("\"{id}\"")),
            "“{id}” is in the .ftl files but no source names it"
        );
    }
}
