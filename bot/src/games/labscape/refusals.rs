//! Labscape's refusals in the reader's language: an action that cannot be read, an action
//! the rules refuse (with a hint of what would work), a layout that cannot be built.

use labscape_core::labscape::{
    ActionError, ItemKind, LayoutError, NameError, ParseActionError, Refusal, RotationHint,
    UsageProblem,
};

use super::item_name;
use crate::i18n::{Lang, tr};

/// A refused action, the whole sentence: "Can't read that: …" or "Not allowed: …".
pub fn refused(r: &Refusal, lang: Lang) -> String {
    match r {
        Refusal::Unreadable(e) => tr!(
            lang,
            "error-cant-read",
            problem = parse_action_problem(e, lang)
        ),
        Refusal::Illegal(e) => tr!(lang, "error-illegal", problem = action_problem(e, lang)),
    }
}

/// What is wrong with a refused action (a clause).
pub fn problem(r: &Refusal, lang: Lang) -> String {
    match r {
        Refusal::Unreadable(e) => parse_action_problem(e, lang),
        Refusal::Illegal(e) => action_problem(e, lang),
    }
}

/// An action text that cannot be read, in `lang`.
pub fn parse_action_problem(e: &ParseActionError, lang: Lang) -> String {
    match e {
        ParseActionError::Empty => tr!(lang, "parse-action-empty"),
        ParseActionError::TooLong => tr!(
            lang,
            "parse-action-too-long",
            max = labscape_core::labscape::MAX_ACTION_LEN
        ),
        ParseActionError::UnknownVerb(v) => tr!(lang, "parse-action-verb", verb = v.as_str()),
        ParseActionError::Usage { verb, problem, .. } => tr!(
            lang,
            "parse-action-usage",
            verb = *verb,
            problem = usage_problem(problem, lang),
            usage = usage_example(verb, lang)
        ),
    }
}

fn usage_example(verb: &str, lang: Lang) -> String {
    match verb {
        "move" => tr!(lang, "usage-move"),
        "rotate-wall" => tr!(lang, "usage-rotate-wall"),
        "wait" => tr!(lang, "usage-wait"),
        "wall" => tr!(lang, "usage-wall"),
        "item" => tr!(lang, "usage-item"),
        _ => tr!(lang, "usage-help"),
    }
}

fn usage_problem(p: &UsageProblem, lang: Lang) -> String {
    match p {
        UsageProblem::TakesNothing(verb) => tr!(lang, "usage-takes-nothing", verb = *verb),
        UsageProblem::BadMinutes(v) => tr!(
            lang,
            "usage-bad-minutes",
            value = v.as_str(),
            max = labscape_core::labscape::MAX_WAIT
        ),
        UsageProblem::WaitOneNumber => tr!(lang, "usage-wait-one-number"),
        UsageProblem::WallAndTarget => tr!(lang, "usage-wall-and-target"),
        UsageProblem::OneWall => tr!(lang, "usage-one-wall"),
        UsageProblem::Name(NameError::Cell(v)) => tr!(lang, "usage-bad-cell", value = v.as_str()),
        UsageProblem::Name(NameError::Wall(v)) => tr!(lang, "usage-bad-wall", value = v.as_str()),
        UsageProblem::ItemKind(v) => tr!(lang, "usage-item-kind", value = v.as_str()),
        UsageProblem::CellAndItem => tr!(lang, "usage-cell-and-item"),
        UsageProblem::WhereTo => tr!(lang, "usage-where-to"),
        UsageProblem::NotSteps(v) => tr!(lang, "usage-not-steps", value = v.as_str()),
        UsageProblem::TooManySteps => tr!(
            lang,
            "usage-too-many-steps",
            max = labscape_core::labscape::MAX_STEPS
        ),
    }
}

fn dir_word(dir: &str, lang: Lang) -> String {
    match dir {
        "north" => tr!(lang, "dir-north"),
        "east" => tr!(lang, "dir-east"),
        "south" => tr!(lang, "dir-south"),
        "west" => tr!(lang, "dir-west"),
        other => other.to_string(),
    }
}

/// Why the rules refuse an action, in `lang`.
pub fn action_problem(e: &ActionError, lang: Lang) -> String {
    match e {
        ActionError::GameOver => tr!(lang, "illegal-game-over"),
        ActionError::InSetup => tr!(lang, "illegal-in-setup"),
        ActionError::NotInSetup => tr!(lang, "illegal-not-in-setup"),
        ActionError::NoSuchSeat(n) => tr!(lang, "illegal-no-such-seat", seat = *n),
        ActionError::NotYourTurn { player, active } => tr!(
            lang,
            "illegal-not-your-turn",
            player = player.as_str(),
            active = active.as_str()
        ),
        ActionError::BlockedByWall { .. }
        | ActionError::OffFloor { .. }
        | ActionError::NoSuchCell(..)
        | ActionError::AlreadyThere(..)
        | ActionError::Unreachable { .. }
        | ActionError::BadWait(..) => move_problem(e, lang),
        ActionError::OnRobot { .. }
        | ActionError::NothingToSearch(..)
        | ActionError::NotOnExit { .. }
        | ActionError::NotEnoughKeys { .. } => cell_problem(e, lang),
        ActionError::NoSuchWall(..)
        | ActionError::NotARotation { .. }
        | ActionError::WallOverlaps { .. }
        | ActionError::WallOffFloor(..)
        | ActionError::CutsRobotOff { .. } => wall_problem(e, lang),
        ActionError::CellTaken { .. }
        | ActionError::PlacementOverlaps { .. }
        | ActionError::NotOnBuildingFloor(..) => setup_problem(e, lang),
    }
}

/// Why a move or a wait is refused: the way, the cells, the minutes.
fn move_problem(e: &ActionError, lang: Lang) -> String {
    match e {
        ActionError::BlockedByWall {
            step,
            dir,
            from,
            wall,
        } => tr!(
            lang,
            "illegal-blocked-by-wall",
            step = *step,
            dir = dir_word(dir, lang),
            from = from.to_string(),
            wall = wall.to_string()
        ),
        ActionError::OffFloor { step, dir, from } => tr!(
            lang,
            "illegal-off-floor",
            step = *step,
            dir = dir_word(dir, lang),
            from = from.to_string()
        ),
        ActionError::NoSuchCell(c) => tr!(lang, "illegal-no-such-cell", cell = c.to_string()),
        ActionError::AlreadyThere(c) => tr!(lang, "illegal-already-there", cell = c.to_string()),
        ActionError::Unreachable { from, to } => tr!(
            lang,
            "illegal-unreachable",
            from = from.to_string(),
            to = to.to_string()
        ),
        ActionError::BadWait(n) => tr!(
            lang,
            "illegal-bad-wait",
            max = labscape_core::labscape::MAX_WAIT,
            value = *n
        ),
        _ => unreachable!("{e:?} is not a move's or a wait's refusal"),
    }
}

/// Why acting on the player's own cell is refused: the robot stands there, nothing is left
/// to search, it is not the exit, or too few keys to leave.
fn cell_problem(e: &ActionError, lang: Lang) -> String {
    match e {
        ActionError::OnRobot { what, cell } => {
            let cell = cell.to_string();
            if *what == "search" {
                tr!(lang, "illegal-search-on-robot", cell = cell)
            } else {
                tr!(lang, "illegal-rotate-on-robot", cell = cell)
            }
        }
        ActionError::NothingToSearch(c) => {
            tr!(lang, "illegal-nothing-to-search", cell = c.to_string())
        }
        ActionError::NotOnExit { at, exit } => tr!(
            lang,
            "illegal-not-on-exit",
            at = at.to_string(),
            exit = exit.to_string()
        ),
        ActionError::NotEnoughKeys {
            have,
            need,
            missing,
        } => tr!(
            lang,
            "illegal-not-enough-keys",
            have = *have,
            need = *need,
            missing = *missing
        ),
        _ => unreachable!("{e:?} is not a refusal of the cell"),
    }
}

/// Why a wall's rotation is refused.
fn wall_problem(e: &ActionError, lang: Lang) -> String {
    match e {
        ActionError::NoSuchWall(w) => tr!(lang, "illegal-no-such-wall", wall = w.to_string()),
        ActionError::NotARotation { from, to, at, hint } => {
            let hint = match hint {
                RotationHint::NoVertex { at, any_wall: true } => {
                    tr!(lang, "rotation-hint-no-vertex", at = at.to_string())
                }
                RotationHint::NoVertex {
                    at,
                    any_wall: false,
                } => tr!(lang, "rotation-hint-no-wall-has", at = at.to_string()),
                RotationHint::HowWallsTurn => tr!(lang, "rotation-hint-how"),
                RotationHint::OrNeighbour => tr!(lang, "rotation-hint-or-neighbour"),
            };
            tr!(
                lang,
                "illegal-not-a-rotation",
                from = from.to_string(),
                to = to.to_string(),
                at = at.to_string(),
                hint = hint
            )
        }
        ActionError::WallOverlaps { to, other } => tr!(
            lang,
            "illegal-wall-overlaps",
            to = to.to_string(),
            other = other.to_string()
        ),
        ActionError::WallOffFloor(w) => tr!(lang, "illegal-wall-off-floor", wall = w.to_string()),
        ActionError::CutsRobotOff { from, to } => tr!(
            lang,
            "illegal-cuts-robot-off",
            from = from.to_string(),
            to = to.to_string()
        ),
        _ => unreachable!("{e:?} is not a rotation's refusal"),
    }
}

/// Why a wall or an item placed during the set-up is refused.
fn setup_problem(e: &ActionError, lang: Lang) -> String {
    match e {
        ActionError::CellTaken { cell, item } => {
            let item = ItemKind::ALL
                .into_iter()
                .find(|k| item.starts_with(k.name()))
                .map(|k| item_name(k, lang))
                .unwrap_or_else(|| (*item).to_string());
            tr!(
                lang,
                "illegal-cell-taken",
                cell = cell.to_string(),
                item = item
            )
        }
        ActionError::PlacementOverlaps { wall, other } => tr!(
            lang,
            "illegal-placement-overlaps",
            wall = wall.to_string(),
            other = other.to_string()
        ),
        ActionError::NotOnBuildingFloor(what, floor) => tr!(
            lang,
            "illegal-not-on-building-floor",
            what = what.as_str(),
            floor = *floor
        ),
        _ => unreachable!("{e:?} is not a placement's refusal"),
    }
}

/// Why a layout does not read, in `lang`.
pub fn layout_problem(e: &LayoutError, lang: Lang) -> String {
    use labscape_core::labscape::{MAX_FLOORS, MAX_MODULES, MAX_MODULES_SIDE};
    match e {
        LayoutError::Empty => tr!(lang, "layout-empty"),
        LayoutError::TooLong(n) => tr!(
            lang,
            "layout-too-long",
            count = *n,
            max = labscape_core::labscape::MAX_LAYOUT_LEN
        ),
        LayoutError::BadChar(c) => tr!(lang, "layout-bad-char", char = c.to_string()),
        LayoutError::EmptyFloor { floor } => tr!(lang, "layout-empty-floor", floor = *floor),
        LayoutError::TooManyFloors(n) => {
            tr!(lang, "layout-too-many-floors", count = *n, max = MAX_FLOORS)
        }
        LayoutError::TooManyModules(n) => {
            tr!(
                lang,
                "layout-too-many-modules",
                count = *n,
                max = MAX_MODULES
            )
        }
        LayoutError::TooWide { floor, across } => tr!(
            lang,
            "layout-too-wide",
            floor = *floor,
            count = *across,
            max = MAX_MODULES_SIDE
        ),
        LayoutError::TooTall { floor, down } => tr!(
            lang,
            "layout-too-tall",
            floor = *floor,
            count = *down,
            max = MAX_MODULES_SIDE
        ),
        LayoutError::Unsupported {
            floor,
            row,
            col,
            below,
        } => tr!(
            lang,
            "layout-unsupported",
            floor = *floor,
            row = *row,
            col = *col,
            below = *below
        ),
    }
}
