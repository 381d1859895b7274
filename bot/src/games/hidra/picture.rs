//! Labirinto da Hidra's image, drawn from a view: the 5×5 maze of tiles with their walls,
//! the Hydra, the Entry and the Portal tinted, chambers named, tokens face down as `?` or,
//! when the reader knows them, `[name]`, face-up tokens by name in capitals, every
//! adventurer as its seat number and its hero's letter (D digger, W weaver, R rogue, L the
//! Warden of Light), a pinned line in orange; beside it each player's hand as far as the
//! reader may see it (their own by name, the others' as a count).

use labscape_core::hidra::{Dir, Event, Face, Position, TileKind};
use labscape_render::{BoardView, Edge, Mark, Piece, Side};

use crate::{
    games::{Picture, board},
    i18n::tr,
};

/// `(file, rank)` of a cell, as the renderer counts squares.
fn at(c: labscape_core::hidra::Cell) -> (u8, u8) {
    (c.file(), c.rank())
}

/// The image of `p.game`, which is the view of whoever will read it: it draws what that
/// view holds and nothing else (a face-down token the reader does not know is `?`, a hand
/// is a count). The last steps are marked from the events, never from the actions.
pub(super) fn view(p: &Picture<'_, Position>) -> BoardView {
    let g = p.game;
    let mut v = board::base(p, 5, 5);
    for cell in labscape_core::hidra::Cell::all() {
        draw_cell(p, &mut v, cell);
    }
    if let Some(last) = p.events.iter().rev().find_map(|e| match e {
        Event::Moved { from, to, .. } => Some((*from, *to)),
        _ => None,
    }) {
        v.marks.push((at(last.0), Mark::From));
        v.marks.push((at(last.1), Mark::To));
    }
    v.sides = g
        .players()
        .iter()
        .enumerate()
        .map(|(i, pl)| Side {
            name: p
                .names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("{}", i + 1)),
            piece: None,
            note: mark(i, pl.hero),
        })
        .collect();
    (v.to_move, v.status) = board::status(p);
    // The hands under the sides, where four fit: beside each name there is room only for
    // its mark.
    let hands: Vec<String> = (g.players().iter().enumerate())
        .map(|(i, pl)| hand_note(i, pl))
        .collect();
    let hands = tr!(p.lang, "hidra-hands", hands = hands.join(" · "));
    v.status = if v.status.is_empty() {
        hands
    } else {
        format!("{} · {hands}", v.status)
    };
    let rules = g.rules();
    v.counters = tr!(
        p.lang,
        "board-hidra-counts",
        round = g.round(),
        rounds = rules.rounds,
        ap = g.ap(),
        bank = g.bank().len(),
        left = g.artifacts_left()
    );
    // The Gravity Ring's pin, only while a line is pinned.
    if let Some(pin) = g.pin() {
        v.counters.push_str(&tr!(
            p.lang,
            "board-hidra-pinned",
            line = super::story::line_words(pin.line, p.lang)
        ));
    }
    v
}

/// One cell of the maze: its walls, its tile's kind, the tokens and adventurers on it (as
/// the reader's view knows them), and the pinned line's mark.
fn draw_cell(p: &Picture<'_, Position>, v: &mut BoardView, cell: labscape_core::hidra::Cell) {
    let g = p.game;
    let b = g.board();
    let tile = b.tile(cell);
    for d in tile.walls().iter() {
        v.walls.push((
            at(cell),
            match d {
                Dir::N => Edge::North,
                Dir::E => Edge::East,
                Dir::S => Edge::South,
                Dir::W => Edge::West,
            },
        ));
    }
    let mut lines = Vec::new();
    match tile.kind() {
        TileKind::Hydra => {
            v.homes.push((at(cell), Piece::Red));
            lines.push(tr!(p.lang, "hidra-tile-hydra"));
        }
        TileKind::Entry => {
            v.homes.push((at(cell), Piece::Yellow));
            lines.push(tr!(p.lang, "hidra-tile-entry"));
        }
        TileKind::Portal => {
            v.homes.push((at(cell), Piece::Green));
            lines.push(tr!(p.lang, "hidra-tile-portal"));
        }
        TileKind::Chamber(c) => lines.push(c.to_string()),
        _ => {}
    }
    let tokens: Vec<String> = g
        .tokens_on(cell)
        .map(|t| match t.face {
            Face::Down(s) => match s.known() {
                Some(n) => format!("[{}]", n.id()),
                None => "?".to_string(),
            },
            Face::Up(n) => n.id().to_uppercase(),
        })
        .collect();
    if !tokens.is_empty() {
        lines.push(tokens.join(" "));
    }
    let here: Vec<String> = g
        .players()
        .iter()
        .enumerate()
        .filter(|(_, pl)| pl.cell == cell)
        .map(|(i, pl)| mark(i, pl.hero))
        .collect();
    if !here.is_empty() {
        lines.push(here.join(" "));
    }
    if g.pin().is_some_and(|pin| pin.line.contains(cell)) {
        v.marks.push((at(cell), Mark::Forbidden));
    }
    if !lines.is_empty() {
        v.labels.push((at(cell), lines.join("\n")));
    }
}

/// A player's mark, on the maze and beside their name: the seat and the hero's letter
/// (`0D`).
fn mark(seat: usize, hero: labscape_core::hidra::Hero) -> String {
    format!("{seat}{}", hero_letter(hero))
}

/// The hero's letter on the maze: D, W, R, L (the Warden of Light).
fn hero_letter(h: labscape_core::hidra::Hero) -> char {
    use labscape_core::hidra::Hero;
    match h {
        Hero::Digger => 'D',
        Hero::Weaver => 'W',
        Hero::Rogue => 'R',
        Hero::Warden => 'L',
    }
}

/// A player's hand under the sides: their mark (seat and hero's letter, as on the maze),
/// then the artifacts by name when the reader knows them (their own), else how many.
fn hand_note(seat: usize, pl: &labscape_core::hidra::Player) -> String {
    let mark = mark(seat, pl.hero);
    let names: Option<Vec<&str>> = pl
        .artifacts
        .iter()
        .map(|a| a.known().map(|a| a.id()))
        .collect();
    match names {
        Some(names) if !names.is_empty() => format!("{mark} {}", names.join(", ")),
        _ => format!("{mark} {}", pl.artifacts.len()),
    }
}
