//! The position notation (§5 of the rules): exactly `format`, `board`, `to_move`,
//! `result`, read with every problem listed.

use super::{FORMAT, Position, SIZE, Square};
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
                    if sq == p.white {
                        'O'
                    } else if p.is_black(sq) {
                        '#'
                    } else {
                        '.'
                    }
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

#[derive(Clone, Copy)]
enum Cell {
    Empty,
    White,
    Black,
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
    let mut black = 0u64;
    let mut whites = Vec::new();
    let board_ok = read_rows(
        value,
        SIZE,
        SIZE,
        ".O#",
        |c| match c {
            '.' => Some(Cell::Empty),
            'O' => Some(Cell::White),
            '#' => Some(Cell::Black),
            _ => None,
        },
        |file, rank, c| {
            let sq = Square::new(file, rank).expect("on the board");
            match c {
                Cell::Empty => {}
                Cell::White => whites.push(sq),
                Cell::Black => black |= 1 << sq.index(),
            }
        },
        &mut problems,
    );
    let to_move = read_to_move(value, &mut problems);
    let result = read_result(value, &mut problems);
    if board_ok && whites.len() != 1 {
        problems.push(format!(
            "the board must hold exactly one white piece “O”, not {}",
            whites.len()
        ));
    }
    let mut pos = Position {
        black,
        white: whites.first().copied().unwrap_or(Square::A1),
        to_move: to_move.unwrap_or(Seat(0)),
        result: None,
    };
    pos.result = known_reason(result.clone().ok().flatten(), |w| pos.reason_for(w));
    if board_ok && whites.len() == 1 && matches!(result, Ok(None)) && value.get("result").is_some()
    {
        for seat in [Seat(0), Seat(1)] {
            if pos.white == Square::home(seat) {
                problems.push(format!(
                    "the white piece stands on {}, seat {seat}'s home, but the game has no result",
                    pos.white
                ));
            }
        }
        if to_move.is_some() && pos.moves().is_empty() {
            problems.push(format!(
                "seat {} is to move with no move, but the game has no result",
                pos.to_move
            ));
        }
    }
    problems.finish(|| pos)
}
