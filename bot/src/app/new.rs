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
        let module = games::of(kind);
        let words = module.lobby_settings(&o.words).map_err(|e| {
            // `/new gatos`: a misspelt game, not a layout the default game cannot read.
            if o.game.is_none()
                && let Some(word) = o.words.first().filter(|w| looks_like_a_name(w))
                && module.lobby_settings(std::slice::from_ref(word)).is_err()
            {
                return UserError::UnknownGame(word.clone());
            }
            match e {
                games::OptionError::Words(p) => UserError::from(OptionProblem::Game(p)),
                games::OptionError::Settings(e) => UserError::GameOption(e),
            }
        })?;
        let settings = words.settings;
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
        let (opponent, side) = match module.profile().takes_challenges {
            true => (o.opponent.as_ref(), words.side),
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
        let mut reply = Reply::text(module.lobby_open(&open, lang));
        // The challenged person is told: the post names them, and pings them alone.
        reply.notify = opponent.map(|i| i.id.clone()).into_iter().collect();
        Ok(reply)
    }
}

/// Whether a word `/new` did not read could be a game's name (letters, perhaps a dash),
/// rather than one of the default game's own words gone wrong (a layout like `##/#`).
fn looks_like_a_name(word: &str) -> bool {
    word.chars().count() >= 2
        && word
            .chars()
            .all(|c| c.is_alphabetic() || c == '-' || c == '_')
}
