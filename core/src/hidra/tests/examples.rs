//! The worked examples of §12, E1–E14, each as written.

use super::*;
use crate::view::Audience;

#[test]
fn b_reads_and_writes_back_unchanged() {
    let p = pos(&b());
    let mut out = doc(&p);
    // The engine writes its generator state; B has none.
    assert!(out.as_object_mut().unwrap().remove("rng").is_some());
    let mut want = b();
    // Tokens come out in cell order.
    let mut t = want["tokens"].as_array().unwrap().clone();
    t.sort_by_key(|x| Cell::parse(x["cell"].as_str().unwrap()).unwrap());
    want["tokens"] = json!(t);
    assert_eq!(out, want);
}

#[test]
fn e1_the_first_turn() {
    let p = pos(&b());
    assert_eq!(
        legal(&p),
        sorted("move n, move e, dig s, explore a2, provoke, end")
    );
    let (p, ev) = apply(&p, "move e");
    assert_eq!(
        ev,
        vec![json!({"kind": "moved", "seat": 0, "from": "a3", "to": "b3", "by": "move"})]
    );
    assert_eq!(p.ap(), 3);
    assert_eq!(
        legal(&p),
        sorted("move n, move e, move e dodge, move s, move w, end")
    );
}

#[test]
fn e2_explore_collect_scream() {
    let p = pos(&b_with(|v| {
        put(v, 0, "b4");
        v["ap"] = json!(3);
    }));
    assert_eq!(
        legal(&p),
        sorted("move n, move s, explore b5, explore c4, end")
    );
    let (p, ev) = apply(&p, "explore b5");
    assert_eq!(
        ev,
        vec![json!({"kind": "explored", "seat": 0, "cell": "b5", "token": "gem", "only": [0]})]
    );
    assert_eq!(doc(&p)["players"][0]["seen"], json!(["gem"]));
    assert_eq!(p.ap(), 2);
    let token_at = |p: &Position, a: Audience, cell: &str| {
        let d = doc(&p.mask(a));
        d["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["cell"] == json!(cell))
            .unwrap()["name"]
            .clone()
    };
    assert_eq!(token_at(&p, Audience::Seat(Seat(1)), "b5"), json!("?"));
    assert_eq!(token_at(&p, Audience::Seat(Seat(0)), "b5"), json!("gem"));
    let before = pos(&b_with(|v| {
        put(v, 0, "b4");
        v["ap"] = json!(3);
    }));
    let (_, _, raw) = before.apply(None, "explore b5").unwrap();
    let seen_by_1 = before.mask_events(&p, Audience::Seat(Seat(1)), &raw);
    assert_eq!(
        serde_json::to_value(&seen_by_1).unwrap(),
        json!([{"kind": "explored", "seat": 0, "cell": "b5", "token": "?", "only": [0]}])
    );

    let (p, ev) = apply(&p, "move n");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "moved", "seat": 0, "from": "b4", "to": "b5", "by": "move"}),
            json!({"kind": "collected", "seat": 0, "cell": "b5", "artifacts": ["gem"], "only": [0]}),
        ]
    );
    let d = doc(&p);
    assert_eq!(d["players"][0]["artifacts"], json!(["gem"]));
    assert_eq!(d["players"][0]["seen"], json!([]));
    assert_eq!(d["emptied"], json!(["C1"]));
    assert_eq!(d["flags"], json!(["collected"]));
    assert_eq!(d["pending"], json!(["scream"]));
    assert_eq!(p.ap(), 1);
    let l = legal(&p);
    assert_eq!(l.len(), 80);
    assert!(l.iter().all(|a| a.starts_with("scream ")));
    assert!(l.contains(&"scream 1 e".to_string()) && l.contains(&"scream c s 270".to_string()));

    let (p, ev) = apply(&p, "scream b s 90");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "scream", "by": 0, "line": "b", "dir": "s", "rot": 90,
                    "removed": "b1", "inserted": "b5"})
        ]
    );
    let col: Vec<String> = (0..5)
        .map(|i| p.board().tile(Cell::new(1, 4 - i).unwrap()).to_string())
        .collect();
    assert_eq!(col.join(" "), "C7:ESW C1:NEW O O L:ES");
    assert_eq!(cell_of(&p, 0), "b4");
    assert!(
        doc(&p)["tokens"]
            .as_array()
            .unwrap()
            .contains(&json!({"cell": "b5", "name": "bell", "up": false}))
    );
    assert_eq!(legal(&p), sorted("explore b5, explore c4, use gem, end"));
}

#[test]
fn e3_a_hazard() {
    let p = pos(&b_with(|v| {
        put(v, 1, "d3");
        to_move(v, 1);
    }));
    assert_eq!(
        legal(&p),
        sorted("move e, move w, move w dodge, explore e3, weave 90, provoke, end")
    );
    let (p, ev) = apply(&p, "move e");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "moved", "seat": 1, "from": "d3", "to": "e3", "by": "move"}),
            json!({"kind": "hazard", "seat": 1, "cell": "e3", "hazard": "mud"}),
        ]
    );
    let d = doc(&p);
    assert!(
        d["tokens"]
            .as_array()
            .unwrap()
            .contains(&json!({"cell": "e3", "name": "mud", "up": true}))
    );
    assert_eq!(d["players"][1]["penalty"], json!(2));
    assert_eq!((p.ap(), d["pending"].clone()), (0, json!(["scream"])));

    let (p, ev) = apply(&p, "scream 3 w");
    assert_eq!(kinds(&ev), ["scream", "ended", "turn"]);
    assert_eq!(
        ev[2],
        json!({"kind": "turn", "seat": 2, "round": 1, "ap": 4})
    );
    assert_eq!(doc(&p)["board"][2], json!("O H I:NS C5:NES E"));
    assert_eq!(
        (cell_of(&p, 0), cell_of(&p, 1), cell_of(&p, 2)),
        ("e3".into(), "d3".into(), "e3".into())
    );
    let (p, _) = apply(&p, "end");
    let (p, ev) = apply(&p, "end");
    assert_eq!(
        ev.last().unwrap(),
        &json!({"kind": "turn", "seat": 1, "round": 2, "ap": 2})
    );
    assert_eq!(p.players()[1].penalty, 0);
}

#[test]
fn e4_a_dodge_and_a_fight_lost() {
    let p = pos(&b_with(|v| {
        put(v, 0, "b3");
        v["dice"] = json!([5]);
    }));
    let (p, ev) = apply(&p, "move e dodge");
    assert_eq!(
        ev[..2],
        [
            json!({"kind": "moved", "seat": 0, "from": "b3", "to": "c3", "by": "move"}),
            json!({"kind": "dodge", "seat": 0, "roll": 5, "success": true}),
        ]
    );
    assert_eq!(kinds(&ev)[2..], ["ended", "turn"]);
    assert_eq!(
        ev[3],
        json!({"kind": "turn", "seat": 1, "round": 1, "ap": 4})
    );
    assert_eq!(cell_of(&p, 0), "c3");

    let p = pos(&b_with(|v| {
        put(v, 0, "b3");
        hold(v, 0, &["gem", "bell", "crown"]);
        v["dice"] = json!([2, 3, 4, 1]);
    }));
    assert_eq!(doc(&p)["emptied"], json!(["C1", "C7", "C8"]));
    let (p, ev) = apply(&p, "move e dodge");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "moved", "seat": 0, "from": "b3", "to": "c3", "by": "move"}),
            json!({"kind": "dodge", "seat": 0, "roll": 2, "success": false}),
            json!({"kind": "combat", "seat": 0, "roll": [3, 4], "total": 9, "defence": 10, "won": false}),
            json!({"kind": "moved", "seat": 0, "from": "c3", "to": "c4", "by": "push"}),
            json!({"kind": "hazard", "seat": 0, "cell": "c4", "hazard": "bats"}),
            json!({"kind": "snatched", "seat": 0, "artifact": "gem", "only": [0]}),
        ]
    );
    let d = doc(&p);
    assert_eq!(d["players"][0]["artifacts"], json!(["bell", "crown"]));
    assert_eq!(d["bank"].as_array().unwrap().last().unwrap(), &json!("gem"));
    assert_eq!(d["players"][0]["no_fight"], json!(true));
    assert_eq!(d["pending"], json!(["drop", "scream"]));
    assert_eq!(legal(&p), sorted("drop crown, drop bell"));

    let (p, ev) = apply(&p, "drop crown");
    assert_eq!(
        ev,
        vec![json!({"kind": "dropped", "seat": 0, "cell": "c3", "artifact": "crown"})]
    );
    assert!(
        doc(&p)["tokens"]
            .as_array()
            .unwrap()
            .contains(&json!({"cell": "c3", "name": "crown", "up": true}))
    );
    assert_eq!(doc(&p)["pending"], json!(["scream"]));

    let (p, ev) = apply(&p, "scream 3 e");
    assert_eq!(
        kinds(&ev),
        ["scream", "ended", "refilled", "refilled", "turn"]
    );
    assert_eq!(
        ev[2],
        json!({"kind": "refilled", "cell": "b5", "artifact": "ring", "only": []})
    );
    assert_eq!(
        ev[3],
        json!({"kind": "refilled", "cell": "b1", "artifact": "mask", "only": []})
    );
    assert_eq!(ev[4]["seat"], json!(1));
    assert_eq!(doc(&p)["board"][2], json!("C5:NES E O H I:NS"));
    assert_eq!(doc(&p)["emptied"], json!(["C8"]));
    assert!(
        doc(&p)["tokens"]
            .as_array()
            .unwrap()
            .contains(&json!({"cell": "d3", "name": "crown", "up": true}))
    );
    let (p, _) = apply(&p, "end");
    let (p, _) = apply(&p, "end");
    assert_eq!(p.seat_to_move(), Seat(0));
    assert_eq!(doc(&p)["flags"], json!(["no-fight"]));
    assert_eq!(doc(&p)["players"][0]["no_fight"], json!(false));
}

#[test]
fn e5_a_fight_won() {
    let p = pos(&b_with(|v| {
        put(v, 0, "b3");
        let bank = v["bank"].as_array_mut().unwrap();
        bank.retain(|a| a != &json!("ring"));
        v["tokens"]
            .as_array_mut()
            .unwrap()
            .push(json!({"cell": "c3", "name": "ring", "up": true}));
        v["dice"] = json!([6, 3]);
    }));
    let (p, ev) = apply(&p, "move e");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "moved", "seat": 0, "from": "b3", "to": "c3", "by": "move"}),
            json!({"kind": "combat", "seat": 0, "roll": [6, 3], "total": 11, "defence": 10, "won": true}),
            json!({"kind": "collected", "seat": 0, "cell": "c3", "artifacts": ["ring"]}),
            json!({"kind": "calmed", "by": 0}),
        ]
    );
    assert_eq!(p.calm(), 0);
    assert_eq!(doc(&p)["flags"], json!(["won"]));
    assert_eq!(p.ap(), 3);
    assert_eq!(legal(&p), sorted("move e, move s, move w, end"));
    let (_, ev) = apply(&p, "move s");
    assert_eq!(kinds(&ev), ["moved", "ended", "turn"]);
    assert_eq!(ev[0]["to"], json!("c2"));
    assert_eq!(ev[2]["seat"], json!(1));

    let p = pos(&b_with(|v| {
        v["rules"]["defence"] = json!("scaled");
        put(v, 0, "b3");
        hold(v, 0, &["gem", "bell"]);
        v["dice"] = json!([6, 3, 2]);
    }));
    let (p, ev) = apply(&p, "move e");
    assert_eq!(
        ev[1],
        json!({"kind": "combat", "seat": 0, "roll": [6, 3], "total": 11, "defence": 12, "won": false})
    );
    assert_eq!(ev[2]["to"], json!("c4"));
    assert_eq!(
        ev[4],
        json!({"kind": "snatched", "seat": 0, "artifact": "bell", "only": [0]})
    );
    assert_eq!(
        ev[5],
        json!({"kind": "dropped", "seat": 0, "cell": "c3", "artifact": "gem"})
    );
    assert_eq!(doc(&p)["pending"], json!(["scream"]));
}

#[test]
fn e6_theft() {
    let p = pos(&b_with(|v| {
        hold(v, 1, &["gem", "bell"]);
        to_move(v, 2);
        v["dice"] = json!([4, 4, 1]);
    }));
    let (_, _, raw) = p.apply(None, "steal 1").unwrap();
    let (next, ev) = apply(&p, "steal 1");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "theft", "seat": 2, "victim": 1, "roll": [4, 4], "success": true}),
            json!({"kind": "stolen", "seat": 2, "victim": 1, "artifact": "gem", "only": [2, 1]}),
        ]
    );
    assert_eq!(next.ap(), 2);
    let digger = serde_json::to_value(p.mask_events(&next, Audience::Seat(Seat(0)), &raw)).unwrap();
    assert_eq!(digger[1]["artifact"], json!("?"));
    let weaver = serde_json::to_value(p.mask_events(&next, Audience::Seat(Seat(1)), &raw)).unwrap();
    assert_eq!(weaver[1]["artifact"], json!("gem"));

    let p = pos(&b_with(|v| {
        hold(v, 1, &["gem"]);
        v["dice"] = json!([4, 4]);
    }));
    let (p, ev) = apply(&p, "steal 1");
    assert_eq!(kinds(&ev), ["theft", "ended", "turn"]);
    assert_eq!(ev[0]["success"], json!(false));
    assert_eq!(ev[2]["seat"], json!(1));
    assert_eq!(p.players()[0].penalty, 1);

    for (dice, success) in [([5, 4], true), ([4, 4], false)] {
        let p = pos(&b_with(|v| {
            hold(v, 1, &["lamp"]);
            to_move(v, 2);
            v["dice"] = json!(dice);
        }));
        let (_, ev) = apply(&p, "steal 1");
        assert_eq!(ev[0]["success"], json!(success), "{dice:?}");
    }

    let v = b_with(|v| {
        hold(v, 1, &["gem"]);
        put(v, 1, "b3");
        to_move(v, 2);
    });
    assert!(legal(&pos(&v)).contains(&"steal 1".to_string()));
    let mut v = v;
    to_move(&mut v, 0);
    assert!(!legal(&pos(&v)).contains(&"steal 1".to_string()));
}

#[test]
fn e7_the_hydras_own_scream() {
    let base = |f: &dyn Fn(&mut Json)| {
        pos(&b_with(|v| {
            to_move(v, 2);
            v["round"] = json!(5);
            v["ap"] = json!(1);
            f(v);
        }))
    };
    let (p, ev) = apply(&base(&|_| {}), "end");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "ended", "seat": 2}),
            json!({"kind": "scream", "by": null, "line": "2", "dir": "w", "rot": 0,
                   "removed": "a2", "inserted": "e2"}),
            json!({"kind": "turn", "seat": 0, "round": 6, "ap": 4}),
        ]
    );
    assert_eq!(doc(&p)["board"][3], json!("L:ES O T:S P C6:NSW"));
    assert!(
        doc(&p)["tokens"]
            .as_array()
            .unwrap()
            .contains(&json!({"cell": "e2", "name": "chalice", "up": false}))
    );

    let (p, ev) = apply(
        &base(&|v| v["pins"] = json!([{"line": "2", "seat": 0}])),
        "end",
    );
    assert_eq!(kinds(&ev), ["ended", "scream", "unpinned", "turn"]);
    assert_eq!(
        (ev[1]["line"].clone(), ev[1]["dir"].clone()),
        (json!("e"), json!("n"))
    );
    assert_eq!(
        (ev[1]["removed"].clone(), ev[1]["inserted"].clone()),
        (json!("e5"), json!("e1"))
    );
    assert_eq!(ev[2], json!({"kind": "unpinned", "line": "2"}));
    assert!(p.pin().is_none());

    let (_, ev) = apply(&base(&|v| v["round"] = json!(4)), "end");
    assert_eq!(kinds(&ev), ["ended", "turn"]);

    let (p, ev) = apply(&base(&|v| v["calm"] = json!(1)), "end");
    assert_eq!(kinds(&ev), ["ended", "calmed", "turn"]);
    assert_eq!(ev[1], json!({"kind": "calmed", "by": null}));
    assert_eq!(p.calm(), 0);
}

#[test]
fn e8_refill_and_pickup() {
    let p = pos(&b_with(|v| {
        put(v, 0, "b5");
        hold(v, 0, &["gem"]);
        hold(v, 1, &["bell"]);
        to_move(v, 2);
        v["ap"] = json!(1);
    }));
    assert_eq!(doc(&p)["emptied"], json!(["C1", "C7"]));
    let (p, ev) = apply(&p, "end");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "ended", "seat": 2}),
            json!({"kind": "refilled", "cell": "b5", "artifact": "ring", "only": []}),
            json!({"kind": "turn", "seat": 0, "round": 2, "ap": 3}),
            json!({"kind": "collected", "seat": 0, "cell": "b5", "artifacts": ["ring"], "only": [0]}),
        ]
    );
    let d = doc(&p);
    assert_eq!(d["players"][0]["artifacts"], json!(["gem", "ring"]));
    assert_eq!(d["emptied"], json!(["C7", "C1"]));
    assert_eq!(d["pending"], json!(["scream"]));
    let (p, _) = apply(&p, "scream 1 e");
    assert_eq!(p.ap(), 3);
    assert!(
        p.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Step { .. }))
    );
}

#[test]
fn e9_the_portal() {
    let three = pos(&b_with(|v| {
        put(v, 0, "d2");
        hold(v, 0, &["gem", "bell", "crown"]);
    }));
    let (p, ev) = apply(&three, "move e");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "moved", "seat": 0, "from": "d2", "to": "e2", "by": "move"}),
            json!({"kind": "game_over", "winner": 0, "reason": "portal"}),
        ]
    );
    assert!(legal(&p).is_empty());
    assert_eq!(code(&p, "end"), "game-over");
    assert_eq!(doc(&p)["result"], json!({"winner": 0, "reason": "portal"}));
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat(0)));

    let two = pos(&b_with(|v| {
        put(v, 0, "d2");
        hold(v, 0, &["gem", "bell"]);
    }));
    assert!(!legal(&two).contains(&"move e".to_string()));
    assert!(matches!(
        refused(&two, None, "move e"),
        Refusal::Illegal(Illegal::PortalNeedsThree(2))
    ));

    let crowned = pos(&b_with(|v| {
        put(v, 0, "e1");
        hold(v, 0, &["gem", "bell", "crown"]);
    }));
    assert_eq!(
        crowned.board().open(Cell::parse("e1").unwrap(), Dir::N),
        Some(false)
    );
    assert!(legal(&crowned).contains(&"move n".to_string()));
}

#[test]
fn e10_refusals() {
    let p = pos(&b());
    for text in ["hello", "scream 3 n", "steal 3", "use blade"] {
        assert_eq!(code(&p, text), "unreadable", "{text}");
    }
    for text in ["move w", "scream 3 e"] {
        assert_eq!(code(&p, text), "illegal", "{text}");
    }
    assert_eq!(
        refused(&p, None, "scream 3 e").to_string(),
        "no Scream is owed now"
    );
    use crate::game::Refusal as _;
    assert_eq!(refused(&p, Some(1), "move e").code(), "not-your-turn");
    assert_eq!(
        p.parse_action("  MOVE East ").unwrap().to_string(),
        "move e"
    );
}

#[test]
fn e11_views() {
    let full = pos(&b_with(|v| {
        put(v, 0, "b4");
        hold(v, 0, &["gem"]);
        player(v, 0)["seen"] = json!(["bats"]);
        hold(v, 1, &["bell"]);
        v["dice"] = json!([6, 6]);
    }));
    let view1 = view_doc(&full, Audience::Seat(Seat(1)));
    assert_eq!(view1["players"][0]["artifacts"], json!(["?"]));
    assert_eq!(view1["players"][0]["seen"], json!(["?"]));
    assert_eq!(view1["players"][1]["artifacts"], json!(["bell"]));
    assert_eq!(view1["bank"], json!(["?", "?", "?", "?", "?"]));
    assert!(
        view1["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["up"] == json!(true) || t["name"] == json!("?"))
    );
    assert!(view1.get("dice").is_none() && view1.get("rng").is_none());
    assert_eq!(view1["view"], json!(1));
    let view0 = view_doc(&full, Audience::Seat(Seat(0)));
    assert!(
        view0["tokens"]
            .as_array()
            .unwrap()
            .contains(&json!({"cell": "c4", "name": "bats", "up": false}))
    );
    // A view is not a position: its "?" (and, as the engine reads it, its "view" field)
    // are refused.
    let mut as_position = view1.clone();
    as_position.as_object_mut().unwrap().remove("view");
    assert!(read(&as_position).is_err());
    assert!(read(&view1).is_err());
}

#[test]
fn e12_abilities_artifacts_and_other_endings() {
    // Weave.
    let p = pos(&b_with(|v| {
        put(v, 1, "b2");
        to_move(v, 1);
    }));
    let l = legal(&p);
    for w in ["weave 90", "weave 180", "weave 270"] {
        assert!(l.contains(&w.to_string()), "{w}");
    }
    let (p, ev) = apply(&p, "weave 90");
    assert_eq!(
        ev,
        vec![json!({"kind": "woven", "seat": 1, "cell": "b2", "rot": 90})]
    );
    assert_eq!(
        p.board().tile(Cell::parse("b2").unwrap()).to_string(),
        "L:SW"
    );
    let l = legal(&p);
    assert!(l.contains(&"move e".to_string()) && !l.contains(&"move w".to_string()));
    assert_eq!(p.ap(), 2);
    assert!(!l.iter().any(|a| a.starts_with("weave")));

    // Provoke.
    let (p, ev) = apply(&pos(&b()), "provoke");
    assert_eq!(ev, vec![json!({"kind": "provoked", "seat": 0})]);
    assert_eq!((p.ap(), doc(&p)["pending"].clone()), (0, json!(["scream"])));
    let (p, ev) = apply(&p, "scream a n");
    assert_eq!(kinds(&ev), ["scream", "ended", "turn"]);
    assert_eq!(cell_of(&p, 0), "a4");
    assert_eq!(p.seat_to_move(), Seat(1));

    // Ghost.
    let p = pos(&b_with(|v| {
        put(v, 1, "a5");
        hold(v, 1, &["map"]);
        to_move(v, 1);
    }));
    assert_eq!(doc(&p)["emptied"], json!(["C4"]));
    let l = legal(&p);
    assert!(l.contains(&"ghost e".to_string()) && !l.contains(&"move e".to_string()));
    let (p, ev) = apply(&p, "ghost e");
    assert_eq!(ev[0]["by"], json!("ghost"));
    assert_eq!(ev[1]["artifacts"], json!(["gem"]));
    assert_eq!(p.ap(), 2);

    // Mask.
    let p = pos(&b_with(|v| {
        hold(v, 0, &["mask"]);
        put(v, 2, "e3");
    }));
    let (p, ev) = apply(&p, "use mask 2");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "used", "seat": 0, "artifact": "mask"}),
            json!({"kind": "swapped", "seat": 0, "other": 2, "cells": ["e3", "a3"]}),
        ]
    );
    assert!(
        doc(&p)["tokens"]
            .as_array()
            .unwrap()
            .contains(&json!({"cell": "e3", "name": "mud", "up": false}))
    );
    assert_eq!(p.players()[0].penalty, 0);

    // Gem.
    let p = pos(&b_with(|v| hold(v, 0, &["gem"])));
    let (p, ev) = apply(&p, "use gem");
    assert_eq!(kinds(&ev), ["used", "vision"]);
    assert_eq!(ev[1]["tokens"].as_array().unwrap().len(), 7);
    assert_eq!(ev[1]["only"], json!([0]));
    assert_eq!(p.players()[0].seen.len(), 7);

    // Too few artifacts.
    let p = pos(&b_with(|v| {
        hold(v, 0, &["bell", "chalice"]);
        hold(v, 1, &["mask"]);
        v["tokens"]
            .as_array_mut()
            .unwrap()
            .retain(|t| ["stalactites", "bats", "mud"].contains(&t["name"].as_str().unwrap()));
        v["emptied"] = json!(["C7", "C6", "C1", "C4", "C8"]);
        v["bank"] = json!([]);
        v["used"] = json!(["gem", "map", "crown", "ring", "blade", "echo", "lamp"]);
    }));
    let (p, ev) = apply(&p, "use bell");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "used", "seat": 0, "artifact": "bell"}),
            json!({"kind": "game_over", "winner": null, "reason": "too-few-artifacts"}),
        ]
    );
    assert_eq!(p.outcome().unwrap().winner(), None);

    // The round limit.
    let p = pos(&b_with(|v| {
        v["round"] = json!(30);
        to_move(v, 2);
        v["ap"] = json!(1);
    }));
    let (p, ev) = apply(&p, "end");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "ended", "seat": 2}),
            json!({"kind": "game_over", "winner": null, "reason": "round-limit"}),
        ]
    );
    assert_eq!(p.seat_to_move(), Seat(2));
    assert_eq!(
        doc(&p)["result"],
        json!({"winner": null, "reason": "round-limit"})
    );
}

#[test]
fn e13_stalactites_the_warden_the_echo() {
    let p = pos(&b_with(|v| {
        put(v, 2, "c5");
        to_move(v, 2);
    }));
    let (p, ev) = apply(&p, "move e");
    assert_eq!(
        ev[1],
        json!({"kind": "hazard", "seat": 2, "cell": "d5", "hazard": "stalactites"})
    );
    assert_eq!(doc(&p)["pending"], json!(["scream", "hydra"]));
    let (_, ev) = apply(&p, "scream 5 e");
    assert_eq!(kinds(&ev), ["scream", "scream", "ended", "turn"]);
    assert_eq!(ev[0]["by"], json!(2));
    assert_eq!(ev[1]["by"], json!(null));

    let warden = |f: &dyn Fn(&mut Json)| {
        pos(&b_with(|v| {
            player(v, 2)["hero"] = json!("warden");
            to_move(v, 2);
            f(v);
        }))
    };
    let (p, ev) = apply(&warden(&|v| put(v, 2, "d3")), "move e");
    assert_eq!(
        ev[1],
        json!({"kind": "hazard", "seat": 2, "cell": "e3", "hazard": "mud", "immune": true})
    );
    assert_eq!(p.players()[2].penalty, 0);
    assert_eq!((p.ap(), doc(&p)["pending"].clone()), (0, json!(["scream"])));

    let p = pos(&b_with(|v| {
        put(v, 0, "b3");
        hold(v, 0, &["echo"]);
        v["dice"] = json!([1, 6]);
    }));
    let (p, ev) = apply(&p, "move e dodge");
    assert_eq!(
        ev[1],
        json!({"kind": "dodge", "seat": 0, "roll": 1, "success": false})
    );
    assert_eq!(
        ev[2],
        json!({"kind": "dodge", "seat": 0, "roll": 6, "success": true})
    );
    assert_eq!(cell_of(&p, 0), "c3");

    assert!(legal(&warden(&|v| v["ap"] = json!(3))).contains(&"provoke".to_string()));
    let three = pos(&b_with(|v| v["ap"] = json!(3)));
    let l = legal(&three);
    assert!(!l.contains(&"dig s".to_string()) && !l.contains(&"provoke".to_string()));
    assert_eq!(
        refused(&three, None, "provoke").to_string(),
        "you have 3 action points left; provoking costs 4"
    );
}

#[test]
fn e14_invalid_positions() {
    let problems = |v: &Json| read(v).unwrap_err().problems.join(" | ");
    assert!(
        problems(&b_with(|v| v["ap"] = json!(0))).contains("no action points and nothing pending")
    );
    let no_portal = b_with(|v| v["board"][3] = json!("C6:NSW L:ES O T:S O"));
    assert!(
        problems(&no_portal).contains("tiles must be"),
        "{}",
        problems(&no_portal)
    );
    assert!(problems(&b_with(|v| v["extra"] = json!(1))).contains("unknown field"));
}
