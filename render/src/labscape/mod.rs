//! Labscape's turn image: the scene (header, the floor in play, every floor, the time
//! board, the players), the floors' maps, the lobby, the item icons, and its replay frames.
//! Drawn with the shared tools of `draw/`.

pub(crate) mod context;
pub(crate) mod floor;
pub(crate) mod grid;
pub(crate) mod icons;
pub(crate) mod lobby;
pub(crate) mod names;
mod replay;
pub(crate) mod scene;

use labscape_core::labscape::{Event, Position, Seat};

use crate::{
    DEFAULT_WIDTH, Lang, MAX_WIDTH, MIN_WIDTH,
    draw::{canvas::Mode, damage::Ops, encode, theme},
};

/// What the image shows: a position, the events of the turn that led to it, who is
/// looking, and a title.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The game.
    pub position: &'a Position,
    /// The events of the last turn (drawn over the floor and summarised in the header).
    pub events: &'a [Event],
    /// The seat of the player looking, if any: their row in the table says "(you)".
    pub viewer: Option<Seat>,
    /// A title for the header, such as the game's name (capped at [`MAX_TITLE_CHARS`](crate::MAX_TITLE_CHARS)).
    pub title: Option<&'a str>,
    /// During draft setup: every setup event so far, to count what each player placed.
    /// Empty means only [`View::events`] are counted.
    pub setup_log: &'a [Event],
    /// A short note per seat, in seat order, drawn under the player's name in the table
    /// (such as "away until Tue 25 18:00"). Missing or `None` entries draw nothing.
    pub notes: &'a [Option<String>],
    /// The language of the image's labels.
    pub lang: Lang,
    /// Whether every wall of the floor in play carries its name (`A2:NW`), for a player
    /// who asks which wall is which; the cells' own names are left out then.
    pub name_walls: bool,
}

impl<'a> View<'a> {
    /// A view of `position` with no events, viewer or title.
    pub fn new(position: &'a Position) -> View<'a> {
        View {
            position,
            events: &[],
            viewer: None,
            title: None,
            setup_log: &[],
            notes: &[],
            lang: Lang::En,
            name_walls: false,
        }
    }

    /// Sets the last turn's events.
    #[must_use]
    pub fn events(mut self, events: &'a [Event]) -> View<'a> {
        self.events = events;
        self
    }

    /// Sets who is looking.
    #[must_use]
    pub fn viewer(mut self, seat: Seat) -> View<'a> {
        self.viewer = Some(seat);
        self
    }

    /// Sets the title.
    #[must_use]
    pub fn title(mut self, title: &'a str) -> View<'a> {
        self.title = Some(title);
        self
    }

    /// Sets the language of the labels.
    #[must_use]
    pub fn lang(mut self, lang: Lang) -> View<'a> {
        self.lang = lang;
        self
    }

    /// Names every wall of the floor in play (see [`View::name_walls`]).
    #[must_use]
    pub fn name_walls(mut self) -> View<'a> {
        self.name_walls = true;
        self
    }

    /// Sets the per-seat notes of the player table.
    #[must_use]
    pub fn notes(mut self, notes: &'a [Option<String>]) -> View<'a> {
        self.notes = notes;
        self
    }

    /// Sets the draft setup log.
    #[must_use]
    pub fn setup_log(mut self, log: &'a [Event]) -> View<'a> {
        self.setup_log = log;
        self
    }
}

/// The output width for a requested one: [`DEFAULT_WIDTH`] if none, clamped to
/// [`MIN_WIDTH`]..=[`MAX_WIDTH`].
pub fn output_width(width: Option<u32>) -> u32 {
    width.unwrap_or(DEFAULT_WIDTH).clamp(MIN_WIDTH, MAX_WIDTH)
}

/// Draws the view as an indexed-colour PNG `width` pixels wide (see [`output_width`]); the
/// height follows from the content.
///
/// The image is drawn and compressed in horizontal bands on two threads (the caller and one
/// of rayon's pool, or the pool alone while another image is being made):
/// the turn image is on the path of every turn's reply, and its
/// latency is what players wait for. What each row will show is probed first (cheap:
/// nothing is drawn, `draw/damage.rs`), and a row drawn the same in an image encoded lately
/// (the same game's turn before) is not drawn again (`draw/encode/kept.rs`); the bytes are
/// the same either way.
pub fn render_png(view: &View<'_>, width: Option<u32>) -> Vec<u8> {
    let scene = context::Scene::new(view);
    let frame = scene.frame(output_width(width));
    let (w, h) = (frame.width_px, frame.height_px);
    encode::kept_png(
        (w, h),
        &frame.bands(),
        || {
            scene
                .draw_whole(&frame, Mode::Probe(Ops::default()))
                .into_cells()
        },
        |rows| scene.draw_band(&frame, rows).pix,
        |rows, wanted| scene.draw_band_in(&frame, rows, Mode::Only(wanted)).pix,
        &theme::seed(),
    )
}

/// Forgets the turn images kept for drawing the next turn's where it changed (see
/// [`render_png`]): for a benchmark of images drawn whole. The images themselves do not
/// change.
pub fn forget_images() {
    encode::forget();
}

/// The positions the render tests and benchmark use, for unit tests here.
#[cfg(test)]
#[path = "../../tests/common/mod.rs"]
pub(crate) mod common;

#[cfg(test)]
mod tests {
    use super::common;
    use crate::{View, labscape::context::Scene};

    /// A turn image drawn where it changed since an image kept (`draw/encode/kept.rs`) is
    /// the image drawn whole, byte for byte: for turns of three games drawn in turn (the
    /// compact `single`, whose bands cut through its floor, among them).
    #[test]
    fn an_image_drawn_where_it_changed_is_the_image_drawn_whole() {
        use labscape_core::labscape::{Position, SetupMode};
        let mut games: Vec<_> = [("grand", 6, "bench"), ("single", 1, "s"), ("tower", 4, "t")]
            .into_iter()
            .map(|(layout, players, seed)| {
                let settings = common::settings(layout, players, SetupMode::Random);
                let (pos, events) = Position::new_game(&settings, seed).expect("a new game");
                (pos, events, common::Pick::new(7))
            })
            .collect();
        crate::draw::encode::own_shelf();
        let taken = crate::draw::encode::TAKEN.with(std::cell::Cell::get);
        let mixed = crate::draw::encode::MIXED.with(std::cell::Cell::get);
        for turn in 0..10 {
            for (pos, events, pick) in &mut games {
                if pos.is_over() {
                    continue;
                }
                let action = common::choose(pos, pick);
                *events = pos.play(None, &action).expect("a legal action");
                let view = View::new(pos).events(events).title("Kept");
                let kept = super::render_png(&view, None);
                // Drawn whole, as before there were images kept.
                let scene = Scene::new(&view);
                let frame = scene.frame(super::output_width(None));
                let whole = crate::draw::encode::banded_png(
                    (frame.width_px, frame.height_px),
                    &frame.bands(),
                    |rows| scene.draw_band(&frame, rows).pix,
                    &crate::draw::theme::seed(),
                );
                assert!(kept == whole, "{:?}, turn {turn}", pos.layout());
            }
        }
        let taken = crate::draw::encode::TAKEN.with(std::cell::Cell::get) - taken;
        assert!(
            taken >= 20,
            "only {taken} images were drawn from a kept one"
        );
        let mixed = crate::draw::encode::MIXED.with(std::cell::Cell::get) - mixed;
        assert!(
            mixed >= 10,
            "only {mixed} bands were drawn where they changed"
        );
    }

    /// A game over in which nobody exited set no limit, and none will come: the image does
    /// not promise one ("No limit yet").
    #[test]
    fn a_game_over_without_an_exit_promises_no_limit() {
        use labscape_core::labscape::{Action, Position, SetupMode};
        let settings = common::settings("single", 1, SetupMode::Random);
        let (mut pos, _) = Position::new_game(&settings, "s").expect("a new game");
        while !pos.is_over() {
            pos.play(None, &Action::Wait(3)).expect("a wait");
        }
        assert!(pos.limit().is_none());
        let view = View::new(&pos);
        let drawn = Scene::new(&view).draw(crate::DEFAULT_WIDTH);
        let limit: Vec<_> = drawn
            .texts()
            .iter()
            .filter(|t| t.text.contains("limit"))
            .map(|t| t.text.clone())
            .collect();
        assert_eq!(limit, ["limit: none"]);
    }

    /// Asked for, every wall of the floor in play carries its name, and
    /// no two names overlap, at the smallest width and the default, on every layout.
    #[test]
    fn named_walls_are_each_written_once_and_never_overlap() {
        for (layout, players, seed, turns) in [
            ("grand", 6, "bench", 40),
            ("single", 1, "s", 3),
            ("tower", 4, "t", 60),
        ] {
            let (pos, _) = common::play(layout, players, seed, turns);
            let walls: Vec<String> = pos
                .current_board()
                .walls()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert!(walls.len() >= 4, "{layout}: a floor has walls");
            for width in [crate::MIN_WIDTH, crate::DEFAULT_WIDTH] {
                let plain = Scene::new(&View::new(&pos)).draw(width);
                let named_view = View::new(&pos).name_walls();
                let named = Scene::new(&named_view).draw(width);
                let tags: Vec<_> = named
                    .texts()
                    .iter()
                    .filter(|t| walls.contains(&t.text))
                    .collect();
                let mut written: Vec<String> = tags.iter().map(|t| t.text.clone()).collect();
                written.sort();
                let mut expected = walls.clone();
                expected.sort();
                assert_eq!(written, expected, "{layout} at {width}px");
                assert!(
                    plain.texts().iter().all(|t| !walls.contains(&t.text)),
                    "{layout}: names only when asked"
                );
                for (i, a) in tags.iter().enumerate() {
                    for b in &tags[i + 1..] {
                        let apart = a.right <= b.left
                            || b.right <= a.left
                            || a.bottom <= b.top
                            || b.bottom <= a.top;
                        assert!(apart, "{layout} at {width}px: {} over {}", a.text, b.text);
                    }
                }
            }
        }
    }

    /// Bands are drawn shifted by whole rows, so they are the image drawn whole: exactly
    /// when cut in a gap between panels, and but for a shade here and there next to a cut
    /// across a row of panels (the one-floor arrangement).
    #[test]
    fn an_image_drawn_in_bands_is_the_image_drawn_whole() {
        let cases = [
            ("grand", 6, "bench", 40),
            ("single", 1, "s", 3),
            ("single", 8, "s8", 12),
            ("duo", 3, "d", 20),
            ("tower", 4, "t", 60),
            ("pyramid", 8, "p", 0),
        ];
        for (layout, players, seed, turns) in cases {
            let (pos, events) = common::play(layout, players, seed, turns);
            let view = View::new(&pos).events(&events).title("Bands");
            let scene = Scene::new(&view);
            let frame = scene.frame(1200);
            let whole = scene.draw(1200);
            let h = frame.height_px;
            assert_eq!(whole.pix.height(), h);
            let bands = frame.bands();
            let cut = bands[0].1;
            assert_eq!((bands[0].0, bands[1].0, bands[1].1), (0, cut, h));
            assert!(h / 3 < cut && cut < h * 2 / 3, "{layout}: {cut} of {h}");
            let drawn: Vec<u8> = bands
                .iter()
                .flat_map(|&rows| scene.draw_band(&frame, rows).pix.data().to_vec())
                .collect();
            let stride = whole.pix.width() as usize * 4;
            let rows: Vec<usize> = drawn
                .iter()
                .zip(whole.pix.data())
                .enumerate()
                .filter(|(_, (x, y))| x != y)
                .map(|(i, _)| i / stride)
                .collect();
            if cut == frame.split {
                assert!(
                    rows.is_empty(),
                    "{layout}: cut at row {cut} of {h}: {rows:?}"
                );
            } else {
                let near = |r: &usize| r.abs_diff(cut as usize) <= 32;
                assert!(
                    rows.len() < 1000 && rows.iter().all(near),
                    "{layout}: cut at row {cut} of {h}: {} bytes differ, in rows {rows:?}",
                    rows.len()
                );
            }
        }
    }
}
