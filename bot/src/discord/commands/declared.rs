//! The games' own slash commands (`games::own_commands`) and `/new` options
//! (`games::new_options`), built from their declarations: one generic action and one
//! generic autocomplete serve them all, so this adapter names no game's command, verb or
//! option.
//!
//! Poise builds commands from functions; a declared command is a [`poise::Command`] whose
//! `custom_data` holds its declaration, which the shared action and autocomplete read back.

use std::borrow::Cow;

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, complete::complete, respond};
use crate::{
    app::Command,
    discord::localize::PT_BR,
    games::{Does, OwnCommand, OwnOption, Values},
    i18n::{Lang, t},
};

type AppContext<'a> = poise::ApplicationContext<'a, Data, Error>;
type Commands = Vec<poise::Command<Data, Error>>;

/// The games' own commands, those without a group first (in the games' order), for the
/// caller to place among the others; then `groups`, each holding its commands.
pub(super) fn build() -> (Commands, Commands) {
    let mut single = Vec::new();
    let mut groups: Commands = Vec::new();
    for c in crate::games::own_commands().iter().copied() {
        let Some(group) = &c.group else {
            single.push(command(c));
            continue;
        };
        let index = match groups.iter().position(|g| g.name == group.name) {
            Some(i) => i,
            None => {
                groups.push(poise::Command {
                    name: group.name.into(),
                    identifying_name: format!("group {}", group.name).into(),
                    slash_action: Some(|_| Box::pin(async { Ok(()) })),
                    subcommand_required: true,
                    ..described(group.about)
                });
                groups.len() - 1
            }
        };
        groups[index].subcommands.push(command(c));
    }
    (single, groups)
}

/// The `/new` options every game declares, for `/labscape new`.
pub(super) fn new_parameters() -> Vec<poise::CommandParameter<Data, Error>> {
    crate::games::new_options()
        .iter()
        .copied()
        .map(parameter)
        .collect()
}

/// The words `/new`'s declared options give, in their order.
pub(super) fn new_words(ctx: Context<'_>) -> Vec<String> {
    let poise::Context::Application(a) = ctx else {
        return Vec::new();
    };
    crate::games::new_options()
        .iter()
        .filter_map(|o| value(o, a.args))
        .collect()
}

/// A command with its description in both languages.
fn described(about: &str) -> poise::Command<Data, Error> {
    poise::Command {
        description: Some(t(Lang::En, about, &[]).into()),
        description_localizations: vec![(PT_BR.into(), t(Lang::PtBr, about, &[]).into())].into(),
        ..Default::default()
    }
}

/// One declared command, run by [`run`].
fn command(c: &'static OwnCommand) -> poise::Command<Data, Error> {
    poise::Command {
        name: c.name.into(),
        identifying_name: format!("own {}", c.name).into(),
        slash_action: Some(run),
        parameters: c.options.iter().map(parameter).collect(),
        custom_data: Box::new(c),
        ..described(c.about)
    }
}

/// One declared option: text completed while typing, a count, or a choice of words
/// (Discord's choices are numbered: the value read back is the word's index).
fn parameter(o: &'static OwnOption) -> poise::CommandParameter<Data, Error> {
    type Setter = fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption;
    let text: Setter = |b| b.kind(serenity::CommandOptionType::String);
    let (type_setter, choices, complete): (Setter, Vec<_>, _) = match &o.values {
        Values::Legal | Values::Listed(_) => (text, Vec::new(), Some(autocomplete as _)),
        Values::Count => (
            |b| {
                b.kind(serenity::CommandOptionType::Integer)
                    .min_int_value(1)
            },
            Vec::new(),
            None,
        ),
        Values::OneOf(words) => (
            |b| b.kind(serenity::CommandOptionType::Integer),
            words
                .iter()
                .map(|w| poise::CommandParameterChoice {
                    name: Cow::Borrowed(*w),
                    localizations: Cow::Borrowed(&[]),
                    __non_exhaustive: (),
                })
                .collect(),
            None,
        ),
    };
    poise::CommandParameter {
        name: o.name.into(),
        name_localizations: Cow::Borrowed(&[]),
        description: Some(t(Lang::En, o.about, &[]).into()),
        description_localizations: vec![(PT_BR.into(), t(Lang::PtBr, o.about, &[]).into())].into(),
        required: o.required,
        channel_types: None,
        choices: choices.into(),
        type_setter: Some(type_setter),
        autocomplete_callback: complete,
        __non_exhaustive: (),
    }
}

/// The declaration a built command carries.
fn declared(command: &poise::Command<Data, Error>) -> Option<&'static OwnCommand> {
    command
        .custom_data
        .downcast_ref::<&'static OwnCommand>()
        .copied()
}

/// The value given for option `o`, as a word: a choice's word, a number, or the text.
fn value(o: &OwnOption, args: &[serenity::ResolvedOption<'_>]) -> Option<String> {
    let arg = args.iter().find(|a| a.name == o.name)?;
    match (&arg.value, &o.values) {
        (serenity::ResolvedValue::Integer(i), Values::OneOf(words)) => usize::try_from(*i)
            .ok()
            .and_then(|i| words.get(i))
            .map(|w| w.to_string()),
        (serenity::ResolvedValue::Integer(i), _) => Some(i.to_string()),
        (serenity::ResolvedValue::String(s), _)
        | (serenity::ResolvedValue::Autocomplete { value: s, .. }, _) => Some(s.to_string()),
        _ => None,
    }
}

/// Every option's value, in the declaration's order.
fn values(c: &OwnCommand, args: &[serenity::ResolvedOption<'_>]) -> Vec<Option<String>> {
    c.options.iter().map(|o| value(o, args)).collect()
}

/// A declared command: the action or view it says, for the service.
fn run(
    ctx: AppContext<'_>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, Data, Error>>> {
    Box::pin(async move {
        let Some(c) = declared(ctx.command()) else {
            return Ok(());
        };
        let text = c.text(&values(c, ctx.args));
        let cmd = match c.does {
            Does::Play(_) => Command::Play {
                action: text,
                expected_turn: None,
            },
            Does::Look(_) => Command::Look(text),
        };
        respond::command(ctx.into(), cmd)
            .await
            .map_err(|e| poise::FrameworkError::new_command(ctx.into(), e))
    })
}

/// Completes the option being typed: a declared command's from the caller's legal actions
/// (the words at its place after the verb, given the earlier options' values), a listed
/// option's from its list.
fn autocomplete<'a>(
    ctx: AppContext<'a>,
    partial: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move {
        let focused = ctx.args.iter().find_map(|a| match a.value {
            serenity::ResolvedValue::Autocomplete { .. } => Some(a.name),
            _ => None,
        });
        let Some(focused) = focused else {
            return complete(partial, Vec::new());
        };
        let own = declared(ctx.command()).and_then(|c| {
            let i = c.options.iter().position(|o| o.name == focused)?;
            Some((c, i))
        });
        let option = match own {
            Some((c, i)) => &c.options[i],
            None => match crate::games::new_options()
                .iter()
                .copied()
                .find(|o| o.name == focused)
            {
                Some(o) => o,
                None => return complete(partial, Vec::new()),
            },
        };
        match (&option.values, own) {
            (Values::Listed(list), _) => complete(partial, list()),
            (Values::Legal, Some((c, i))) => {
                let before: Vec<String> =
                    values(c, ctx.args)[..i].iter().flatten().cloned().collect();
                let before: Vec<&str> = before.iter().map(String::as_str).collect();
                let verb = match c.does {
                    Does::Play(v) | Does::Look(v) => v,
                };
                let s = respond::suggestions(ctx.into()).await;
                complete(partial, super::complete::same(s.args(verb, i, &before)))
            }
            _ => complete(partial, Vec::new()),
        }
    })
}
