//! Labirinto da Hidra through the service (issue 37): a three-player game in which every
//! action is public and every secret (what lies face down, each hand, the bank) reaches
//! only who may know it. After every reply, each account's readable part (the group's
//! posts, its own private answers and whispers, every button's label and payload) is
//! checked against the whole truth replayed from the store: no name of a token, hand or
//! bank artifact that account may not know appears in it, until the game ends.

use std::{
    collections::HashSet,
    sync::{Arc, atomic::AtomicI64},
};

use labscape_core::{Audience, Game, Seat, game::parse_options, hidra::Position};

use crate::{
    app::{
        Command, Ctx, PROMPT, Reply, Service, Visibility,
        tests::{FakeClock, ctx},
    },
    games::{Renderer, flat},
    store::{GameId, GameStore, MemoryStore},
};

/// A service whose games are dealt from `seed`.
fn service_with(seed: &str) -> Service<MemoryStore> {
    let renderer: Renderer = Arc::new(crate::render_turn);
    Service::new(
        MemoryStore::new(),
        Arc::new(FakeClock(AtomicI64::new(1_000))),
        Some(renderer),
    )
    .with_seed(seed)
}

fn service() -> Service<MemoryStore> {
    service_with("hidra-service")
}

/// A player where an answer can reach them alone (Discord's ephemeral side, local play):
/// `private`; in a Telegram group: not.
fn at(user: &str, private: bool) -> Ctx {
    Ctx {
        private,
        ..ctx(user)
    }
}

/// Opens `new` (a `/new hidra …` line) with ana, seats `joiners`, and starts it.
async fn started(s: &Service<MemoryStore>, new: &str, joiners: &[&str]) {
    line(s, &ctx("ana"), new).await;
    for who in joiners {
        line(s, &ctx(who), "/join").await;
    }
    line(s, &ctx("ana"), "/start").await;
}

/// The whole truth now, replayed from the store, and per seat every word the events told
/// it (masked for it by the engine: what it explored, took, lost, saw with the Gem).
async fn truth(s: &Service<MemoryStore>) -> (Position, Vec<HashSet<String>>) {
    let row = s.store().game(GameId(1)).await.unwrap().unwrap();
    let seats = s.store().seats(row.id).await.unwrap();
    let names: Vec<String> = seats.iter().map(|s| s.display_name.clone()).collect();
    let actions = s.store().actions(row.id, 0).await.unwrap();
    let options = parse_options(&row.settings).unwrap();
    let settings = Position::settings(&options).unwrap();
    let (mut p, _) = Position::new_game(&settings, &names, &row.seed).unwrap();
    let mut told = vec![HashSet::new(); names.len()];
    for a in &actions {
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
fn secrets_of(p: &Position, me: Seat, told: &HashSet<String>) -> Vec<&'static str> {
    let mut out = p.hidden_from(me);
    out.retain(|w| !told.contains(*w));
    out
}

/// Everything of `r` (answered to `asker`) that `reader` may read: a secret answer its
/// asker's alone, any other reply the group's (a Telegram "private" reply is a reply in
/// the group), what it posts elsewhere, and the whispers to `reader`.
fn readable(r: &Reply, asker: &str, reader: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut one = |r: &Reply| {
        out.push(r.text.clone());
        for b in flat(&r.buttons) {
            out.push(format!("{} {}", b.label, b.payload));
        }
    };
    if r.visibility != Visibility::Secret || asker == reader {
        one(r);
    }
    for o in &r.elsewhere {
        one(&o.reply);
    }
    for w in r.whispers.iter().filter(|w| w.to.user_id == reader) {
        one(&w.reply);
    }
    out
}

/// The names a hazard's id is told by in the story, in every language (none for another
/// word).
fn hazard_names(id: &str) -> Vec<String> {
    labscape_core::hidra::Hazard::parse(id)
        .map(|h| {
            [crate::i18n::Lang::En, crate::i18n::Lang::PtBr]
                .map(|lang| super::story::hazard_words(h, lang))
                .to_vec()
        })
        .unwrap_or_default()
}

/// Whether `text` holds `word` as a whole word.
fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// Checks one reply against the truth for every account; returns how many names it kept
/// from someone.
async fn check(s: &Service<MemoryStore>, r: &Reply, asker: &str, what: &str) -> usize {
    let (p, told) = truth(s).await;
    let mut kept = 0;
    for (i, reader) in ["ana", "bo", "cy"].iter().enumerate() {
        let secret = secrets_of(&p, Seat(i as u8), &told[i]);
        kept += secret.len();
        for text in readable(r, asker, reader) {
            for word in &secret {
                assert!(
                    !has_word(&text, word),
                    "{reader} reads {word} after {asker}'s {what}: {text}"
                );
                // A hazard is told by its name in the reader's language, not its id.
                for name in hazard_names(word) {
                    assert!(
                        !text.contains(&name),
                        "{reader} reads {name} after {asker}'s {what}: {text}"
                    );
                }
            }
        }
    }
    kept
}

async fn line(s: &Service<MemoryStore>, c: &Ctx, text: &str) -> Reply {
    let r = s.handle_line(c, text).await;
    s.posted(&r).await;
    for o in &r.elsewhere {
        s.posted(&o.reply).await;
    }
    r
}

/// What the player to move plays: the strong computer's choice from their own view, and
/// when the turn goes on, a second action in the same message.
fn turn_text(p: &Position, turn: usize) -> String {
    let seed = format!("test/{turn}");
    let first = p.choose("strong", &seed).expect("a legal action");
    let (next, _) = p.play(p.to_move().unwrap(), &first).unwrap();
    match next.choose("strong", &format!("{seed}/2")) {
        Some(second) if next.to_move() == p.to_move() && turn.is_multiple_of(2) => {
            format!("/play {first}, {second}")
        }
        _ => format!("/play {first}"),
    }
}

/// A whole game of ana and bo (people) and cy (a computer), `private`: whether answers
/// can reach a player alone. Returns how many secrets were kept over the game, and the
/// replies.
async fn a_game(private: bool, seed: &str) -> (usize, Vec<Reply>) {
    let s = service_with(seed);
    let mut kept = 0;
    let mut all = Vec::new();
    for (who, text) in [
        ("ana", "/new hidra players=3 rounds=5"),
        ("bo", "/join"),
        ("ana", "/addbot strong"),
        ("ana", "/start"),
    ] {
        let r = line(&s, &at(who, private), text).await;
        assert_ne!(r.visibility, Visibility::Secret, "{}", r.text);
        all.push(r);
    }
    assert!(all[0].text.contains("Hidra"), "{}", all[0].text);
    for turn in 0..400 {
        let (p, _) = truth(&s).await;
        if p.is_over() {
            break;
        }
        let who = ["ana", "bo", "cy"][p.to_move().unwrap().index()];
        let text = turn_text(&p, turn);
        let r = line(&s, &at(who, private), &text).await;
        assert!(!r.text.contains("refused"), "{text}: {}", r.text);
        kept += check(&s, &r, who, &text).await;
        if turn.is_multiple_of(7) {
            for (asker, ask) in [
                ("cy", "/status"),
                ("bo", "/log"),
                ("ana", "/recap"),
                ("ana", "/myview"),
                ("bo", "/myview"),
            ] {
                let r = line(&s, &at(asker, private), ask).await;
                kept += check(&s, &r, asker, ask).await;
            }
            for asker in ["ana", "bo"] {
                let press = Command::Press {
                    game: 1,
                    turn: s.store().game(GameId(1)).await.unwrap().unwrap().turn,
                    action: PROMPT.to_string(),
                };
                let r = s.handle(&at(asker, private), press).await;
                kept += check(&s, &r, asker, "the 🔒 button").await;
            }
        }
        all.push(r);
    }
    assert!(
        truth(&s).await.0.is_over(),
        "the game ends within its 5 rounds"
    );
    (kept, all)
}

#[tokio::test]
async fn no_account_reads_a_secret_of_another_in_a_three_player_game() {
    for private in [false, true] {
        let seed = std::env::var("HIDRA_SEED").unwrap_or_else(|_| "hidra-leak".into());
        let (kept, all) = a_game(private, &seed).await;
        assert!(kept > 0, "the game had secrets to keep");
        let told = |needle: &str| {
            all.iter().any(|r| {
                r.whispers.iter().any(|w| w.reply.text.contains(needle))
                    || (r.visibility == Visibility::Secret && r.text.contains(needle))
            })
        };
        // Someone explored or took something and was told alone what it was.
        assert!(
            told("looks at the token on") || told("takes"),
            "a private answer told what was found"
        );
        let last = all.last().unwrap();
        let public = last.elsewhere.first().map_or(last, |o| &o.reply);
        assert!(
            public.text.contains("Game over") || public.text.contains("round"),
            "{}",
            public.text
        );
    }
}

#[tokio::test]
async fn a_running_games_record_waits_for_the_end_and_its_luck_reads() {
    let s = service();
    started(&s, "/new hidra players=2", &["bo"]).await;
    for text in ["/export", "/replay"] {
        let r = line(&s, &ctx("bo"), text).await;
        assert!(r.files.is_empty(), "{text}: {}", r.text);
        assert!(r.text.contains("keeps secrets"), "{}", r.text);
    }
    let luck = line(&s, &ctx("bo"), "/luck").await;
    assert!(luck.text.contains("fair dice"), "{}", luck.text);
    let table = line(&s, &ctx("bo"), "/table").await;
    assert!(table.text.contains("Hazards"), "{}", table.text);
}

#[tokio::test]
async fn the_group_sees_the_action_the_explorer_alone_sees_the_token() {
    let s = service();
    started(&s, "/new hidra players=2", &["bo"]).await;
    // Walk whoever is to move towards a token until one is next to them, then explore it.
    for turn in 0..200 {
        let (p, _) = truth(&s).await;
        let me = p.to_move().unwrap();
        let who = ["ana", "bo"][me.index()];
        let explore = p
            .legal_actions()
            .into_iter()
            .find(|a| a.to_string().starts_with("explore"));
        let Some(explore) = explore else {
            let text = turn_text(&p, turn);
            line(&s, &at(who, true), &text).await;
            continue;
        };
        let cell = explore.to_string()["explore ".len()..].to_string();
        let token = p
            .tokens_on(labscape_core::hidra::Cell::parse(&cell).unwrap())
            .find_map(|t| t.name())
            .unwrap()
            .id();
        let r = line(&s, &at(who, true), &format!("/play {explore}")).await;
        // Answered alone, with what they saw; the group's post beside it, without it.
        assert_eq!(r.visibility, Visibility::Secret, "{}", r.text);
        assert!(
            r.text
                .contains(&format!("looks at the token on {cell}: {token}")),
            "{}",
            r.text
        );
        let group = &r.elsewhere[0].reply;
        assert!(
            group.text.contains(&format!("played {explore}")),
            "{}",
            group.text
        );
        assert!(
            group
                .text
                .contains(&format!("looks at the token on {cell}.")),
            "{}",
            group.text
        );
        assert!(!has_word(&group.text, token), "{}", group.text);
        // The 🔒 button is under the group's post; the other player's view knows nothing.
        assert!(flat(&group.buttons).any(|b| b.payload == PROMPT));
        let other = ["ana", "bo"][1 - me.index()];
        let status = line(&s, &ctx(other), "/status").await;
        assert!(!has_word(&status.text, token), "{}", status.text);
        return;
    }
    panic!("nobody came next to a token in 200 turns");
}

#[tokio::test]
async fn several_actions_in_one_message_and_a_bad_one_changes_nothing_or_stops_there() {
    let s = service();
    started(&s, "/new hidra players=2", &["bo"]).await;
    let (p, _) = truth(&s).await;
    let who = ["ana", "bo"][p.to_move().unwrap().index()];
    let before = s.store().game(GameId(1)).await.unwrap().unwrap().turn;
    let me = p.to_move().unwrap();
    let keeps = p
        .legal_actions()
        .into_iter()
        .find(|a| {
            let next = p.play(me, a).unwrap().0;
            next.to_move() == Some(me) && next.pending().is_empty()
        })
        .expect("an action that keeps the turn");
    let bad = line(&s, &ctx(who), &format!("/play {keeps}, hello")).await;
    assert_eq!(bad.visibility, Visibility::Private, "{}", bad.text);
    assert!(bad.text.contains("hello"), "{}", bad.text);
    assert_eq!(
        s.store().game(GameId(1)).await.unwrap().unwrap().turn,
        before
    );
    let two = line(&s, &ctx(who), &format!("/play {keeps}, end")).await;
    assert_eq!(two.visibility, Visibility::Public, "{}", two.text);
    assert!(
        two.text.contains(&format!("played {keeps}")),
        "{}",
        two.text
    );
    assert!(two.text.contains("played end"), "{}", two.text);
    assert_eq!(
        s.store().game(GameId(1)).await.unwrap().unwrap().turn,
        before + 2
    );
    let (p, _) = truth(&s).await;
    let who = ["ana", "bo"][p.to_move().unwrap().index()];
    // Two `end`s: the second is the other player's turn, so it is refused with why. In a
    // game with secrets the first stands (undoing it could hide what it revealed), and the
    // refusal of the rest is for the player alone.
    let turn = s.store().game(GameId(1)).await.unwrap().unwrap().turn;
    let ended = line(&s, &ctx(who), "/play end, end").await;
    assert_eq!(ended.visibility, Visibility::Public, "{}", ended.text);
    let told = ended
        .whispers
        .iter()
        .find(|w| w.to.user_id == who && w.reply.text.contains("end"))
        .expect("the refusal, to the player");
    assert_eq!(told.reply.visibility, Visibility::Secret);
    assert!(!ended.text.contains(&told.reply.text), "{}", ended.text);
    // It says what was played and what was not, never "nothing was played".
    assert!(
        told.reply
            .text
            .contains("“end” and what follows were not played"),
        "{}",
        told.reply.text
    );
    assert!(!told.reply.text.contains("Nothing"), "{}", told.reply.text);
    assert_eq!(
        s.store().game(GameId(1)).await.unwrap().unwrap().turn,
        turn + 1,
        "the first end stands"
    );
    let (after, _) = truth(&s).await;
    assert_ne!(after.to_move(), p.to_move());
}

/// A refusal worded from the mover's hand ("you do not hold the ring", or a want of AP that
/// says they do) is answered to them alone, never where the group reads; a refusal that
/// tells nothing (unreadable text, another's turn) stays a plain private reply.
#[tokio::test]
async fn a_refusal_of_a_hand_action_goes_to_its_player_alone() {
    let s = service();
    started(&s, "/new hidra players=3", &["bo", "cy"]).await;
    let (p, _) = truth(&s).await;
    let me = p.to_move().unwrap();
    let who = ["ana", "bo", "cy"][me.index()];
    let before = s.store().game(GameId(1)).await.unwrap().unwrap().turn;
    let readers = ["ana", "bo", "cy"];
    let mask = format!("/play use mask {}", (me.0 + 1) % 3);
    for text in ["/play use gem", "/play use bell", "/play use ring 1", &mask] {
        let r = line(&s, &ctx(who), text).await;
        assert_eq!(r.visibility, Visibility::Secret, "{text}: {}", r.text);
        assert!(r.elsewhere.is_empty() && r.whispers.is_empty(), "{text}");
        for reader in readers.iter().filter(|r| **r != who) {
            assert!(readable(&r, who, reader).is_empty(), "{reader}: {}", r.text);
        }
    }
    let ring = line(&s, &ctx(who), "/play use ring 1").await;
    assert!(has_word(&ring.text, "ring"), "{}", ring.text);
    assert_eq!(ring.visibility, Visibility::Secret, "{}", ring.text);
    // The second step of a hand's button, typed where the group reads: its choices, or
    // that there are none, the mover's alone.
    for text in [
        "/play pick use ring",
        "/play pick use mask",
        "/play pick ghost",
    ] {
        let r = line(&s, &ctx(who), text).await;
        assert_eq!(r.visibility, Visibility::Secret, "{text}: {}", r.text);
    }
    // What tells nothing of a hand is answered as before.
    let unreadable = line(&s, &ctx(who), "/play hello").await;
    assert_eq!(
        unreadable.visibility,
        Visibility::Private,
        "{}",
        unreadable.text
    );
    let other = readers[(me.index() + 1) % 3];
    let not_yours = line(&s, &ctx(other), "/play end").await;
    assert_eq!(
        not_yours.visibility,
        Visibility::Private,
        "{}",
        not_yours.text
    );
    assert_eq!(
        s.store().game(GameId(1)).await.unwrap().unwrap().turn,
        before,
        "nothing was played"
    );
}

/// `/myview` is the 🔒 button typed, for local play's terminal where no button is pressed:
/// the speaker's own view, to them alone, the same as the press gives; it waits for the
/// start, a spectator has none, and it changes nothing.
#[tokio::test]
async fn myview_is_the_lock_button_typed_for_the_speaker_alone() {
    let s = service();
    line(&s, &ctx("ana"), "/new hidra players=2").await;
    let early = line(&s, &ctx("ana"), "/myview").await;
    assert!(early.text.contains("not started"), "{}", early.text);
    line(&s, &ctx("bo"), "/join").await;
    line(&s, &ctx("ana"), "/start").await;
    // Play until the one to move knows a token the other does not (an explore).
    for turn in 0..200 {
        let (p, _) = truth(&s).await;
        let me = p.to_move().unwrap();
        let who = ["ana", "bo"][me.index()];
        let explore = p
            .legal_actions()
            .into_iter()
            .find(|a| a.to_string().starts_with("explore"));
        let Some(explore) = explore else {
            line(&s, &at(who, true), &turn_text(&p, turn)).await;
            continue;
        };
        line(&s, &at(who, true), &format!("/play {explore}")).await;
        let (p, _) = truth(&s).await;
        let row = s.store().game(GameId(1)).await.unwrap().unwrap();
        let mine = line(&s, &at(who, true), "/myview").await;
        let press = s
            .handle(
                &at(who, true),
                Command::Press {
                    game: 1,
                    turn: row.turn,
                    action: PROMPT.to_string(),
                },
            )
            .await;
        assert_eq!(mine.visibility, Visibility::Secret, "{}", mine.text);
        assert!(mine.elsewhere.is_empty() && mine.whispers.is_empty());
        assert_eq!(mine.text, press.text);
        assert_eq!(mine.image, press.image);
        assert_eq!(flat(&mine.buttons).count(), flat(&press.buttons).count());
        // Typed where the group reads (a Telegram group), it still goes to them alone.
        let in_group = line(&s, &at(who, false), "/myview").await;
        assert_eq!(in_group.visibility, Visibility::Secret, "{}", in_group.text);
        // A spectator has no view of their own.
        let cy = line(&s, &ctx("cy"), "/myview").await;
        assert_ne!(cy.visibility, Visibility::Secret, "{}", cy.text);
        assert!(cy.text.contains("not playing"), "{}", cy.text);
        assert_eq!(
            s.store().game(GameId(1)).await.unwrap().unwrap().turn,
            row.turn,
            "nothing was played"
        );
        assert_eq!(truth(&s).await.0, p);
        return;
    }
    panic!("nobody came next to a token in 200 turns");
}

/// A bad line or seat in an action is refused for that word, naming the lines or seats
/// that exist, not as "not an action" nor cut into parts; nothing is played.
#[tokio::test]
async fn a_bad_line_or_seat_is_refused_with_what_exists() {
    let s = service();
    started(&s, "/new hidra players=2", &["bo"]).await;
    let (p, _) = truth(&s).await;
    let who = ["ana", "bo"][p.to_move().unwrap().index()];
    let before = s.store().game(GameId(1)).await.unwrap().unwrap().turn;
    for (text, says) in [
        (
            "/play scream 6 e",
            "That is refused: “6” is not a row or a column: the rows are 1 to 5, the columns a to e",
        ),
        (
            "/scream 6 e",
            "That is refused: “6” is not a row or a column: the rows are 1 to 5, the columns a to e",
        ),
        (
            "/play steal 5",
            "That is refused: there is no seat 5 in this game: its seats are 0 to 1",
        ),
        (
            "/play end, use mask 3",
            "Part 2 (“use mask 3”) is refused: there is no seat 3 in this game: its seats are 0 to 1. Nothing was played.",
        ),
    ] {
        let r = line(&s, &ctx(who), text).await;
        assert_eq!(r.visibility, Visibility::Private, "{text}: {}", r.text);
        assert_eq!(r.text, says, "{text}");
    }
    assert_eq!(
        s.store().game(GameId(1)).await.unwrap().unwrap().turn,
        before,
        "nothing was played"
    );
    // In Portuguese too.
    line(&s, &ctx(who), "/me lang pt").await;
    let r = line(&s, &ctx(who), "/play steal 5").await;
    assert!(r.text.contains("os lugares vão de 0 a 1"), "{}", r.text);
}

/// The last line of `/log` of a finished game says it is over, and why.
#[tokio::test]
async fn the_log_of_a_finished_game_ends_with_game_over() {
    let s = service();
    started(&s, "/new hidra players=2 rounds=5", &["bo"]).await;
    for turn in 0..400 {
        let (p, _) = truth(&s).await;
        if p.is_over() {
            break;
        }
        let who = ["ana", "bo"][p.to_move().unwrap().index()];
        line(&s, &ctx(who), &turn_text(&p, turn)).await;
    }
    assert!(truth(&s).await.0.is_over());
    for lang in ["en", "pt"] {
        line(&s, &ctx("bo"), &format!("/me lang {lang}")).await;
        let log = line(&s, &ctx("bo"), "/log 2").await;
        let lines: Vec<&str> = log.text.lines().collect();
        let over = if lang == "en" {
            "Game over"
        } else {
            "Fim de jogo"
        };
        assert!(lines.last().unwrap().contains(over), "{}", log.text);
        assert!(!lines[1].contains(over), "{}", log.text);
    }
}
