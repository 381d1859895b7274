//! SAGES's buttons, in steps of at most [`MAX_STEP`] (Discord's five rows of five): first a
//! man (`pick h5`); then that man's moves and its kick (`pick h5-h8`, the kick's stops), or,
//! when the man has more moves than fit, one button per direction (`pick h5 ne`). A man
//! reaches the ball along one line at most, so it has at most one kick to open.

use labscape_core::{
    Game,
    sages::{Action, Dir, Position, Square},
};

use super::MAX_STEP;
use crate::games::{Button, PICK};

/// The buttons of a step: `h5` (a man), `h5 ne` (a man's moves one way), `h5-h8` (a
/// kick's stops), `h5-h8 2` (the second page of them).
pub(super) fn pick(g: &Position, key: &str) -> Option<Vec<Button>> {
    let key = key.trim().to_ascii_lowercase();
    let legal = g.legal_actions();
    let (head, page) = match key.split_once(' ') {
        Some((h, p)) => (h, Some(p.trim())),
        None => (key.as_str(), None),
    };
    if let Some((from, ball)) = head.split_once('-') {
        return kick_step(&legal, from, ball, page);
    }
    let man = Square::parse(head)?;
    let moves: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Move { from, .. } if *from == man))
        .collect();
    if let Some(word) = page {
        return dir_step(&moves, word);
    }
    man_step(&legal, man, &moves)
}

/// The step `h5-h8` (page `page`, the first if none): the kick's stops.
fn kick_step(legal: &[Action], from: &str, ball: &str, page: Option<&str>) -> Option<Vec<Button>> {
    let (from, ball) = (Square::parse(from)?, Square::parse(ball)?);
    let stops: Vec<Button> = legal
        .iter()
        .filter(|a| matches!(a, Action::Kick { from: f, ball: b, .. } if *f == from && *b == ball))
        .map(|a| Button::action(a.to_string()))
        .collect();
    let page: usize = page.map_or(Some(1), |p| p.parse().ok())?;
    paged(stops, page, &format!("{from}-{ball}"))
}

/// The step `h5 ne`: the man's `moves` in the direction `word`.
fn dir_step(moves: &[&Action], word: &str) -> Option<Vec<Button>> {
    let dir = dir_of_word(word)?;
    let out: Vec<Button> = moves
        .iter()
        .filter(|a| Dir::between(a.from(), a.to()) == Some(dir))
        .map(|a| Button::action(a.to_string()))
        .collect();
    (!out.is_empty()).then_some(out)
}

/// The step `h5`: the man's `moves` and his kick's stops when they fit in one step; else
/// his moves (or, when they alone do not fit, one button per direction) and a button
/// opening the kick.
fn man_step(legal: &[Action], man: Square, moves: &[&Action]) -> Option<Vec<Button>> {
    let kick = legal
        .iter()
        .find(|a| matches!(a, Action::Kick { from, .. } if *from == man));
    let kick_stops = legal
        .iter()
        .filter(|a| matches!(a, Action::Kick { from, .. } if *from == man))
        .count();
    if moves.is_empty() && kick.is_none() {
        return None;
    }
    let kick_button = kick.map(|k| {
        let (from, ball) = (k.from(), k.to());
        Button::new(format!("{from}-{ball}>…"), format!("{PICK} {from}-{ball}")).primary()
    });
    let mut out: Vec<Button>;
    if moves.len() + kick_stops <= MAX_STEP {
        out = moves
            .iter()
            .map(|a| Button::action(a.to_string()))
            .collect();
        out.extend(
            legal
                .iter()
                .filter(|a| matches!(a, Action::Kick { from, .. } if *from == man))
                .map(|a| Button::action(a.to_string()).primary()),
        );
        return Some(out);
    }
    if moves.len() < MAX_STEP {
        out = moves
            .iter()
            .map(|a| Button::action(a.to_string()))
            .collect();
    } else {
        out = Vec::new();
        for dir in Dir::ALL {
            let n = moves
                .iter()
                .filter(|a| Dir::between(a.from(), a.to()) == Some(dir))
                .count();
            if n > 0 {
                let word = dir_word(dir);
                out.push(Button::new(
                    format!("{man} {}…", arrow(dir)),
                    format!("{PICK} {man} {word}"),
                ));
            }
        }
    }
    out.extend(kick_button);
    Some(out)
}

/// At most [`MAX_STEP`] buttons: page `page` (from 1) of `all`, with a button to the next
/// page when there is one.
fn paged(all: Vec<Button>, page: usize, key: &str) -> Option<Vec<Button>> {
    if all.is_empty() || page == 0 {
        return None;
    }
    if all.len() <= MAX_STEP {
        return (page == 1).then_some(all);
    }
    let per = MAX_STEP - 1;
    let pages = all.len().div_ceil(per);
    if page > pages {
        return None;
    }
    let mut out: Vec<Button> = all.into_iter().skip((page - 1) * per).take(per).collect();
    if page < pages {
        out.push(Button::new(
            format!("{}/{pages} »", page + 1),
            format!("{PICK} {key} {}", page + 1),
        ));
    }
    Some(out)
}

fn dir_word(d: Dir) -> &'static str {
    match d {
        Dir::North => "n",
        Dir::NorthEast => "ne",
        Dir::East => "e",
        Dir::SouthEast => "se",
        Dir::South => "s",
        Dir::SouthWest => "sw",
        Dir::West => "w",
        Dir::NorthWest => "nw",
    }
}

fn dir_of_word(w: &str) -> Option<Dir> {
    Dir::ALL.into_iter().find(|d| dir_word(*d) == w)
}

fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::North => "↑",
        Dir::NorthEast => "↗",
        Dir::East => "→",
        Dir::SouthEast => "↘",
        Dir::South => "↓",
        Dir::SouthWest => "↙",
        Dir::West => "←",
        Dir::NorthWest => "↖",
    }
}
