//! `/table` of Labirinto da Hidra (`/rules TOPIC` too): the adventurers, the artifacts, the
//! hazards with their effects, and the dice a fight, a dodge and a theft need.

use crate::i18n::{Lang, t};

/// The tables by name, each with its Fluent message.
const TABLES: [(&str, &str); 4] = [
    ("adventurers", "hidra-table-adventurers"),
    ("artifacts", "hidra-table-artifacts"),
    ("hazards", "hidra-table-hazards"),
    ("dice", "hidra-table-dice"),
];

/// The topics `/rules` offers for Hidra, and the names of its tables: the same four.
pub(super) const TOPICS: [&str; 4] = ["adventurers", "artifacts", "hazards", "dice"];

/// One table by name (in English or Portuguese), or all of them without a name (or with
/// the game's own); `None` for a name it does not have.
pub(super) fn table(name: Option<&str>, lang: Lang) -> Option<String> {
    let name = name.map(|n| n.trim().to_lowercase());
    let id = match name.as_deref() {
        None | Some("" | "hidra") => {
            let all: Vec<String> = TABLES.iter().map(|(_, id)| t(lang, id, &[])).collect();
            return Some(all.join("\n\n"));
        }
        Some("adventurers" | "adventurer" | "heroes" | "aventureiros") => TABLES[0].1,
        Some("artifacts" | "artifact" | "artefatos") => TABLES[1].1,
        Some("hazards" | "hazard" | "perigos") => TABLES[2].1,
        Some("dice" | "fight" | "dados" | "luta") => TABLES[3].1,
        Some(_) => return None,
    };
    Some(t(lang, id, &[]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use labscape_core::hidra::{Hero, TokenName};

    #[test]
    fn every_table_reads_in_both_languages_and_names_every_item() {
        for lang in [Lang::En, Lang::PtBr] {
            let all = table(None, lang).unwrap();
            assert!(!all.contains("hidra-table"), "{all}");
            let heroes = Hero::ALL.iter().map(|h| h.id());
            for id in heroes.chain(TokenName::all().map(TokenName::id)) {
                assert!(all.contains(id), "{lang:?} lacks {id}");
            }
            for name in TOPICS {
                assert!(table(Some(name), lang).is_some());
            }
        }
        assert!(table(Some("walls"), Lang::En).is_none());
    }
}
