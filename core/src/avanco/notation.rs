//! The position notation (§5 of the rules): exactly `format`, `board`, `to_move`,
//! `result`, read with every problem listed.

use super::{Colour, FORMAT, PIECES, Position, SIZE, Square};
use crate::{
    board_doc::{
        Problems, check_fields, known_reason, read_result, read_rows, read_to_move, result_value,
    },
    game::{PositionError, Seat},
    value::Value,
};

/// The position as its document.
pub(super) fn to_doc(p: &Position) -> Value {
    let rows = (0..SIZE)
        .rev()
        .map(|rank| {
            let row: String = (0..SIZE)
                .map(|file| {
                    let sq = Square::new(file, rank).expect("on the board");
                    p.get(sq).map_or('.', Colour::letter)
                })
                .collect();
            Value::from(row)
        })
        .collect();
    Value::object([
        ("format", Value::from(FORMAT)),
        ("board", Value::Array(rows)),
        ("to_move", Value::from(p.to_move.0)),
        ("result", result_value(p.result.as_ref())),
    ])
}

/// Reads a document, listing every problem.
pub(super) fn from_value(value: &Value) -> Result<Position, PositionError> {
    let mut problems = Problems::default();
    check_fields(
        value,
        FORMAT,
        &["format", "board", "to_move", "result"],
        &mut problems,
    )?;
    let mut board = [None; 49];
    let board_ok = read_rows(
        value,
        SIZE,
        SIZE,
        ".WB",
        |c| match c {
            '.' => Some(None),
            'W' => Some(Some(Colour::White)),
            'B' => Some(Some(Colour::Black)),
            _ => None,
        },
        |file, rank, c| board[usize::from(rank * SIZE + file)] = c,
        &mut problems,
    );
    let to_move = read_to_move(value, &mut problems);
    let result = read_result(value, &mut problems);
    let mut pos = Position {
        board,
        to_move: to_move.unwrap_or(Seat(0)),
        result: None,
    };
    pos.result = known_reason(result.clone().ok().flatten(), |w| pos.reason_for(w));
    if board_ok {
        for colour in [Colour::White, Colour::Black] {
            let n = pos.count(colour);
            if n > PIECES {
                problems.push(format!(
                    "the board holds {n} {colour} pieces: there are only {PIECES}"
                ));
            }
        }
        if matches!(result, Ok(None)) && value.get("result").is_some() {
            for colour in [Colour::White, Colour::Black] {
                if let Some(sq) =
                    Square::all().find(|s| s.rank() == colour.goal() && pos.get(*s) == Some(colour))
                {
                    problems.push(format!(
                        "a {colour} piece stands on {sq}, its goal rank, but the game has no result"
                    ));
                }
                if pos.count(colour) == 0 {
                    problems.push(format!("{colour} has no pieces but the game has no result"));
                }
            }
        }
    }
    problems.finish(|| pos)
}
