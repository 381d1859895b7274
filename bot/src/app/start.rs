//! `/start`: the seats put in order (the creator's side), the game drawn from its seed,
//! its first post, and the computer players' turns if they begin.

use labscape_core::{AnyGame, game::parse_options};

use super::{
    Ctx, Deed, Reply, Res, Service, ServiceError, any_game_name, corrupt,
    messages::UserError,
    turns::{Played, doc_json, names},
};
use crate::{
    games,
    store::{GameRow, GameStatus, GameStore, SeatRow},
};

impl<S: GameStore> Service<S> {
    pub(super) async fn start(&self, ctx: &Ctx) -> Res<Reply> {
        let row = self.live(&ctx.scope).await?;
        if row.status != GameStatus::Lobby {
            return Err(UserError::AlreadyStarted.into());
        }
        if row.creator != ctx.user_id {
            return Err(UserError::NotCreator(Deed::Start).into());
        }
        self.start_game(ctx, row).await
    }

    /// `/start`: the game drawn from its seed, its first post, and the computer players'
    /// turns if they start.
    pub(super) async fn start_game(&self, ctx: &Ctx, row: GameRow) -> Res<Reply> {
        let mut seats = self.store.seats(row.id).await?;
        if let Some(order) = seat_order(&row, &seats) {
            self.store.reseat(row.id, &order).await?;
            seats = self.store.seats(row.id).await?;
        }
        let options = parse_options(&row.settings).map_err(|e| corrupt(row.id, e))?;
        let (game, events) = AnyGame::new_game(row.kind, &options, &names(&seats), &row.seed)
            .map_err(|e| match e {
                labscape_core::NewAnyError::Settings(e) => corrupt(row.id, e),
                labscape_core::NewAnyError::Players(e) => ServiceError::User(UserError::BadOption(
                    super::OptionProblem::CannotStart(row.kind.name(), e),
                )),
            })?;
        let slot = self.slot(row.id);
        let guard = slot.lock().await;
        let timer = self.timer_for_seat(&row, &seats, game.to_move(), 0).await?;
        self.store
            .start_game(row.id, &doc_json(&game), timer.as_ref(), self.clock.now())
            .await?;
        let mut row = row;
        row.status = GameStatus::Running;
        let lang = self.chat_lang(&ctx.scope, Some(&row)).await;
        let story = games::of(row.kind).begins(
            &game,
            &any_game_name(row.kind, row.id),
            &row.seed_hash,
            &names(&seats),
            &events,
            lang,
        );
        let played = Played::told(story, events);
        self.finish_turn(
            row,
            seats,
            game,
            played,
            guard,
            super::turns::Answer::Group,
            lang,
        )
        .await
    }
}

/// The seat order a lobby starts in when its creator chose a side (user ids; `None`: as
/// they joined). `random` is decided by the game's seed, so it is fixed from the start
/// and anyone can check it afterwards.
fn seat_order(row: &GameRow, seats: &[SeatRow]) -> Option<Vec<String>> {
    let side = row.creator_side.as_deref()?;
    let creator = seats.iter().position(|s| s.user_id == row.creator)?;
    let want = match side {
        "second" => 1,
        "random" => {
            let digest = labscape_core::commitment(&format!("side:{}", row.seed));
            digest
                .chars()
                .next()
                .and_then(|c| c.to_digit(16))
                .map_or(0, |d| (d & 1) as usize)
        }
        _ => 0,
    };
    if want >= seats.len() || want == creator {
        return None;
    }
    let mut order: Vec<String> = seats.iter().map(|s| s.user_id.clone()).collect();
    order.swap(creator, want);
    Some(order)
}
