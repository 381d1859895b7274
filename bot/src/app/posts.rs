//! A game's post for each reader: the group's (from the public view, with the "your move"
//! button of a player who plays in private), a private player's prompt and answer (from
//! their own view), and the turn image drawn for each; what may be read by whom is
//! `audience.rs`.

use std::sync::Arc;

use labscape_core::{AnyGame, Audience, Seat};

use super::{
    Button, Mention, Outgoing, PROMPT, Reply, Res, Service, TurnImageKey, Visibility, Whisper,
    any_game_name, audience, early_end, timers,
    turns::{Played, names},
    who_from_prefs,
};
use crate::{
    games::{self, TurnPicture},
    i18n::{Lang, tr},
    store::{GameRow, GameStore, SeatRow},
};

impl<S: GameStore> Service<S> {
    /// The answer to a player who played in private: their own view of the turn (with
    /// their buttons when they are to act again), alone; the public post goes to the
    /// game's chat beside it, and the others' whispers with it.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn answered_in_private(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &AnyGame,
        played: &Played,
        me: Seat,
        mut public: Reply,
        lang: Lang,
    ) -> Reply {
        let my_id = seats.get(me.index()).map(|s| s.user_id.as_str());
        let mut mine = match public
            .whispers
            .iter()
            .position(|w| Some(w.to.user_id.as_str()) == my_id)
        {
            Some(i) => public.whispers.remove(i).reply,
            None => {
                self.post_for(row, seats, game, played, None, Audience::Seat(me), lang)
                    .await
            }
        };
        mine.whispers = std::mem::take(&mut public.whispers);
        mine.elsewhere.push(Outgoing {
            scope: row.scope.clone(),
            reply: public,
        });
        mine
    }

    /// The post of a game at its current turn, for the whole chat: the heading, the story,
    /// who is next (or how it ended), the image, the buttons, the mention; all of it from
    /// the public view. A player who plays in private gets a "your move" button instead of
    /// their buttons, and their prompt as a whisper. A reply that tells no turn
    /// (`/status`, an owed post) shows the image as it was posted, drawn once.
    pub(super) async fn turn_reply(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &AnyGame,
        played: &Played,
        lang: Lang,
    ) -> Reply {
        self.turn_reply_noted(row, seats, game, played, None, lang)
            .await
    }

    /// [`Service::turn_reply`] with the away notes already read (`None`: read them here, for
    /// a game whose image shows them).
    pub(super) async fn turn_reply_noted(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &AnyGame,
        played: &Played,
        notes: Option<Vec<Option<String>>>,
        lang: Lang,
    ) -> Reply {
        let module = games::of(row.kind);
        let mut reply = self
            .post_for(row, seats, game, played, notes, Audience::Public, lang)
            .await;
        let over = game.is_over() || early_end::ended_early(row, game);
        reply.mention = game
            .to_move()
            .filter(|_| !over)
            .and_then(|s| seats.get(s.index()))
            .filter(|s| s.policy.is_none())
            .map(|s| Mention {
                user_id: s.user_id.clone(),
                name: s.display_name.clone(),
            })
            .into_iter()
            .collect();
        reply.posts_turn = Some((row.id, row.turn));
        reply.buttons = match private_seat(game) {
            _ if over => Vec::new(),
            // Nothing of a private player's in public: a "your move" button gives their
            // prompt to them alone.
            Some(next) => human(seats, next)
                .map(|player| {
                    vec![vec![Button::new(
                        tr!(
                            lang,
                            "private-your-move",
                            who = player.display_name.as_str()
                        ),
                        PROMPT,
                    )]]
                })
                .unwrap_or_default(),
            _ => {
                let mut rows = module.public_buttons(game, lang);
                // Actions are public, hands are not: any player's own view, on request.
                if module.profile().public_actions && game.has_secrets() {
                    rows.push(vec![Button::new(tr!(lang, "private-my-view"), PROMPT)]);
                }
                rows
            }
        };
        reply
    }

    /// The prompt of the player to act when they play in private (their view of the turn,
    /// their buttons), for them alone: none otherwise. In a game whose actions are public,
    /// every player who may read more than the group gets their own view: the player to act
    /// when they hold something (with their buttons), and whoever this turn told more.
    pub(super) async fn prompts(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &AnyGame,
        played: &Played,
        lang: Lang,
    ) -> Vec<Whisper> {
        let module = games::of(row.kind);
        let due: Vec<&SeatRow> = if module.profile().public_actions {
            let next = game.to_move().filter(|_| !game.is_over());
            seats
                .iter()
                .filter(|s| s.policy.is_none())
                .filter(|s| {
                    let seat = Seat(s.seat);
                    (next == Some(seat) && audience::sees_more(game, seat))
                        || played.tells_more(Audience::Seat(seat))
                })
                .collect()
        } else {
            private_player(game, seats).into_iter().collect()
        };
        let mut whispers = Vec::new();
        for player in due {
            let seat = Seat(player.seat);
            let mut prompt = self
                .post_for(row, seats, game, played, None, Audience::Seat(seat), lang)
                .await;
            if game.to_move() == Some(seat) && !game.is_over() {
                prompt.buttons = module.buttons(game, lang);
            }
            whispers.push(Whisper {
                to: Mention {
                    user_id: player.user_id.clone(),
                    name: player.display_name.clone(),
                },
                chat: row.scope.clone(),
                reply: prompt,
            });
        }
        whispers
    }

    /// A post of the game as `audience` may read it, without buttons or mentions: the
    /// heading, the story as the audience may learn it, who is next, the image of its
    /// view. A seat's post is [`Visibility::Secret`].
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn post_for(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &AnyGame,
        played: &Played,
        notes: Option<Vec<Option<String>>>,
        audience: Audience,
        lang: Lang,
    ) -> Reply {
        let title = any_game_name(row.kind, row.id);
        let names = names(seats);
        let module = games::of(row.kind);
        let shown = audience::shown(game, audience);
        let mut text = games::heading(&title, row.turn, lang);
        for line in played.story(row.kind, &names, audience, lang) {
            text.push('\n');
            text.push_str(&line);
        }
        let early = self.early_end(row, game).await.ok().flatten();
        let next = match &early {
            Some(end) => Some(end.line(lang)),
            None => module.next_line(&shown, &names, lang),
        };
        if let Some(next) = next {
            text.push('\n');
            text.push_str(&next);
        }
        if game.is_over() || early.is_some() {
            text.push('\n');
            text.push_str(&tr!(
                lang,
                if module.profile().has_dice {
                    "game-over-seed"
                } else {
                    "game-over-seed-plain"
                },
                seed = row.seed.as_str(),
                hash = row.seed_hash.as_str()
            ));
        }
        let image = self
            .turn_image(row, seats, &shown, played, notes, audience, lang)
            .await;
        Reply {
            image,
            turn: Some((row.id, row.turn)),
            lang,
            names,
            visibility: match audience {
                Audience::Public => Visibility::Public,
                Audience::Seat(_) => Visibility::Secret,
            },
            ..Reply::text(text)
        }
    }

    /// The image of `shown` (the view of `audience`) with what `audience` may learn of the
    /// turn; the latest is kept per game and audience.
    #[allow(clippy::too_many_arguments)]
    async fn turn_image(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        shown: &AnyGame,
        played: &Played,
        notes: Option<Vec<Option<String>>>,
        audience: Audience,
        lang: Lang,
    ) -> Option<Vec<u8>> {
        let render = self.renderer.clone()?;
        let notes = match notes {
            Some(notes) => notes,
            // The turn is committed: a note that cannot be read is left off the image.
            None if games::of(row.kind).profile().shows_notes => {
                self.away_notes(row, seats, lang).await.unwrap_or_else(|e| {
                    tracing::warn!(game = %row.id, error = ?e, "away notes for the image");
                    Vec::new()
                })
            }
            None => Vec::new(),
        };
        // Only the public image is kept: a seat's view is drawn for that seat alone.
        let public = audience == Audience::Public;
        let key = TurnImageKey {
            turn: row.turn,
            lang,
            notes: notes.clone(),
        };
        if public
            && played.tells_nothing()
            && let Some(png) = self.turn_images.get(row.id, &key)
        {
            return Some(png.as_ref().clone());
        }
        let (actions, events) = played.seen_by(audience);
        let picture = TurnPicture {
            game: shown.clone(),
            actions,
            events,
            names: names(seats),
            title: any_game_name(row.kind, row.id),
            notes,
            lang,
        };
        let png = tokio::task::spawn_blocking(move || render(&picture))
            .await
            .ok()
            .filter(|png| !png.is_empty())?;
        if public {
            self.turn_images.put(row.id, key, Arc::new(png.clone()));
        }
        Some(png)
    }

    /// Per seat, in seat order: "away until …" (in the player's own time zone) for players
    /// away now, for `/status` and the turn image's player table.
    pub(super) async fn away_notes(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        lang: Lang,
    ) -> Res<Vec<Option<String>>> {
        let now = self.clock.now();
        let mut notes = Vec::with_capacity(seats.len());
        for s in seats {
            let p = self.store.prefs(&row.scope.platform, &s.user_id).await?;
            let who = who_from_prefs(&p);
            notes.push(p.away_until.filter(|a| *a > now).map(|a| {
                tr!(
                    lang,
                    "note-away",
                    until = timers::format_time(a, who.tz, lang)
                )
            }));
        }
        Ok(notes)
    }
}

/// The seat to act next when it plays in private (`audience::plays_in_private`).
fn private_seat(game: &AnyGame) -> Option<Seat> {
    game.to_move()
        .filter(|next| !game.is_over() && audience::plays_in_private(game, *next))
}

/// The person (not a computer player) in `seat`.
fn human(seats: &[SeatRow], seat: Seat) -> Option<&SeatRow> {
    seats.get(seat.index()).filter(|s| s.policy.is_none())
}

/// The person to act next when they play in private.
fn private_player<'s>(game: &AnyGame, seats: &'s [SeatRow]) -> Option<&'s SeatRow> {
    human(seats, private_seat(game)?)
}
