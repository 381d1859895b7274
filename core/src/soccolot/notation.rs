//! The position notation (§5 of the rules): exactly `format`, `board`, `to_move`,
//! `result`, read with every problem listed. The number of men is not checked (`[D9]`:
//! the seed's own kick diagram has seven black men).

use super::{CELLS, Colour, FORMAT, Occupant, Position, SIZE, Square};
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
                    match p.occupant(sq) {
                        None => '.',
                        Some(Occupant::Ball) => '*',
                        Some(Occupant::Man(c)) => c.letter(),
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

/// Reads a document, listing every problem.
pub(super) fn from_value(value: &Value) -> Result<Position, PositionError> {
    let mut problems = Problems::default();
    check_fields(
        value,
        FORMAT,
        &["format", "board", "to_move", "result"],
        &mut problems,
    )?;
    let mut men = [None; CELLS];
    let mut balls = Vec::new();
    let board_ok = read_rows(
        value,
        SIZE,
        SIZE,
        ".BW*",
        |c| match c {
            '.' => Some(None),
            'B' => Some(Some(Occupant::Man(Colour::Black))),
            'W' => Some(Some(Occupant::Man(Colour::White))),
            '*' => Some(Some(Occupant::Ball)),
            _ => None,
        },
        |file, rank, c| {
            let sq = Square::new(file, rank).expect("on the board");
            match c {
                None => {}
                Some(Occupant::Ball) => balls.push(sq),
                Some(Occupant::Man(colour)) => men[sq.index()] = Some(colour),
            }
        },
        &mut problems,
    );
    let to_move = read_to_move(value, &mut problems);
    let result = read_result(value, &mut problems);
    if board_ok && balls.len() != 1 {
        problems.push(format!(
            "the board must hold exactly one ball “*”, not {}",
            balls.len()
        ));
    }
    let mut pos = Position {
        men,
        ball: balls.first().copied().unwrap_or(Square::A1),
        to_move: to_move.unwrap_or(Seat(0)),
        result: None,
    };
    let whole = board_ok && balls.len() == 1;
    if whole {
        pos.result = known_reason(result.clone().ok().flatten(), |w| pos.reason_for(w));
    }
    if whole && matches!(result, Ok(None)) && value.get("result").is_some() {
        for colour in [Colour::Black, Colour::White] {
            if pos.ball.rank() == colour.goal_rank() {
                problems.push(format!(
                    "the ball stands on {}, {}'s back rank, but the game has no result",
                    pos.ball,
                    colour.other()
                ));
            }
        }
        if to_move.is_some() && !pos.can_act(Colour::of(pos.to_move)) {
            problems.push(format!(
                "seat {} ({}) is to move without any legal action, but the game has no result",
                pos.to_move,
                Colour::of(pos.to_move)
            ));
        }
    }
    problems.finish(|| pos)
}
