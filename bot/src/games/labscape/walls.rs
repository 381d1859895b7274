//! `/walls`: the floor in play with every wall named (`A2:NW`), for the player who wants
//! to turn one and must write its name. The turn image draws each wall as its own L; this
//! one adds the names, which would crowd every turn's post.

use labscape_core::labscape::Position;

use crate::{
    games::Look,
    i18n::{Lang, tr},
};

/// The word that asks for it.
pub const WORD: &str = "walls";

/// The floor's walls in words (sorted by name, as the image's tags read) and the image
/// with their names.
pub fn look(pos: &Position, title: &str, lang: Lang) -> Look {
    let mut names: Vec<String> = pos
        .current_board()
        .walls()
        .iter()
        .map(ToString::to_string)
        .collect();
    names.sort_by_key(|n| sort_key(n));
    let text = tr!(
        lang,
        "walls-list",
        floor = pos.floor(),
        count = names.len(),
        walls = names.join(" · ")
    );
    let image = labscape_render::render_png(
        &labscape_render::View::new(pos)
            .title(title)
            .name_walls()
            .lang(lang),
        None,
    );
    Look {
        text,
        image: Some(image),
    }
}

/// Row by row, then column, then corner: `A1:NW` before `B1:SE` before `A2:NE`.
fn sort_key(name: &str) -> (u32, String) {
    let (cell, corner) = name.split_once(':').unwrap_or((name, ""));
    let (col, row) = cell.split_at(cell.len().min(1));
    (row.parse().unwrap_or(u32::MAX), format!("{col}{corner}"))
}

#[cfg(test)]
mod tests {
    use labscape_core::labscape::{Layout, Settings, SetupMode};

    use super::*;

    fn game() -> Position {
        let settings = Settings {
            layout: Layout::parse("pyramid").unwrap(),
            difficulty: Default::default(),
            setup: SetupMode::Random,
            players: vec!["ana".into(), "bo".into()],
        };
        Position::new_game(&settings, "walls").unwrap().0
    }

    #[test]
    fn every_wall_of_the_floor_in_play_is_named_in_reading_order() {
        let pos = game();
        let look = look(&pos, "Labscape", Lang::En);
        let board = pos.current_board();
        for w in board.walls() {
            assert!(look.text.contains(&w.to_string()), "{w}: {}", look.text);
        }
        assert!(
            look.text.contains(&format!(
                "{} walls on floor {}",
                board.walls().len(),
                pos.floor()
            )),
            "{}",
            look.text
        );
        let (_, list) = look
            .text
            .split_once("): ")
            .expect("the list after the example");
        let list = list.lines().next().unwrap_or_default();
        let listed: Vec<&str> = list.split(" · ").collect();
        assert_eq!(listed.len(), board.walls().len(), "{list}");
        let mut sorted = listed.clone();
        sorted.sort_by_key(|n| sort_key(n));
        assert_eq!(listed, sorted);
        let png = look.image.expect("an image");
        assert_eq!(&png[1..4], b"PNG");
        let pt = super::look(&pos, "Labscape", Lang::PtBr);
        assert!(pt.text.contains("paredes do andar"), "{}", pt.text);
    }

    #[test]
    fn names_sort_by_row_then_column_then_corner() {
        let mut names = vec!["B2:NW", "A10:SE", "C1:SE", "A2:NE", "C1:NW"];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(names, ["C1:NW", "C1:SE", "A2:NE", "B2:NW", "A10:SE"]);
    }
}
