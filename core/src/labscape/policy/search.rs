//! The search player: Monte Carlo rollouts of the heuristic.
//!
//! For each candidate action (the heuristic's choice, every single step but those the
//! heuristic would undo at once, a search of the room, a minute's wait) it plays the same
//! number of whole games to the end with the heuristic for every seat, each on a copy of
//! the position whose dice are fresh ones drawn from the policy's generator (never the
//! game's own: those hold the future rolls).
//! Every candidate meets the same set of dice (common random numbers), so the comparison
//! is paired and its noise small. It plays the candidate with the best mean value, but
//! leaves the heuristic's choice only when the paired difference is clearly positive
//! (more than [`SWITCH_Z`] standard errors): with a small budget that keeps it at least
//! as good as the heuristic it improves on.
//!
//! The value of a finished rollout for the deciding player: half for their own escape,
//! half for the share of the group that escaped, and a little for the food they carry
//! out.

use super::{
    super::{
        action::{Action, MoveTarget},
        board::Item,
        dice::Dice,
        event::Seat,
        notation::PositionDoc,
        position::{Phase, Position, Status},
    },
    heuristic::{self, Knobs},
};

/// How many standard errors a candidate must beat the heuristic's choice by.
const SWITCH_Z: f64 = 2.0;
/// Safety bound on the turns of one rollout (dawn ends every game long before).
const MAX_ROLLOUT_TURNS: usize = 20_000;
/// Value of one food carried out, against 1 for escaping.
const FOOD_VALUE: f64 = 0.005;

/// The search's action for the active player.
pub(crate) fn choose(pos: &Position, rng: &mut Dice, iterations: u32) -> Option<Action> {
    let seat = pos.active()?;
    let base = heuristic::choose(pos, rng, Knobs::STANDARD)?;
    if pos.phase() != Phase::Play || base == Action::Exit {
        return Some(base);
    }
    let template = Template::new(pos);
    let candidates = candidates(pos, &base, &template, seat);
    if candidates.len() < 2 {
        return Some(base);
    }
    let per = (iterations as usize / candidates.len()).max(1);
    let seeds: Vec<String> = (0..per)
        .map(|_| format!("{:08x}{:08x}", rng.below(u32::MAX), rng.below(u32::MAX)))
        .collect();
    let values: Vec<Vec<f64>> = candidates
        .iter()
        .map(|action| {
            seeds
                .iter()
                .map(|seed| {
                    let mut p = template.with_dice(seed);
                    p.play(None, action).expect("candidates are legal actions");
                    rollout(&mut p, seed);
                    value(&p, seat)
                })
                .collect()
        })
        .collect();
    let mut best = (0usize, 0.0f64);
    for (i, v) in values.iter().enumerate().skip(1) {
        let diffs: Vec<f64> = v.iter().zip(&values[0]).map(|(a, b)| a - b).collect();
        let n = diffs.len() as f64;
        let mean = diffs.iter().sum::<f64>() / n;
        if mean <= best.1 {
            continue;
        }
        let var = if n > 1.0 {
            diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            f64::INFINITY
        };
        let se = (var / n).sqrt();
        if mean > SWITCH_Z * se {
            best = (i, mean);
        }
    }
    Some(candidates[best.0].clone())
}

/// The heuristic's choice first, then every single step, a search of the room and a
/// minute's wait, each once and only if legal. A step the heuristic would undo at once
/// (see [`round_trip`]) is left out unless it is the heuristic's own choice.
fn candidates(pos: &Position, base: &Action, template: &Template, seat: Seat) -> Vec<Action> {
    let mut out = vec![base.clone()];
    for action in pos.legal_actions() {
        let wanted = match &action {
            Action::Move(MoveTarget::Steps(s)) => s.len() == 1,
            Action::Roll | Action::Wait(1) => true,
            _ => false,
        };
        if wanted && !out.contains(&action) && !round_trip(pos, template, seat, &action) {
            out.push(action);
        }
    }
    out
}

/// Whether `action` is a single step into a cell from which the heuristic (which plays
/// every rollout) would step straight back, having gained nothing there: no key token
/// taken, no catch dodged (a catch on the way moves the player, so it is no round trip),
/// no search here to start afresh (leaving resets the attempt count).
///
/// Such a step is two minutes spent to stand where the player stood. The rollouts that
/// judge it are few, so now and then one looks clearly better than the heuristic's choice
/// by chance; the heuristic then walks back, and the next decision can draw the same
/// chance again: the player walked back and forth between two cells, turn after turn.
/// The search therefore never proposes it (a wait of a minute, always a candidate, covers
/// the timing such a detour could buy).
fn round_trip(pos: &Position, template: &Template, seat: Seat, action: &Action) -> bool {
    let Action::Move(MoveTarget::Steps(s)) = action else {
        return false;
    };
    let ([dir], Some(from)) = (s.as_slice(), pos.player(seat).cell()) else {
        return false;
    };
    // Coming back after searching here starts the search table's attempts afresh: a gain.
    if pos.player(seat).search() > 0 {
        return false;
    }
    let Some(to) = from.step(*dir) else {
        return false;
    };
    if pos.current_board().item(to) == Some(Item::Key) {
        return false;
    }
    // The step's own outcome needs no dice unless the robot catches the player, which
    // ends the round trip anyway: fixed dice keep the choice a function of the position.
    let mut after = template.with_dice("round-trip");
    if after.play(None, action).is_err()
        || after.floor() != pos.floor()
        || after.player(seat).cell() != Some(to)
    {
        return false;
    }
    heuristic::choose_for(&after, seat, Knobs::STANDARD)
        == Some(Action::Move(MoveTarget::Steps(vec![dir.opposite()])))
}

/// A position that can be copied with other dice.
struct Template {
    doc: PositionDoc,
}

impl Template {
    fn new(pos: &Position) -> Template {
        let mut doc = pos.to_doc();
        doc.dice.clear();
        Template { doc }
    }

    /// The position with dice seeded from `seed` instead of the game's.
    fn with_dice(&self, seed: &str) -> Position {
        let mut doc = self.doc.clone();
        doc.rng = Some(Dice::from_seed(seed).state());
        Position::from_doc(&doc).expect("a position read back from its own notation")
    }
}

/// Plays the rest of the game with the heuristic for every seat.
fn rollout(pos: &mut Position, seed: &str) {
    let mut rng = Dice::from_seed(seed);
    for _ in 0..MAX_ROLLOUT_TURNS {
        let Some(action) = heuristic::choose(pos, &mut rng, Knobs::STANDARD) else {
            break;
        };
        pos.play(None, &action)
            .expect("the heuristic chooses legal actions");
    }
}

/// The value of a finished game for `seat`.
fn value(pos: &Position, seat: Seat) -> f64 {
    let players = pos.players();
    let escaped = players
        .iter()
        .filter(|p| p.status() == Status::Escaped)
        .count();
    let me = pos.player(seat);
    let mine = if me.status() == Status::Escaped {
        1.0 + FOOD_VALUE * f64::from(me.food())
    } else {
        0.0
    };
    0.5 * mine + 0.5 * escaped as f64 / players.len() as f64
}
