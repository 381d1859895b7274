//! A replay frame drawn only where it changed (`draw/damage.rs`): the cells a probe finds
//! changed are drawn, the rest of their rows filled from the frame drawn before, and only
//! those rows compared and encoded. What the replay keeps for that: the cells' hashes and
//! the pixels of the frame drawn last, and the rows of frames the budget dropped after
//! drawing them (the frame after a dropped one counts its changes from it).

use tiny_skia::Pixmap;

use super::{Drawn, Replay, page};
use crate::draw::{
    canvas::{Canvas, Mode},
    damage::{Cells, Ops, changed_cells},
};

/// A frame drawn where it changed: its cells' hashes, the cells that changed since the
/// frame before (all of them for the first) as each row's mask of strips, and a pixmap of
/// the frame's whole height holding them (its other pixels unused).
pub(crate) struct Changed {
    cells: Cells,
    masks: Vec<u64>,
    pix: Pixmap,
}

impl Changed {
    /// A frame drawn where it changed since the frame whose cells' hashes are `prior`
    /// (whole without): `draw` draws the frame on a whole-height canvas in the mode it is
    /// given, first to probe it, then to draw the cells that changed.
    pub(crate) fn draw(prior: Option<&Cells>, draw: impl Fn(Mode) -> Canvas) -> Changed {
        let cells = draw(Mode::Probe(Ops::default())).into_cells();
        let wanted = changed_cells(prior, &cells);
        let masks = wanted.masks().to_vec();
        let pix = draw(Mode::Only(wanted)).pix;
        Changed { cells, masks, pix }
    }
}

impl Replay {
    /// Adds the next push's frame drawn only where it changed: `draw`, given the replay's
    /// width and the cells' hashes of the frame drawn before (none for the first), draws
    /// the cells that changed.
    pub(crate) fn push_changed(
        &mut self,
        draw: impl FnOnce(u32, Option<&Cells>) -> Changed + Send,
    ) {
        let prior = self.prior.take();
        #[cfg(test)]
        let (prior, whole) = (prior.filter(|_| !self.whole), self.whole);
        let mut cells = None;
        self.push_drawn(|width| {
            let c = draw(width, prior.as_ref());
            cells = Some(c.cells);
            #[cfg(test)]
            if whole {
                return Drawn::new(vec![c.pix]);
            }
            Drawn::changed(c.pix, c.masks)
        });
        self.prior = cells;
    }

    /// Keeps the rows of `drawn` (the frame just encoded) that its successor is compared
    /// with: those it says changed, or all of them when it is laid out otherwise than the
    /// frame before.
    pub(super) fn remember(&mut self, drawn: &Drawn) {
        let Some(changed) = &drawn.changed else {
            return;
        };
        let stride = self.width as usize * 4;
        let all = [(0, drawn.height)];
        let rows: &[(u32, u32)] = if self.drawn_h == drawn.height {
            changed
        } else {
            self.drawn_rgba.resize(stride * drawn.height as usize, 0);
            self.drawn_h = drawn.height;
            &all
        };
        for y in rows.iter().flat_map(|&(a, b)| a..b.min(drawn.height)) {
            self.drawn_rgba[y as usize * stride..][..stride].copy_from_slice(drawn.row(y));
        }
    }

    /// Remembers, as indices, the rows a dropped frame says changed: the frames after it
    /// do not draw them again.
    pub(super) fn dropped(&mut self, drawn: &Drawn) {
        let (Some(changed), Some(palette)) = (&drawn.changed, self.palette.as_mut()) else {
            return;
        };
        let w = self.width as usize;
        for y in changed.iter().flat_map(|&(a, b)| a..b.min(drawn.height)) {
            let mut ix = vec![0; w];
            palette.convert(drawn.row(y), &mut ix);
            self.unkept.insert(y, ix);
        }
        // And the page below a frame shorter than the screen.
        let page_ix = palette.index(page());
        for y in drawn.height..self.height {
            self.unkept.insert(y, vec![page_ix; w]);
        }
    }
}
