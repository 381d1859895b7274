//! The turn images of the two-player board games: each game's position as the renderer's
//! game-neutral `BoardView` (pieces, the last move, homes, sides, counters), worded in the
//! reader's language.

use labscape_core::{
    AnyAction, AnyGame, Game, Member, Seat, avanco, flume, gatos_caes, produto, rastros, semaforo,
};
use labscape_render::{BoardView, HexView, Mark, Piece, Side};

use super::TurnPicture;
use crate::i18n::{Lang, tr};

/// The view of a board game's position, or `None` for a game drawn otherwise.
pub(super) fn view(p: &TurnPicture) -> Option<BoardView> {
    let last = p.actions.last();
    if let Some(g) = p.game.get::<semaforo::Position>() {
        return Some(semaforo_view(g, last, p));
    }
    if let Some(g) = p.game.get::<gatos_caes::Position>() {
        return Some(gatos_view(g, last, p));
    }
    if let Some(g) = p.game.get::<rastros::Position>() {
        return Some(rastros_view(g, last, p));
    }
    if let Some(g) = p.game.get::<avanco::Position>() {
        return Some(avanco_view(g, last, p));
    }
    if let Some(g) = p.game.get::<flume::Position>() {
        return Some(flume_view(g, &p.actions, p));
    }
    None
}

/// The action `a` as `G`'s own, if it is one.
fn own<G: Member>(a: Option<&AnyAction>) -> Option<&G::Action> {
    a.and_then(G::action)
}

/// The status line: who is to move, or who won and why.
fn status<G: Game>(g: &G, p: &TurnPicture) -> (Option<usize>, String) {
    let name = |s: Seat| {
        p.names
            .get(s.index())
            .cloned()
            .unwrap_or_else(|| format!("{}", s.0 + 1))
    };
    match (g.outcome(), g.to_move()) {
        (Some(o), _) => {
            let why = super::reason(p.game.kind(), &o.reason, p.lang);
            let text = match o.winner() {
                Some(w) => tr!(p.lang, "board-won", who = name(w), reason = why.as_str()),
                None => why,
            };
            (None, text)
        }
        (None, Some(s)) => (Some(s.index()), tr!(p.lang, "board-to-move", who = name(s))),
        (None, None) => (None, String::new()),
    }
}

fn sides(p: &TurnPicture, pieces: [Option<Piece>; 2], notes: [String; 2]) -> Vec<Side> {
    (0..2)
        .map(|i| Side {
            name: p
                .names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("{}", i + 1)),
            piece: pieces[i],
            note: notes[i].clone(),
        })
        .collect()
}

fn base(p: &TurnPicture, files: u8, ranks: u8) -> BoardView {
    BoardView {
        title: p.title.clone(),
        files,
        ranks,
        cells: vec![None; usize::from(files) * usize::from(ranks)],
        marks: Vec::new(),
        homes: Vec::new(),
        sides: Vec::new(),
        to_move: None,
        status: String::new(),
        counters: String::new(),
    }
}

fn semaforo_view(g: &semaforo::Position, last: Option<&AnyAction>, p: &TurnPicture) -> BoardView {
    let mut v = base(p, 4, 3);
    for sq in semaforo::Square::all() {
        v.cells[usize::from(sq.rank()) * 4 + usize::from(sq.file())] =
            g.board().get(sq).map(|piece| match piece {
                semaforo::Piece::Green => Piece::Green,
                semaforo::Piece::Yellow => Piece::Yellow,
                semaforo::Piece::Red => Piece::Red,
            });
    }
    if let Some(sq) = own::<semaforo::Position>(last) {
        v.marks.push(((sq.file(), sq.rank()), Mark::To));
    }
    v.sides = sides(
        p,
        [None, None],
        [tr!(p.lang, "board-first"), tr!(p.lang, "board-second")],
    );
    (v.to_move, v.status) = status(g, p);
    v.counters = tr!(
        p.lang,
        "board-semaforo-supply",
        green = g.supply(semaforo::Piece::Green),
        yellow = g.supply(semaforo::Piece::Yellow),
        red = g.supply(semaforo::Piece::Red)
    );
    v
}

fn gatos_view(g: &gatos_caes::Position, last: Option<&AnyAction>, p: &TurnPicture) -> BoardView {
    let mut v = base(p, 8, 8);
    for sq in gatos_caes::Square::all() {
        v.cells[usize::from(sq.rank()) * 8 + usize::from(sq.file())] = g.get(sq).map(|k| match k {
            gatos_caes::Kind::Cat => Piece::Cat,
            gatos_caes::Kind::Dog => Piece::Dog,
        });
    }
    if let Some(sq) = own::<gatos_caes::Position>(last) {
        v.marks.push(((sq.file(), sq.rank()), Mark::To));
    }
    v.sides = sides(
        p,
        [Some(Piece::Cat), Some(Piece::Dog)],
        [tr!(p.lang, "board-cats"), tr!(p.lang, "board-dogs")],
    );
    (v.to_move, v.status) = status(g, p);
    v.counters = tr!(
        p.lang,
        "board-gatos-counts",
        cats = g.count(gatos_caes::Kind::Cat),
        dogs = g.count(gatos_caes::Kind::Dog),
        cat_squares = g.placements(gatos_caes::Kind::Cat).len(),
        dog_squares = g.placements(gatos_caes::Kind::Dog).len()
    );
    v
}

fn rastros_view(g: &rastros::Position, last: Option<&AnyAction>, p: &TurnPicture) -> BoardView {
    let mut v = base(p, 7, 7);
    for sq in rastros::Square::all() {
        let i = usize::from(sq.rank()) * 7 + usize::from(sq.file());
        v.cells[i] = if sq == g.white() {
            Some(Piece::Runner)
        } else if g.is_black(sq) {
            Some(Piece::Block)
        } else {
            None
        };
    }
    if let Some(to) = own::<rastros::Position>(last) {
        v.marks.push(((to.file(), to.rank()), Mark::To));
    }
    for (seat, piece) in [(Seat(0), Piece::Green), (Seat(1), Piece::Red)] {
        let h = rastros::Square::home(seat);
        v.homes.push(((h.file(), h.rank()), piece));
    }
    v.sides = sides(
        p,
        [Some(Piece::Green), Some(Piece::Red)],
        [
            tr!(p.lang, "board-home", square = "a1"),
            tr!(p.lang, "board-home", square = "g7"),
        ],
    );
    (v.to_move, v.status) = status(g, p);
    v.counters = tr!(
        p.lang,
        "board-rastros-counts",
        black = g.black_count(),
        moves = g.moves().len()
    );
    v
}

fn avanco_view(g: &avanco::Position, last: Option<&AnyAction>, p: &TurnPicture) -> BoardView {
    let mut v = base(p, 7, 7);
    for sq in avanco::Square::all() {
        v.cells[usize::from(sq.rank()) * 7 + usize::from(sq.file())] = g.get(sq).map(|c| match c {
            avanco::Colour::White => Piece::White,
            avanco::Colour::Black => Piece::Black,
        });
    }
    if let Some(a) = own::<avanco::Position>(last) {
        v.marks.push(((a.from.file(), a.from.rank()), Mark::From));
        let mark = if a.capture { Mark::Capture } else { Mark::To };
        v.marks.push(((a.to.file(), a.to.rank()), mark));
    }
    v.sides = sides(
        p,
        [Some(Piece::White), Some(Piece::Black)],
        [tr!(p.lang, "board-white"), tr!(p.lang, "board-black")],
    );
    (v.to_move, v.status) = status(g, p);
    v.counters = tr!(
        p.lang,
        "board-avanco-counts",
        white = g.count(avanco::Colour::White),
        black = g.count(avanco::Colour::Black)
    );
    v
}

/// The names a position is drawn with when no players are known (the engine's `render`).
pub(super) fn default_names(game: &AnyGame, lang: Lang) -> Vec<String> {
    (0..game.seat_count())
        .map(|i| tr!(lang, "board-seat", n = i + 1))
        .collect()
}

fn flume_view(g: &flume::Position, actions: &[AnyAction], p: &TurnPicture) -> BoardView {
    let mut v = base(p, 7, 7);
    let stone = |c: flume::Colour| match c {
        flume::Colour::White => Piece::White,
        flume::Colour::Black => Piece::Black,
    };
    for sq in flume::Square::all() {
        v.cells[usize::from(sq.rank()) * 7 + usize::from(sq.file())] = g.get(sq).map(stone);
    }
    // Every stone of the turn told is marked: a turn can be a chain.
    for a in actions {
        if let Some(flume::Action::Place(sq)) = own::<flume::Position>(Some(a)) {
            v.marks.push(((sq.file(), sq.rank()), Mark::To));
        }
    }
    let colour = |s: u8| g.colour_of(Seat(s));
    let note = |c: flume::Colour| match c {
        flume::Colour::White => tr!(p.lang, "board-white"),
        flume::Colour::Black => tr!(p.lang, "board-black"),
    };
    v.sides = sides(
        p,
        [Some(stone(colour(0))), Some(stone(colour(1)))],
        [note(colour(0)), note(colour(1))],
    );
    (v.to_move, v.status) = status(g, p);
    v.counters = tr!(
        p.lang,
        "board-flume-counts",
        white = g.count(flume::Colour::White),
        black = g.count(flume::Colour::Black)
    );
    v
}

/// Produto's hexagon: the stones, the last turn's, each colour's two largest groups
/// outlined, and the live score.
pub(super) fn hex_view(p: &TurnPicture) -> Option<HexView> {
    let g = p.game.get::<produto::Position>()?;
    let stone = |c: produto::Colour| match c {
        produto::Colour::Black => Piece::Black,
        produto::Colour::White => Piece::White,
    };
    let mut rows: Vec<Vec<Option<Piece>>> = vec![Vec::new(); 9];
    for cell in produto::Cell::all() {
        rows[usize::from(cell.row())].push(g.get(cell).map(stone));
    }
    let at = |c: produto::Cell| (usize::from(c.row()), usize::from(c.number()) - 1);
    let marks = p
        .actions
        .iter()
        .filter_map(|a| own::<produto::Position>(Some(a)).map(|a| at(a.cell)))
        .collect();
    let mut groups = Vec::new();
    for colour in [produto::Colour::Black, produto::Colour::White] {
        for cell in g.largest_groups(colour).into_iter().flatten() {
            groups.push((at(cell), stone(colour)));
        }
    }
    let (to_move, status) = status(g, p);
    let product = |c: produto::Colour| {
        let s = g.groups(c);
        match (s.first(), s.get(1)) {
            (Some(a), Some(b)) => format!("{a} × {b} = {}", a * b),
            _ => "0".to_string(),
        }
    };
    Some(HexView {
        title: p.title.clone(),
        rows,
        marks,
        groups,
        sides: sides(
            p,
            [Some(Piece::Black), Some(Piece::White)],
            [tr!(p.lang, "board-black"), tr!(p.lang, "board-white")],
        ),
        to_move,
        status,
        counters: tr!(
            p.lang,
            "board-produto-score",
            black = product(produto::Colour::Black),
            white = product(produto::Colour::White),
            left = u32::from(g.stones_left())
        ),
    })
}
