//! A game with secrets through the service (Skarb without the map, issue 35): everything
//! the seeker's account can read is the same whatever the architect did out of his sight,
//! the architect plays in private, and nothing of his view reaches the group.

use std::sync::{Arc, atomic::AtomicI64};

use super::{
    Ctx, PROMPT, Reply, Service, Visibility,
    tests::{FakeClock, ctx},
};
use crate::{
    app::Command,
    games::Renderer,
    store::{GameStore, MemoryStore},
};

fn service() -> Service<MemoryStore> {
    let renderer: Renderer = Arc::new(crate::render_turn);
    Service::new(
        MemoryStore::new(),
        Arc::new(FakeClock(AtomicI64::new(1_000))),
        Some(renderer),
    )
}

/// The architect (ana) in her private chat with the bot, or on Discord's ephemeral side.
fn in_private(user: &str) -> Ctx {
    Ctx {
        private: true,
        ..ctx(user)
    }
}

/// Everything the seeker (bo), or anyone in the group, reads of a reply: the text, the
/// image's bytes, the buttons with their payloads, the mentions, the files, and whatever it
/// posts elsewhere or whispers to him.
fn readable_by_bo(r: &Reply) -> Vec<String> {
    let mut out = Vec::new();
    let mut one = |r: &Reply| {
        if r.visibility == Visibility::Secret {
            return;
        }
        out.push(r.text.clone());
        out.push(format!("{:?}", r.image.as_ref().map(|p| p.len())));
        out.push(format!("{:?}", r.image));
        out.push(format!("{:?}", r.buttons));
        out.push(format!("{:?} {:?}", r.mention, r.files));
    };
    one(r);
    for o in &r.elsewhere {
        one(&o.reply);
    }
    for w in r.whispers.iter().filter(|w| w.to.user_id == "bo") {
        out.push(format!("{:?}", w.reply));
    }
    out
}

async fn line(s: &Service<MemoryStore>, c: &Ctx, text: &str) -> Reply {
    let r = s.handle_line(c, text).await;
    s.posted(&r).await;
    for o in &r.elsewhere {
        s.posted(&o.reply).await;
    }
    r
}

/// One game: the architect's moves (`far` differ between the two games compared), the
/// seeker's steps; returns everything bo could read, in order.
async fn play(architect: &[&str]) -> (Vec<String>, Vec<Reply>) {
    // One seed for both games: its commitment, shown at the start, is the same.
    let s = service().with_seed("far-or-pass");
    let mut seen = Vec::new();
    let mut hers = Vec::new();
    for (who, text) in [
        ("ana", "/new skarb size=8 map=no"),
        ("bo", "/join"),
        ("ana", "/start"),
    ] {
        let r = line(&s, &ctx(who), text).await;
        seen.extend(readable_by_bo(&r));
        hers.push(r);
    }
    let steps = ["n", "w", "n"];
    for (a, step) in architect.iter().zip(steps) {
        let r = line(&s, &in_private("ana"), &format!("/play {a}")).await;
        assert_eq!(r.visibility, Visibility::Secret, "{}", r.text);
        seen.extend(readable_by_bo(&r));
        hers.push(r);
        let r = line(&s, &ctx("bo"), &format!("/play {step}")).await;
        assert_eq!(r.visibility, Visibility::Public, "{}", r.text);
        seen.extend(readable_by_bo(&r));
        hers.push(r);
    }
    for text in [
        "/status", "/log", "/recap", "/replay", "/export", "/play a2",
    ] {
        let r = line(&s, &ctx("bo"), text).await;
        seen.extend(readable_by_bo(&r));
    }
    // What a spectator reads, and what the group read when ana slipped in public.
    for (who, text) in [("cy", "/status"), ("cy", "/log"), ("ana", "/play b1")] {
        let r = line(&s, &ctx(who), text).await;
        seen.extend(readable_by_bo(&r));
    }
    (seen, hers)
}

#[tokio::test]
async fn the_seeker_reads_the_same_whether_the_architect_planted_far_away_or_passed() {
    // a1, b1, c1: far from the seeker, who starts on h1 and walks north and west.
    let (far, hers) = play(&["a1", "a2", "a3"]).await;
    let (pass, _) = play(&["pass", "pass", "pass"]).await;
    assert_eq!(far.len(), pass.len());
    for (i, (a, b)) in far.iter().zip(&pass).enumerate() {
        assert_eq!(a, b, "item {i} differs");
    }
    let all = far.join("\n");
    assert!(all.contains("The architect has played."), "{all}");
    // As words: the seed's commitment, in hexadecimal, may hold "a3".
    let words: Vec<&str> = all.split(|c: char| !c.is_alphanumeric()).collect();
    for square in ["a1", "a2", "a3", "b1"] {
        assert!(!words.contains(&square), "{square} reached the group");
    }
    // Her own answers are hers: they name her squares and show her view.
    assert!(hers[3].text.contains("a1"), "{}", hers[3].text);
    assert!(hers[3].image.is_some());
    assert_eq!(
        hers[3].elsewhere.len(),
        1,
        "the group's post goes beside it"
    );
}

#[tokio::test]
async fn the_architect_plays_in_private_and_is_prompted_alone() {
    let s = service();
    line(&s, &ctx("ana"), "/new skarb size=8 map=no").await;
    line(&s, &ctx("bo"), "/join").await;
    let start = line(&s, &ctx("ana"), "/start").await;
    // The group's post: no buttons of hers, one "your move" button that names nothing.
    assert_eq!(start.visibility, Visibility::Public);
    let labels: Vec<&str> = start.quick().map(|b| b.payload.as_str()).collect();
    assert_eq!(labels, [PROMPT], "{:?}", start.buttons);
    // Her prompt, to her alone, with her squares as buttons.
    assert_eq!(start.whispers.len(), 1);
    let prompt = &start.whispers[0];
    assert_eq!(prompt.to.user_id, "ana");
    assert_eq!(prompt.reply.visibility, Visibility::Secret);
    // Her squares, file by file (`a…` opens file a's squares).
    let hers = |r: &Reply| r.quick().any(|b| b.label == "a…" || b.label == "a1");
    assert!(hers(&prompt.reply), "{:?}", prompt.reply.buttons);
    // Sent in the group, her square is not played, nor repeated, and the message goes.
    let slip = line(&s, &ctx("ana"), "/play a1").await;
    assert_eq!(slip.visibility, Visibility::Private);
    assert!(slip.withdraw);
    assert!(!slip.text.contains("a1"), "{}", slip.text);
    let row = s.store().game(super::GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.turn, 0);
    // The button gives her prompt again; it gives bo nothing.
    let press = || Command::Press {
        game: 1,
        turn: 0,
        action: PROMPT.to_string(),
    };
    let mine = s.handle(&ctx("ana"), press()).await;
    assert_eq!(mine.visibility, Visibility::Secret, "{}", mine.text);
    assert!(hers(&mine), "{:?}", mine.buttons);
    let not_bo = s.handle(&ctx("bo"), press()).await;
    assert_eq!(not_bo.visibility, Visibility::Private);
    assert!(not_bo.buttons.is_empty());
    // Her refusal goes to her alone, in private.
    let refused = line(&s, &in_private("ana"), "/play g1").await;
    assert_eq!(refused.visibility, Visibility::Private);
    assert!(
        refused.text.contains("next to the seeker"),
        "{}",
        refused.text
    );
    // Her turn, played in private from another chat (Telegram's private chat): found by
    // her seat, answered to her, and the group's post goes to the game's chat.
    let elsewhere = Ctx {
        private: true,
        ..Ctx::member("local", "ana-private", "ana", "ANA")
    };
    let played = line(&s, &elsewhere, "/play a1").await;
    assert_eq!(played.visibility, Visibility::Secret, "{}", played.text);
    assert_eq!(played.elsewhere.len(), 1);
    assert_eq!(played.elsewhere[0].scope.chat, "c");
    assert!(
        played.elsewhere[0]
            .reply
            .text
            .contains("The architect has played.")
    );
    // The seeker's turn: his buttons in the group.
    assert!(played.elsewhere[0].reply.quick().any(|b| b.payload == "n"));
}
