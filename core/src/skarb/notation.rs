//! The position notation (§6 of the rules): exactly `format`, `board`, `map`, `turn`,
//! `to_move`, `result`, `points`, `seen`, read with every problem listed **\[D20\]**. A view's
//! document (read for `legal` and `render`) may hold `?` on the board; its fields and
//! characters are checked, not what its masked squares would have to hold.

use super::{Cell, End, FORMAT, Memory, Position, SEEKER, Size, Square, limit, points, winner};
use crate::{
    board_doc::{Problems, check_fields, describe, read_result, read_to_move, result_value},
    game::{PositionError, Seat},
    value::Value,
    view::Audience,
};

const FIELDS: &[&str] = &[
    "format", "board", "map", "turn", "to_move", "result", "points", "seen",
];

/// The position as its document.
pub(super) fn to_doc(p: &Position) -> Value {
    let n = p.size.get();
    let rows = (0..n)
        .rev()
        .map(|rank| {
            let row: String = (0..n)
                .map(|file| {
                    let sq = Square { file, rank };
                    if sq == p.seeker {
                        'S'
                    } else if sq == p.treasure() {
                        'T'
                    } else {
                        match p.cell(sq) {
                            Cell::Grass => '.',
                            Cell::Hedge => '#',
                            Cell::Unseen => '?',
                        }
                    }
                })
                .collect();
            Value::from(row)
        })
        .collect();
    let seen = p.seen.as_ref().map_or(Value::Null, |seen| {
        Value::Array(
            (0..n)
                .rev()
                .map(|rank| {
                    let row: String = (0..n)
                        .map(|file| match seen[Square { file, rank }.index(p.size)] {
                            Memory::Unknown => '?',
                            Memory::Grass => '.',
                            Memory::Hedge => '#',
                        })
                        .collect();
                    Value::from(row)
                })
                .collect(),
        )
    });
    let result = p.end.map(|e| (winner(p.points_for(e)), p.reason(e)));
    Value::object([
        ("format", Value::from(FORMAT)),
        ("board", Value::Array(rows)),
        ("map", Value::from(p.map)),
        ("turn", Value::from(p.turn)),
        ("to_move", Value::from(p.to_move.0)),
        ("result", result_value(result.as_ref())),
        (
            "points",
            p.final_points().map_or(Value::Null, |[a, s]| {
                Value::Array(vec![Value::from(a), Value::from(s)])
            }),
        ),
        ("seen", seen),
    ])
}

/// Reads `rows` (rank n first) of `n` characters each from `alphabet`, as `read(c)`.
fn read_grid<T>(
    name: &str,
    v: &Value,
    n: u8,
    alphabet: &str,
    read: impl Fn(char) -> Option<T>,
    problems: &mut Problems,
) -> Option<Vec<(Square, T)>> {
    let shape = format!("{name} must be {n} strings of {n} characters from “{alphabet}”");
    let Value::Array(rows) = v else {
        problems.push(format!("{shape}, not {}", describe(v)));
        return None;
    };
    if rows.len() != usize::from(n) {
        problems.push(format!("{shape}: it has {} rows", rows.len()));
        return None;
    }
    let mut out = Vec::with_capacity(usize::from(n) * usize::from(n));
    let mut ok = true;
    for (i, row) in rows.iter().enumerate() {
        let rank = n - 1 - i as u8;
        let Some(text) = row.as_str() else {
            problems.push(format!("{shape}: row {} is {}", i + 1, describe(row)));
            ok = false;
            continue;
        };
        if text.chars().count() != usize::from(n) {
            problems.push(format!(
                "{shape}: row {} (rank {}) is {}",
                i + 1,
                rank + 1,
                describe(row)
            ));
            ok = false;
            continue;
        }
        for (file, c) in text.chars().enumerate() {
            let sq = Square {
                file: file as u8,
                rank,
            };
            match read(c) {
                Some(x) => out.push((sq, x)),
                None => {
                    problems.push(format!("{name}: {sq} holds “{c}”, not one of “{alphabet}”"));
                    ok = false;
                }
            }
        }
    }
    ok.then_some(out)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Char {
    Cell(Cell),
    Seeker,
    Treasure,
}

/// Reads a document, listing every problem; `view` is the audience of a view's document
/// (its `"view"` field already taken out), whose board may hold `?`.
pub(super) fn from_value(value: &Value, view: Option<Audience>) -> Result<Position, PositionError> {
    let mut problems = Problems::default();
    check_fields(value, FORMAT, FIELDS, &mut problems)?;
    let masked = view.is_some();

    // The side comes from the board's rows.
    let size = match value.get("board") {
        Some(Value::Array(rows)) => match u8::try_from(rows.len()).ok().and_then(Size::new) {
            Some(s) => Some(s),
            None => {
                problems.push(format!(
                    "board must have from 5 to 25 rows (the maze's side), not {}",
                    rows.len()
                ));
                None
            }
        },
        Some(other) => {
            problems.push(format!(
                "board must be an array of strings, not {}",
                describe(other)
            ));
            None
        }
        None => None,
    };
    let alphabet = if masked { "#.ST?" } else { "#.ST" };
    let grid = size.and_then(|s| {
        read_grid(
            "board",
            value.get("board")?,
            s.get(),
            alphabet,
            |c| match c {
                '.' => Some(Char::Cell(Cell::Grass)),
                '#' => Some(Char::Cell(Cell::Hedge)),
                '?' if masked => Some(Char::Cell(Cell::Unseen)),
                'S' => Some(Char::Seeker),
                'T' => Some(Char::Treasure),
                _ => None,
            },
            &mut problems,
        )
    });

    let map = match value.get("map") {
        Some(Value::Bool(b)) => Some(*b),
        Some(other) => {
            problems.push(format!(
                "map must be true or false, not {}",
                describe(other)
            ));
            None
        }
        None => None,
    };
    let turn = value.get("turn").and_then(|v| {
        let l = size.zip(map).map(|(s, m)| limit(s, m));
        match (v.as_i64(), l) {
            (Some(t), Some(l)) if (1..=i64::from(l)).contains(&t) => Some(t as u32),
            // Another field is wrong already: any round of the largest game will do.
            (Some(t), None) if (1..=i64::from(limit(Size(25), false))).contains(&t) => {
                Some(t as u32)
            }
            _ => {
                problems.push(format!(
                    "turn must be a whole number from 1 to {}, not {}",
                    l.map_or("the turn limit".to_string(), |l| l.to_string()),
                    describe(v)
                ));
                None
            }
        }
    });
    let to_move = read_to_move(value, &mut problems);
    let result = read_result(value, &mut problems);
    let doc_points = match value.get("points") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => {
            let pts = match v {
                Value::Array(items) if items.len() == 2 => {
                    let a = items[0].as_i64();
                    let s = items[1].as_i64();
                    match (a, s) {
                        (Some(a @ 0..=100), Some(s @ 0..=100)) if a + s == 100 => {
                            Some([a as u8, s as u8])
                        }
                        _ => None,
                    }
                }
                _ => None,
            };
            pts.map(Some).ok_or_else(|| {
                problems.push(
                    "points must be null or two whole numbers from 0 adding up to 100 \
                     ([architect, seeker])",
                );
            })
        }
    };

    // The board's pieces.
    let mut board = Vec::new();
    let mut seeker = None;
    if let (Some(size), Some(grid)) = (size, grid.as_ref()) {
        board = vec![Cell::Grass; size.squares()];
        let treasure = Square::treasure(size);
        let mut seekers = Vec::new();
        let mut treasures = Vec::new();
        for (sq, c) in grid {
            match c {
                Char::Cell(cell) => board[sq.index(size)] = *cell,
                Char::Seeker => seekers.push(*sq),
                Char::Treasure => treasures.push(*sq),
            }
        }
        if seekers.len() != 1 {
            problems.push(format!(
                "the board must hold exactly one seeker “S”, not {}",
                seekers.len()
            ));
        }
        for t in &treasures {
            if *t != treasure {
                problems.push(format!(
                    "the treasure “T” stands only on {treasure}, not on {t}"
                ));
            }
        }
        let t_there = treasures.contains(&treasure);
        if seekers.len() == 1 {
            let s = seekers[0];
            seeker = Some(s);
            if s != treasure && !t_there {
                problems.push(format!(
                    "the treasure “T” is missing from {treasure} (the seeker is not on it)"
                ));
            }
        }
        for sq in Square::all(size).filter(|s| s.in_treasure_corner(size)) {
            if board[sq.index(size)] == Cell::Hedge {
                problems.push(format!(
                    "{sq} is a hedge, but no hedge grows on the treasure's square or next to it"
                ));
            }
        }
        if let Some(s) = seeker
            && !masked
            && !super::reachable(size, s, treasure, |sq| board[sq.index(size)] != Cell::Hedge)
        {
            problems.push(format!(
                "no way leads from the seeker on {s} to the treasure on {treasure}"
            ));
        }
    }

    // The seeker's memory.
    let mut seen = None;
    if let (Some(size), Some(map)) = (size, map) {
        match (map, value.get("seen")) {
            (_, None) => {}
            (true, Some(Value::Null)) => {}
            (true, Some(v)) => problems.push(format!(
                "seen must be null with the map, not {}",
                describe(v)
            )),
            (false, Some(v)) => {
                if let Some(grid) = read_grid(
                    "seen",
                    v,
                    size.get(),
                    "#.?",
                    |c| match c {
                        '?' => Some(Memory::Unknown),
                        '.' => Some(Memory::Grass),
                        '#' => Some(Memory::Hedge),
                        _ => None,
                    },
                    &mut problems,
                ) {
                    let mut mem = vec![Memory::Unknown; size.squares()];
                    for (sq, m) in grid {
                        mem[sq.index(size)] = m;
                    }
                    seen = Some(mem);
                }
            }
        }
        if let (Some(mem), Some(s), false, true) = (seen.as_ref(), seeker, masked, grid.is_some()) {
            for sq in Square::all(size) {
                let i = sq.index(size);
                let hedge = board[i] == Cell::Hedge;
                let want = if hedge { Memory::Hedge } else { Memory::Grass };
                if sq.king_distance(s) <= 2 && mem[i] != want {
                    problems.push(format!(
                        "seen: {sq} is in the seeker's field of view, so his memory must \
                         say “{}” there",
                        if hedge { '#' } else { '.' }
                    ));
                } else if mem[i] == Memory::Hedge && !hedge {
                    problems.push(format!(
                        "seen: {sq} is remembered as a hedge, but the board has none there"
                    ));
                }
            }
        }
    }

    // The game's end. Points while the game runs need only those two fields read, so
    // they are reported even when another field is bad: every problem is listed.
    if let (Ok(None), Ok(Some(_))) = (&result, doc_points) {
        problems.push("points are given, but the game has no result");
    }
    let mut end = None;
    if let (Some(size), Some(map), Some(turn), Some(to_move), Some(s), Ok(result), Ok(pts)) =
        (size, map, turn, to_move, seeker, &result, doc_points)
    {
        let on_treasure = s == Square::treasure(size);
        match result {
            None => {
                if on_treasure {
                    problems.push("the seeker stands on the treasure, but the game has no result");
                }
            }
            Some((w, _)) => {
                if to_move != SEEKER {
                    problems.push("the game is over, so to_move must be 1 (the seeker ended it)");
                }
                let e = if on_treasure {
                    Some(End::Arrived)
                } else if turn >= limit(size, map) {
                    Some(End::Limit)
                } else {
                    problems.push(format!(
                        "the game is over, but the seeker is not on the treasure and round \
                         {turn} is not the last ({})",
                        limit(size, map)
                    ));
                    None
                };
                if let Some(e) = e {
                    let want = match e {
                        End::Arrived => points(size, map, turn),
                        End::Limit => [100, 0],
                    };
                    match pts {
                        None => problems.push(format!(
                            "the game is over, so points must be [{}, {}]",
                            want[0], want[1]
                        )),
                        Some(p) if p != want => problems.push(format!(
                            "points must be [{}, {}] for this end, not [{}, {}]",
                            want[0], want[1], p[0], p[1]
                        )),
                        Some(_) => {}
                    }
                    if *w != winner(want) {
                        problems.push(format!(
                            "the winner must be seat {} (the seat with more points; the \
                             seeker at 50–50), not seat {w}",
                            winner(want)
                        ));
                    }
                    end = Some(e);
                }
            }
        }
    }

    problems.finish(|| Position {
        size: size.expect("checked"),
        map: map.expect("checked"),
        board,
        seeker: seeker.expect("checked"),
        turn: turn.expect("checked"),
        to_move: to_move.unwrap_or(Seat(0)),
        seen,
        end,
    })
}
