//! The slash commands (poise), each turned into one [`Command`] for the service, and their
//! autocomplete from [`Service::suggestions`](crate::app::Service::suggestions).

use poise::{ChoiceParameter as _, serenity_prelude as serenity};

use super::{Context, Data, Error, respond};
use crate::app::{Command, DrawAnswer, NewOptions, RecordsOf, messages::UserError};

mod complete;

use complete::*;

/// Every command, as registered with Discord.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        labscape(),
        play_(),
        move_(),
        roll(),
        rotate_wall(),
        walls(),
        exit(),
        wait(),
        rules(),
        table(),
        log(),
        recap(),
        replay(),
        export(),
        luck(),
        draw(),
        records(),
        help(),
        place(),
    ]
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Difficulty {
    #[name = "easy"]
    Easy,
    #[name = "medium"]
    Medium,
    #[name = "hard"]
    Hard,
    #[name = "impossible"]
    Impossible,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Setup {
    #[name = "random"]
    Random,
    #[name = "draft"]
    Draft,
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

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Topic {
    #[name = "overview"]
    Overview,
    #[name = "turn"]
    Turn,
    #[name = "move"]
    Move,
    #[name = "roll"]
    Roll,
    #[name = "walls"]
    Walls,
    #[name = "exit"]
    Exit,
    #[name = "robot"]
    Robot,
    #[name = "dawn"]
    Dawn,
    #[name = "setup"]
    Setup,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Table {
    #[name = "search"]
    Search,
    #[name = "special"]
    Special,
    #[name = "start"]
    Start,
    #[name = "dawn"]
    Dawn,
    #[name = "items"]
    Items,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Item {
    #[name = "key"]
    Key,
    #[name = "food"]
    Food,
    #[name = "special"]
    Special,
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
    #[description = "A preset (single, duo, tower, pyramid, grand) or a notation like ###/##/#"]
    #[autocomplete = "complete_layout"]
    layout: Option<String>,
    #[description = "How soon dawn comes"] difficulty: Option<Difficulty>,
    #[description = "Fill the building at random, or draft it together"] setup: Option<Setup>,
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
    // The game reads its own words: the options typed as text, and what Discord's
    // choices picked, as words.
    let mut words: Vec<String> = options
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    words.extend(layout);
    words.extend(difficulty.as_ref().map(choice_name));
    words.extend(setup.as_ref().map(choice_name));
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

/// Move: steps like NNE, or a target cell like C4
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "Steps like NNE, or a cell like C4"]
    #[autocomplete = "complete_path"]
    path: String,
) -> Result<(), Error> {
    respond::command(ctx, play(format!("move {path}"))).await
}

/// Search the room you are in
#[poise::command(slash_command)]
pub async fn roll(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, play("roll".into())).await
}

/// Turn or move a wall at your cell, e.g. from B3:NE to B2:SE; alone, the walls you may turn
#[poise::command(slash_command, rename = "rotate-wall")]
pub async fn rotate_wall(
    ctx: Context<'_>,
    #[description = "The wall to rotate, e.g. B3:NE"]
    #[autocomplete = "complete_from"]
    from: Option<String>,
    #[description = "Where it ends up, e.g. B2:SE"]
    #[autocomplete = "complete_to"]
    to: Option<String>,
) -> Result<(), Error> {
    respond::command(ctx, play(rotation(from.as_deref(), to.as_deref()))).await
}

/// `/rotate-wall` with what was given: alone it asks for the legal rotations, one wall
/// alone gets the usage refusal from the game, like the same line typed elsewhere.
fn rotation(from: Option<&str>, to: Option<&str>) -> String {
    ["rotate-wall", from.unwrap_or(""), to.unwrap_or("")]
        .iter()
        .map(|w| w.trim())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The floor in play with every wall's name, for /rotate-wall
#[poise::command(slash_command)]
pub async fn walls(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Look("walls".into())).await
}

/// Leave the floor through its exit
#[poise::command(slash_command)]
pub async fn exit(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, play("exit".into())).await
}

/// Wait some minutes (1 if not given)
#[poise::command(slash_command)]
pub async fn wait(
    ctx: Context<'_>,
    #[description = "Minutes to wait"]
    #[min = 1]
    #[max = 999]
    minutes: Option<u32>,
) -> Result<(), Error> {
    let action = match minutes {
        Some(n) => format!("wait {n}"),
        None => "wait".into(),
    };
    respond::command(ctx, play(action)).await
}

/// The rules, by topic
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "The topic (overview if not given)"] topic: Option<Topic>,
) -> Result<(), Error> {
    respond::command(ctx, Command::Rules(topic.as_ref().map(choice_name))).await
}

/// A dice or setup table
#[poise::command(slash_command)]
pub async fn table(
    ctx: Context<'_>,
    #[description = "Which table (search if not given)"] name: Option<Table>,
) -> Result<(), Error> {
    respond::command(ctx, Command::Table(name.as_ref().map(choice_name))).await
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

/// The game here so far (or the last finished one) as an animated GIF
#[poise::command(slash_command)]
pub async fn replay(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Replay).await
}

/// The record file of the game here (or the last finished one), to check every roll
#[poise::command(slash_command)]
pub async fn export(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Export).await
}

/// Everyone's dice against fair dice, in the game here (or the last finished one)
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

/// Records of finished games: this channel's leaderboard, or your own
#[poise::command(slash_command)]
pub async fn records(
    ctx: Context<'_>,
    #[description = "Show your own record over every channel instead"] me: Option<bool>,
) -> Result<(), Error> {
    let of = if me == Some(true) {
        RecordsOf::Me
    } else {
        RecordsOf::Chat
    };
    respond::command(ctx, Command::Records(of)).await
}

/// The commands
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, Command::Help).await
}

/// Draft setup: place a wall or an item, or fill the floor
#[poise::command(
    slash_command,
    subcommands("wall", "item", "autofill"),
    subcommand_required
)]
pub async fn place(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Place a wall, e.g. A1:SE
#[poise::command(slash_command)]
pub async fn wall(
    ctx: Context<'_>,
    #[description = "The wall, e.g. A1:SE"]
    #[autocomplete = "complete_wall"]
    wall: String,
) -> Result<(), Error> {
    respond::command(ctx, play(format!("wall {wall}"))).await
}

/// Place an item on an empty cell
#[poise::command(slash_command)]
pub async fn item(
    ctx: Context<'_>,
    #[description = "The cell, e.g. A1"]
    #[autocomplete = "complete_cell"]
    cell: String,
    #[description = "What to place"] item: Item,
) -> Result<(), Error> {
    respond::command(ctx, play(format!("item {cell} {}", item.name()))).await
}

/// Complete the floor being built
#[poise::command(slash_command)]
pub async fn autofill(ctx: Context<'_>) -> Result<(), Error> {
    respond::command(ctx, play("autofill".into())).await
}

#[cfg(test)]
mod tests;
