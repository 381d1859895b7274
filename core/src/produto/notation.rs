//! The position notation (§5 of the rules): `format`, `board` (row `i` first, rows of 5 to
//! 9 characters), `to_move`, `stones_left`, `supply`, `result`, read with every problem
//! listed.

use super::{CELLS, Cell, Colour, FORMAT, Position, SUPPLY, board::ROW_LENGTHS};
use crate::{
    board_doc::{
        Problems, check_fields, clip, describe, known_reason, read_result, read_to_move,
        result_value,
    },
    game::{PositionError, Seat},
    value::Value,
};

/// The position as its document.
pub(super) fn to_doc(p: &Position) -> Value {
    let rows = (0..9u8)
        .rev()
        .map(|row| {
            let text: String = (1..=ROW_LENGTHS[usize::from(row)])
                .map(|n| {
                    let c = Cell::new(row, n).expect("on the board");
                    p.get(c).map_or('.', Colour::letter)
                })
                .collect();
            Value::from(text)
        })
        .collect();
    Value::object([
        ("format", Value::from(FORMAT)),
        ("board", Value::Array(rows)),
        ("to_move", Value::from(p.to_move.0)),
        ("stones_left", Value::from(p.stones_left)),
        (
            "supply",
            Value::object([
                ("B", Value::from(p.supply(Colour::Black) as u32)),
                ("W", Value::from(p.supply(Colour::White) as u32)),
            ]),
        ),
        ("result", result_value(p.result.as_ref())),
    ])
}

/// Reads a document, listing every problem.
pub(super) fn from_value(value: &Value) -> Result<Position, PositionError> {
    let mut problems = Problems::default();
    check_fields(
        value,
        FORMAT,
        &[
            "format",
            "board",
            "to_move",
            "stones_left",
            "supply",
            "result",
        ],
        &mut problems,
    )?;
    let board = read_board(value, &mut problems);
    let to_move = read_to_move(value, &mut problems);
    let stones_left = match value.get("stones_left") {
        None => None,
        Some(v) => match v.as_i64() {
            Some(n @ 1..=2) => Some(n as u8),
            _ => {
                problems.push(format!("stones_left must be 1 or 2, not {}", describe(v)));
                None
            }
        },
    };
    let result = read_result(value, &mut problems);
    let mut pos = Position {
        board: board.unwrap_or([None; CELLS]),
        to_move: to_move.unwrap_or(Seat(0)),
        stones_left: stones_left.unwrap_or(2),
        result: None,
    };
    if let Some(supply) = value.get("supply") {
        let keys_ok = matches!(supply, Value::Object(f) if f.len() == 2)
            && supply.get("B").is_some()
            && supply.get("W").is_some();
        if !keys_ok {
            problems.push("supply must be {\"B\": n, \"W\": n}: exactly the keys B and W");
        } else if board.is_some() {
            for (key, colour) in [("B", Colour::Black), ("W", Colour::White)] {
                let on_board = pos.count(colour);
                let given = supply.get(key).and_then(Value::as_i64);
                if on_board > SUPPLY {
                    problems.push(format!(
                        "the board holds {on_board} {colour} stones: there are only {SUPPLY}"
                    ));
                } else if given != Some((SUPPLY - on_board) as i64) {
                    problems.push(format!(
                        "supply {key} must be {} (45 less the {on_board} on the board), not {}",
                        SUPPLY - on_board,
                        supply.get(key).map_or_else(|| "missing".into(), describe)
                    ));
                }
            }
        }
    }
    if board.is_some()
        && matches!(result, Ok(None))
        && value.get("result").is_some()
        && pos.board.iter().all(Option::is_some)
    {
        problems.push("the board is full but the game has no result");
    }
    pos.result = known_reason(result.ok().flatten(), |w| pos.reason_for(w));
    problems.finish(|| pos)
}

fn read_board(value: &Value, problems: &mut Problems) -> Option<[Option<Colour>; CELLS]> {
    let v = value.get("board")?;
    let shape =
        "board must be 9 strings (row i first) of 5, 6, 7, 8, 9, 8, 7, 6, 5 characters from “.BW”";
    let Value::Array(rows) = v else {
        problems.push(format!("{shape}, not {}", describe(v)));
        return None;
    };
    if rows.len() != 9 {
        problems.push(format!("{shape}: it has {} rows", rows.len()));
        return None;
    }
    let mut board = [None; CELLS];
    let mut ok = true;
    for (i, row) in rows.iter().enumerate() {
        let r = 8 - i as u8;
        let letter = char::from(b'a' + r);
        let want = usize::from(ROW_LENGTHS[usize::from(r)]);
        let Some(text) = row.as_str() else {
            problems.push(format!("{shape}: row {letter} is {}", describe(row)));
            ok = false;
            continue;
        };
        if text.chars().count() != want {
            problems.push(format!("{shape}: row {letter} is “{}”", clip(text)));
            ok = false;
            continue;
        }
        for (j, c) in text.chars().enumerate() {
            let cell = Cell::new(r, j as u8 + 1).expect("on the board");
            match c {
                '.' => {}
                'B' => board[cell.index()] = Some(Colour::Black),
                'W' => board[cell.index()] = Some(Colour::White),
                other => {
                    problems.push(format!("{cell} holds “{other}”, not one of “.BW”"));
                    ok = false;
                }
            }
        }
    }
    ok.then_some(board)
}
