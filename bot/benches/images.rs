//! The board games' turn images (`labscape::render_game`): time and size of each game's
//! image on the fullest position of a seeded random game, drawn whole, and the time of
//! its images over the game's last turns, each drawn where it changed since the turn
//! before (as the bot draws a game's turns). Goal (issues 21 and 22): under
//! 3 ms and 30 KiB; Skarb's largest maze and Hidra's four players (issues 35 and 37):
//! under 5 ms and 60 KiB.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use labscape_core::{AnyGame, Audience, GameKind, Seat, game::parse_options};

/// The image of `game` drawn whole: the images kept from the iterations before are let go
/// first (the same image again would be drawn from the one kept, where nothing changed).
fn drawn_whole(game: &AnyGame) -> Option<Vec<u8>> {
    labscape_render::forget_images();
    labscape::render_game(black_box(game), None)
}

/// The last position of a seeded random game of `kind` before it ends, or after 2,000
/// actions (random SAGES players can go on for ever): the fullest board.
fn late(kind: GameKind) -> AnyGame {
    random_game(kind, "", 2_000)
}

/// A seeded random game of `kind` with `options`, played for at most `plies` actions and
/// stopped before its end.
fn random_game(kind: GameKind, options: &str, plies: usize) -> AnyGame {
    random_positions(kind, options, plies)
        .pop()
        .expect("a game has a first position")
}

/// Every position of [`random_game`]'s game, its first to its last.
fn random_positions(kind: GameKind, options: &str, plies: usize) -> Vec<AnyGame> {
    positions(kind, options, &["ana", "bo"], "random", plies)
}

/// Every position of a seeded game of `kind` with `options` among `players`, each action
/// chosen by `policy`, for at most `plies` actions and stopped before its end.
fn positions(
    kind: GameKind,
    options: &str,
    players: &[&str],
    policy: &str,
    plies: usize,
) -> Vec<AnyGame> {
    let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let options = parse_options(options).expect("options");
    let (mut game, _) = AnyGame::new_game(kind, &options, &players, "bench").expect("a new game");
    let mut positions = Vec::new();
    for ply in 0..plies {
        let seat = game.to_move().unwrap_or(Seat(0));
        let Some(action) = game.choose(policy, &format!("bench-{ply}")) else {
            break;
        };
        let next = game.play(seat, &action).expect("a listed action").0;
        if next.is_over() {
            break;
        }
        positions.push(std::mem::replace(&mut game, next));
    }
    positions.push(game);
    positions
}

/// Hidra's four strong players' game (after its 300th action, or its last before the
/// end), every position.
fn hidra_4_positions() -> Vec<AnyGame> {
    positions(
        GameKind::Hidra,
        "players=4",
        &["ana", "bo", "cy", "di"],
        "strong",
        300,
    )
}

/// The images of each game's last turns as the bot draws them in a game: every board
/// game at its default options, the 25 × 25 Skarb and Hidra for four.
fn in_a_game(c: &mut Criterion) {
    for &kind in GameKind::ALL {
        if kind == GameKind::Labscape {
            continue; // labscape-render's `profile turns`
        }
        let name = format!("{}: image in a game", kind.id());
        walk(c, &name, &random_positions(kind, "", 2_000));
    }
    let skarb = random_positions(GameKind::Skarb, "size=25 map=no", 400);
    walk(c, "skarb 25x25: image in a game", &skarb);
    walk(c, "hidra 4p: image in a game", &hidra_4_positions());
}

/// Benchmarks the images of the last [`TURNS`] of `positions` (their public views), each
/// drawn from the one kept of the turn before: forward and back again, so that every
/// image follows one a single action away.
fn walk(c: &mut Criterion, name: &str, positions: &[AnyGame]) {
    let last = &positions[positions.len().saturating_sub(TURNS + 1)..];
    let views: Vec<AnyGame> = (last.iter())
        .map(|g| g.view(Audience::Public).game().clone())
        .collect();
    if labscape::render_game(&views[0], None).is_none() || views.len() < 2 {
        return; // a game without an image (the test game)
    }
    let mut walk = (0..views.len()).chain((1..views.len() - 1).rev()).cycle();
    labscape_render::forget_images();
    c.bench_function(name, |b| {
        b.iter(|| {
            let i = walk.next().unwrap_or_default();
            labscape::render_game(black_box(&views[i]), None)
        })
    });
}

/// How many turns [`in_a_game`] walks.
const TURNS: usize = 40;

fn images(c: &mut Criterion) {
    for &kind in GameKind::ALL {
        if kind == GameKind::Labscape {
            continue; // labscape-render's benches
        }
        let pos = late(kind);
        let Some(png) = labscape::render_game(&pos, None) else {
            continue; // a game without an image (the test game)
        };
        println!(
            "{}: image {:.1} KiB ({} bytes)",
            kind.id(),
            png.len() as f64 / 1024.0,
            png.len()
        );
        c.bench_function(&format!("{}: image (late position)", kind.id()), |b| {
            b.iter(|| drawn_whole(&pos))
        });
    }
}

/// Skarb's largest maze without the map (goal, issue 35: under 5 ms and 60 KiB): 25 × 25
/// after up to 400 random actions (about 200 hedges), drawn as the seeker's view (fog and
/// memory) and as the architect's (the whole maze, the forbidden squares in orange).
fn skarb_25(c: &mut Criterion) {
    let mut game = random_game(GameKind::Skarb, "size=25 map=no", 400);
    // The architect's turn, so his image shows the forbidden squares.
    if game.to_move() != Some(Seat(0))
        && let Some(action) = game.choose("random", "bench-last")
    {
        game = game.play(Seat(1), &action).expect("a listed action").0;
    }
    for (who, audience) in [
        ("seeker", Audience::Public),
        ("architect", Audience::Seat(Seat(0))),
    ] {
        let view = game.view(audience).game().clone();
        let png = labscape::render_game(&view, None).expect("Skarb draws");
        println!(
            "skarb 25x25, {who}'s view: image {:.1} KiB ({} bytes)",
            png.len() as f64 / 1024.0,
            png.len()
        );
        c.bench_function(&format!("skarb 25x25: image ({who}'s view)"), |b| {
            b.iter(|| drawn_whole(&view))
        });
    }
}

/// Labirinto da Hidra with 4 players (goal, issue 37: under 5 ms and 60 KiB): the public
/// view (what the group's post shows: every face-down token `?`, hands as counts) and the
/// seat to move's (its own hand and what it has explored by name), late in a seeded game
/// of strong players (after its 300th action, or its last before the end).
fn hidra_4(c: &mut Criterion) {
    let game = hidra_4_positions()
        .pop()
        .expect("a game has a first position");
    let seat = game.to_move().expect("running");
    for (who, audience) in [
        ("public", Audience::Public),
        ("player's", Audience::Seat(seat)),
    ] {
        let view = game.view(audience).game().clone();
        let png = labscape::render_game(&view, None).expect("Hidra draws");
        println!(
            "hidra 4p, the {who} view: image {:.1} KiB ({} bytes)",
            png.len() as f64 / 1024.0,
            png.len()
        );
        c.bench_function(&format!("hidra 4p: image (the {who} view)"), |b| {
            b.iter(|| drawn_whole(&view))
        });
    }
}

criterion_group!(benches, images, in_a_game, skarb_25, hidra_4);
criterion_main!(benches);
