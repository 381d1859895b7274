//! The position notation (`§6` of the rules): exactly `format`, `board`, `to_move`,
//! `score`, `result`, read with every problem listed. The terrain is fixed and never
//! written: an empty goal or out-of-play square is `.`.

use super::{Colour, FORMAT, MEN, Position, SIZE, SQUARES, Score, Square, Terrain, WINNING_SCORE};
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
                    if sq == p.ball {
                        '*'
                    } else {
                        p.man(sq).map_or('.', Colour::letter)
                    }
                })
                .collect();
            Value::from(row)
        })
        .collect();
    let [w, b] = p.score.both();
    Value::object([
        ("format", Value::from(FORMAT)),
        ("board", Value::Array(rows)),
        ("to_move", Value::from(p.to_move.0)),
        ("score", Value::from(vec![w, b])),
        ("result", result_value(p.result.as_ref())),
    ])
}

#[derive(Clone, Copy)]
enum Cell {
    Empty,
    Man(Colour),
    Ball,
}

/// Reads `score`: two whole numbers from 0 to 5.
fn read_score(value: &Value, problems: &mut Problems) -> Option<Score> {
    let v = value.get("score")?;
    let read = match v {
        Value::Array(items) if items.len() == 2 => match (items[0].as_i64(), items[1].as_i64()) {
            (Some(w @ 0..=5), Some(b @ 0..=5)) => Score::new(w as u8, b as u8),
            _ => None,
        },
        _ => None,
    };
    if read.is_none() {
        problems.push(format!(
            "score must be two whole numbers from 0 to {WINNING_SCORE} ([white, black]), not {}",
            match v {
                Value::Array(_) => "that array".to_string(),
                other => describe(other),
            }
        ));
    }
    read
}

/// Reads a document, listing every problem.
pub(super) fn from_value(value: &Value) -> Result<Position, PositionError> {
    let mut problems = Problems::default();
    check_fields(
        value,
        FORMAT,
        &["format", "board", "to_move", "score", "result"],
        &mut problems,
    )?;
    let mut men = [None; SQUARES];
    let mut balls = Vec::new();
    let board_ok = read_rows(
        value,
        SIZE,
        SIZE,
        ".WB*",
        |c| match c {
            '.' => Some(Cell::Empty),
            'W' => Some(Cell::Man(Colour::White)),
            'B' => Some(Cell::Man(Colour::Black)),
            '*' => Some(Cell::Ball),
            _ => None,
        },
        |file, rank, c| {
            let sq = Square::new(file, rank).expect("on the board");
            match c {
                Cell::Empty => {}
                Cell::Man(colour) => men[sq.index()] = Some(colour),
                Cell::Ball => balls.push(sq),
            }
        },
        &mut problems,
    );
    let to_move = read_to_move(value, &mut problems);
    let score = read_score(value, &mut problems);
    let result = read_result(value, &mut problems);
    let mut pos = Position {
        men,
        ball: balls.first().copied().unwrap_or(Square(0)),
        to_move: to_move.unwrap_or(Seat(0)),
        score: score.unwrap_or_default(),
        result: None,
    };
    if !board_ok {
        return Err(problems.into_error());
    }
    if balls.len() != 1 {
        problems.push(format!(
            "the board must hold exactly one ball “*”, not {}",
            balls.len()
        ));
    } else if pos.ball.terrain() == Terrain::OutOfPlay {
        problems.push(format!(
            "the ball is on {}, an out-of-play square: it never stops there",
            pos.ball
        ));
    }
    for colour in [Colour::White, Colour::Black] {
        let n = pos.men_of(colour).count();
        if n > MEN {
            problems.push(format!(
                "the board holds {n} {colour} men: a side has at most {MEN}"
            ));
        }
        let on_own: Vec<String> = pos
            .men_of(colour)
            .filter(|s| s.terrain() == Terrain::Goal(colour))
            .map(|s| s.to_string())
            .collect();
        if on_own.len() > 1 {
            problems.push(format!(
                "{colour} has {} men on its own goal ({}): at most one",
                on_own.len(),
                on_own.join(", ")
            ));
        }
        for s in pos
            .men_of(colour)
            .filter(|s| s.terrain() == Terrain::Goal(colour.other()))
        {
            problems.push(format!(
                "a {colour} man stands on {s}, a square of {}'s goal: men never stop there",
                colour.other()
            ));
        }
    }
    pos.result = known_reason(result.clone().ok().flatten(), |w| pos.reason_for(w));
    let running = matches!(result, Ok(None)) && value.get("result").is_some();
    if running && problems.is_empty() {
        if let Some(s) = score {
            for colour in [Colour::White, Colour::Black] {
                if s.of(colour) == WINNING_SCORE {
                    problems.push(format!(
                        "{colour} has {WINNING_SCORE} points, but the game has no result"
                    ));
                }
            }
        }
        if matches!(pos.ball.terrain(), Terrain::Goal(_)) {
            problems.push(format!(
                "the ball is on {}, a goal square, but the game has no result",
                pos.ball
            ));
        }
        if let Some(seat) = to_move
            && !pos.has_action(Colour::of(seat))
        {
            problems.push(format!(
                "{} (seat {seat}) is to move without any legal action, but the game has no result",
                Colour::of(seat)
            ));
        }
    }
    problems.finish(|| pos)
}
