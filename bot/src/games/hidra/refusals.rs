//! Labirinto da Hidra's refusals in words: every readable action refused now names only
//! what the refusing seat may see (§11.3).

use labscape_core::hidra::{Illegal, Owed};

use crate::i18n::{Lang, tr};

/// A readable action refused now, in words. Notation (cells, lines, artifact and hero ids,
/// action words) is the same in every language.
pub(super) fn illegal(i: &Illegal, lang: Lang) -> String {
    use labscape_core::hidra::{Doing, Step};
    match i {
        Illegal::NoAp { have, need, doing } => {
            let doing = match doing {
                Doing::Step(Step::Move) => "move".to_string(),
                Doing::Step(Step::Ghost) => "ghost".to_string(),
                Doing::Step(Step::Dig) => "dig".to_string(),
                Doing::Explore => "explore".to_string(),
                Doing::Steal => "steal".to_string(),
                Doing::Use(a) => format!("use {a}"),
                Doing::Weave => "weave".to_string(),
                Doing::Provoke => "provoke".to_string(),
            };
            tr!(
                lang,
                "hidra-refusal-no-ap",
                have = *have,
                need = *need,
                doing = doing
            )
        }
        Illegal::DropOwed => tr!(lang, "hidra-refusal-drop-owed"),
        Illegal::ScreamOwed => tr!(lang, "hidra-refusal-scream-owed"),
        Illegal::NothingOwed(Owed::Scream) => tr!(lang, "hidra-refusal-no-scream-owed"),
        Illegal::NothingOwed(Owed::Drop) => tr!(lang, "hidra-refusal-no-drop-owed"),
        Illegal::AfterWin => tr!(lang, "hidra-refusal-after-win"),
        Illegal::UnsafeStep(c) => tr!(lang, "hidra-refusal-unsafe-step", cell = c.to_string()),
        Illegal::OffBoard { cell, dir } => tr!(
            lang,
            "hidra-refusal-off-board",
            cell = cell.to_string(),
            dir = dir.to_string()
        ),
        Illegal::Wall { from, to } => tr!(
            lang,
            "hidra-refusal-wall",
            from = from.to_string(),
            to = to.to_string()
        ),
        Illegal::PassageOpen { from, to } => tr!(
            lang,
            "hidra-refusal-passage-open",
            from = from.to_string(),
            to = to.to_string()
        ),
        Illegal::Collected => tr!(lang, "hidra-refusal-collected"),
        Illegal::PortalNeedsThree(n) => tr!(lang, "hidra-refusal-portal-needs-three", held = *n),
        Illegal::NoFight => tr!(lang, "hidra-refusal-no-fight"),
        Illegal::NotTheHydra(c) => tr!(lang, "hidra-refusal-not-the-hydra", cell = c.to_string()),
        Illegal::NotHolding(a) => tr!(lang, "hidra-refusal-not-holding", artifact = a.id()),
        Illegal::NotYourHero(h) => tr!(lang, "hidra-refusal-not-your-hero", hero = h.id()),
        Illegal::OncePerTurn => tr!(lang, "hidra-refusal-once-per-turn"),
        Illegal::NotNextTo(c) => tr!(lang, "hidra-refusal-not-next-to", cell = c.to_string()),
        Illegal::NoToken(c) => tr!(lang, "hidra-refusal-no-token", cell = c.to_string()),
        Illegal::AlreadySeen(c) => tr!(lang, "hidra-refusal-already-seen", cell = c.to_string()),
        Illegal::Yourself => tr!(lang, "hidra-refusal-yourself"),
        Illegal::OutOfReach(s) => tr!(lang, "hidra-refusal-out-of-reach", seat = s.to_string()),
        Illegal::EmptyHanded(s) => tr!(lang, "hidra-refusal-empty-handed", seat = s.to_string()),
        Illegal::SameTile(s) => tr!(lang, "hidra-refusal-same-tile", seat = s.to_string()),
        Illegal::NoChange(r) => tr!(lang, "hidra-refusal-no-change", rot = r.to_string()),
        Illegal::SameTurn { rot, same } => tr!(
            lang,
            "hidra-refusal-same-turn",
            rot = rot.to_string(),
            same = same.to_string()
        ),
        Illegal::Pinned(l) => tr!(lang, "hidra-refusal-pinned", line = l.to_string()),
    }
}
