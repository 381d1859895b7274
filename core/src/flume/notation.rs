//! The position notation (§5 of the rules): `format`, `board`, `to_move`, `colors`,
//! `result`, read with every problem listed.

use super::{Colour, FORMAT, Position, SIZE, Square, WINNING};
use crate::{
    board_doc::{
        Problems, check_fields, describe, known_reason, read_result, read_rows, read_to_move,
        result_value,
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
        (
            "colors",
            Value::Array(
                p.colors
                    .iter()
                    .map(|c| Value::from(c.letter().to_string()))
                    .collect(),
            ),
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
        &["format", "board", "to_move", "colors", "result"],
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
    let colors = match value.get("colors") {
        None => None,
        Some(v) => {
            let letters: Option<Vec<&str>> = match v {
                Value::Array(items) => items.iter().map(Value::as_str).collect(),
                _ => None,
            };
            match letters.as_deref() {
                Some(["W", "B"]) => Some([Colour::White, Colour::Black]),
                Some(["B", "W"]) => Some([Colour::Black, Colour::White]),
                _ => {
                    problems.push(format!(
                        "colors must be [\"W\", \"B\"] or [\"B\", \"W\"], not {}",
                        describe(v)
                    ));
                    None
                }
            }
        }
    };
    let result = read_result(value, &mut problems);
    let mut pos = Position {
        board,
        to_move: to_move.unwrap_or(Seat(0)),
        colors: colors.unwrap_or([Colour::White, Colour::Black]),
        result: None,
    };
    pos.result = known_reason(result.clone().ok().flatten(), |w| pos.reason_for(w));
    if board_ok && matches!(result, Ok(None)) && value.get("result").is_some() {
        for colour in [Colour::White, Colour::Black] {
            let n = pos.count(colour);
            if n >= WINNING {
                problems.push(format!(
                    "{colour} has {n} stones (25 win) but the game has no result"
                ));
            }
        }
        if pos.board.iter().all(Option::is_some) {
            problems.push("the board is full but the game has no result");
        }
    }
    problems.finish(|| pos)
}
