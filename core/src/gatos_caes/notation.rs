//! The position notation (§5 of the rules): exactly `format`, `board`, `to_move`,
//! `result`, read with every problem listed.

use super::{FORMAT, Kind, PIECES, Position, SIZE, Square};
use crate::{
    board_doc::{
        Problems, check_fields, known_reason, read_result, read_rows, read_to_move, result_value,
    },
    game::PositionError,
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
                    p.get(sq).map_or('.', Kind::letter)
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
    let mut board = [None; 64];
    let board_ok = read_rows(
        value,
        SIZE,
        SIZE,
        ".CD",
        |c| match c {
            '.' => Some(None),
            'C' => Some(Some(Kind::Cat)),
            'D' => Some(Some(Kind::Dog)),
            _ => None,
        },
        |file, rank, k| {
            board[usize::from(rank * SIZE + file)] = k;
        },
        &mut problems,
    );
    let to_move = read_to_move(value, &mut problems);
    let result = read_result(value, &mut problems);
    let mut pos = Position {
        board,
        to_move: to_move.unwrap_or(crate::game::Seat(0)),
        result: None,
    };
    if board_ok {
        for kind in [Kind::Cat, Kind::Dog] {
            let n = pos.count(kind);
            if n > PIECES {
                problems.push(format!(
                    "the board holds {n} {kind}s: there are only {PIECES}"
                ));
            }
        }
        for sq in Square::all() {
            if pos.get(sq) == Some(Kind::Cat)
                && let Some(dog) = sq.neighbours().find(|n| pos.get(*n) == Some(Kind::Dog))
            {
                problems.push(format!("the cat on {sq} is next to the dog on {dog}"));
            }
        }
        if to_move.is_some()
            && matches!(result, Ok(None))
            && value.get("result").is_some()
            && pos.placements(Kind::of(pos.to_move)).is_empty()
        {
            problems.push(format!(
                "the {}s, to move, have no legal placement but the game has no result",
                Kind::of(pos.to_move)
            ));
        }
    }
    pos.result = known_reason(result.ok().flatten(), |w| pos.reason_for(w));
    problems.finish(|| pos)
}
