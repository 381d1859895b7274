//! Autocomplete for the slash commands: what was typed so far, answered from the
//! service's suggestions for the channel's game (at most Discord's 25 choices).

use poise::serenity_prelude as serenity;

use super::{Context, respond};

/// Discord shows at most 25 choices.
pub(super) const MAX_CHOICES: usize = 25;

/// Choices `(label, value)` whose value starts with what was typed (ignoring case).
pub(super) fn complete(
    partial: &str,
    items: impl IntoIterator<Item = (String, String)>,
) -> serenity::CreateAutocompleteResponse {
    let partial = partial.trim().to_ascii_lowercase();
    let choices = items
        .into_iter()
        .filter(|(_, v)| v.to_ascii_lowercase().starts_with(&partial))
        .take(MAX_CHOICES)
        .map(|(label, value)| serenity::AutocompleteChoice::new(label, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

pub(super) fn same(
    items: impl IntoIterator<Item = String>,
) -> impl Iterator<Item = (String, String)> {
    items.into_iter().map(|s| (s.clone(), s))
}

pub(super) async fn complete_action(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let s = respond::suggestions(ctx).await;
    complete(partial, same(s.actions()))
}

pub(super) async fn complete_policy(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let s = respond::suggestions(ctx).await;
    complete(partial, same(s.policies))
}

pub(super) async fn complete_game(
    _: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    complete(
        partial,
        same(
            labscape_core::GameKind::ALL
                .iter()
                .map(|k| k.id().to_string()),
        ),
    )
}

pub(super) async fn complete_time_zone(
    _ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let partial = partial.trim().to_ascii_lowercase().replace(' ', "_");
    // Names containing what was typed (`lisbon` finds Europe/Lisbon), shortest first.
    let mut names: Vec<&str> = chrono_tz::TZ_VARIANTS
        .iter()
        .map(|tz| tz.name())
        .filter(|n| n.to_ascii_lowercase().contains(&partial))
        .collect();
    names.sort_by_key(|n| (!n.to_ascii_lowercase().starts_with(&partial), n.len(), *n));
    let choices = names
        .into_iter()
        .take(MAX_CHOICES)
        .map(|n| serenity::AutocompleteChoice::new(n, n))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// `/rules`' topics: every game's id and every game's topics.
pub(super) async fn complete_topic(
    _: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    complete(partial, same(crate::games::rules_words(false)))
}

/// `/table`'s names: every game's id and every game's tables.
pub(super) async fn complete_table(
    _: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    complete(partial, same(crate::games::rules_words(true)))
}
