//! What a player typed, read and played: one action, or several in one message (`/play
//! c3 c4 d5`, `/play move n, explore b4`), and what becomes of a refused part — nothing
//! played in a game without secrets; in a game with secrets, the parts before it stand and
//! the refusal is the player's alone.

use labscape_core::{AnyGame, Seat};

use super::{
    Mention, Reply, ServiceError, Visibility, Whisper,
    messages::{EndedTurn, UserError},
    turns::Step,
};
use crate::{
    games,
    i18n::Lang,
    store::{ChatScope, SeatRow},
};

/// Reads and plays what a player typed: one action (read as the chat reads it), or, in a
/// game that allows it and when the whole text is not one action, several separated by
/// commas or spaces (`/play c3 c4 d5`: a turn of several placements; `/play move n, explore
/// b4`), all or nothing — except in a game with secrets, where the parts played before a
/// refused one stand and the refusal comes back beside them: undoing them would let a
/// player step onto a face-down token, learn from the refusal of what follows what it
/// was, and take the step back. A part that is no action at all is refused first, with
/// nothing played, in every game.
pub(super) fn read_turn(
    game: &AnyGame,
    me: Seat,
    text: &str,
) -> Result<(Vec<Step>, Option<UserError>), ServiceError> {
    let module = games::of(game.kind());
    let first_error = match module.play_chat(game, me, text) {
        Ok(step) => return Ok((vec![step], None)),
        Err(e) => e,
    };
    // Text that begins as an action and has one wrong word (`scream 6 e`) is that
    // action misread, not several actions (those are separated by commas): the game
    // says which word.
    let unreadable = first_error.code() == "unreadable";
    let misread = |part: &str| unreadable && module.misread(game, part, Lang::default()).is_some();
    if !text.contains(',') && misread(text) {
        return Err(UserError::Misread {
            part: None,
            text: text.to_string(),
            game: Box::new(game.clone()),
        }
        .into());
    }
    // Separated by commas (`move n, move e, explore b4`: actions of several words), else
    // by spaces (`c3 c4 d5`).
    let parts: Vec<&str> = if text.contains(',') {
        text.split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect()
    } else {
        text.split_whitespace().collect()
    };
    // Text the game read as one action (Avanço's `c2 c3` from an empty square) is refused
    // for that action's reason; only text that is no action is tried as several.
    if parts.len() < 2
        || !module.profile().reads_several
        || first_error.code() != "unreadable"
        || game.check_turn(Some(me)).is_err()
    {
        return Err(ServiceError::User(UserError::Refused(first_error)));
    }
    // Text that is no action at all is refused before anything is played: a slip of the
    // keyboard never plays half a turn.
    if let Some((i, e)) = parts.iter().enumerate().find_map(|(i, p)| {
        let e = game.read_chat(p).err()?;
        (e.code() == "unreadable").then_some((i, e))
    }) {
        if misread(parts[i]) {
            return Err(UserError::Misread {
                part: Some(i + 1),
                text: parts[i].to_string(),
                game: Box::new(game.clone()),
            }
            .into());
        }
        let part = parts[i].chars().take(40).collect();
        return Err(UserError::RefusedPart(i + 1, part, e).into());
    }
    let mut steps: Vec<Step> = Vec::new();
    for i in 0..parts.len() {
        match play_part(game, me, &parts, i, &steps) {
            Ok(step) => steps.push(step),
            Err(e) if !steps.is_empty() && game.has_secrets() => {
                return Ok((steps, Some(UserError::RestNotPlayed(Box::new(e)))));
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok((steps, None))
}

/// Part `i` of a message of several actions, played after `steps` (the parts before it).
fn play_part(
    game: &AnyGame,
    me: Seat,
    parts: &[&str],
    i: usize,
    steps: &[Step],
) -> Result<Step, UserError> {
    let cut = |t: &str| t.chars().take(40).collect::<String>();
    let part = parts[i];
    // The position before the last step played, and after it.
    let before = steps.len().checked_sub(2).map_or(game, |j| &steps[j].1);
    if let Some((action, after, _)) = steps.last()
        && after.check_turn(Some(me)).is_err()
    {
        // The part before ended the turn (a Flume stone with empty neighbours left,
        // Produto's one-stone first turn, the game's end): that is the reason, not "it
        // is not your turn".
        return Err(UserError::TurnEndedAfter {
            after: cut(parts[i - 1]),
            part: cut(part),
            ended: Box::new(EndedTurn {
                before: before.clone(),
                action: action.clone(),
                after: after.clone(),
            }),
        });
    }
    let pos = steps.last().map_or(game, |(_, next, _)| next);
    pos.read_chat(part)
        .and_then(|a| pos.play(me, &a).map(|(next, events)| (a, next, events)))
        .map_err(|e| UserError::RefusedPart(i + 1, cut(part), e))
}

/// A turn's reply with the refusal of the rest of the player's message, which only they
/// may read (in a game with secrets it can rest on what they know): in their own answer
/// when they are answered alone, else whispered to them.
pub(super) fn with_refused_rest(
    mut reply: Reply,
    me: &SeatRow,
    chat: ChatScope,
    refusal: String,
) -> Reply {
    if reply.visibility == Visibility::Secret {
        reply.text = format!("{}\n\n{refusal}", reply.text);
        return reply;
    }
    let mut secret = Reply::text(refusal);
    secret.visibility = Visibility::Secret;
    secret.lang = reply.lang;
    reply.whispers.push(Whisper {
        to: Mention {
            user_id: me.user_id.clone(),
            name: me.display_name.clone(),
        },
        chat,
        reply: secret,
    });
    reply
}
