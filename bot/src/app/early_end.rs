//! A game ended before its position did: drawn by its players' agreement (`/draw`), given
//! up by one of them (`/resign`), or abandoned (`/abandon`).
//!
//! Nothing of it is in the game's position, which knows only the rules: the ending is the
//! game's status with its results. So a game is over in the store either because its
//! position is over or because it ended early, and [`Service::early_end`] tells how from
//! the results: a player who resigned, or else a draw. An abandoned game's status says it
//! all (it has no results, and counts in no records).

use labscape_core::AnyGame;

use super::{
    Ctx, GameStatus, GameStore, Outgoing, Reply, Res, Service, ServiceError, UserError, tr,
    turns::names as display_names,
};
use crate::{
    games,
    i18n::Lang,
    store::{GameRow, SeatRow},
};

/// How both players finished a game drawn by agreement (their results' `finish`).
pub const AGREED_DRAW: &str = "agreed-draw";
/// How a player who gave the game up finished it; the other finished `won`.
pub const RESIGNED: &str = "resigned";

/// How a game ended before its position did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EarlyEnd {
    /// Its players agreed a draw.
    Drawn,
    /// A player (their name) resigned; the other won.
    Resigned(String),
    /// Its creator or a chat admin abandoned it: nobody won.
    Abandoned,
}

impl EarlyEnd {
    /// The line that says it, where a running game says who is next.
    pub fn line(&self, lang: Lang) -> String {
        match self {
            EarlyEnd::Drawn => tr!(lang, "draw-ended-line"),
            EarlyEnd::Resigned(who) => tr!(lang, "resign-ended-line", who = who.as_str()),
            EarlyEnd::Abandoned => tr!(lang, "abandoned-ended-line"),
        }
    }
}

/// Whether a game stored as ended (over or abandoned) ended before its position did.
pub fn ended_early(row: &GameRow, game: &AnyGame) -> bool {
    row.status.has_ended() && !game.is_over()
}

impl<S: GameStore> Service<S> {
    /// How `row`'s game ended early, if it did (`game`: its position).
    pub(super) async fn early_end(&self, row: &GameRow, game: &AnyGame) -> Res<Option<EarlyEnd>> {
        if !ended_early(row, game) {
            return Ok(None);
        }
        if row.status == GameStatus::Abandoned {
            return Ok(Some(EarlyEnd::Abandoned));
        }
        let results = self.store.results(row.id).await?;
        Ok(Some(
            match results.into_iter().find(|r| r.finish == RESIGNED) {
                Some(r) => EarlyEnd::Resigned(r.display_name),
                None => EarlyEnd::Drawn,
            },
        ))
    }

    /// The post of a game that has just ended early (`text` says how): its seed, the whole
    /// game's replay; and its rating.
    pub(super) async fn ended_early_reply(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        mut text: String,
        lang: Lang,
    ) -> Reply {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            if games::of(row.kind).profile().has_dice {
                "game-over-seed"
            } else {
                "game-over-seed-plain"
            },
            seed = row.seed.as_str(),
            hash = row.seed_hash.as_str()
        ));
        let mut reply = Reply::text(text);
        reply.lang = lang;
        reply.names = display_names(seats);
        self.attach_final_replay(row, seats, &mut reply).await;
        if let Err(e) = self.rate_game(row.id).await {
            // Rated later, before the next leaderboard is shown.
            tracing::warn!(game = %row.id, "rating a game that ended early: {e:?}");
        }
        reply
    }
}

/// In a game of two, the asker's seat (`user`'s) and the other player's; `None` in a game
/// of any other count.
///
/// # Errors
/// [`UserError::NotSeated`] when `user` has no seat.
pub(super) fn me_and_other<'s>(
    seats: &'s [SeatRow],
    user: &str,
) -> Res<Option<(&'s SeatRow, &'s SeatRow)>> {
    let me = seats
        .iter()
        .find(|s| s.user_id == user)
        .ok_or(ServiceError::User(UserError::NotSeated))?;
    let [first, second] = seats else {
        return Ok(None);
    };
    Ok(Some((
        me,
        if me.seat == first.seat { second } else { first },
    )))
}

/// `reply` where the game's players read it: asked from elsewhere (a private chat where
/// the asker plays in private), the asker gets a note and the group the post.
pub(super) fn in_game_chat(ctx: &Ctx, row: &GameRow, reply: Reply, lang: Lang) -> Reply {
    if ctx.scope == row.scope {
        return reply;
    }
    let mut note = Reply::private(tr!(lang, "draw-told-in-group"));
    note.elsewhere.push(Outgoing {
        scope: row.scope.clone(),
        reply,
    });
    note
}
