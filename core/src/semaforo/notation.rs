//! The position notation (`engine-cli.md`, and §5 of the rules): written with exactly the
//! documented fields in their order, read with every problem listed.

use super::{
    Board, FORMAT, PIECES_PER_COLOUR, Piece, Position, Square,
    board::{FILES, RANKS},
};
use crate::{
    board_doc::known_reason,
    game::{PositionError, Seat},
    value::Value,
};

const FIELDS: [&str; 5] = ["format", "board", "to_move", "result", "supply"];

/// The position as its document.
pub(super) fn to_doc(p: &Position) -> Value {
    Value::object([
        ("format", Value::from(FORMAT)),
        (
            "board",
            Value::Array(p.board.rows().into_iter().map(Value::from).collect()),
        ),
        ("to_move", Value::from(p.to_move.0)),
        (
            "result",
            match &p.result {
                None => Value::Null,
                Some((w, reason)) => Value::object([
                    ("winner", Value::from(w.0)),
                    ("reason", Value::from(reason.english())),
                ]),
            },
        ),
        (
            "supply",
            Value::object(
                Piece::ALL.map(|piece| (piece.letter().to_string(), Value::from(p.supply(piece)))),
            ),
        ),
    ])
}

/// Reads a document, listing every problem.
pub(super) fn from_value(value: &Value) -> Result<Position, PositionError> {
    let mut problems = Vec::new();
    let Value::Object(fields) = value else {
        return Err(PositionError {
            problems: vec![format!("a position is an object, not {}", value.kind())],
        });
    };
    for (i, (k, _)) in fields.iter().enumerate() {
        if !FIELDS.contains(&k.as_str()) {
            problems.push(format!("unknown field “{}”", clip(k)));
        } else if fields[..i].iter().any(|(o, _)| o == k) {
            problems.push(format!("the field “{k}” is given twice"));
        }
    }
    for f in FIELDS {
        if value.get(f).is_none() {
            problems.push(format!("the field “{f}” is missing"));
        }
    }
    match value.get("format") {
        None => {}
        Some(Value::Str(f)) if f == FORMAT => {}
        Some(other) => problems.push(format!(
            "format must be “{FORMAT}”, not {}",
            describe(other)
        )),
    }
    let board = value
        .get("board")
        .and_then(|b| read_board(b, &mut problems));
    let to_move = match value.get("to_move") {
        None => None,
        Some(v) => match v.as_i64() {
            Some(n @ 0..=1) => Some(Seat(n as u8)),
            _ => {
                problems.push(format!("to_move must be 0 or 1, not {}", describe(v)));
                None
            }
        },
    };
    let result = match value.get("result") {
        None | Some(Value::Null) => None,
        Some(r) => read_result(r, &mut problems),
    };
    if let Some(supply) = value.get("supply") {
        check_supply(supply, board.as_ref(), &mut problems);
    }
    if let Some(b) = &board
        && result.is_none()
        && value.get("result").is_some()
        && let Some(colour) = b.line()
    {
        problems.push(format!(
            "the board holds a line of three {} but the game has no result",
            colour.plural()
        ));
    }
    if !problems.is_empty() {
        let more = problems.len().saturating_sub(100);
        problems.truncate(100);
        if more > 0 {
            problems.push(format!("… and {more} more"));
        }
        return Err(PositionError { problems });
    }
    let mut pos = Position {
        board: board.expect("checked"),
        to_move: to_move.expect("checked"),
        result: None,
    };
    pos.result = known_reason(result, |_| pos.reason_for());
    Ok(pos)
}

fn read_board(v: &Value, problems: &mut Vec<String>) -> Option<Board> {
    let shape = format!("board must be {RANKS} strings of {FILES} characters from “.GYR”");
    let Value::Array(rows) = v else {
        problems.push(format!("{shape}, not {}", describe(v)));
        return None;
    };
    if rows.len() != usize::from(RANKS) {
        problems.push(format!("{shape}: it has {} rows", rows.len()));
        return None;
    }
    let mut board = Board::default();
    let mut ok = true;
    for (i, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let Some(text) = row.as_str() else {
            problems.push(format!("{shape}: row {} is {}", i + 1, describe(row)));
            ok = false;
            continue;
        };
        if text.chars().count() != usize::from(FILES) {
            problems.push(format!(
                "{shape}: row {} (rank {}) is “{}”",
                i + 1,
                rank + 1,
                clip(text)
            ));
            ok = false;
            continue;
        }
        for (file, c) in text.chars().enumerate() {
            let square = Square::new(file as u8, rank).expect("on the board");
            match c {
                '.' => {}
                c => match Piece::from_letter(c) {
                    Some(p) => board.set(square, p),
                    None => {
                        problems.push(format!("{square} holds “{c}”, not one of “.GYR”"));
                        ok = false;
                    }
                },
            }
        }
    }
    ok.then_some(board)
}

fn read_result(r: &Value, problems: &mut Vec<String>) -> Option<(Seat, String)> {
    let shape = "result must be null or {\"winner\": 0 or 1, \"reason\": text}";
    let Value::Object(fields) = r else {
        problems.push(format!("{shape}, not {}", describe(r)));
        return None;
    };
    let keys_ok = fields.len() == 2 && r.get("winner").is_some() && r.get("reason").is_some();
    let winner = match r.get("winner").and_then(Value::as_i64) {
        Some(w @ 0..=1) => Some(Seat(w as u8)),
        _ => None,
    };
    let reason = r.get("reason").and_then(Value::as_str).map(str::to_string);
    match (keys_ok, winner, reason) {
        (true, Some(w), Some(reason)) => Some((w, reason)),
        _ => {
            problems.push(shape.to_string());
            None
        }
    }
}

fn check_supply(v: &Value, board: Option<&Board>, problems: &mut Vec<String>) {
    let shape = "supply must be {\"G\": n, \"Y\": n, \"R\": n}";
    let Value::Object(fields) = v else {
        problems.push(format!("{shape}, not {}", describe(v)));
        return;
    };
    let keys_ok = fields.len() == 3
        && Piece::ALL
            .iter()
            .all(|p| v.get(&p.letter().to_string()).is_some());
    if !keys_ok {
        problems.push(format!("{shape}: exactly the keys G, Y and R"));
        return;
    }
    for piece in Piece::ALL {
        let given = v.get(&piece.letter().to_string());
        let n = given.and_then(Value::as_i64);
        let Some(board) = board else {
            if !matches!(n, Some(0..=8)) {
                problems.push(format!(
                    "supply {} must be a number from 0 to 8",
                    piece.letter()
                ));
            }
            continue;
        };
        let on_board = i64::from(board.count(piece));
        let want = i64::from(PIECES_PER_COLOUR) - on_board;
        // More pieces of a colour than there are is a problem of the board, whatever the
        // supply says (a supply below zero would "agree" with it).
        if want < 0 {
            problems.push(format!(
                "the board holds {on_board} {} pieces: there are only {PIECES_PER_COLOUR}",
                piece
            ));
        } else if n != Some(want) {
            problems.push(format!(
                "supply {} must be {want} (8 less the {on_board} on the board), not {}",
                piece.letter(),
                given.map_or_else(|| "missing".to_string(), describe)
            ));
        }
    }
}

/// A value as a problem names it.
fn describe(v: &Value) -> String {
    match v {
        Value::Str(s) => format!("“{}”", clip(s)),
        Value::Int(n) => n.to_string(),
        other => other.kind().to_string(),
    }
}

/// At most 40 characters of what was given.
fn clip(s: &str) -> String {
    let mut c: String = s.chars().take(40).collect();
    if c.len() < s.len() {
        c.push('…');
    }
    c
}
