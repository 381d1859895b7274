//! Labirinto da Hidra on Discord: three players (Ana and Bo, and a computer player) play a
//! five-round game to its end with `/play` and the 🔒 button, and after every command each
//! person's readable part (the channel's messages, their own ephemeral answers, every
//! button's label and custom id) is checked against the whole truth replayed from the
//! database: nothing names a face-down token, a hand or the bank's artifacts that they may
//! not know, until the game ends. A refusal worded from a hand is answered ephemerally.

use std::collections::{HashMap, HashSet};

use labscape_core::{
    Audience, Game, Seat,
    game::parse_options,
    hidra::{Artifact, Illegal, Position as Hidra},
};

use super::*;

/// The whole truth now, replayed from the database, and per seat every word the events
/// told it (masked for it by the engine: what it explored, took, lost, saw with the Gem).
async fn truth(obs: &Observer, id: GameId) -> (Hidra, Vec<HashSet<String>>) {
    let store = obs.service.store();
    let row = store.game(id).await.unwrap().unwrap();
    let names: Vec<String> = store
        .seats(id)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.display_name)
        .collect();
    let settings = Hidra::settings(&parse_options(&row.settings).unwrap()).unwrap();
    let (mut p, _) = Hidra::new_game(&settings, &names, &row.seed).unwrap();
    let mut told = vec![HashSet::new(); names.len()];
    for a in store.actions(id, 0).await.unwrap() {
        let (_, next, events) = p.apply(Some(Seat(a.seat)), &a.action).unwrap();
        for (i, words) in told.iter_mut().enumerate() {
            let seen = p.mask_events(&next, Audience::Seat(Seat(i as u8)), &events);
            let text = serde_json::to_string(&seen).unwrap();
            words.extend(
                text.split(|c: char| !c.is_alphanumeric())
                    .map(str::to_string),
            );
        }
        p = next;
    }
    (p, told)
}

/// The names seat `me` may not know in `p` (`hidden_from`), less what the events told it.
fn secrets_of(p: &Hidra, me: Seat, told: &HashSet<String>) -> Vec<&'static str> {
    let mut out = p.hidden_from(me);
    out.retain(|w| !told.contains(*w));
    out
}

/// A message as its reader reads it: its words, and every button's label and custom id.
fn words_of(m: &Msg) -> String {
    let mut text = m.content.clone();
    for (label, id, _) in m.buttons() {
        text.push_str(&format!("\n{label} {id}"));
    }
    text
}

/// What each person has read and not yet been checked: the channel's new messages for
/// everyone, and each one's own ephemeral answers.
struct Reads {
    channel: u64,
    public: HashSet<u64>,
    unchecked: HashMap<u64, Vec<String>>,
}

impl Reads {
    fn new(channel: u64) -> Reads {
        Reads {
            channel,
            public: HashSet::new(),
            unchecked: HashMap::new(),
        }
    }

    /// The channel's messages since the last look, read by Ana and Bo alike, and `who`'s
    /// ephemeral answer.
    fn take(&mut self, fake: &FakeDiscord, who: &User, private: &[Msg]) {
        for m in fake.channel_messages(self.channel) {
            if self.public.insert(m.id) {
                for reader in [ANA, BO] {
                    self.unchecked
                        .entry(reader.id)
                        .or_default()
                        .push(words_of(&m));
                }
            }
        }
        let mine = self.unchecked.entry(who.id).or_default();
        mine.extend(private.iter().map(words_of));
    }

    /// Checks everything read since the last check against the truth; returns how many
    /// names were kept from Ana and Bo.
    async fn check(&mut self, obs: &Observer, id: GameId, after: &str) -> usize {
        let (p, told) = truth(obs, id).await;
        let seats = obs.service.store().seats(id).await.unwrap();
        let mut kept = 0;
        for reader in [ANA, BO] {
            let seat = seats
                .iter()
                .find(|s| s.user_id == reader.id.to_string())
                .map(|s| Seat(s.seat))
                .expect("seated");
            let secret = secrets_of(&p, seat, &told[seat.index()]);
            kept += secret.len();
            for text in self.unchecked.remove(&reader.id).unwrap_or_default() {
                for word in &secret {
                    assert!(
                        !text
                            .split(|c: char| !c.is_alphanumeric())
                            .any(|w| w.eq_ignore_ascii_case(word)),
                        "{} reads {word} after {after}: {text}",
                        reader.name
                    );
                }
            }
        }
        kept
    }
}

/// `/play TEXT` as `who`: the ephemeral answer (their own view of a turn that told them
/// more, or a refusal), empty when the turn was only the channel's.
async fn play(fake: &FakeDiscord, who: &User, ch: u64, text: &str) -> Vec<Msg> {
    let token = fake
        .slash(who, ch, &["play"], json!([opt("action", 3, json!(text))]))
        .await;
    fake.answer(&token).await.private
}

/// What the mover plays: the strong computer's choice, and a second action in the same
/// message on every other turn when the turn goes on.
fn turn_text(p: &Hidra, step: usize) -> String {
    let seed = format!("discord/{step}");
    let first = p.choose("strong", &seed).expect("a legal action");
    let (next, _) = p.play(p.to_move().unwrap(), &first).unwrap();
    match next.choose("strong", &format!("{seed}/2")) {
        Some(second) if next.to_move() == p.to_move() && step.is_multiple_of(2) => {
            format!("{first}, {second}")
        }
        _ => first.to_string(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hidra_for_three_is_played_to_its_end_on_discord_and_keeps_each_players_secrets() {
    init_logs();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_in(&dir);
    // A game dealt from a seed: whether a turn tells its mover more than the channel (a
    // token looked at) depends on where the dice fall.
    let seed = std::env::var("HIDRA_E2E_SEED").unwrap_or_else(|_| "discord-hidra".into());
    let bot = Bot::start_seeded(&fake, &db, 1, &seed).await;
    let obs = Observer::open(&db).await;
    let ch = fake.channel("hidra");
    let lobby = slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "new"],
        json!([
            opt("game", 3, json!("hidra")),
            opt("options", 3, json!("players=3 rounds=5"))
        ]),
    )
    .await
    .last();
    assert!(lobby.content.contains("Hidra #1"), "{}", lobby.content);
    slash(&fake, &BO, ch, &["labscape", "join"], json!([]))
        .await
        .last();
    slash(
        &fake,
        &ANA,
        ch,
        &["labscape", "addbot"],
        json!([opt("policy", 3, json!("strong"))]),
    )
    .await
    .last();
    slash(&fake, &ANA, ch, &["labscape", "start"], json!([]))
        .await
        .last();
    let (id, _) = obs.live(&Observer::scope(ch, None)).await.expect("a game");
    let seats = obs.service.store().seats(id).await.unwrap();
    let person = |seat: Seat| {
        [ANA, BO]
            .into_iter()
            .find(|u| seats[seat.index()].user_id == u.id.to_string())
    };
    let mut reads = Reads::new(ch);
    reads.take(&fake, &ANA, &[]);
    let (mut kept, mut refused, mut alone) = (reads.check(&obs, id, "the start").await, false, 0);
    let mut steps = 0;
    for step in 0usize.. {
        assert!(step < 200, "five rounds end");
        let (p, _) = truth(&obs, id).await;
        if p.is_over() {
            steps = step;
            break;
        }
        let who = person(p.to_move().unwrap()).expect("a person is to move");
        // Once, a hand action the mover cannot make: refused to them alone.
        let ring = p.parse_action("use ring 1").unwrap();
        let not_held = Err(Illegal::NotHolding(Artifact::Ring));
        if !refused && p.cost(&ring) == not_held {
            let answer = slash(
                &fake,
                &who,
                ch,
                &["play"],
                json!([opt("action", 3, json!("use ring 1"))]),
            )
            .await
            .private();
            assert!(answer.contains("ring"), "{answer}");
            refused = true;
        }
        let text = turn_text(&p, step);
        let private = play(&fake, &who, ch, &text).await;
        alone += usize::from(!private.is_empty());
        reads.take(&fake, &who, &private);
        kept += reads.check(&obs, id, &text).await;
        // Now and then each person asks for their own view (the 🔒 button).
        if step.is_multiple_of(3) {
            let post = fake
                .channel_messages(ch)
                .into_iter()
                .rev()
                .find(|m| !m.buttons().is_empty());
            if let Some(post) = post
                && let Some(lock) = post.buttons().into_iter().find(|b| b.0.contains('🔒'))
            {
                for reader in [ANA, BO] {
                    let token = fake.click(&reader, &post, &lock.1).await;
                    let answer = fake.answer(&token).await;
                    assert!(answer.is_private(), "the 🔒 button answers ephemerally");
                    reads.take(&fake, &reader, &answer.private);
                }
                kept += reads.check(&obs, id, "the 🔒 button").await;
            }
        }
    }
    let looks = fake
        .channel_messages(ch)
        .iter()
        .filter(|m| m.content.contains("looks at the token on"))
        .count();
    eprintln!(
        "Hidra on Discord: {steps} messages, {looks} with a look, {alone} told their mover more, {kept} names kept"
    );
    assert!(refused, "a hand action was refused");
    assert!(kept > 0, "the game had secrets to keep");
    assert!(alone > 0, "a turn told its mover more than the channel");
    assert!(
        fake.channel_messages(ch)
            .iter()
            .any(|m| m.content.contains("Game over")),
        "the channel is told the game is over"
    );
    bot.stop().await;
    assert_eq!(fake.violations(), Vec::<String>::new());
}
