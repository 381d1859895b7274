//! `/draw`: the two players of a game agree a draw. One offers (`/draw`); the other
//! accepts (`/draw`, or the button under the offer) and the game ends drawn: both placed
//! first, rated as a draw. `/draw no` declines the offer, or takes one's own back; the
//! other player's next action declines it too. A computer player never agrees: it plays
//! every game to its end.
//!
//! Nothing of it is in the game's position, which knows only the rules: the offer is kept
//! beside the game (a restart keeps it), and the ending is the game's status with its
//! results (`early_end.rs`).

use super::{
    AGREED_DRAW, Button, Call, Ctx, DrawAnswer, GameStatus, GameStore, Mention, MessageKey, Reply,
    Res, Service, ServiceError, Style, UserError, any_game_name,
    early_end::{in_game_chat, me_and_other},
    messages::DrawProblem,
    turns::names,
};
use crate::{
    games,
    i18n::{Lang, tr},
    store::{AgreedEnd, DrawOffer, GameRow, ResultRow, SeatRow},
};

/// The payload of the button that accepts a standing offer.
pub const DRAW_YES: &str = "draw";
/// The payload of the button that declines it.
pub const DRAW_NO: &str = "nodraw";

impl<S: GameStore> Service<S> {
    /// `/draw` (and its buttons): offers, accepts, declines or takes back a draw in the
    /// chat's game, answered in the game's chat.
    pub(super) async fn draw_cmd(
        &self,
        ctx: &Ctx,
        answer: DrawAnswer,
        key: Option<MessageKey>,
    ) -> Res<Reply> {
        let row = self.game_for(ctx).await?;
        if row.status == GameStatus::Lobby {
            return Err(UserError::NotStarted.into());
        }
        let refused = |p| ServiceError::User(UserError::Draw(p));
        let title = any_game_name(row.kind, row.id);
        if !games::of(row.kind).profile().agrees_draws {
            return Err(refused(DrawProblem::NotThisGame(title)));
        }
        let slot = self.slot(row.id);
        let mut guard = slot.lock().await;
        let row = self.locked_row(row, &guard).await?;
        if row.status != GameStatus::Running {
            return Err(UserError::NoGame.into());
        }
        let seats = self.seats_at(&row, &guard).await?;
        let Some((me, other)) = me_and_other(&seats, &ctx.user_id)? else {
            return Err(refused(DrawProblem::NotThisGame(title)));
        };
        let lang = self.chat_lang(&row.scope, Some(&row)).await;
        let offer = self.standing_offer(&row).await?;
        let who = me.display_name.as_str();
        let reply = match (answer, offer) {
            (DrawAnswer::Yes, Some(o)) if o.seat == other.seat => {
                let end = AgreedEnd {
                    game: row.id,
                    turn: row.turn,
                    results: drawn(&seats),
                    message: key,
                    at: self.clock.now(),
                };
                self.store.end_by_agreement(&end).await?;
                // The game is over: nothing of it stays cached as running.
                *guard = None;
                drop(guard);
                let over = GameRow {
                    status: GameStatus::Over,
                    ..row.clone()
                };
                self.agreed_reply(&over, &seats, me, other, lang).await
            }
            (DrawAnswer::Yes, Some(_)) => {
                return Err(refused(DrawProblem::AlreadyOffered(
                    other.display_name.clone(),
                )));
            }
            (DrawAnswer::Yes, None) if other.policy.is_some() => {
                return Err(refused(DrawProblem::Computer(other.display_name.clone())));
            }
            (DrawAnswer::Yes, None) => {
                let offer = DrawOffer {
                    seat: me.seat,
                    turn: row.turn,
                    at: self.clock.now(),
                };
                self.store.set_draw_offer(row.id, Some(offer)).await?;
                offer_reply(&row, me, other, lang)
            }
            (DrawAnswer::No, Some(o)) => {
                self.store.set_draw_offer(row.id, None).await?;
                let text = if o.seat == me.seat {
                    tr!(lang, "draw-withdrawn", who = who)
                } else {
                    tr!(lang, "draw-declined", who = who)
                };
                Reply::text(text)
            }
            (DrawAnswer::No, None) => return Err(refused(DrawProblem::NoneOffered)),
        };
        let reply = Reply {
            lang,
            names: names(&seats),
            ..reply
        };
        Ok(in_game_chat(ctx, &row, reply, lang))
    }

    /// The offer of a draw that stands in `row`'s game: made, and not answered by the
    /// other player's action since.
    async fn standing_offer(&self, row: &GameRow) -> Res<Option<DrawOffer>> {
        let Some(offer) = self.store.draw_offer(row.id).await? else {
            return Ok(None);
        };
        let since = self.store.actions(row.id, offer.turn).await?;
        Ok(since.iter().all(|a| a.seat == offer.seat).then_some(offer))
    }

    /// The post of a game drawn by agreement: who agreed, then as any game ended early.
    async fn agreed_reply(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        me: &SeatRow,
        other: &SeatRow,
        lang: Lang,
    ) -> Reply {
        let text = tr!(
            lang,
            "draw-agreed",
            who = me.display_name.as_str(),
            other = other.display_name.as_str(),
            game = any_game_name(row.kind, row.id)
        );
        self.ended_early_reply(row, seats, text, lang).await
    }
}

/// Both players placed first, drawn by agreement.
fn drawn(seats: &[SeatRow]) -> Vec<ResultRow> {
    seats
        .iter()
        .map(|s| ResultRow {
            seat: s.seat,
            user_id: s.user_id.clone(),
            display_name: s.display_name.clone(),
            computer: s.policy.is_some(),
            rank: 1,
            finish: AGREED_DRAW.to_string(),
            extra: None,
        })
        .collect()
}

/// The offer, for the group: the other player is called, with buttons to accept or
/// decline.
fn offer_reply(row: &GameRow, me: &SeatRow, other: &SeatRow, lang: Lang) -> Reply {
    let mut reply = Reply::text(tr!(
        lang,
        "draw-offered",
        who = me.display_name.as_str(),
        other = other.display_name.as_str()
    ));
    let mut accept = Button::new(tr!(lang, "draw-button-accept"), DRAW_YES);
    accept.style = Style::Primary;
    reply.buttons = vec![vec![
        accept,
        Button::new(tr!(lang, "draw-button-decline"), DRAW_NO),
    ]];
    reply.turn = Some((row.id, row.turn));
    reply.mention = vec![Mention {
        user_id: other.user_id.clone(),
        name: other.display_name.clone(),
    }];
    reply.call = Call::Answer;
    reply
}
