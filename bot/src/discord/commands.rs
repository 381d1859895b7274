//! The slash commands (poise), each turned into one [`Command`] for the service, and their
//! autocomplete from [`Service::suggestions`](crate::app::Service::suggestions).

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, respond};
use crate::app::{Command, DrawAnswer, NewOptions, RecordsOf, messages::UserError};

mod complete;
mod declared;

use complete::*;

/// Every command, as registered with Discord: the games' own commands (declared by each
/// game, `declared.rs`) after `/play`, their groups last; `/labscape new` takes every
/// game's own options.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let (own, groups) = declared::build();
    let mut group = labscape();
    if let Some(new) = group.subcommands.iter_mut().find(|c| c.name == "new") {
        new.parameters.extend(declared::new_parameters());
    }
    let mut all = vec![group, play_()];
    all.extend(own);
    all.extend([
        rules(),
        table(),
        log(),
        recap(),
        replay(),
        export(),
        luck(),
        draw(),
        resign(),
        myview(),
        records(),
        help(),
    ]);
    all.extend(groups);
    all
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Side {
    #[name = "first"]
    First,
    #[name = "second"]
    Second,
    #[name = "random"]
    Random,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum DeadlinePolicy {
    #[name = "advisory"]
    Advisory,
    #[name = "auto-wait"]
    AutoWait,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Language {
    #[name = "English"]
    English,
    #[name = "Português (Brasil)"]
    Portuguese,
}

impl Language {
    fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Portuguese => "pt-BR",
        }
    }
}

fn choice_name(c: &impl poise::ChoiceParameter) -> String {
    c.name().to_string()
}

/// Labscape games in this channel
#[poise::command(
    slash_command,
    subcommands(
        "new", "join", "leave", "start", "abandon", "status", "addbot", "settings", "me", "away",
        "snooze"
    ),
    subcommand_required
)]
pub async fn labscape(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a new game in this channel (or in a new thread)
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one per slash-command option
pub async fn new(
    ctx: Context<'_>,
    #[description = "The game (Labscape if not given)"]
    #[autocomplete = "complete_game"]
    game: Option<String>,
    #[description = "Options of a game other than Labscape, like stones=10"] options: Option<
        String,
    >,
    #[description = "The most seats"]
    #[min = 1]
    #[max = 8]
    players: Option<u8>,
    #[description = "Start the game in a new thread named after it"] thread: Option<bool>,
    #[description = "Challenge one person: only they can take the free seat"] opponent: Option<
        serenity::User,
    >,
    #[description = "In a two-player game, play first, second, or let the seed decide"]
    side: Option<Side>,
) -> Result<(), Error> {
    let game = match game.as_deref().map(str::trim).filter(|g| !g.is_empty()) {
        None => None,
        Some(g) => match labscape_core::GameKind::from_id(g) {
            Some(kind) => Some(kind),
            None => {
                let e = UserError::UnknownGame(g.chars().take(40).collect());
                return respond::refuse(ctx, e).await;
            }
        },
    };
    // The game reads its own words: the options typed as text, and what its own options
    // (declared by the games) picked, as words.
    let mut words: Vec<String> = options
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    words.extend(declared::new_words(ctx));
    words.extend(side.as_ref().map(|s| format!("side={}", choice_name(s))));
    let options = NewOptions {
        game,
        words,
        players,
        opponent: opponent.map(|u| crate::app::Invite {
            id: u.id.to_string(),
            name: format!("<@{}>", u.id),
        }),
    };
    if thread == Some(true) {
        respond::new_in_thread(ctx, options).await
    } else {
        respond::command(ctx, Command::New(options)).await
    }
}

/// Take a seat in the game here
#[poise::command(slash_command)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Join).await
}

/// Give up your seat while the game is in the lobby
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Leave).await
}

/// Start the game (its creator)
#[poise::command(slash_command)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Start).await
}

/// Stop the game (its creator or a channel admin)
#[poise::command(slash_command)]
pub async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Abandon).await
}

/// Show the game here
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Status).await
}

/// Add a computer player to the lobby (its creator)
#[poise::command(slash_command)]
pub async fn addbot(
    ctx: Context<'_>,
    #[description = "How the computer plays (the levels of the chat's game)"]
    #[autocomplete = "complete_policy"]
    policy: Option<String>,
) -> Result<(), Error> {
    respond::command(ctx, Command::AddBot(policy)).await
}

/// Show or change the game's reminders and deadline (changes: its creator)
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Time between reminders, like 12h or 30m"] reminder: Option<String>,
    #[description = "At most this many reminders per turn"]
    #[min = 1]
    #[max = 50]
    limit: Option<u32>,
    #[description = "Time allowed per turn, like 48h, or off"] deadline: Option<String>,
    #[description = "What a missed deadline does"] policy: Option<DeadlinePolicy>,
    #[description = "The language of this channel's games"] language: Option<Language>,
) -> Result<(), Error> {
    let mut args = Vec::new();
    pair(&mut args, "reminder", reminder);
    pair(&mut args, "limit", limit.map(|n| n.to_string()));
    pair(&mut args, "deadline", deadline);
    pair(&mut args, "policy", policy.as_ref().map(choice_name));
    pair(&mut args, "language", language.map(|l| l.tag().to_string()));
    respond::command(ctx, Command::Settings(args)).await
}

/// Show or change your time zone, quiet hours and language
#[poise::command(slash_command)]
pub async fn me(
    ctx: Context<'_>,
    #[description = "Your time zone, like Europe/Lisbon"]
    #[autocomplete = "complete_time_zone"]
    timezone: Option<String>,
    #[description = "No reminders between, like 22:00-07:00, or off"] quiet: Option<String>,
    #[description = "The language the bot answers you in"] language: Option<Language>,
) -> Result<(), Error> {
    let mut args = Vec::new();
    pair(&mut args, "tz", timezone);
    pair(&mut args, "quiet", quiet);
    pair(&mut args, "lang", language.map(|l| l.tag().to_string()));
    respond::command(ctx, Command::Me(args)).await
}

/// Say you are away: reminders pause and your deadlines wait
#[poise::command(slash_command)]
pub async fn away(
    ctx: Context<'_>,
    #[description = "Until when: 3d, 12h, 2026-11-25 18:00 (your time zone), or off"] until: String,
) -> Result<(), Error> {
    respond::command(ctx, Command::Away(Some(until))).await
}

/// Put off the reminders of your turn by 4 hours
#[poise::command(slash_command)]
pub async fn snooze(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Snooze).await
}

/// What happened since your last turn
#[poise::command(slash_command)]
pub async fn recap(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Recap).await
}

/// Adds `key value` to a settings argument list when the option was given.
fn pair(args: &mut Vec<String>, key: &str, value: Option<String>) {
    if let Some(v) = value {
        args.push(key.to_string());
        args.push(v);
    }
}

fn play(action: String) -> Command {
    Command::Play {
        action,
        expected_turn: None,
    }
}

/// Play an action of this chat's game, in its notation (`b2-c3`, `c1`, `move NNE`…)
#[poise::command(slash_command, rename = "play")]
pub async fn play_(
    ctx: Context<'_>,
    #[description = "The action, e.g. b2-c3, c1 or move NNE"]
    #[autocomplete = "complete_action"]
    action: String,
) -> Result<(), Error> {
    respond::command(ctx, play(action)).await
}

/// The rules, by topic
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "The topic (overview if not given)"]
    #[autocomplete = "complete_topic"]
    topic: Option<String>,
) -> Result<(), Error> {
    respond::command(ctx, Command::Rules(topic)).await
}

/// A dice or setup table
#[poise::command(slash_command)]
pub async fn table(
    ctx: Context<'_>,
    #[description = "Which table (search if not given)"]
    #[autocomplete = "complete_table"]
    name: Option<String>,
) -> Result<(), Error> {
    respond::command(ctx, Command::Table(name)).await
}

/// The last actions of the game here
#[poise::command(slash_command)]
pub async fn log(
    ctx: Context<'_>,
    #[description = "How many actions (10 if not given)"]
    #[min = 1]
    #[max = 100]
    count: Option<u32>,
) -> Result<(), Error> {
    respond::command(ctx, Command::Log(count.map(|n| n as usize))).await
}

/// The game here so far (or the last ended one) as an animated GIF
#[poise::command(slash_command)]
pub async fn replay(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Replay).await
}

/// The record file of the game here (or the last ended one), to check every roll
#[poise::command(slash_command)]
pub async fn export(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Export).await
}

/// Everyone's dice against fair dice, in the game here (or the last ended one)
#[poise::command(slash_command)]
pub async fn luck(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Luck).await
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum DrawChoice {
    #[name = "yes"]
    Yes,
    #[name = "no"]
    No,
}

/// Offer a draw, or accept the one offered; or decline it
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Context<'_>,
    #[description = "yes: offer or accept a draw; no: decline it, or take your offer back"]
    answer: Option<DrawChoice>,
) -> Result<(), Error> {
    let answer = match answer {
        Some(DrawChoice::No) => DrawAnswer::No,
        _ => DrawAnswer::Yes,
    };
    respond::command(ctx, Command::Draw(answer)).await
}

/// Give up the game here: the other player wins
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Resign).await
}

/// Your own view of the game (your hand, what you alone may see), shown to you alone
#[poise::command(slash_command)]
pub async fn myview(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::MyView).await
}

/// Records of finished games: this channel's leaderboard, or your own
#[poise::command(slash_command)]
pub async fn records(
    ctx: Context<'_>,
    #[description = "Show your own record over every channel instead"] me: Option<bool>,
    #[description = "This channel's leaderboard of another game than its own"]
    #[autocomplete = "complete_game"]
    game: Option<String>,
) -> Result<(), Error> {
    let of = match (me, game.as_deref().map(str::trim).filter(|g| !g.is_empty())) {
        (Some(true), _) => RecordsOf::Me,
        (_, None) => RecordsOf::Chat,
        (_, Some(g)) => match labscape_core::GameKind::from_id(g) {
            Some(kind) => RecordsOf::Game(kind),
            None => {
                let e = UserError::UnknownGame(g.chars().take(40).collect());
                return respond::refuse(ctx, e).await;
            }
        },
    };
    respond::command(ctx, Command::Records(of)).await
}

/// The commands
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Help).await
}

#[cfg(test)]
mod tests;
