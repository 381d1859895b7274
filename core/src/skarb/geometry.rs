//! The maze's geometry: its side ([`Size`]), its squares, the seeker's steps, his field of
//! view, and breadth-first distances and reachability over open squares.

use std::{collections::VecDeque, fmt};

use serde::{Serialize, Serializer};

/// The side of the maze: a whole number from 5 to 25 **\[D3\]**.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size(pub(super) u8);

impl Size {
    /// The smallest maze.
    pub const MIN: u8 = 5;
    /// The largest maze.
    pub const MAX: u8 = 25;
    /// The default side **\[D4\]**.
    pub const DEFAULT: Size = Size(8);

    /// `n`, if from 5 to 25.
    pub fn new(n: u8) -> Option<Size> {
        (Self::MIN..=Self::MAX).contains(&n).then_some(Size(n))
    }
    /// n.
    pub fn get(self) -> u8 {
        self.0
    }
    pub(super) fn squares(self) -> usize {
        usize::from(self.0) * usize::from(self.0)
    }
}

/// A square of the maze, `a1` bottom-left (the ring around it has no names **\[D16\]**).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub(super) file: u8,
    pub(super) rank: u8,
}

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on a maze of `size`.
    pub fn new(file: u8, rank: u8, size: Size) -> Option<Square> {
        (file < size.0 && rank < size.0).then_some(Square { file, rank })
    }
    /// 0 = a.
    pub fn file(self) -> u8 {
        self.file
    }
    /// 0 = rank 1.
    pub fn rank(self) -> u8 {
        self.rank
    }
    /// Reads `c3` (any case) on a maze of `size`: a letter and a rank without a leading
    /// zero, both on the board.
    pub fn parse(text: &str, size: Size) -> Option<Square> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Square::new(letter as u8 - b'a', rank - 1, size)
    }
    /// The treasure's square: `a`n, top-left.
    pub fn treasure(size: Size) -> Square {
        Square {
            file: 0,
            rank: size.0 - 1,
        }
    }
    /// The seeker's first square: bottom-right.
    pub fn start(size: Size) -> Square {
        Square {
            file: size.0 - 1,
            rank: 0,
        }
    }
    /// King distance (the larger of the file and rank differences).
    pub fn king_distance(self, other: Square) -> u8 {
        self.file
            .abs_diff(other.file)
            .max(self.rank.abs_diff(other.rank))
    }
    /// The square one step `dir` away, if on a maze of `size`.
    pub fn step(self, dir: Dir, size: Size) -> Option<Square> {
        let (df, dr) = dir.delta();
        let f = self.file.checked_add_signed(df)?;
        let r = self.rank.checked_add_signed(dr)?;
        Square::new(f, r, size)
    }
    /// The direction that leads from `self` to `to`, if they are side by side.
    pub fn dir_to(self, to: Square) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| {
            let (df, dr) = d.delta();
            self.file.checked_add_signed(df) == Some(to.file)
                && self.rank.checked_add_signed(dr) == Some(to.rank)
        })
    }
    /// Whether the square is the treasure's or one of its three neighbours **\[D17\]**.
    pub fn in_treasure_corner(self, size: Size) -> bool {
        self.file <= 1 && self.rank + 2 >= size.0
    }
    pub(super) fn index(self, size: Size) -> usize {
        usize::from(self.rank) * usize::from(size.0) + usize::from(self.file)
    }
    pub(super) fn at(i: usize, size: Size) -> Square {
        let n = usize::from(size.0);
        Square {
            file: (i % n) as u8,
            rank: (i / n) as u8,
        }
    }
    /// Every square of a maze of `size`, rank 1 first.
    pub fn all(size: Size) -> impl Iterator<Item = Square> {
        (0..size.squares()).map(move |i| Square::at(i, size))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A direction of the seeker's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up (towards rank n).
    N,
    /// Right.
    E,
    /// Down.
    S,
    /// Left.
    W,
}

impl Dir {
    /// The four, in the order `legal` lists them.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub(super) fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }
    /// Reads `n`, `e`, `s` or `w` (any case).
    pub fn parse(text: &str) -> Option<Dir> {
        match text.to_ascii_lowercase().as_str() {
            "n" => Some(Dir::N),
            "e" => Some(Dir::E),
            "s" => Some(Dir::S),
            "w" => Some(Dir::W),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::N => "n",
            Dir::E => "e",
            Dir::S => "s",
            Dir::W => "w",
        })
    }
}

/// The squares at king distance at most 2 from `at`, on the board.
pub fn field(at: Square, size: Size) -> impl Iterator<Item = Square> {
    (-2i8..=2).flat_map(move |df| {
        (-2i8..=2).filter_map(move |dr| {
            let f = at.file.checked_add_signed(df)?;
            let r = at.rank.checked_add_signed(dr)?;
            Square::new(f, r, size)
        })
    })
}

/// Breadth-first distances from `from` over the squares `open` allows.
pub(crate) fn distances_from(size: Size, from: Square, open: impl Fn(Square) -> bool) -> Vec<u32> {
    let mut dist = vec![u32::MAX; size.squares()];
    if !open(from) {
        return dist;
    }
    dist[from.index(size)] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        let d = dist[at.index(size)];
        for dir in Dir::ALL {
            if let Some(n) = at.step(dir, size)
                && dist[n.index(size)] == u32::MAX
                && open(n)
            {
                dist[n.index(size)] = d + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Whether `to` can be reached from `from` over the squares `open` allows.
pub(super) fn reachable(
    size: Size,
    from: Square,
    to: Square,
    open: impl Fn(Square) -> bool,
) -> bool {
    if !open(from) || !open(to) {
        return false;
    }
    let mut seen = vec![false; size.squares()];
    seen[from.index(size)] = true;
    let mut stack = vec![from];
    while let Some(at) = stack.pop() {
        if at == to {
            return true;
        }
        for dir in Dir::ALL {
            if let Some(n) = at.step(dir, size)
                && !seen[n.index(size)]
                && open(n)
            {
                seen[n.index(size)] = true;
                stack.push(n);
            }
        }
    }
    false
}

/// Per square (by index): whether a hedge on it alone would cut every path over open
/// squares from `from` to `to` (neither end counts). All false when no path is open.
///
/// Each such square lies on every path, so on the depth-first tree's path from `from` to
/// `to`; one of them, `v`, cuts when no square below its child `c` toward `to` reaches
/// above `v` by an edge (`low[c] >= order[v]`, Tarjan's lowpoints). One search instead of
/// one per square of a shortest way: the architect's legal squares on a 25 × 25 maze of
/// 200 hedges in 10 µs rather than 72.
pub(super) fn separators(
    size: Size,
    from: Square,
    to: Square,
    open: impl Fn(Square) -> bool,
) -> Vec<bool> {
    const NONE: u32 = u32::MAX;
    let n = size.squares();
    let mut cuts = vec![false; n];
    if !open(from) || !open(to) {
        return cuts;
    }
    let (start, end) = (from.index(size), to.index(size));
    let mut order = vec![NONE; n];
    let mut low = vec![NONE; n];
    let mut parent = vec![usize::MAX; n];
    // The search's path: a square and the next of its four directions to try.
    let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
    order[start] = 0;
    low[start] = 0;
    let mut next = 1;
    while let Some(&mut (at, ref mut dir)) = stack.last_mut() {
        if let Some(&d) = Dir::ALL.get(*dir) {
            *dir += 1;
            let Some(sq) = Square::at(at, size).step(d, size) else {
                continue;
            };
            let i = sq.index(size);
            if !open(sq) {
                continue;
            }
            if order[i] == NONE {
                order[i] = next;
                low[i] = next;
                next += 1;
                parent[i] = at;
                stack.push((i, 0));
            } else if i != parent[at] {
                low[at] = low[at].min(order[i]);
            }
        } else {
            stack.pop();
            if let Some(&(up, _)) = stack.last() {
                low[up] = low[up].min(low[at]);
            }
        }
    }
    if order[end] == NONE {
        return cuts;
    }
    // Up the tree from `to`: each square above it, with its child on the way down.
    let mut child = end;
    while child != start {
        let v = parent[child];
        if v != start && low[child] >= order[v] {
            cuts[v] = true;
        }
        child = v;
    }
    cuts
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// On random mazes, from 5 × 5 to 12 × 12 with about a quarter or an eighth of their
        /// squares closed (so that most have a way between the two random squares, and many
        /// a square that cuts it), a square is a separator exactly when closing it too
        /// leaves no way between them where there was one.
        #[test]
        fn separators_are_the_squares_whose_closing_cuts_every_way(
            n in 5u8..=12,
            closed in prop::collection::vec(any::<bool>(), 144),
            sparse in any::<bool>(),
            ends in (0usize..144, 0usize..144),
        ) {
            let size = Size(n);
            let squares = size.squares();
            // A square is closed when two draws (a quarter), or three (an eighth), are true.
            let shut: Vec<bool> = (0..squares)
                .map(|i| {
                    closed[i] && closed[(i * 7 + 3) % 144] && (!sparse || closed[(i * 13 + 5) % 144])
                })
                .collect();
            let (from, to) = (Square::at(ends.0 % squares, size), Square::at(ends.1 % squares, size));
            let open = |sq: Square| !shut[sq.index(size)];
            let cuts = separators(size, from, to, open);
            let way = reachable(size, from, to, open);
            for v in Square::all(size) {
                let brute = way
                    && v != from
                    && v != to
                    && open(v)
                    && !reachable(size, from, to, |sq| sq != v && open(sq));
                prop_assert_eq!(cuts[v.index(size)], brute, "{} on {:?}", v, shut);
            }
        }
    }

    /// A corridor: every square between its ends cuts; a square beside it does not.
    #[test]
    fn every_square_of_a_corridor_between_its_ends_cuts_it() {
        let size = Size(5);
        // Rank 1 open, everything else closed except c2 (a dead end off the corridor).
        let open = |sq: Square| sq.rank == 0 || (sq.file == 2 && sq.rank == 1);
        let at = |f, r| Square { file: f, rank: r };
        let cuts = separators(size, at(0, 0), at(4, 0), open);
        let cut: Vec<String> = Square::all(size)
            .filter(|sq| cuts[sq.index(size)])
            .map(|sq| sq.to_string())
            .collect();
        assert_eq!(cut, ["b1", "c1", "d1"]);
        // No way at all: nothing cuts.
        let none = separators(size, at(0, 0), at(4, 4), open);
        assert!(none.iter().all(|c| !c));
    }
}
