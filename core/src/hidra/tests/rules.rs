//! The rules' sentences beyond the worked examples, section by section.

use super::*;
use crate::{
    game::Refusal as _,
    hidra::{play::draw, setup::roll_off},
    labscape::Dice,
    view::Audience,
};

fn options(text: &str) -> Result<Settings, crate::SettingsError> {
    Position::settings(&crate::game::parse_options(text).unwrap())
}

fn illegal(p: &Position, text: &str) -> Illegal {
    match refused(p, None, text) {
        Refusal::Illegal(i) => i,
        other => panic!("{text}: {other}"),
    }
}

// §4 Options.
#[test]
fn options_have_their_defaults_ranges_and_round_trip() {
    let s = options("").unwrap();
    assert_eq!(s.players, 2);
    assert_eq!(s.heroes, [Hero::Digger, Hero::Weaver]);
    assert_eq!(s.hazards, None);
    assert_eq!(
        (s.rules.defence, s.rules.hydra_every, s.rules.rounds),
        (Defence::Fixed, 5, 30)
    );
    let s = options("players=3").unwrap();
    assert_eq!(s.heroes, [Hero::Digger, Hero::Weaver, Hero::Rogue]);
    let s = options("heroes=rogue,warden").unwrap();
    assert_eq!(
        (s.players, s.heroes.clone()),
        (2, vec![Hero::Rogue, Hero::Warden])
    );
    let s = options("players=4 heroes=warden,rogue,weaver,digger hazards=mud,bats,draft defence=scaled hydra-every=1 rounds=200").unwrap();
    assert_eq!(s.hazards, Some([Hazard::Mud, Hazard::Bats, Hazard::Draft]));
    assert_eq!(Position::seats(&s), 4..=4);
    let text: Vec<(String, String)> = Position::options(&s)
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    assert_eq!(Position::settings(&text).unwrap(), s);
    for bad in [
        "players=1",
        "players=5",
        "heroes=rogue,rogue",
        "heroes=rogue,knight",
        "players=3 heroes=rogue,warden",
        "hazards=mud,bats",
        "hazards=mud,mud,bats",
        "hazards=mud,bats,lava",
        "defence=hard",
        "hydra-every=0",
        "hydra-every=11",
        "rounds=4",
        "rounds=201",
        "colour=red",
        "players=2 players=3",
    ] {
        assert!(options(bad).is_err(), "{bad}");
    }
}

// §4 Setup.
#[test]
fn the_setup_follows_the_procedure_for_every_seed() {
    for players in 2..=4 {
        let s = options(&format!("players={players}")).unwrap();
        let names: Vec<String> = (0..players).map(|i| i.to_string()).collect();
        for seed in 0..40 {
            let (p, ev) = Position::new_game(&s, &names, &format!("{seed}")).unwrap();
            let b = p.board();
            assert_eq!(b.hydra().to_string(), "c3");
            let (e, pt) = (b.entry(), b.portal());
            let side = |c: Cell| {
                [
                    (c.rank() == 4, 'N'),
                    (c.file() == 4, 'E'),
                    (c.rank() == 0, 'S'),
                    (c.file() == 0, 'W'),
                ]
                .into_iter()
                .filter(|x| x.0)
                .map(|x| x.1)
                .collect::<Vec<char>>()
            };
            let opposite = |a: char| match a {
                'N' => 'S',
                'S' => 'N',
                'E' => 'W',
                _ => 'E',
            };
            assert!(
                side(e).iter().any(|a| side(pt).contains(&opposite(*a))),
                "entry {e} portal {pt}"
            );
            assert_eq!(p.tokens().len(), 8);
            assert!(
                p.tokens()
                    .iter()
                    .all(|t| t.is_down() && b.tile(t.cell).chamber().is_some())
            );
            assert_eq!(
                p.tokens().iter().filter(|t| t.hazard().is_some()).count(),
                3
            );
            assert_eq!(p.bank().len(), 5);
            assert!(
                p.players()
                    .iter()
                    .all(|pl| pl.cell == e && pl.artifacts.is_empty())
            );
            assert_eq!((p.round(), p.ap(), p.seat_to_move()), (1, 4, p.first()));
            assert_eq!(
                ev,
                vec![Event::Turn {
                    seat: p.first(),
                    round: 1,
                    ap: 4
                }]
            );
            // Written and read back: every rule of the notation holds.
            assert_eq!(pos(&doc(&p)), p);
        }
    }
    let s = options("hazards=pillars,draft,mud").unwrap();
    let (p, _) = Position::new_game(&s, &["a".into(), "b".into()], "x").unwrap();
    let mut h: Vec<Hazard> = p.tokens().iter().filter_map(Token::hazard).collect();
    h.sort();
    assert_eq!(h, [Hazard::Mud, Hazard::Draft, Hazard::Pillars]);
    let two = |seed: &str| {
        Position::new_game(&options("").unwrap(), &["a".into(), "b".into()], seed)
            .unwrap()
            .0
    };
    assert_eq!(two("same"), two("same"));
    assert_ne!(doc(&two("one"))["board"], doc(&two("two"))["board"]);
    assert!(Position::new_game(&options("players=3").unwrap(), &["a".into()], "x").is_err());
}

#[test]
fn the_first_player_is_rolled_off_and_ties_roll_again() {
    let mut d = Dice::from_seed("x").with_queue([3, 5, 5, 2, 6]);
    assert_eq!(roll_off(&mut d, 3), Seat(2));
    let mut d = Dice::from_seed("x").with_queue([6, 1]);
    assert_eq!(roll_off(&mut d, 2), Seat(0));
}

// §10 Dice: random draws.
#[test]
fn random_draws_use_one_or_two_dice_and_roll_again_past_k() {
    let cases: &[(usize, &[u8], usize, usize)] = &[
        // k, dice, index drawn, dice left
        (1, &[4], 0, 1),
        (3, &[5, 4, 2], 1, 0),
        (6, &[6], 5, 0),
        (8, &[2, 3, 1, 5], 4, 0),
        (8, &[2, 2], 7, 0),
        (10, &[1, 6, 9], 5, 1),
    ];
    for (k, dice, want, left) in cases {
        let mut d = Dice::from_seed("x").with_queue(dice.iter().copied());
        assert_eq!(draw(&mut d, *k), *want, "k={k} dice={dice:?}");
        assert_eq!(d.queue().count(), *left);
    }
}

// §7.2 The slide.
#[test]
fn every_slide_carries_everything_and_can_be_undone() {
    let p = pos(&b_with(|v| {
        put(v, 0, "a3");
        put(v, 1, "e3");
        put(v, 2, "c5");
    }));
    for line in Line::all() {
        for dir in line.ends() {
            for rot in Rot::ALL {
                let q = super::super::play::after_slide(&p, line, dir, rot);
                let cells = line.from_end(dir);
                // The tile that left is on the other end, turned.
                assert_eq!(
                    q.board().tile(cells[4]),
                    p.board().tile(cells[0]).rotated(rot)
                );
                assert_eq!(q.board().tile(cells[0]), p.board().tile(cells[1]));
                // Riders keep their tile.
                for (i, pl) in p.players().iter().enumerate() {
                    let now = q.players()[i].cell;
                    assert_eq!(
                        q.board().tile(now).kind(),
                        p.board().tile(pl.cell).kind(),
                        "{line} {dir}: seat {i}"
                    );
                }
                for t in p.tokens() {
                    let after = board::slid(&cells, t.cell);
                    assert!(q.tokens_on(after).any(|u| u.face == t.face));
                }
                // Sliding back from the other end, turned back, restores the line.
                let back_rot = Rot::quarters(4 - (rot.degrees() / 90) as u8);
                let r = super::super::play::after_slide(&q, line, dir.opposite(), back_rot);
                assert_eq!(r.board(), p.board(), "{line} {dir} {rot}");
                assert_eq!(r.players(), p.players());
            }
        }
    }
}

#[test]
fn a_scream_slides_the_portal_entry_and_hydra_like_any_tile() {
    let p = pos(&b_with(|v| v["pending"] = json!(["scream"])));
    let (q, _) = apply(&p, "scream 2 e");
    assert_eq!(q.board().portal().to_string(), "a2");
    let (q, _) = apply(&p, "scream c n 180");
    assert_eq!(q.board().hydra().to_string(), "c4");
    let (q, _) = apply(&p, "scream 3 w");
    assert_eq!(q.board().entry().to_string(), "e3");
}

// §7.3 The Hydra's own Scream: ties N, E, S, W.
#[test]
fn the_hydras_scream_breaks_ties_north_first_and_skips_pinned_lines() {
    let corner = |pins: Json| {
        pos(&b_with(|v| {
            v["board"][4] = json!("P C7:NES I:EW C8:NSW I:NS");
            v["board"][3] = json!("C6:NSW L:ES O T:S L:SW");
            v["pins"] = pins;
        }))
    };
    let line = |p: &Position| {
        let (l, d) = super::super::play::hydra_line(p).unwrap();
        format!("{l} {d}")
    };
    // a5 (north end of column a) and e1 (east end of row 1) both lie 4 away.
    assert_eq!(line(&corner(json!([]))), "a n");
    assert_eq!(line(&corner(json!([{"line": "a", "seat": 1}]))), "1 e");
}

// §7.4 Calm; §2.3 Bell.
#[test]
fn the_bell_calms_the_next_scream_of_any_kind() {
    let p = pos(&b_with(|v| hold(v, 0, &["bell"])));
    let (p, ev) = apply(&p, "use bell");
    assert_eq!(
        ev,
        vec![json!({"kind": "used", "seat": 0, "artifact": "bell"})]
    );
    assert_eq!((p.calm(), p.ap()), (1, 3));
    let p = pos(&b_with(|v| {
        hold(v, 0, &["bell"]);
        v["calm"] = json!(1);
    }));
    let (p, ev) = apply(&p, "provoke");
    assert_eq!(kinds(&ev), ["provoked", "calmed", "ended", "turn"]);
    assert_eq!(ev[1], json!({"kind": "calmed", "by": 0}));
    assert_eq!(p.calm(), 0);
}

// §7.5 Pins; §2.3 Ring.
#[test]
fn a_pinned_line_cannot_slide_until_its_owners_next_turn() {
    let p = pos(&b_with(|v| {
        hold(v, 0, &["ring", "chalice"]);
        v["ap"] = json!(5);
    }));
    let (p, ev) = apply(&p, "use ring 3");
    assert_eq!(ev[1], json!({"kind": "pinned", "seat": 0, "line": "3"}));
    let (p, _) = apply(&p, "provoke");
    assert_eq!(legal(&p).len(), 72);
    assert_eq!(illegal(&p, "scream 3 e"), Illegal::Pinned(Line::Row(2)));
    assert_eq!(doc(&p)["pins"], json!([{"line": "3", "seat": 0}]));
    let (p, _) = apply(&p, "scream a n");
    let (p, _) = apply(&p, "end");
    let (p, ev) = apply(&p, "end");
    assert!(ev.contains(&json!({"kind": "unpinned", "line": "3"})));
    assert!(p.pin().is_none());
    // One pin at a time: another seat's Ring ends the first pin.
    let p = pos(&b_with(|v| {
        hold(v, 0, &["ring"]);
        v["pins"] = json!([{"line": "b", "seat": 1}]);
    }));
    let (p, ev) = apply(&p, "use ring 4");
    assert_eq!(kinds(&ev), ["used", "unpinned", "pinned"]);
    assert_eq!(p.pin().unwrap().line, Line::Row(3));
}

// §8.1 Entering; §6 moves.
#[test]
fn moves_need_an_open_passage_and_say_why_not() {
    let p = pos(&b());
    assert_eq!(
        refused(&p, None, "move s").to_string(),
        "a wall stands between a3 and a2"
    );
    assert_eq!(
        illegal(&p, "move w"),
        Illegal::OffBoard {
            cell: Cell::parse("a3").unwrap(),
            dir: Dir::W
        }
    );
    assert_eq!(
        illegal(&p, "dig n"),
        Illegal::PassageOpen {
            from: Cell::parse("a3").unwrap(),
            to: Cell::parse("a4").unwrap()
        }
    );
    assert_eq!(illegal(&p, "ghost s"), Illegal::NotHolding(Artifact::Map));
    let weaver = pos(&b_with(|v| to_move(v, 1)));
    assert_eq!(
        illegal(&weaver, "dig s"),
        Illegal::NotYourHero(Hero::Digger)
    );
    assert_eq!(illegal(&p, "weave 90"), Illegal::NotYourHero(Hero::Weaver));
    assert_eq!(
        illegal(&p, "move e dodge"),
        Illegal::NotTheHydra(Cell::parse("b3").unwrap())
    );
    let p = pos(&b_with(|v| put(v, 0, "b3")));
    assert_eq!(
        illegal(&p, "move e blade"),
        Illegal::NotHolding(Artifact::Blade)
    );
}

#[test]
fn a_dig_costs_four_once_a_turn_and_enters() {
    let p = pos(&b_with(|v| v["ap"] = json!(5)));
    let (p, ev) = apply(&p, "dig s");
    assert_eq!(
        ev[0],
        json!({"kind": "moved", "seat": 0, "from": "a3", "to": "a2", "by": "dig"})
    );
    assert_eq!(ev[1]["artifacts"], json!(["chalice"]));
    assert_eq!(p.ap(), 1);
    assert!(p.flags().dug && p.flags().collected);
    let (p, _) = apply(&p, "scream 5 e");
    assert_eq!(illegal(&p, "move n"), Illegal::Collected);
    let p = pos(&b_with(|v| {
        v["ap"] = json!(5);
        v["flags"] = json!(["dug"]);
    }));
    assert_eq!(illegal(&p, "dig s"), Illegal::OncePerTurn);
}

#[test]
fn after_collecting_other_actions_go_on() {
    let p = pos(&b_with(|v| {
        put(v, 0, "b4");
        v["flags"] = json!(["collected"]);
    }));
    let l = legal(&p);
    assert!(
        !l.iter()
            .any(|a| a.starts_with("move") || a.starts_with("dig"))
    );
    assert!(l.contains(&"explore b5".to_string()) && l.contains(&"provoke".to_string()));
}

// §8.2 The bank refills the oldest emptied chamber, keeping the newest empty.
#[test]
fn the_bank_keeps_every_chamber_but_the_last_filled_until_it_runs_out() {
    let p = pos(&b_with(|v| {
        hold(v, 1, &["gem", "bell", "crown", "chalice"]);
        hold(v, 2, &["blade", "echo", "lamp"]);
        to_move(v, 2);
        v["ap"] = json!(1);
    }));
    let (p, ev) = apply(&p, "end");
    assert_eq!(kinds(&ev), ["ended", "refilled", "refilled", "turn"]);
    assert_eq!(
        (ev[1]["cell"].clone(), ev[2]["cell"].clone()),
        (json!("b5"), json!("b1"))
    );
    assert_eq!(doc(&p)["emptied"], json!(["C8", "C6"]));
    assert!(p.bank().is_empty());
}

// §8.3 Hazards.
#[test]
fn each_hazard_does_what_its_table_says() {
    // The draft blows back onto the Entry; the pillars cost the next turn.
    let into = |hazard: &str, hero: &str| {
        pos(&b_with(|v| {
            for t in v["tokens"].as_array_mut().unwrap() {
                if t["cell"] == json!("e3") {
                    t["name"] = json!(hazard);
                } else if t["name"] == json!(hazard) {
                    t["name"] = json!("mud");
                }
            }
            player(v, 1)["hero"] = json!(hero);
            put(v, 1, "d3");
            to_move(v, 1);
        }))
    };
    let (p, ev) = apply(&into("draft", "weaver"), "move e");
    assert_eq!(
        ev[2],
        json!({"kind": "moved", "seat": 1, "from": "e3", "to": "a3", "by": "draft"})
    );
    assert_eq!(cell_of(&p, 1), "a3");
    let (p, ev) = apply(&into("pillars", "weaver"), "move e");
    assert_eq!(kinds(&ev), ["moved", "hazard"]);
    assert!(p.players()[1].skip);
    let (p, _) = apply(&p, "scream 1 e");
    let (p, _) = apply(&p, "end");
    let (_, ev) = apply(&p, "end");
    assert!(ev.contains(&json!({"kind": "turn", "seat": 1, "round": 2, "ap": 0})));
    assert_eq!(kinds(&ev)[kinds(&ev).len() - 2..], ["ended", "turn"]);
    // Bats on an empty hand take nothing.
    let (_, ev) = apply(&into("bats", "weaver"), "move e");
    assert_eq!(kinds(&ev), ["moved", "hazard"]);
    // The Warden: immune to the four, not to the Stalactites' waking.
    for h in ["mud", "bats", "draft", "pillars"] {
        let (p, ev) = apply(&into(h, "warden"), "move e");
        assert_eq!(ev[1]["immune"], json!(true), "{h}");
        assert_eq!(kinds(&ev), ["moved", "hazard"], "{h}");
        assert!(!p.players()[1].skip && p.players()[1].penalty == 0 && cell_of(&p, 1) == "e3");
        assert_eq!(p.ap(), 0);
    }
    let (p, ev) = apply(&into("stalactites", "warden"), "move e");
    assert!(ev[1].get("immune").is_none());
    assert_eq!(doc(&p)["pending"], json!(["scream", "hydra"]));
}

#[test]
fn a_face_up_hazard_springs_again_even_on_its_springer() {
    let p = pos(&b_with(|v| {
        put(v, 1, "d3");
        to_move(v, 1);
        v["tokens"][4]["up"] = json!(true);
    }));
    let (p, ev) = apply(&p, "move e");
    assert_eq!(ev[1]["hazard"], json!("mud"));
    assert_eq!(p.players()[1].penalty, 2);
}

// §8.4 The Hydra's tile.
#[test]
fn fights_push_and_lose_as_the_rules_order_them() {
    // A tie with the defence is lost; with nothing to drop, a penalty of 1.
    let (p, ev) = apply(
        &pos(&b_with(|v| {
            put(v, 0, "b3");
            v["dice"] = json!([4, 4]);
        })),
        "move e",
    );
    assert_eq!(ev[1]["total"], json!(10));
    assert_eq!(ev[1]["won"], json!(false));
    assert_eq!(p.players()[0].penalty, 1);
    // Without a hazard next to it the Hydra pushes to the cell farthest from the Portal,
    // ties north first; onto no adventurer and no artifact; nowhere: no push.
    let no_bats = |extra: &dyn Fn(&mut Json)| {
        pos(&b_with(|v| {
            hold(v, 0, &["gem"]);
            for t in v["tokens"].as_array_mut().unwrap() {
                if t["name"] == json!("bats") {
                    t["cell"] = json!("b5");
                }
            }
            v["emptied"] = json!(["C3"]);
            put(v, 0, "b3");
            v["dice"] = json!([1, 1]);
            extra(v);
        }))
    };
    let pushed = |p: &Position| {
        let (_, ev) = apply(p, "move e");
        ev.iter()
            .find(|e| e["by"] == json!("push"))
            .map(|e| e["to"].as_str().unwrap().to_string())
    };
    // c4 and b3 both lie 4 from the Portal on e2: north first.
    assert_eq!(pushed(&no_bats(&|_| {})).as_deref(), Some("c4"));
    assert_eq!(
        pushed(&no_bats(&|v| put(v, 1, "c4"))).as_deref(),
        Some("b3")
    );
    assert_eq!(
        pushed(&no_bats(&|v| {
            put(v, 1, "c4");
            put(v, 2, "b3");
        }))
        .as_deref(),
        Some("d3"),
        "d3 and c2 lie 2 from the Portal: east before south"
    );
    // With the Portal on c2 and every other neighbour taken, the loser stays.
    let stays = no_bats(&|v| {
        v["board"][3] = json!("C6:NSW L:ES P T:S O");
        put(v, 1, "c4");
        put(v, 2, "b3");
        v["players"]
            .as_array_mut()
            .unwrap()
            .push(json!({"hero": "warden", "cell": "d3",
            "artifacts": [], "seen": [], "penalty": 0, "skip": false, "no_fight": false}));
    });
    assert_eq!(pushed(&stays), None);
    // One artifact goes without a choice.
    let (p, ev) = apply(&no_bats(&|_| {}), "move e");
    assert!(ev.contains(&json!({"kind": "dropped", "seat": 0, "cell": "c3", "artifact": "gem"})));
    assert_eq!(doc(&p)["pending"], json!(["scream"]));
}

#[test]
fn the_blade_wins_without_dice_and_the_echo_fights_again() {
    let p = pos(&b_with(|v| {
        put(v, 0, "b3");
        hold(v, 0, &["blade"]);
    }));
    let (p, ev) = apply(&p, "move e blade");
    assert_eq!(
        ev,
        vec![
            json!({"kind": "moved", "seat": 0, "from": "b3", "to": "c3", "by": "move"}),
            json!({"kind": "used", "seat": 0, "artifact": "blade"}),
            json!({"kind": "combat", "seat": 0, "roll": null, "total": null, "defence": null, "won": true}),
        ]
    );
    assert_eq!((p.ap(), p.calm()), (2, 1));
    assert_eq!(illegal(&p, "explore c4"), Illegal::AfterWin);
    // The step off may not be onto a face-up hazard.
    let p = pos(&b_with(|v| {
        put(v, 0, "c3");
        v["flags"] = json!(["won"]);
        v["tokens"][2]["up"] = json!(true);
        v["board"][1] = json!("I:EW O C3:NEW T:E C4:NEW");
    }));
    assert_eq!(
        illegal(&p, "move n"),
        Illegal::UnsafeStep(Cell::parse("c4").unwrap())
    );
    // The Echo: a lost fight fought again, once a turn.
    let p = pos(&b_with(|v| {
        put(v, 0, "b3");
        hold(v, 0, &["echo"]);
        v["dice"] = json!([1, 1, 6, 6]);
    }));
    let (p, ev) = apply(&p, "move e");
    assert_eq!(kinds(&ev), ["moved", "combat", "combat"]);
    assert_eq!(ev[2]["won"], json!(true));
    assert!(p.flags().echo && p.flags().won);
    // No fight the turn after a lost one.
    let p = pos(&b_with(|v| {
        put(v, 0, "b3");
        v["flags"] = json!(["no-fight"]);
    }));
    assert_eq!(illegal(&p, "move e"), Illegal::NoFight);
    assert_eq!(illegal(&p, "move e dodge"), Illegal::NoFight);
}

#[test]
fn the_warden_dodges_on_four() {
    let p = pos(&b_with(|v| {
        player(v, 0)["hero"] = json!("warden");
        put(v, 0, "b3");
        v["dice"] = json!([4]);
    }));
    let (_, ev) = apply(&p, "move e dodge");
    assert_eq!(
        ev[1],
        json!({"kind": "dodge", "seat": 0, "roll": 4, "success": true})
    );
}

// §8.5 Theft.
#[test]
fn theft_reaches_rolls_and_fails_as_written() {
    let p = pos(&b_with(|v| {
        hold(v, 1, &["gem"]);
        v["ap"] = json!(1);
    }));
    assert_eq!(
        refused(&p, None, "steal 1").to_string(),
        "you have 1 action point left; stealing costs 2"
    );
    let p = pos(&b());
    assert_eq!(illegal(&p, "steal 1"), Illegal::EmptyHanded(Seat(1)));
    assert_eq!(illegal(&p, "steal 0"), Illegal::Yourself);
    // The Rogue reaches only through an open passage.
    let p = pos(&b_with(|v| {
        hold(v, 1, &["gem"]);
        put(v, 1, "a2");
        to_move(v, 2);
    }));
    assert_eq!(illegal(&p, "steal 1"), Illegal::OutOfReach(Seat(1)));
    // The Echo rolls both dice again.
    let p = pos(&b_with(|v| {
        hold(v, 1, &["gem"]);
        hold(v, 0, &["echo"]);
        v["dice"] = json!([1, 6, 6, 1]);
    }));
    let (p, ev) = apply(&p, "steal 1");
    assert_eq!(kinds(&ev), ["theft", "theft", "stolen"]);
    assert_eq!(ev[1]["roll"], json!([6, 1]));
    assert_eq!(p.players()[0].artifacts.len(), 2);
    // The victim may steal back on a later turn without moving (D18).
    assert_eq!(p.ap(), 2);
}

// §2.3 the Mask and the pickup.
#[test]
fn the_mask_swaps_and_the_pickup_comes_at_the_turn_start() {
    let p = pos(&b_with(|v| hold(v, 0, &["mask"])));
    assert_eq!(illegal(&p, "use mask 1"), Illegal::SameTile(Seat(1)));
    assert_eq!(illegal(&p, "use mask 0"), Illegal::Yourself);
    // The Weaver swapped onto the face-up crown on the Hydra's tile collects it at the
    // start of his turn, with 1 AP less, and his Scream follows.
    let p = pos(&b_with(|v| {
        hold(v, 0, &["mask"]);
        v["bank"]
            .as_array_mut()
            .unwrap()
            .retain(|a| a != &json!("lamp"));
        v["tokens"]
            .as_array_mut()
            .unwrap()
            .push(json!({"cell": "c3", "name": "lamp", "up": true}));
        put(v, 0, "c3");
    }));
    let (p, _) = apply(&p, "use mask 1");
    assert_eq!(cell_of(&p, 1), "c3");
    let (p, ev) = apply(&p, "end");
    assert_eq!(kinds(&ev), ["ended", "turn", "collected"]);
    assert_eq!(ev[1]["ap"], json!(3));
    assert_eq!(
        ev[2],
        json!({"kind": "collected", "seat": 1, "cell": "c3", "artifacts": ["lamp"]})
    );
    assert!(p.pending().scream);
}

// §5 Turn start.
#[test]
fn a_turn_starts_with_its_ap_less_penalties() {
    let p = pos(&b_with(|v| {
        hold(v, 0, &["chalice"]);
        player(v, 0)["penalty"] = json!(3);
        to_move(v, 2);
        v["ap"] = json!(1);
    }));
    let (p, ev) = apply(&p, "end");
    assert_eq!(
        ev.last().unwrap(),
        &json!({"kind": "turn", "seat": 0, "round": 2, "ap": 2})
    );
    assert_eq!(p.players()[0].penalty, 0);
    // The Hydra every round with hydra_every 1.
    let p = pos(&b_with(|v| {
        v["rules"]["hydra_every"] = json!(1);
        to_move(v, 2);
        v["ap"] = json!(1);
    }));
    let (_, ev) = apply(&p, "end");
    assert_eq!(kinds(&ev), ["ended", "scream", "turn"]);
}

// §6 Reading an action.
#[test]
fn actions_read_leniently_and_print_canonically() {
    let p = pos(&b());
    for (text, canonical) in [
        ("MOVE North", "move n"),
        ("  move   e  dodge ", "move e dodge"),
        ("Ghost WEST blade", "ghost w blade"),
        ("explore B4", "explore b4"),
        ("scream 3 e 0", "scream 3 e"),
        ("scream C s 270", "scream c s 270"),
        ("use ring C", "use ring c"),
        ("use Mask 2", "use mask 2"),
        ("weave 180", "weave 180"),
        ("drop CROWN", "drop crown"),
        ("end", "end"),
        ("provoke", "provoke"),
    ] {
        assert_eq!(
            p.parse_action(text).unwrap().to_string(),
            canonical,
            "{text}"
        );
    }
    for text in [
        "",
        "move",
        "move up",
        "move n sideways",
        "explore f1",
        "explore b",
        "steal 3",
        "steal x",
        "use",
        "use sword",
        "use echo",
        "use chalice",
        "use crown",
        "use lamp",
        "use map",
        "use gem 3",
        "use ring 6",
        "use ring f",
        "use mask 3",
        "weave 0",
        "weave 45",
        "scream a e",
        "scream 3 n",
        "scream 3 e 45",
        "scream 6 e",
        "drop sword",
        "fly",
        "provoke now",
    ] {
        assert_eq!(code(&p, text), "unreadable", "{text}");
    }
    // Every legal action's text reads back as itself.
    for n in 0..3 {
        let p = pos(&b_with(|v| {
            v["pending"] = if n == 1 { json!(["scream"]) } else { json!([]) };
            if n == 2 {
                hold(v, 0, &["gem", "bell", "ring", "mask", "map"]);
            }
        }));
        for a in p.legal_actions() {
            assert_eq!(p.parse_action(&a.to_string()).unwrap(), a);
        }
    }
}

#[test]
fn refusals_come_in_the_contracts_order() {
    let over = pos(&b_with(|v| {
        put(v, 0, "e2");
        hold(v, 0, &["gem", "bell", "crown"]);
        v["result"] = json!({"winner": 0, "reason": "portal"});
    }));
    assert_eq!(code(&over, "hello"), "game-over");
    let p = pos(&b());
    assert_eq!(refused(&p, Some(2), "hello").code(), "not-your-turn");
    // A view has no dice: it cannot be played.
    let view = p.mask(Audience::Seat(Seat(0)));
    assert_eq!(view.apply(None, "end").unwrap_err(), Refusal::View);
}

// §9 Views.
#[test]
fn the_public_sees_no_name_and_the_end_shows_everything() {
    let full = pos(&b_with(|v| {
        hold(v, 0, &["gem"]);
        player(v, 0)["seen"] = json!(["bats"]);
    }));
    let public = view_doc(&full, Audience::Public);
    assert_eq!(public["view"], json!("public"));
    assert!(
        public["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["name"] == "?")
    );
    assert_eq!(public["players"][0]["artifacts"], json!(["?"]));
    assert_eq!(public["players"][0]["seen"], json!(["?"]));
    assert!(
        Position::from_view_value(serde_json::from_value(b()).unwrap(), Audience::Public).is_ok()
    );
    // A "?" where this audience's view does not mask is refused.
    let mut own = view_doc(&full, Audience::Seat(Seat(1)));
    own.as_object_mut().unwrap().remove("view");
    assert!(
        Position::from_view_value(
            serde_json::from_value(own.clone()).unwrap(),
            Audience::Seat(Seat(1))
        )
        .is_ok()
    );
    assert!(
        Position::from_view_value(
            serde_json::from_value(own).unwrap(),
            Audience::Seat(Seat(0))
        )
        .is_err()
    );

    let p = pos(&b_with(|v| {
        put(v, 0, "d2");
        hold(v, 0, &["gem", "bell", "crown"]);
    }));
    let (next, _, raw) = {
        let (_, n, e) = p.apply(None, "move e").unwrap();
        (n, (), e)
    };
    assert!(!next.has_secrets());
    assert_eq!(next.mask(Audience::Public), next);
    let mut finished = view_doc(&next, Audience::Seat(Seat(1)));
    finished.as_object_mut().unwrap().remove("view");
    let back = Position::from_view_value(
        serde_json::from_value(finished).unwrap(),
        Audience::Seat(Seat(1)),
    )
    .unwrap();
    assert!(back.legal_actions().is_empty());
    assert_eq!(p.mask_events(&next, Audience::Public, &raw), raw);
    // The refill's artifact is secret from everyone until the end.
    let p = pos(&b_with(|v| {
        hold(v, 0, &["gem", "bell"]);
        to_move(v, 2);
        v["ap"] = json!(1);
    }));
    let (_, next, raw) = p.apply(None, "end").unwrap();
    for a in [Audience::Seat(Seat(0)), Audience::Public] {
        let ev = serde_json::to_value(p.mask_events(&next, a, &raw)).unwrap();
        assert_eq!(ev[1]["artifact"], json!("?"));
    }
}

/// A change to B.
type Change = Box<dyn Fn(&mut Json)>;

// §11.3 Invalid positions.
#[test]
fn invalid_positions_list_every_problem() {
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|v| v["format"] = json!("skarb-position/1")),
            "format must be",
        ),
        (
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("calm");
            }),
            "“calm” is missing",
        ),
        (
            Box::new(|v| v["rules"]["rounds"] = json!(4)),
            "rules must be",
        ),
        (
            Box::new(|v| v["rules"]["extra"] = json!(1)),
            "rules must be",
        ),
        (
            Box::new(|v| v["board"][0] = json!("L:NW C1:NEW T:N C2:NES")),
            "board must be",
        ),
        (
            Box::new(|v| v["board"][0] = json!("L:WN C1:NEW T:N C2:NES L:NE")),
            "not a tile code",
        ),
        (
            Box::new(|v| v["board"][0] = json!("L:NS C1:NEW T:N C2:NES L:NE")),
            "not a tile code",
        ),
        (
            Box::new(|v| v["tokens"][0]["cell"] = json!("f9")),
            "token 0 must have",
        ),
        (
            Box::new(|v| v["tokens"][0]["name"] = json!("sword")),
            "token 0 must have",
        ),
        (
            Box::new(|v| v["tokens"][0]["up"] = json!("no")),
            "token 0 must have",
        ),
        (
            Box::new(|v| v["tokens"][0]["extra"] = json!(1)),
            "token 0 must have",
        ),
        (
            Box::new(|v| v["tokens"][1]["cell"] = json!("b4")),
            "not a chamber",
        ),
        (
            Box::new(|v| v["tokens"][0]["up"] = json!(true)),
            "face-up artifacts lie only",
        ),
        (
            Box::new(|v| v["tokens"][1]["cell"] = json!("b5")),
            "holds 2 tokens",
        ),
        (
            Box::new(|v| v["tokens"][1]["name"] = json!("bats")),
            "3 different hazards",
        ),
        (Box::new(|v| v["bank"][0] = json!("gem")), "found 2 times"),
        (Box::new(|v| v["emptied"] = json!(["C1"])), "holds a token"),
        (
            Box::new(|v| {
                v["tokens"].as_array_mut().unwrap().remove(0);
                v["bank"].as_array_mut().unwrap().push(json!("gem"));
            }),
            "C1 holds no token",
        ),
        (
            Box::new(|v| v["players"] = json!([v["players"][0].clone()])),
            "2 to 4 players",
        ),
        (
            Box::new(|v| player(v, 1)["hero"] = json!("digger")),
            "seated twice",
        ),
        (
            Box::new(|v| player(v, 1)["penalty"] = json!(-1)),
            "penalty must be",
        ),
        (
            Box::new(|v| player(v, 1)["skip"] = json!(1)),
            "skip and no_fight",
        ),
        (
            Box::new(|v| player(v, 1)["seen"] = json!(["ring"])),
            "not a face-down token",
        ),
        (
            Box::new(|v| player(v, 1)["seen"] = json!(["gem", "gem"])),
            "seen gem twice",
        ),
        (
            Box::new(|v| player(v, 1)["cell"] = json!("e2")),
            "on the Portal",
        ),
        (Box::new(|v| v["first"] = json!(3)), "first must be a seat"),
        (Box::new(|v| v["round"] = json!(31)), "round must be"),
        (Box::new(|v| v["ap"] = json!(6)), "ap must be"),
        (
            Box::new(|v| v["flags"] = json!(["won", "won"])),
            "given twice",
        ),
        (Box::new(|v| v["flags"] = json!(["flying"])), "flags holds"),
        (
            Box::new(|v| v["flags"] = json!(["won"])),
            "not on the Hydra's tile",
        ),
        (
            Box::new(|v| v["pending"] = json!(["hydra"])),
            "pending must",
        ),
        (
            Box::new(|v| v["pending"] = json!(["scream", "drop"])),
            "pending must",
        ),
        (
            Box::new(|v| v["pending"] = json!(["drop"])),
            "holds fewer than 2",
        ),
        (Box::new(|v| v["calm"] = json!(-1)), "calm must be"),
        (
            Box::new(|v| v["pins"] = json!([{"line": "6", "seat": 0}])),
            "pins must be",
        ),
        (Box::new(|v| v["dice"] = json!([7])), "dice holds"),
        (Box::new(|v| v["rng"] = json!(5)), "rng must be"),
        (
            Box::new(|v| v["result"] = json!({"winner": 0, "reason": "round-limit"})),
            "result must be",
        ),
        (
            Box::new(|v| {
                v["used"] = json!([
                    "gem", "bell", "crown", "chalice", "map", "ring", "mask", "blade"
                ]);
                v["tokens"] = json!([{"cell": "d5", "name": "stalactites", "up": false}, {"cell": "c4", "name": "bats", "up": false}, {"cell": "e3", "name": "mud", "up": false}]);
                v["bank"] = json!(["echo", "lamp"]);
                v["emptied"] = json!(["C1", "C4", "C6", "C7", "C8"]);
            }),
            "fewer than 3 artifacts",
        ),
    ];
    for (change, want) in &cases {
        let problems = read(&b_with(|v| change(v)))
            .expect_err(want)
            .problems
            .join(" | ");
        assert!(problems.contains(want), "{want}: {problems}");
    }
    // Every problem, not the first.
    let many = read(&b_with(|v| {
        v["ap"] = json!(9);
        v["calm"] = json!("x");
        v["extra"] = json!(1);
    }))
    .unwrap_err();
    assert!(many.problems.len() >= 3, "{:?}", many.problems);
}

// Outcomes.
#[test]
fn outcomes_rank_the_winner_first_or_nobody() {
    let won = pos(&b_with(|v| {
        put(v, 2, "e2");
        hold(v, 2, &["gem", "bell", "crown"]);
        v["result"] = json!({"winner": 2, "reason": "portal"});
    }));
    let o = won.outcome().unwrap();
    assert_eq!(o.winner(), Some(Seat(2)));
    assert_eq!(o.reason.code(), Some("portal"));
    assert_eq!(
        o.placings.iter().map(|p| p.rank).collect::<Vec<_>>(),
        [2, 2, 1]
    );
    let none = pos(&b_with(|v| {
        v["result"] = json!({"winner": null, "reason": "round-limit"})
    }));
    let o = none.outcome().unwrap();
    assert_eq!(o.winner(), None);
    assert!(
        o.placings
            .iter()
            .all(|p| p.rank == 1 && p.finish == "no-winner")
    );
}

// Computer players.
#[test]
fn computer_players_decide_from_their_view_and_take_the_portal() {
    let p = pos(&b_with(|v| {
        put(v, 0, "d2");
        hold(v, 0, &["gem", "bell", "crown"]);
    }));
    for policy in ["easy", "strong"] {
        assert_eq!(
            p.choose(policy, "s").unwrap().to_string(),
            "move e",
            "{policy}"
        );
    }
    for policy in Position::POLICIES {
        let view = p.view(Audience::Seat(Seat(0)));
        let a = Position::decide(&view, policy, "s").unwrap();
        assert!(p.legal_actions().contains(&a));
    }
    assert!(p.choose("genius", "s").is_none());
    // The strong player explores a token before stepping onto it.
    let p = pos(&b_with(|v| {
        put(v, 0, "b4");
        v["ap"] = json!(3);
    }));
    assert_eq!(p.choose("strong", "s").unwrap().to_string(), "explore b5");
}

#[test]
fn the_strong_player_beats_the_easy_one() {
    let settings = Position::settings(&[]).unwrap();
    let names = ["a".to_string(), "b".to_string()];
    let (mut strong, mut games) = (0, 0);
    for g in 0..40 {
        let strong_seat = Seat((g % 2) as u8);
        let (mut p, _) = Position::new_game(&settings, &names, &format!("duel {g}")).unwrap();
        let mut n = 0;
        while !p.is_over() {
            let seat = p.seat_to_move();
            let policy = if seat == strong_seat {
                "strong"
            } else {
                "easy"
            };
            let a = p.choose(policy, &format!("{g}/{n}")).unwrap();
            p = p.play(seat, &a).unwrap().0;
            n += 1;
        }
        if let Some(w) = p.result().unwrap().winner {
            games += 1;
            strong += usize::from(w == strong_seat);
        }
    }
    assert!(strong * 4 >= games * 3, "strong won {strong} of {games}");
}

// §5 Rounds; §8.8 what a seat knows.
#[test]
fn a_round_ends_before_first_comes_round_again() {
    let p = pos(&b_with(|v| {
        v["first"] = json!(1);
        v["ap"] = json!(1);
    }));
    let (p, ev) = apply(&p, "end");
    assert_eq!(
        ev.last().unwrap(),
        &json!({"kind": "turn", "seat": 1, "round": 2, "ap": 4})
    );
    let (_, ev) = apply(&p, "end");
    assert_eq!(
        ev.last().unwrap(),
        &json!({"kind": "turn", "seat": 2, "round": 2, "ap": 4})
    );
    // Penalties never take AP below 0; such a turn ends at once.
    let p = pos(&b_with(|v| {
        player(v, 1)["penalty"] = json!(6);
        v["ap"] = json!(1);
    }));
    let (_, ev) = apply(&p, "end");
    assert_eq!(kinds(&ev), ["ended", "turn", "ended", "turn"]);
    assert_eq!(ev[1]["ap"], json!(0));
}

#[test]
fn a_token_turned_face_up_leaves_every_seen() {
    let p = pos(&b_with(|v| {
        put(v, 1, "d3");
        to_move(v, 1);
        player(v, 0)["seen"] = json!(["mud", "gem"]);
    }));
    let (p, _) = apply(&p, "move e");
    assert_eq!(doc(&p)["players"][0]["seen"], json!(["gem"]));
}

// §6 The price of every action.
#[test]
fn every_action_costs_what_the_table_says() {
    let rich = pos(&b_with(|v| {
        hold(
            v,
            0,
            &["chalice", "map", "blade", "gem", "bell", "ring", "mask"],
        );
        v["ap"] = json!(5);
        put(v, 0, "b3");
        put(v, 2, "b4");
        hold(v, 2, &["lamp"]);
    }));
    let cost = |p: &Position, a: &str| p.cost(&p.parse_action(a).unwrap()).unwrap();
    for (action, ap) in [
        ("move n", 1),
        ("move e", 1),
        ("move e dodge", 2),
        ("move e blade", 2),
        ("use gem", 1),
        ("use bell", 1),
        ("use ring 2", 1),
        ("use mask 2", 1),
        ("provoke", 4),
        ("end", 0),
    ] {
        assert_eq!(cost(&rich, action), ap, "{action}");
    }
    assert_eq!(cost(&pos(&b()), "explore a2"), 1);
    let ghost = pos(&b_with(|v| {
        put(v, 1, "a5");
        hold(v, 1, &["map"]);
        to_move(v, 1);
    }));
    assert_eq!(cost(&ghost, "ghost e"), 2);
    let dig = pos(&b_with(|v| {
        hold(v, 0, &["chalice", "blade"]);
        v["ap"] = json!(5);
        put(v, 0, "c2");
        v["board"][3] = json!("C6:NSW L:ES T:N T:S P");
        v["board"][1] = json!("I:EW O C3:ESW O C4:NEW");
        v["board"][0] = json!("L:NW C1:NEW T:E C2:NES L:NE");
    }));
    assert_eq!(cost(&dig, "dig n"), 4);
    assert_eq!(cost(&dig, "dig n dodge"), 5);
    assert_eq!(cost(&dig, "dig n blade"), 5);
    let steal = pos(&b_with(|v| {
        hold(v, 1, &["gem"]);
        to_move(v, 2);
    }));
    assert_eq!(cost(&steal, "steal 1"), 2);
    let weave = pos(&b_with(|v| {
        put(v, 1, "b2");
        to_move(v, 1);
    }));
    assert_eq!(cost(&weave, "weave 90"), 2);
    let pending = pos(&b_with(|v| v["pending"] = json!(["scream"])));
    assert_eq!(cost(&pending, "scream c s 90"), 0);
    let drop = pos(&b_with(|v| {
        hold(v, 0, &["gem", "bell"]);
        v["pending"] = json!(["drop", "scream"]);
    }));
    assert_eq!(cost(&drop, "drop gem"), 0);
}

// §4 options in play: the round limit and how often the Hydra screams.
#[test]
fn the_options_shape_a_whole_game() {
    let s = options("rounds=5 hydra-every=2").unwrap();
    let (mut p, _) = Position::new_game(&s, &["a".into(), "b".into()], "options").unwrap();
    let mut hydra = 0;
    while !p.is_over() {
        let (next, ev) = apply(&p, "end");
        hydra += ev
            .iter()
            .filter(|e| e["kind"] == json!("scream") && e["by"].is_null())
            .count();
        p = next;
    }
    assert_eq!(hydra, 2);
    assert_eq!(p.round(), 5);
    assert_eq!(p.result().unwrap().reason, EndReason::RoundLimit);
}
