//! The seeded quantiser: the palette (the seed colours that occur, then the most common
//! others) and, for every other colour, its nearest entry.

use super::colors::Colors;

/// The quantiser: a palette of at most `max` colours (the `seed` colours that occur, kept
/// exactly, then the most common others; ties broken by colour value) and the palette index
/// of every colour id in `colors` (its own entry, or the nearest one).
pub(crate) fn quantise(colors: &Colors, seed: &[u32], max: usize) -> (Vec<u32>, Vec<u8>) {
    let (palette, own) = choose_palette(colors, seed, max);
    let to_index = Nearest::new(&palette).complete(&own, colors);
    (palette, to_index)
}

/// The palette half of [`quantise`]: the palette, and the entry of every colour id that
/// has one of its own (the others are mapped with [`Nearest`]).
pub(super) fn choose_palette(
    colors: &Colors,
    seed: &[u32],
    max: usize,
) -> (Vec<u32>, Vec<Option<u8>>) {
    let max = max.min(256);
    let n = colors.list.len();
    let mut to_index: Vec<Option<u8>> = vec![None; n];
    let mut palette: Vec<u32> = Vec::with_capacity(max);
    for &c in seed {
        if let Some(id) = colors.find(c).map(usize::from)
            && colors.counts[id] > 0
            && palette.len() < max
            && to_index[id].is_none()
        {
            to_index[id] = Some(palette.len() as u8);
            palette.push(c);
        }
    }
    // The most common of the rest, in order: only as many as there is room for are sorted.
    // (A table may list colours no pixel has any more: see `Scan::mixed`.)
    let mut rest: Vec<usize> = (0..n)
        .filter(|&id| to_index[id].is_none() && colors.counts[id] > 0)
        .collect();
    let room = max - palette.len();
    let by_count = |&a: &usize, &b: &usize| {
        colors.counts[b]
            .cmp(&colors.counts[a])
            .then(colors.list[a].cmp(&colors.list[b]))
    };
    if rest.len() > room {
        if room > 0 {
            rest.select_nth_unstable_by(room - 1, by_count);
        }
        rest.truncate(room);
    }
    rest.sort_unstable_by(by_count);
    for id in rest {
        to_index[id] = Some(palette.len() as u8);
        palette.push(colors.list[id]);
    }
    (palette, to_index)
}

/// Nearest-entry search in a palette of at most 256 colours, weighting RGB 3:4:2 (the first
/// of equals). The palette is kept as lanes of reds, greens and blues in `f32` (distances
/// are below 2²⁴, so exact), padded to a multiple of [`LANES`] with entries too far to win,
/// so the search is a few vector operations per lane group rather than a loop per entry.
pub(crate) struct Nearest {
    lanes: Vec<[[f32; LANES]; 3]>,
}

pub(super) const LANES: usize = 8;

impl Nearest {
    pub(crate) fn new(palette: &[u32]) -> Nearest {
        let far = 1.0e4;
        let lanes = palette
            .chunks(LANES)
            .map(|chunk| {
                let mut l = [[far; LANES]; 3];
                for (i, &c) in chunk.iter().enumerate() {
                    let (r, g, b) = split(c);
                    l[0][i] = r as f32;
                    l[1][i] = g as f32;
                    l[2][i] = b as f32;
                }
                l
            })
            .collect();
        Nearest { lanes }
    }

    /// The palette index of every colour id in `colors`: its own entry from `own` (by id),
    /// or the nearest one.
    pub(super) fn complete(&self, own: &[Option<u8>], colors: &Colors) -> Vec<u8> {
        own.iter()
            .zip(&colors.list)
            .map(|(ix, &c)| ix.unwrap_or_else(|| self.find(c)))
            .collect()
    }

    /// [`Nearest::complete`] for a table whose colours were mapped before, by ids that
    /// still name the same colours, as `before` says: a colour whose nearest entry was
    /// strictly the nearest and is still in `palette` (the palette this searcher was made
    /// for) keeps it unless an entry new to the palette is as near; only the others are
    /// searched. The same map as [`Nearest::complete`], and what to tell the next image.
    pub(super) fn complete_from(
        &self,
        palette: &[u32],
        own: &[Option<u8>],
        colors: &Colors,
        before: &Mapped,
    ) -> (Vec<u8>, Mapped) {
        let added: Vec<u32> = (palette.iter())
            .filter(|p| !before.palette.contains(p))
            .copied()
            .collect();
        let mut by_word: Vec<(u32, u8)> = (palette.iter().enumerate())
            .map(|(i, &p)| (p, i as u8))
            .collect();
        by_word.sort_unstable();
        let index_of = |q: u32| {
            by_word
                .binary_search_by_key(&q, |&(p, _)| p)
                .ok()
                .map(|k| by_word[k].1)
        };
        let n = colors.list.len();
        let (mut map, mut near) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for (id, ((ix, &c), &count)) in
            (own.iter().zip(&colors.list).zip(&colors.counts)).enumerate()
        {
            let (ix, unique) = match *ix {
                Some(ix) => (ix, true),
                None if count == 0 => (0, false),
                None => {
                    let kept = before.near.get(id).and_then(|&(q, unique)| {
                        let iq = index_of(q).filter(|_| unique)?;
                        let dq = distance(c, q);
                        added.iter().all(|&e| distance(c, e) > dq).then_some(iq)
                    });
                    match kept {
                        Some(iq) => (iq, true),
                        // With nothing mapped before (a first image), no image may follow
                        // to use the answer: not worth telling whether it is the only one.
                        None if before.palette.is_empty() => (self.find(c), false),
                        None => self.find_unique(c),
                    }
                }
            };
            map.push(ix);
            near.push((palette.get(usize::from(ix)).copied().unwrap_or(0), unique));
        }
        let mapped = Mapped {
            palette: palette.to_vec(),
            near,
        };
        (map, mapped)
    }

    /// [`Nearest::find`], and whether no other entry is as near.
    pub(super) fn find_unique(&self, c: u32) -> (u8, bool) {
        self.search::<true>(c)
    }

    /// The index of the entry nearest to colour word `c` (0 for an empty palette).
    pub(crate) fn find(&self, c: u32) -> u8 {
        self.search::<false>(c).0
    }

    /// The entry nearest to `c`, and (when `TIES`) whether no other is as near.
    #[inline]
    fn search<const TIES: bool>(&self, c: u32) -> (u8, bool) {
        let (r, g, b) = split(c);
        let (r, g, b) = (r as f32, g as f32, b as f32);
        // Per lane: the least distance and the first group reaching it (strictly less, so
        // an earlier group keeps a tie), and whether a later one reached it too; then the
        // least over lanes, smallest index first.
        let mut least = [f32::INFINITY; LANES];
        let mut group = [0u32; LANES];
        let mut tie = [false; LANES];
        for (k, [pr, pg, pb]) in self.lanes.iter().enumerate() {
            for i in 0..LANES {
                let (dr, dg, db) = (r - pr[i], g - pg[i], b - pb[i]);
                let d = 3.0 * dr * dr + 4.0 * dg * dg + 2.0 * db * db;
                if d < least[i] {
                    least[i] = d;
                    group[i] = k as u32;
                    if TIES {
                        tie[i] = false;
                    }
                } else if TIES && d == least[i] {
                    tie[i] = true;
                }
            }
        }
        let mut pick = (f32::INFINITY, 0, 0);
        for i in 0..LANES {
            let index = group[i] * LANES as u32 + i as u32;
            if least[i] < pick.0 || (least[i] == pick.0 && index < pick.1) {
                pick = (least[i], index, i);
            }
        }
        let unique = TIES && !tie[pick.2] && least.iter().filter(|&&d| d == pick.0).count() == 1;
        (pick.1 as u8, unique)
    }
}

/// What a band's colours were mapped to (see [`Nearest::complete_from`]): the palette,
/// and per colour id the palette colour chosen and whether it was strictly the nearest.
#[derive(Debug, Default)]
pub(super) struct Mapped {
    palette: Vec<u32>,
    near: Vec<(u32, bool)>,
}

impl Mapped {
    /// The memory it holds, about.
    pub(super) fn bytes(&self) -> usize {
        self.palette.capacity() * 4 + self.near.capacity() * 8
    }

    /// The same for a table whose ids were renumbered: `ids[old]` is the new id, or
    /// `u16::MAX` for a colour dropped.
    pub(super) fn renumbered(&self, ids: &[u16], len: usize) -> Mapped {
        let mut near = vec![(0, false); len];
        for (&new, &n) in ids.iter().zip(&self.near) {
            if let Some(slot) = near.get_mut(usize::from(new)) {
                *slot = n;
            }
        }
        Mapped {
            palette: self.palette.clone(),
            near,
        }
    }
}

/// The weighted squared distance of two colour words (red 3, green 4, blue 2), as
/// [`Nearest`] measures it.
pub(crate) fn distance(a: u32, b: u32) -> i32 {
    let ((ar, ag, ab), (br, bg, bb)) = (split(a), split(b));
    3 * (ar - br).pow(2) + 4 * (ag - bg).pow(2) + 2 * (ab - bb).pow(2)
}

/// A colour word's (red, green, blue).
pub(super) fn split(c: u32) -> (i32, i32, i32) {
    (
        (c & 255) as i32,
        ((c >> 8) & 255) as i32,
        ((c >> 16) & 255) as i32,
    )
}

/// A palette as `[r, g, b, …]` bytes.
pub(crate) fn rgb_bytes(palette: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(palette.len() * 3);
    for c in palette {
        out.extend_from_slice(&[*c as u8, (c >> 8) as u8, (c >> 16) as u8]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Mapped;

    #[test]
    fn a_mapping_renumbered_follows_its_colours_to_their_new_ids() {
        let before = Mapped {
            palette: vec![7, 8],
            near: vec![(7, true), (8, false), (7, false), (8, true)],
        };
        // Ids 0 and 2 dropped; 1 becomes 1, 3 becomes 0.
        let after = before.renumbered(&[u16::MAX, 1, u16::MAX, 0], 2);
        assert_eq!(after.near, vec![(8, true), (8, false)]);
        assert_eq!(after.palette, before.palette);
    }
}
