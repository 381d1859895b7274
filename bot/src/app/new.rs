//! `/new [GAME] [options]`: a lobby for the whole chat, or a challenge to one person; its
//! options are read, and the lobby announced, by its game (`games/`).

use super::{
    Ctx, GameStore, NewGame, NewOptions, OptionProblem, Reply, Res, SeatRow, Service, ServiceError,
    StoreError, UserError, any_game_name, cap_name, commitment,
};
use crate::games;

impl<S: GameStore> Service<S> {
    /// `/new [GAME] [options]`: a lobby for the whole chat, or a challenge to one person
    /// (in a game that takes them); the creator takes the first seat.
    pub(super) async fn new_game(&self, ctx: &Ctx, o: NewOptions) -> Res<Reply> {
        if let Some(row) = self.store.live_game(&ctx.scope).await? {
            return Err(UserError::GameHere(any_game_name(row.kind, row.id)).into());
        }
        let kind = o.game.unwrap_or(games::DEFAULT_GAME);
        let settings = games::lobby_settings(kind, &o).map_err(|e| match e {
            games::OptionError::Words(p) => UserError::from(OptionProblem::Game(p)),
            games::OptionError::Settings(e) => UserError::GameOption(e),
        })?;
        let seats = kind
            .seats(&settings)
            .map_err(|e| ServiceError::User(UserError::GameOption(e)))?;
        let max = match o.players {
            None => *seats.end(),
            Some(n) if seats.contains(&usize::from(n)) => usize::from(n),
            Some(n) => {
                return Err(UserError::from(OptionProblem::Players {
                    value: n,
                    min: *seats.start(),
                    max: *seats.end(),
                })
                .into());
            }
        };
        let (opponent, side) = match games::takes_challenges(kind) {
            true => (o.opponent.as_ref(), o.side.as_deref()),
            false => (None, None),
        };
        let seed = self.seed.clone().unwrap_or_else(crate::random_seed);
        // The creator's own language, not the chat's: it speaks for the game only while
        // the chat has no default.
        let creator_lang = self.own_lang(ctx).await;
        let new = NewGame {
            scope: ctx.scope.clone(),
            name: String::new(),
            kind,
            settings: settings.clone(),
            max_players: u8::try_from(max).unwrap_or(8),
            seed_hash: commitment(&seed),
            seed,
            creator: ctx.user_id.clone(),
            now: self.clock.now(),
            language: creator_lang.map(|l| l.tag().into()),
            invited: opponent.map(|i| i.id.clone()),
            creator_side: side.map(str::to_string),
        };
        let seat = SeatRow {
            seat: 0,
            user_id: ctx.user_id.clone(),
            display_name: cap_name(&ctx.user_name),
            policy: None,
        };
        let id = match self.store.create_game(&new, &seat).await {
            Err(StoreError::ScopeBusy) => {
                let row = self.live(&ctx.scope).await?;
                return Err(UserError::GameHere(any_game_name(row.kind, row.id)).into());
            }
            r => r?,
        };
        let lang = self
            .chat_default(&ctx.scope)
            .await
            .or(creator_lang)
            .unwrap_or_default();
        let open = games::LobbyOpen {
            title: &any_game_name(kind, id),
            settings: &settings,
            max: new.max_players,
            who: &seat.display_name,
            opponent: opponent.map(|i| i.name.as_str()),
            side,
        };
        Ok(Reply::text(games::lobby_open(kind, &open, lang)))
    }
}
