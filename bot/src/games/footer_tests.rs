//! Every game's footer fits its card (issue 33: Produto's final score ran off both edges):
//! each footer message, filled with the longest values its game can give it, in English and
//! Brazilian Portuguese, drawn at every width the bot draws a board (the turn image, the
//! replay, the engine's `render --width` range), with nothing outside the card and no word
//! of the footer cut. The footer's place against the card's edges does not depend on the
//! board's size, so each game is drawn on its own board shape with no pieces on it.

use labscape_core::GameKind;
use labscape_render::{
    BOARD_WIDTH, BoardFrame, BoardView, Ground, HexView, Piece, PitchView, Side, texts_outside_card,
};

use crate::i18n::{FluentValue, Lang, t};

/// The widths the bot draws a board at: the engine's narrowest, the replay's, the turn
/// image's, the engine's widest.
const WIDTHS: [u32; 4] = [360, super::board::REPLAY_WIDTH, BOARD_WIDTH, 1600];

/// How a game's image is drawn.
enum Shape {
    Square(u8, u8),
    Hex,
    Pitch,
}

/// A game's footer message with the longest value of every variable, as its module fills
/// it.
struct Footer {
    game: &'static str,
    shape: Shape,
    message: &'static str,
    args: Vec<(&'static str, &'static str)>,
}

/// Every game's footer messages.
fn footers() -> Vec<Footer> {
    // Produto: two groups of at most 45 stones between them, so at most 22 × 23 = 506.
    let product = "22 × 23 = 506";
    let footer = |game, shape, message, args| Footer {
        game,
        shape,
        message,
        args,
    };
    vec![
        footer(
            "semaforo",
            Shape::Square(4, 3),
            "board-semaforo-supply",
            vec![("green", "8"), ("yellow", "8"), ("red", "8")],
        ),
        footer(
            "gatos-caes",
            Shape::Square(8, 8),
            "board-gatos-counts",
            vec![
                ("cats", "32"),
                ("dogs", "32"),
                ("cat_squares", "64"),
                ("dog_squares", "64"),
            ],
        ),
        footer(
            "rastros",
            Shape::Square(7, 7),
            "board-rastros-counts",
            vec![("black", "48"), ("moves", "8")],
        ),
        footer(
            "avanco",
            Shape::Square(7, 7),
            "board-avanco-counts",
            vec![("white", "14"), ("black", "14")],
        ),
        footer(
            "produto",
            Shape::Hex,
            "board-produto-score",
            vec![("black", product), ("white", product), ("left", "2")],
        ),
        footer(
            "produto",
            Shape::Hex,
            "board-produto-final",
            vec![("black", product), ("white", product)],
        ),
        footer(
            "flume",
            Shape::Square(7, 7),
            "board-flume-counts",
            vec![("white", "49"), ("black", "49")],
        ),
        footer(
            "soccolot",
            Shape::Square(8, 8),
            "board-soccolot-counts",
            vec![("ball", "h8")],
        ),
        footer(
            "sages",
            Shape::Pitch,
            "board-sages-score",
            vec![("white", "5"), ("black", "5")],
        ),
        footer(
            "skarb",
            Shape::Square(25, 25),
            "board-skarb-counts",
            vec![
                ("round", "1876"),
                ("limit", "1875"),
                ("architect", "100"),
                ("seeker", "100"),
            ],
        ),
        footer(
            "hidra",
            Shape::Square(5, 5),
            "board-hidra-counts",
            vec![
                ("round", "99"),
                ("rounds", "99"),
                ("ap", "99"),
                ("bank", "99"),
                ("left", "99"),
                ("pin", "e"),
            ],
        ),
        footer(
            "nim",
            Shape::Square(16, 1),
            "nim-left",
            vec![("left", "999")],
        ),
    ]
}

/// The game's image with `footer` under it, every other text long too.
fn frame(shape: &Shape, footer: String) -> BoardFrame {
    let sides: Vec<Side> = ["Maximiliano Ferreira", "Wilhelmina Oliveira"]
        .into_iter()
        .map(|name| Side {
            name: name.into(),
            piece: Some(Piece::Black),
            note: "Negras".into(),
        })
        .collect();
    let title = "Labirinto da Hidra #1234 · turn 123".to_string();
    let status = "Wilhelmina Oliveira wins: the product of the two largest groups".to_string();
    match *shape {
        Shape::Square(files, ranks) => BoardFrame::Square(BoardView {
            title,
            files,
            ranks,
            cells: vec![None; usize::from(files) * usize::from(ranks)],
            marks: Vec::new(),
            homes: Vec::new(),
            sides,
            to_move: None,
            status,
            counters: footer,
            surface: Default::default(),
            walls: Vec::new(),
            labels: Vec::new(),
        }),
        Shape::Hex => BoardFrame::Hex(HexView {
            title,
            rows: [5, 6, 7, 8, 9, 8, 7, 6, 5]
                .into_iter()
                .map(|n| vec![Some(Piece::White); n])
                .collect(),
            marks: Vec::new(),
            groups: Vec::new(),
            sides,
            to_move: None,
            status,
            counters: footer,
        }),
        Shape::Pitch => BoardFrame::Pitch(PitchView {
            title,
            files: 15,
            ranks: 15,
            ground: vec![Ground::Grass; 15 * 15],
            cells: vec![None; 15 * 15],
            ball: None,
            step: None,
            ball_way: Vec::new(),
            scored: None,
            sides,
            to_move: None,
            status,
            counters: footer,
        }),
    }
}

#[test]
fn every_games_longest_footer_fits_its_card_in_both_languages_at_every_width() {
    let footers = footers();
    for kind in GameKind::ALL.iter().filter(|k| **k != GameKind::Labscape) {
        assert!(
            footers.iter().any(|f| f.game == kind.id()),
            "{} has no footer here",
            kind.id()
        );
    }
    let mut problems = Vec::new();
    for Footer {
        game,
        shape,
        message,
        args,
    } in &footers
    {
        let args: Vec<(&str, FluentValue<'_>)> = args
            .iter()
            .map(|(k, v)| (*k, FluentValue::from(*v)))
            .collect();
        for lang in [Lang::En, Lang::PtBr] {
            let footer = t(lang, message, &args);
            assert!(!footer.contains(message), "{message} is missing");
            for width in WIDTHS {
                for p in texts_outside_card(&frame(shape, footer.clone()), width) {
                    problems.push(format!("{game} ({lang:?}): {p}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
