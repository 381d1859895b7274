//! The store in memory: a second implementation of [`GameStore`] with the same promises as
//! the SQLite one — one live game per chat scope, a turn written once and only at the
//! expected number, a delivery applied once, timers replaced only if unchanged, ratings
//! never written over newer ones — and no files or SQL. The service's unit tests run on it,
//! and the store's contract tests (`contract.rs`) run on both, so neither can drift.
//!
//! Every operation takes one lock and checks everything before it changes anything, which
//! is what a transaction gives the SQLite store.

use std::{
    collections::{BTreeMap, HashMap, HashSet},
    sync::{Mutex, MutexGuard},
};

use labscape_core::GameKind;

mod boards;

use super::{
    ActionRow, AgreedEnd, ChatScope, DrawOffer, GameId, GameRow, GameStatus, GameStore, MessageKey,
    NewGame, PastResult, RatingRow, RatingSave, ResultRow, SeatRow, StoreError, StoreResult,
    TimerRow, Timing, TurnWrite, UserPrefs,
};

/// Games, seats, turns and preferences in memory; lost when dropped.
#[derive(Debug, Default)]
pub struct MemoryStore {
    inner: Mutex<Tables>,
}

#[derive(Debug, Default)]
struct Tables {
    last_id: i64,
    games: BTreeMap<GameId, GameRow>,
    seats: HashMap<GameId, Vec<SeatRow>>,
    actions: HashMap<GameId, Vec<ActionRow>>,
    snapshots: HashMap<GameId, BTreeMap<i64, String>>,
    timers: BTreeMap<GameId, TimerRow>,
    /// Per game: the turn whose post is owed and since when.
    outbox: BTreeMap<GameId, (i64, i64)>,
    handled: HashSet<MessageKey>,
    results: HashMap<GameId, Vec<ResultRow>>,
    rated: HashSet<GameId>,
    /// By (platform, user id, game).
    ratings: HashMap<(String, String, GameKind), RatingRow>,
    prefs: HashMap<(String, String), UserPrefs>,
    chat_languages: HashMap<ChatScope, Option<String>>,
    draw_offers: HashMap<GameId, DrawOffer>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    fn tables(&self) -> MutexGuard<'_, Tables> {
        // A panic while holding the lock leaves whole rows (every change is checked first).
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Tables {
    fn game_mut(&mut self, id: GameId) -> StoreResult<&mut GameRow> {
        self.games
            .get_mut(&id)
            .ok_or_else(|| StoreError::Corrupt(format!("no game {id}")))
    }

    fn put_timer(&mut self, game: GameId, timer: Option<&TimerRow>) {
        match timer {
            Some(t) => {
                self.timers.insert(game, t.clone());
            }
            None => {
                self.timers.remove(&game);
            }
        }
    }

    fn put_results(&mut self, game: GameId, results: &[ResultRow]) {
        if !results.is_empty() {
            let rows = self.results.entry(game).or_default();
            rows.extend(results.iter().cloned());
            rows.sort_by_key(|r| r.seat);
        }
    }
}

fn is_live(status: GameStatus) -> bool {
    matches!(status, GameStatus::Lobby | GameStatus::Running)
}

impl GameStore for MemoryStore {
    async fn create_game(&self, g: &NewGame, creator: &SeatRow) -> StoreResult<GameId> {
        let mut t = self.tables();
        if t.games
            .values()
            .any(|x| x.scope == g.scope && is_live(x.status))
        {
            return Err(StoreError::ScopeBusy);
        }
        t.last_id += 1;
        let id = GameId(t.last_id);
        t.games.insert(
            id,
            GameRow {
                id,
                scope: g.scope.clone(),
                name: g.name.clone(),
                status: GameStatus::Lobby,
                kind: g.kind,
                settings: g.settings.clone(),
                max_players: g.max_players,
                seed: g.seed.clone(),
                seed_hash: g.seed_hash.clone(),
                creator: g.creator.clone(),
                turn: 0,
                created_at: g.now,
                updated_at: g.now,
                timing: Timing::default(),
                language: g.language.clone(),
                invited: g.invited.clone(),
                creator_side: g.creator_side.clone(),
            },
        );
        t.seats.insert(
            id,
            vec![SeatRow {
                seat: 0,
                ..creator.clone()
            }],
        );
        Ok(id)
    }

    async fn live_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>> {
        let t = self.tables();
        Ok(t.games
            .values()
            .find(|g| g.scope == *scope && is_live(g.status))
            .cloned())
    }

    async fn last_ended_game(&self, scope: &ChatScope) -> StoreResult<Option<GameRow>> {
        let t = self.tables();
        // A game that started has its first snapshot; an abandoned lobby has none.
        let ended = |g: &GameRow| match g.status {
            GameStatus::Over => true,
            GameStatus::Abandoned => t.snapshots.contains_key(&g.id),
            GameStatus::Lobby | GameStatus::Running => false,
        };
        Ok(t.games
            .values()
            .filter(|g| g.scope == *scope && ended(g))
            .max_by_key(|g| (g.updated_at, g.id))
            .cloned())
    }

    async fn game(&self, id: GameId) -> StoreResult<Option<GameRow>> {
        Ok(self.tables().games.get(&id).cloned())
    }

    async fn running_games(&self) -> StoreResult<Vec<GameId>> {
        let t = self.tables();
        Ok(t.games
            .values()
            .filter(|g| g.status == GameStatus::Running)
            .map(|g| g.id)
            .collect())
    }

    async fn seats(&self, id: GameId) -> StoreResult<Vec<SeatRow>> {
        Ok(self.tables().seats.get(&id).cloned().unwrap_or_default())
    }

    async fn add_seat(&self, id: GameId, seat: &SeatRow, max: u8) -> StoreResult<bool> {
        let mut t = self.tables();
        let seats = t.seats.entry(id).or_default();
        if seats.len() >= usize::from(max) {
            return Ok(false);
        }
        if seats.iter().any(|s| s.user_id == seat.user_id) {
            return Err(StoreError::AlreadySeated);
        }
        let n = seats.len() as u8;
        seats.push(SeatRow {
            seat: n,
            ..seat.clone()
        });
        Ok(true)
    }

    async fn reseat(&self, id: GameId, order: &[String]) -> StoreResult<()> {
        let mut t = self.tables();
        let seats = t.seats.entry(id).or_default();
        let mut placed = Vec::with_capacity(seats.len());
        for (n, user) in order.iter().enumerate() {
            if let Some(s) = seats.iter().find(|s| s.user_id == *user) {
                placed.push(SeatRow {
                    seat: n as u8,
                    ..s.clone()
                });
            }
        }
        if placed.len() != seats.len() {
            return Err(StoreError::Corrupt(format!(
                "game {id}: reseating left {} seats out",
                seats.len() - placed.len()
            )));
        }
        *seats = placed;
        Ok(())
    }

    async fn remove_seat(&self, id: GameId, user_id: &str) -> StoreResult<bool> {
        let mut t = self.tables();
        let seats = t.seats.entry(id).or_default();
        let Some(at) = seats.iter().position(|s| s.user_id == user_id) else {
            return Ok(false);
        };
        seats.remove(at);
        for (n, s) in seats.iter_mut().enumerate() {
            s.seat = n as u8;
        }
        Ok(true)
    }

    async fn start_game(
        &self,
        id: GameId,
        snapshot: &str,
        timer: Option<&TimerRow>,
        now: i64,
    ) -> StoreResult<()> {
        let mut t = self.tables();
        let g = t.game_mut(id)?;
        if g.status != GameStatus::Lobby {
            return Err(StoreError::Conflict);
        }
        g.status = GameStatus::Running;
        g.updated_at = now;
        t.snapshots
            .entry(id)
            .or_default()
            .insert(0, snapshot.to_string());
        t.put_timer(id, timer);
        t.outbox.insert(id, (0, now));
        Ok(())
    }

    async fn posted(&self, id: GameId, turn: i64) -> StoreResult<()> {
        let mut t = self.tables();
        if t.outbox.get(&id).is_some_and(|(owed, _)| *owed <= turn) {
            t.outbox.remove(&id);
        }
        Ok(())
    }

    async fn owed_posts(&self, since_before: i64, now: i64) -> StoreResult<Vec<(GameId, i64)>> {
        let mut t = self.tables();
        let mut out = Vec::new();
        for (id, (turn, since)) in t.outbox.iter_mut() {
            if *since <= since_before {
                *since = now;
                out.push((*id, *turn));
            }
        }
        Ok(out)
    }

    async fn set_timing(&self, id: GameId, timing: &Timing) -> StoreResult<()> {
        let mut t = self.tables();
        if let Some(g) = t.games.get_mut(&id) {
            g.timing = *timing;
        }
        Ok(())
    }

    async fn timer(&self, id: GameId) -> StoreResult<Option<TimerRow>> {
        Ok(self.tables().timers.get(&id).cloned())
    }

    async fn update_timer(&self, old: &TimerRow, new: Option<&TimerRow>) -> StoreResult<bool> {
        let mut t = self.tables();
        if t.timers.get(&old.game) != Some(old) {
            return Ok(false);
        }
        t.put_timer(old.game, new);
        Ok(true)
    }

    async fn due_timers(&self, now: i64) -> StoreResult<Vec<TimerRow>> {
        let t = self.tables();
        let due = |at: Option<i64>| at.is_some_and(|at| at <= now);
        Ok(t.timers
            .values()
            .filter(|x| due(x.next_reminder) || due(x.deadline_at))
            .cloned()
            .collect())
    }

    async fn next_due(&self) -> StoreResult<Option<i64>> {
        let t = self.tables();
        Ok(t.timers
            .values()
            .flat_map(|x| [x.next_reminder, x.deadline_at])
            .flatten()
            .min())
    }

    async fn oldest_owed_post(&self) -> StoreResult<Option<i64>> {
        Ok(self.tables().outbox.values().map(|(_, since)| *since).min())
    }

    async fn timers_for_user(&self, user_id: &str) -> StoreResult<Vec<TimerRow>> {
        let t = self.tables();
        Ok(t.timers
            .values()
            .filter(|x| x.user_id == user_id)
            .cloned()
            .collect())
    }

    async fn set_status(&self, id: GameId, status: GameStatus, now: i64) -> StoreResult<()> {
        let mut t = self.tables();
        if let Some(g) = t.games.get_mut(&id) {
            g.status = status;
            g.updated_at = now;
        }
        if !is_live(status) {
            t.put_timer(id, None);
        }
        Ok(())
    }

    async fn append_turn(&self, w: &TurnWrite) -> StoreResult<()> {
        let mut t = self.tables();
        if let Some(m) = &w.message
            && t.handled.contains(m)
        {
            return Err(StoreError::Duplicate);
        }
        let next = w.last_turn();
        let current = t.games.get(&w.game);
        if current.is_none_or(|g| g.turn != w.expected_turn || g.status != GameStatus::Running) {
            return Err(StoreError::Conflict);
        }
        let actions = t.actions.entry(w.game).or_default();
        if actions.iter().any(|a| a.seq > w.expected_turn) {
            return Err(StoreError::Conflict);
        }
        actions.extend(w.numbered().map(|(seq, a)| ActionRow { seq, ..a.clone() }));
        let g = t.game_mut(w.game)?;
        g.turn = next;
        g.status = w.status;
        g.updated_at = w.action.at;
        if let Some(m) = &w.message {
            t.handled.insert(m.clone());
        }
        if let Some(snap) = &w.snapshot {
            t.snapshots
                .entry(w.game)
                .or_default()
                .insert(next, snap.clone());
        }
        t.put_timer(w.game, w.timer.as_ref());
        t.outbox.insert(w.game, (next, w.action.at));
        t.put_results(w.game, &w.results);
        Ok(())
    }

    async fn end_by_agreement(&self, end: &AgreedEnd) -> StoreResult<()> {
        let mut t = self.tables();
        if let Some(m) = &end.message
            && t.handled.contains(m)
        {
            return Err(StoreError::Duplicate);
        }
        let g = t.game_mut(end.game)?;
        if g.turn != end.turn || g.status != GameStatus::Running {
            return Err(StoreError::Conflict);
        }
        g.status = GameStatus::Over;
        g.updated_at = end.at;
        if let Some(m) = &end.message {
            t.handled.insert(m.clone());
        }
        t.put_timer(end.game, None);
        t.put_results(end.game, &end.results);
        t.draw_offers.remove(&end.game);
        Ok(())
    }

    async fn draw_offer(&self, id: GameId) -> StoreResult<Option<DrawOffer>> {
        Ok(self.tables().draw_offers.get(&id).copied())
    }

    async fn set_draw_offer(&self, id: GameId, offer: Option<DrawOffer>) -> StoreResult<()> {
        let mut t = self.tables();
        match offer {
            Some(o) => t.draw_offers.insert(id, o),
            None => t.draw_offers.remove(&id),
        };
        Ok(())
    }

    async fn actions(&self, id: GameId, after: i64) -> StoreResult<Vec<ActionRow>> {
        let t = self.tables();
        Ok(t.actions
            .get(&id)
            .map(|a| a.iter().filter(|a| a.seq > after).cloned().collect())
            .unwrap_or_default())
    }

    async fn snapshot(&self, id: GameId, turn: i64) -> StoreResult<Option<(i64, String)>> {
        let t = self.tables();
        Ok(t.snapshots
            .get(&id)
            .and_then(|s| s.range(..=turn).next_back())
            .map(|(seq, doc)| (*seq, doc.clone())))
    }

    async fn handled(&self, key: &MessageKey) -> StoreResult<bool> {
        Ok(self.tables().handled.contains(key))
    }

    async fn mark_handled(
        &self,
        key: &MessageKey,
        _game: Option<GameId>,
        _now: i64,
    ) -> StoreResult<bool> {
        Ok(self.tables().handled.insert(key.clone()))
    }

    async fn results(&self, id: GameId) -> StoreResult<Vec<ResultRow>> {
        Ok(self.tables().results.get(&id).cloned().unwrap_or_default())
    }

    async fn chat_results(&self, scope: &ChatScope) -> StoreResult<Vec<PastResult>> {
        let t = self.tables();
        Ok(t.past_results(&scope.platform, |g, _| g.scope == *scope))
    }

    async fn user_results(&self, platform: &str, user_id: &str) -> StoreResult<Vec<PastResult>> {
        let t = self.tables();
        Ok(t.past_results(platform, |g, r| {
            g.scope.platform == platform && r.user_id == user_id
        }))
    }

    async fn ratings_of(
        &self,
        platform: &str,
        game: GameKind,
        user_ids: &[String],
    ) -> StoreResult<Vec<RatingRow>> {
        let t = self.tables();
        Ok(user_ids
            .iter()
            .filter_map(|u| {
                t.ratings
                    .get(&(platform.to_string(), u.clone(), game))
                    .cloned()
            })
            .collect())
    }

    async fn save_ratings(
        &self,
        game_id: GameId,
        platform: &str,
        rows: &[RatingRow],
    ) -> StoreResult<RatingSave> {
        let mut t = self.tables();
        if t.rated.contains(&game_id) {
            return Ok(RatingSave::AlreadyRated);
        }
        let key = |r: &RatingRow| (platform.to_string(), r.user_id.clone(), r.game);
        let fits = rows.iter().all(|r| match t.ratings.get(&key(r)) {
            None => r.games <= 1,
            Some(stored) => r.games > 1 && stored.games == r.games - 1,
        });
        if !fits {
            return Ok(RatingSave::Changed);
        }
        t.rated.insert(game_id);
        for r in rows {
            t.ratings.insert(key(r), r.clone());
        }
        Ok(RatingSave::Saved)
    }

    async fn unrated_games(&self, platform: &str, kinds: &[GameKind]) -> StoreResult<Vec<GameId>> {
        let t = self.tables();
        let mut games: Vec<&GameRow> = t
            .games
            .values()
            .filter(|g| {
                g.scope.platform == platform
                    && g.status == GameStatus::Over
                    && kinds.contains(&g.kind)
                    && t.results.get(&g.id).is_some_and(|r| r.len() == 2)
                    && !t.rated.contains(&g.id)
            })
            .collect();
        games.sort_by_key(|g| (g.updated_at, g.id));
        Ok(games.into_iter().map(|g| g.id).collect())
    }

    async fn chat_ratings(
        &self,
        scope: &ChatScope,
        game: GameKind,
        limit: usize,
    ) -> StoreResult<Vec<RatingRow>> {
        Ok(self.tables().chat_ratings(scope, game, limit))
    }

    async fn user_ratings(&self, platform: &str, user_id: &str) -> StoreResult<Vec<RatingRow>> {
        let t = self.tables();
        let mut rows: Vec<RatingRow> = t
            .ratings
            .iter()
            .filter(|((p, u, _), _)| p == platform && u == user_id)
            .map(|(_, r)| r.clone())
            .collect();
        rows.sort_by_key(|r| r.game.id());
        Ok(rows)
    }

    async fn prefs(&self, platform: &str, user_id: &str) -> StoreResult<UserPrefs> {
        let t = self.tables();
        Ok(t.prefs
            .get(&(platform.to_string(), user_id.to_string()))
            .cloned()
            .unwrap_or_default())
    }

    async fn set_prefs(&self, platform: &str, user_id: &str, prefs: &UserPrefs) -> StoreResult<()> {
        self.tables()
            .prefs
            .insert((platform.to_string(), user_id.to_string()), prefs.clone());
        Ok(())
    }

    async fn chat_language(&self, scope: &ChatScope) -> StoreResult<Option<String>> {
        let t = self.tables();
        let whole = ChatScope {
            thread: String::new(),
            ..scope.clone()
        };
        Ok([scope, &whole]
            .into_iter()
            .find_map(|s| t.chat_languages.get(s).cloned().flatten()))
    }

    async fn set_chat_language(
        &self,
        scope: &ChatScope,
        language: Option<&str>,
    ) -> StoreResult<()> {
        self.tables()
            .chat_languages
            .insert(scope.clone(), language.map(str::to_string));
        Ok(())
    }
}
