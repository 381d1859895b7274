//! Which actions are legal now and what each costs (§6), with the reason for every one that
//! is not. `legal` is every candidate that [`check`] accepts, so the list and the refusals
//! can never disagree. Everything here reads only what the seat to move can see, so the
//! list is the same from that seat's view as from the whole position (§9).

use super::{
    Position,
    action::{Action, Approach, Doing, Illegal, Owed, Step},
    board::{Cell, Dir, Line, Rot, TileKind},
    items::{Artifact, Face, Hero, tuning},
};
use crate::game::Seat;

/// The AP `action` costs, if it is legal now for the seat to move.
///
/// # Errors
/// Why not.
pub(super) fn check(p: &Position, action: &Action) -> Result<u8, Illegal> {
    let seat = p.to_move;
    let me = &p.players[seat.index()];
    let pending = p.pending;
    if pending.drop {
        return match action {
            Action::Drop(a) if p.holds(seat, *a) => Ok(0),
            Action::Drop(a) => Err(Illegal::NotHolding(*a)),
            _ => Err(Illegal::DropOwed),
        };
    }
    if pending.scream {
        return match action {
            Action::Scream(line, _, _) if p.pinned(*line) => Err(Illegal::Pinned(*line)),
            Action::Scream(..) => Ok(0),
            _ => Err(Illegal::ScreamOwed),
        };
    }
    let afford = |need: u8, doing: Doing| {
        if p.ap >= need {
            Ok(need)
        } else {
            Err(Illegal::NoAp {
                have: p.ap,
                need,
                doing,
            })
        }
    };
    let hold = |a: Artifact| {
        if p.holds(seat, a) {
            Ok(())
        } else {
            Err(Illegal::NotHolding(a))
        }
    };
    let step_off = matches!(
        action,
        Action::Step {
            step: Step::Move,
            approach: Approach::Plain,
            ..
        }
    );
    match *action {
        Action::Scream(..) => Err(Illegal::NothingOwed(Owed::Scream)),
        Action::Drop(_) => Err(Illegal::NothingOwed(Owed::Drop)),
        Action::End => Ok(0),
        _ if p.flags.won && !step_off => Err(Illegal::AfterWin),
        Action::Step {
            step,
            dir,
            approach,
        } => {
            match step {
                Step::Move => {}
                Step::Ghost => hold(Artifact::Map)?,
                Step::Dig if me.hero != Hero::Digger => {
                    return Err(Illegal::NotYourHero(Hero::Digger));
                }
                Step::Dig if p.flags.dug => return Err(Illegal::OncePerTurn),
                Step::Dig => {}
            }
            if p.flags.collected && !p.flags.won {
                return Err(Illegal::Collected);
            }
            let from = me.cell;
            let Some(to) = from.step(dir) else {
                return Err(Illegal::OffBoard { cell: from, dir });
            };
            let open = p.board.open(from, dir) == Some(true);
            let kind = p.board.tile(to).kind();
            let crowned = kind == TileKind::Portal && p.holds(seat, Artifact::Crown);
            match step {
                Step::Move if !open && !crowned => return Err(Illegal::Wall { from, to }),
                Step::Ghost | Step::Dig if open => return Err(Illegal::PassageOpen { from, to }),
                _ => {}
            }
            if kind == TileKind::Portal && p.hand_size(seat) < tuning::TO_WIN {
                return Err(Illegal::PortalNeedsThree(p.hand_size(seat)));
            }
            if kind == TileKind::Hydra && p.flags.no_fight {
                return Err(Illegal::NoFight);
            }
            if approach != Approach::Plain && kind != TileKind::Hydra {
                return Err(Illegal::NotTheHydra(to));
            }
            if approach == Approach::Blade {
                hold(Artifact::Blade)?;
            }
            if p.flags.won {
                if step != Step::Move || approach != Approach::Plain {
                    return Err(Illegal::AfterWin);
                }
                if p.tokens_on(to)
                    .any(|t| matches!(t.face, Face::Up(_)) && t.hazard().is_some())
                {
                    return Err(Illegal::UnsafeStep(to));
                }
            }
            let base = match step {
                Step::Move => tuning::MOVE,
                Step::Ghost => tuning::GHOST,
                Step::Dig => tuning::DIG,
            };
            let extra = if approach == Approach::Plain {
                0
            } else {
                tuning::HYDRA_EXTRA
            };
            afford(base + extra, Doing::Step(step))
        }
        Action::Explore(cell) => {
            if !me.cell.is_next_to(cell) {
                return Err(Illegal::NotNextTo(cell));
            }
            let Some(t) = p.tokens_on(cell).find(|t| t.is_down()) else {
                return Err(Illegal::NoToken(cell));
            };
            if p.has_seen(seat, t) {
                return Err(Illegal::AlreadySeen(cell));
            }
            afford(tuning::EXPLORE, Doing::Explore)
        }
        Action::Steal(victim) => {
            if victim == seat {
                return Err(Illegal::Yourself);
            }
            if !p.within_reach(seat, victim) {
                return Err(Illegal::OutOfReach(victim));
            }
            if p.hand_size(victim) == 0 {
                return Err(Illegal::EmptyHanded(victim));
            }
            afford(tuning::STEAL, Doing::Steal)
        }
        Action::UseGem => {
            hold(Artifact::Gem).and_then(|()| afford(tuning::USE, Doing::Use(Artifact::Gem)))
        }
        Action::UseBell => {
            hold(Artifact::Bell).and_then(|()| afford(tuning::USE, Doing::Use(Artifact::Bell)))
        }
        Action::UseRing(_) => {
            hold(Artifact::Ring).and_then(|()| afford(tuning::USE, Doing::Use(Artifact::Ring)))
        }
        Action::UseMask(other) => {
            hold(Artifact::Mask)?;
            if other == seat {
                return Err(Illegal::Yourself);
            }
            if p.players[other.index()].cell == me.cell {
                return Err(Illegal::SameTile(other));
            }
            afford(tuning::USE, Doing::Use(Artifact::Mask))
        }
        Action::Weave(rot) => {
            if me.hero != Hero::Weaver {
                return Err(Illegal::NotYourHero(Hero::Weaver));
            }
            if p.flags.wove {
                return Err(Illegal::OncePerTurn);
            }
            let tile = p.board.tile(me.cell);
            if tile.rotated(rot) == tile {
                return Err(Illegal::NoChange(rot));
            }
            // A corridor turned by 270 lies as turned by 90: only the smaller is written.
            if let Some(same) = Rot::ALL[1..]
                .iter()
                .find(|r| **r < rot && tile.rotated(**r) == tile.rotated(rot))
            {
                return Err(Illegal::SameTurn { rot, same: *same });
            }
            afford(tuning::WEAVE, Doing::Weave)
        }
        Action::Provoke => afford(me.hero.provoke_cost(), Doing::Provoke),
    }
}

/// Every action the notation can write in a game of `seats` seats.
fn candidates(seats: usize) -> Vec<Action> {
    let mut v = Vec::with_capacity(200);
    for step in [Step::Move, Step::Ghost, Step::Dig] {
        for dir in Dir::ALL {
            for approach in [Approach::Plain, Approach::Dodge, Approach::Blade] {
                v.push(Action::Step {
                    step,
                    dir,
                    approach,
                });
            }
        }
    }
    v.extend(Cell::all().map(Action::Explore));
    let seat_list = (0..seats as u8).map(Seat);
    v.extend(seat_list.clone().map(Action::Steal));
    v.push(Action::UseGem);
    v.push(Action::UseBell);
    v.extend(Line::all().map(Action::UseRing));
    v.extend(seat_list.map(Action::UseMask));
    v.extend(Rot::ALL[1..].iter().map(|r| Action::Weave(*r)));
    v.push(Action::Provoke);
    v.push(Action::End);
    for line in Line::all() {
        for dir in line.ends() {
            for rot in Rot::ALL {
                v.push(Action::Scream(line, dir, rot));
            }
        }
    }
    v.extend(Artifact::ALL.iter().map(|a| Action::Drop(*a)));
    v
}

/// Every legal action of the seat to move; empty once the game is over.
pub(super) fn legal(p: &Position) -> Vec<Action> {
    if p.result.is_some() {
        return Vec::new();
    }
    candidates(p.players.len())
        .into_iter()
        .filter(|a| check(p, a).is_ok())
        .collect()
}
