//! Property tests over whole random games for 2, 3 and 4 players: every legal action
//! applies with its cost and every other is refused; the position reads back as written;
//! the tiles are always the box's 25 (the board cannot hold anything else, and the
//! document is read back through the check); a view never holds a secret of another seat,
//! lists the same legal actions for the seat to move, and reads back; masked events leak
//! nothing; games end.

use proptest::prelude::*;

use super::*;
use crate::view::Audience;

/// Every action the notation can write, as text.
fn all_texts(seats: usize) -> Vec<String> {
    let mut v = Vec::new();
    for w in ["move", "ghost", "dig"] {
        for d in ["n", "e", "s", "w"] {
            for a in ["", " dodge", " blade"] {
                v.push(format!("{w} {d}{a}"));
            }
        }
    }
    for c in Cell::all() {
        v.push(format!("explore {c}"));
    }
    for n in 0..seats {
        v.push(format!("steal {n}"));
        v.push(format!("use mask {n}"));
    }
    v.extend(
        [
            "use gem",
            "use bell",
            "provoke",
            "end",
            "weave 90",
            "weave 180",
            "weave 270",
        ]
        .map(String::from),
    );
    for l in Line::all() {
        v.push(format!("use ring {l}"));
        for d in l.ends() {
            for r in ["", " 90", " 180", " 270"] {
                v.push(format!("scream {l} {d}{r}"));
            }
        }
    }
    for a in Artifact::ALL {
        v.push(format!("drop {a}"));
    }
    v
}

/// The names `seat` may read in its view of `full`.
fn check_view(full: &Position, audience: Audience) {
    let view = full.mask(audience);
    let d = doc(&view);
    assert!(d.get("dice").is_none() && d.get("rng").is_none());
    let me = audience.seat();
    for (t, ft) in view.tokens().iter().zip(full.tokens()) {
        assert_eq!(t.cell, ft.cell);
        if let Face::Down(Secret::Known(n)) = t.face {
            let seat = me.expect("the public sees no face-down name");
            assert!(
                full.players()[seat.index()]
                    .seen
                    .contains(&Secret::Known(n)),
                "{audience}: {n} shown unseen"
            );
        }
    }
    for (i, pl) in view.players().iter().enumerate() {
        let mine = me.is_some_and(|s| s.index() == i);
        let full_pl = &full.players()[i];
        assert_eq!(pl.artifacts.len(), full_pl.artifacts.len());
        assert_eq!(pl.seen.len(), full_pl.seen.len());
        if mine {
            assert_eq!(pl, full_pl);
        } else {
            assert!(
                pl.artifacts
                    .iter()
                    .chain(pl.seen.iter().map(|_| &Secret::Hidden))
                    .all(|a| *a == Secret::Hidden)
            );
            assert!(pl.seen.iter().all(|s| *s == Secret::Hidden));
        }
    }
    assert!(view.bank().iter().all(|a| *a == Secret::Hidden));
    assert_eq!(view.bank().len(), full.bank().len());
    // The view's document reads back as that audience's view, and the seat to move lists
    // the same actions from it as from the whole position.
    let back = Position::from_view_value(serde_json::from_value(d).unwrap(), audience)
        .unwrap_or_else(|e| panic!("{audience}: {e}"));
    assert_eq!(back.position(), &view);
    if me == Some(full.seat_to_move()) {
        assert_eq!(legal(&view), legal(full));
    }
}

/// Masked events name no secret the audience may not know.
fn check_events(before: &Position, next: &Position, events: &[Event]) {
    if next.result().is_some() {
        return;
    }
    for a in (0..before.seat_count() as u8)
        .map(|s| Audience::Seat(Seat(s)))
        .chain([Audience::Public])
    {
        for e in before.mask_events(next, a, events) {
            let j = serde_json::to_value(&e).unwrap();
            let Some(only) = j.get("only").and_then(|o| o.as_array()) else {
                continue;
            };
            let allowed = a.seat().is_some_and(|s| only.contains(&json!(s.0)));
            if allowed {
                continue;
            }
            for key in ["artifact", "token"] {
                if let Some(v) = j.get(key) {
                    assert_eq!(v, &json!("?"), "{a}: {j}");
                }
            }
            for key in ["artifacts"] {
                if let Some(v) = j.get(key) {
                    assert!(v.as_array().unwrap().iter().all(|x| x == "?"), "{a}: {j}");
                }
            }
            if let Some(ts) = j.get("tokens") {
                assert!(
                    ts.as_array().unwrap().iter().all(|t| t["name"] == "?"),
                    "{a}: {j}"
                );
            }
        }
    }
}

/// Plays a whole game with the computer players, checking every position on the way;
/// the number of actions.
fn play_out(players: usize, seed: u64, deep: bool) -> usize {
    let settings = Position::settings(&[("players".into(), players.to_string())]).unwrap();
    let names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
    let (mut p, _) = Position::new_game(&settings, &names, &format!("seed {seed}")).unwrap();
    let texts = all_texts(players);
    let policies = ["random", "easy", "strong"];
    for n in 0..5000 {
        if p.is_over() {
            assert!(p.legal_actions().is_empty());
            return n;
        }
        let again = pos(&doc(&p));
        assert_eq!(again, p, "the document reads back");
        let legal_now = legal(&p);
        if deep {
            for t in &texts {
                let r = p.apply(None, t);
                assert_eq!(r.is_ok(), legal_now.contains(t), "{t} in {legal_now:?}");
                if let Err(e) = r {
                    use crate::game::Refusal as _;
                    assert!(["illegal", "unreadable"].contains(&e.code()), "{t}: {e}");
                }
            }
            for a in (0..players as u8)
                .map(|s| Audience::Seat(Seat(s)))
                .chain([Audience::Public])
            {
                check_view(&p, a);
            }
        }
        let seat = p.seat_to_move();
        let policy = policies[(seed as usize + n + seat.index()) % 3];
        let action = p.choose(policy, &format!("{seed}/{n}")).expect("an action");
        let cost = p.cost(&action).expect("the policy plays legal actions");
        let (next, events) = p.play(seat, &action).unwrap();
        let ev: Vec<Json> = events
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect();
        let k = kinds(&ev);
        let same_turn = !k.iter().any(|x| x == "ended" || x == "game_over");
        if same_turn {
            assert!(
                next.ap() + cost <= p.ap(),
                "{action}: {} + {cost} > {}",
                next.ap(),
                p.ap()
            );
            let quiet = k.iter().all(|x| {
                [
                    "moved",
                    "explored",
                    "used",
                    "woven",
                    "pinned",
                    "swapped",
                    "vision",
                    "stolen",
                    "theft",
                    "collected",
                    "provoked",
                    "scream",
                    "dropped",
                    "calmed",
                    "unpinned",
                ]
                .contains(&x.as_str())
            });
            let failed = ev.iter().any(|e| e["success"] == json!(false));
            if quiet && !failed && !p.flags().won {
                assert_eq!(next.ap() + cost, p.ap(), "{action}: {ev:?}");
            }
        }
        if deep {
            check_events(&p, &next, &events);
        }
        p = next;
    }
    panic!("the game did not end in 5000 actions");
}

#[test]
fn whole_games_for_two_three_and_four_players_hold_every_property() {
    for players in 2..=4 {
        for seed in 0..2u64 {
            play_out(players, seed, true);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_games_end_and_stay_valid(seed in any::<u64>(), players in 2usize..=4) {
        play_out(players, seed, false);
    }
}

/// Self-play figures to compare with §13 (run by hand: `cargo test -p labscape-core --lib
/// hidra::tests::props::self_play_figures -- --ignored --nocapture`).
#[test]
#[ignore = "prints figures; slow"]
fn self_play_figures() {
    for policy in ["easy", "strong"] {
        for players in 2..=4usize {
            let names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
            let (mut rounds, mut turns, mut idle, mut portal) =
                (Vec::new(), 0usize, 0usize, 0usize);
            let mut wins = vec![0usize; 4];
            let games = 400;
            for g in 0..games {
                // Every adventurer in every seat in turn.
                let heroes: Vec<&str> = (0..players).map(|i| Hero::ALL[(i + g) % 4].id()).collect();
                let settings = Position::settings(&[("heroes".into(), heroes.join(","))]).unwrap();
                let (mut p, _) =
                    Position::new_game(&settings, &names, &format!("sim {g}")).unwrap();
                let mut n = 0;
                let mut acted = false;
                while !p.is_over() {
                    let seat = p.seat_to_move();
                    let a = p.choose(policy, &format!("{g}/{n}")).unwrap();
                    if !matches!(a, Action::End) {
                        acted = true;
                    } else if !acted && p.ap() >= 4 {
                        idle += 1;
                    }
                    let (next, ev) = p.play(seat, &a).unwrap();
                    if ev.iter().any(|e| matches!(e, Event::Ended { .. })) {
                        turns += 1;
                        acted = false;
                    }
                    p = next;
                    n += 1;
                }
                rounds.push(p.round());
                if let Some(w) = p.result().unwrap().winner {
                    portal += 1;
                    let hero = p.players()[w.index()].hero;
                    wins[Hero::ALL.iter().position(|h| *h == hero).unwrap()] += 1;
                }
            }
            rounds.sort();
            println!(
                "{policy} {players}p: portal {portal}/{games}, rounds median {} (q {}–{}), idle {:.0}% of {turns} turns, wins by digger, weaver, rogue, warden {:?}",
                rounds[games / 2],
                rounds[games / 4],
                rounds[3 * games / 4],
                100.0 * idle as f64 / turns as f64,
                wins
            );
        }
    }
}

/// Rough timings for the report (run by hand, like [`self_play_figures`]): `legal`, a
/// Scream applied, and the strong player's decision, each averaged over a whole game.
#[test]
#[ignore = "prints timings"]
fn timings() {
    use std::time::Instant;
    let settings = Position::settings(&[("players".into(), "4".into())]).unwrap();
    let names: Vec<String> = (0..4).map(|i| format!("p{i}")).collect();
    let (mut legal_t, mut scream_t, mut strong_t) = (0u128, 0u128, 0u128);
    let (mut legal_n, mut scream_n, mut strong_n) = (0u128, 0u128, 0u128);
    for g in 0..20 {
        let (mut p, _) = Position::new_game(&settings, &names, &format!("t {g}")).unwrap();
        let mut n = 0;
        while !p.is_over() {
            let t = Instant::now();
            let l = p.legal_actions();
            legal_t += t.elapsed().as_nanos();
            legal_n += 1;
            let t = Instant::now();
            let a = p.choose("strong", &format!("{g}/{n}")).unwrap();
            strong_t += t.elapsed().as_nanos();
            strong_n += 1;
            let seat = p.seat_to_move();
            if matches!(a, Action::Scream(..)) {
                let t = Instant::now();
                let _ = p.play(seat, &l[0]).unwrap();
                scream_t += t.elapsed().as_nanos();
                scream_n += 1;
            }
            p = p.play(seat, &a).unwrap().0;
            n += 1;
        }
    }
    println!(
        "legal {} µs, apply a Scream {} µs, strong decision {} µs (means over {legal_n}, {scream_n}, {strong_n})",
        legal_t / legal_n / 1000,
        scream_t / scream_n.max(1) / 1000,
        strong_t / strong_n / 1000
    );
}

/// A field of B given a random value: the reader answers (a position or its problems)
/// and never panics; a position it accepts plays every legal action.
fn mutate(v: &mut Json, field: usize, pick: usize) {
    let values = [
        json!(null),
        json!(0),
        json!(-1),
        json!(3),
        json!(255),
        json!("?"),
        json!("c3"),
        json!([]),
        json!(["?"]),
        json!(["scream"]),
        json!(["drop", "scream"]),
        json!(["won"]),
        json!({"winner": 1, "reason": "portal"}),
        json!({"winner": null, "reason": "round-limit"}),
        json!([{"line": "c", "seat": 2}]),
        json!(["gem"]),
        json!(true),
    ];
    let keys = [
        "rules", "board", "tokens", "bank", "emptied", "used", "players", "first", "round",
        "to_move", "ap", "flags", "pending", "calm", "pins", "dice", "result",
    ];
    let value = values[pick % values.len()].clone();
    let key = keys[field % keys.len()];
    match key {
        "players" => {
            player(v, pick % 3)[["cell", "penalty", "artifacts", "seen", "skip"][pick % 5]] = value
        }
        "tokens" => v["tokens"][pick % 8][["cell", "name", "up"][pick % 3]] = value,
        _ => v[key] = value,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn any_document_is_read_or_refused_without_panicking(
        changes in proptest::collection::vec((0usize..17, 0usize..1000), 1..4)
    ) {
        let mut v = b();
        for (field, pick) in changes {
            mutate(&mut v, field, pick);
        }
        if let Ok(p) = read(&v) {
            prop_assert_eq!(pos(&doc(&p)), p.clone());
            for a in p.legal_actions() {
                prop_assert!(p.play(p.seat_to_move(), &a).is_ok());
            }
        }
    }
}
