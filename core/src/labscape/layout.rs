//! Building layouts: the presets, the notation, the support rule and the limits (rules §2).

use std::{fmt, str::FromStr};

use thiserror::Error;

use super::geometry::Cell;

/// Most floors in a building.
pub const MAX_FLOORS: usize = 6;
/// Most modules in a building.
pub const MAX_MODULES: usize = 36;
/// Most modules across or down on a floor.
pub const MAX_MODULES_SIDE: usize = 8;

/// Longest layout text read (spaces included): far more than the largest valid layout,
/// so a huge string is refused before anything is built from it.
pub const MAX_LAYOUT_LEN: usize = 1024;

/// The named presets, with their notation.
pub const PRESETS: [(&str, &str); 5] = [
    ("single", "#"),
    ("duo", "##"),
    ("tower", "#/#/#"),
    ("pyramid", "###/##/#"),
    ("grand", "####,####/###,###/###/#"),
];

/// One floor's shape: which module slots of the shared module grid hold a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloorShape {
    /// `modules[row][col]`; every row has the same length (`cols`).
    modules: Vec<Vec<bool>>,
    cols: usize,
}

impl FloorShape {
    /// Module columns of this floor's bounding box.
    pub fn module_cols(&self) -> usize {
        self.cols
    }

    /// Module rows of this floor's bounding box.
    pub fn module_rows(&self) -> usize {
        self.modules.len()
    }

    /// Cell columns of this floor.
    pub fn width(&self) -> u8 {
        (self.cols * 3) as u8
    }

    /// Cell rows of this floor.
    pub fn height(&self) -> u8 {
        (self.modules.len() * 3) as u8
    }

    /// Whether module slot `(col, row)` holds a module.
    pub fn has_module(&self, col: usize, row: usize) -> bool {
        self.modules
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            .unwrap_or(false)
    }

    /// Number of modules.
    pub fn module_count(&self) -> usize {
        self.modules.iter().flatten().filter(|m| **m).count()
    }

    /// The modules, as `(col, row)` slots in reading order.
    pub fn modules(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.modules.iter().enumerate().flat_map(|(r, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, m)| **m)
                .map(move |(c, _)| (c, r))
        })
    }

    /// Whether `cell` is a cell of this floor (inside one of its modules).
    pub fn contains(&self, cell: Cell) -> bool {
        self.has_module(usize::from(cell.x()) / 3, usize::from(cell.y()) / 3)
    }

    /// Module slot of a cell.
    pub fn module_of(cell: Cell) -> (usize, usize) {
        (usize::from(cell.x()) / 3, usize::from(cell.y()) / 3)
    }

    /// Every cell of the floor, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (w, h) = (self.width(), self.height());
        (0..h)
            .flat_map(move |y| (0..w).filter_map(move |x| Cell::new(x, y)))
            .filter(|c| self.contains(*c))
    }

    /// The nine cells of module slot `(col, row)`.
    pub fn module_cells(col: usize, row: usize) -> impl Iterator<Item = Cell> {
        (0..3).flat_map(move |dy| {
            (0..3).filter_map(move |dx| Cell::new((col * 3 + dx) as u8, (row * 3 + dy) as u8))
        })
    }

    /// Index of a cell in a `width × height` grid.
    pub fn index(&self, cell: Cell) -> usize {
        usize::from(cell.y()) * usize::from(self.width()) + usize::from(cell.x())
    }

    /// Number of slots in the `width × height` grid.
    pub fn grid_len(&self) -> usize {
        usize::from(self.width()) * usize::from(self.height())
    }
}

/// A building: floors from the ground (index 0) up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// What the user wrote: a preset name or the notation (kept to write it back).
    source: String,
    floors: Vec<FloorShape>,
}

/// Why a layout was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// Nothing was given.
    #[error(
        "the layout is empty: give a preset (single, duo, tower, pyramid, grand) or a notation like ###/##/#"
    )]
    Empty,
    /// A text longer than [`MAX_LAYOUT_LEN`].
    #[error("the layout is {0} characters long; at most {MAX_LAYOUT_LEN} are read")]
    TooLong(usize),
    /// A character other than `#`, `.`, `,` or `/`.
    #[error(
        "the layout has “{0}”, which is not allowed: use # for a module, . for none, , between rows and / between floors"
    )]
    BadChar(char),
    /// A floor without modules.
    #[error("floor {floor} of the layout has no module")]
    EmptyFloor {
        /// Floor number (0 = ground).
        floor: usize,
    },
    /// More than [`MAX_FLOORS`] floors.
    #[error("the layout has {0} floors; at most {MAX_FLOORS} are allowed")]
    TooManyFloors(usize),
    /// More than [`MAX_MODULES`] modules.
    #[error("the layout has {0} modules; at most {MAX_MODULES} are allowed")]
    TooManyModules(usize),
    /// More than [`MAX_MODULES_SIDE`] modules across.
    #[error(
        "floor {floor} of the layout is {across} modules across; at most {MAX_MODULES_SIDE} are allowed"
    )]
    TooWide {
        /// Floor number.
        floor: usize,
        /// Its module columns.
        across: usize,
    },
    /// More than [`MAX_MODULES_SIDE`] modules down.
    #[error(
        "floor {floor} of the layout is {down} modules down; at most {MAX_MODULES_SIDE} are allowed"
    )]
    TooTall {
        /// Floor number.
        floor: usize,
        /// Its module rows.
        down: usize,
    },
    /// A module with nothing under it.
    #[error(
        "the module in row {row}, column {col} of floor {floor} has no module under it on floor {below}: every module must stand on one"
    )]
    Unsupported {
        /// Floor number.
        floor: usize,
        /// 1-based module row.
        row: usize,
        /// 1-based module column.
        col: usize,
        /// The floor below.
        below: usize,
    },
}

impl Layout {
    /// Reads a preset name or the notation.
    ///
    /// # Errors
    /// [`LayoutError`] names the rule or limit that was broken.
    pub fn parse(s: &str) -> Result<Layout, LayoutError> {
        if s.len() > MAX_LAYOUT_LEN {
            return Err(LayoutError::TooLong(s.len()));
        }
        let source = s.trim().to_string();
        let lower = source.to_ascii_lowercase();
        let notation = PRESETS
            .iter()
            .find(|(name, _)| *name == lower)
            .map(|(_, n)| (*n).to_string())
            .unwrap_or_else(|| source.chars().filter(|c| !c.is_whitespace()).collect());
        if notation.is_empty() {
            return Err(LayoutError::Empty);
        }
        if let Some(c) = notation
            .chars()
            .find(|c| !matches!(c, '#' | '.' | ',' | '/'))
        {
            return Err(LayoutError::BadChar(c));
        }
        let floor_count = notation.split('/').count();
        if floor_count > MAX_FLOORS {
            return Err(LayoutError::TooManyFloors(floor_count));
        }
        let mut floors = Vec::new();
        for (i, text) in notation.split('/').enumerate() {
            let rows: Vec<Vec<bool>> = text
                .split(',')
                .map(|r| r.chars().map(|c| c == '#').collect())
                .collect();
            let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
            let modules: Vec<Vec<bool>> = rows
                .into_iter()
                .map(|mut r| {
                    r.resize(cols, false);
                    r
                })
                .collect();
            let shape = FloorShape { modules, cols };
            if shape.module_count() == 0 {
                return Err(LayoutError::EmptyFloor { floor: i });
            }
            floors.push(shape);
        }
        if floors.len() > MAX_FLOORS {
            return Err(LayoutError::TooManyFloors(floors.len()));
        }
        let total: usize = floors.iter().map(FloorShape::module_count).sum();
        if total > MAX_MODULES {
            return Err(LayoutError::TooManyModules(total));
        }
        for (i, f) in floors.iter().enumerate() {
            if f.module_cols() > MAX_MODULES_SIDE {
                return Err(LayoutError::TooWide {
                    floor: i,
                    across: f.module_cols(),
                });
            }
            if f.module_rows() > MAX_MODULES_SIDE {
                return Err(LayoutError::TooTall {
                    floor: i,
                    down: f.module_rows(),
                });
            }
        }
        for (i, pair) in floors.windows(2).enumerate() {
            let (below, above) = (&pair[0], &pair[1]);
            if let Some((col, row)) = above.modules().find(|&(c, r)| !below.has_module(c, r)) {
                return Err(LayoutError::Unsupported {
                    floor: i + 1,
                    row: row + 1,
                    col: col + 1,
                    below: i,
                });
            }
        }
        Ok(Layout { source, floors })
    }

    /// The layout as the user gave it (preset name or notation).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The notation (presets expanded).
    pub fn notation(&self) -> String {
        self.floors
            .iter()
            .map(|f| {
                f.modules
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|&m| if m { '#' } else { '.' })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The floors, ground first.
    pub fn floors(&self) -> &[FloorShape] {
        &self.floors
    }

    /// Floor `i`.
    pub fn floor(&self, i: usize) -> &FloorShape {
        &self.floors[i]
    }

    /// Number of floors.
    pub fn floor_count(&self) -> usize {
        self.floors.len()
    }

    /// Modules in the whole building.
    pub fn module_count(&self) -> usize {
        self.floors.iter().map(FloorShape::module_count).sum()
    }

    /// Modules on floor `floor` and every floor above it.
    pub fn modules_from(&self, floor: usize) -> usize {
        self.floors[floor..]
            .iter()
            .map(FloorShape::module_count)
            .sum()
    }
}

impl FromStr for Layout {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Layout, LayoutError> {
        Layout::parse(s)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_layout_is_refused_before_anything_is_built() {
        let huge = "#/".repeat(25_000_000);
        assert_eq!(Layout::parse(&huge), Err(LayoutError::TooLong(huge.len())));
        assert_eq!(
            Layout::parse("#/#/#/#/#/#/#"),
            Err(LayoutError::TooManyFloors(7))
        );
    }

    #[test]
    fn presets_have_the_documented_module_counts() {
        let count = |s: &str| Layout::parse(s).unwrap().module_count();
        assert_eq!(count("single"), 1);
        assert_eq!(count("duo"), 2);
        assert_eq!(count("tower"), 3);
        assert_eq!(count("pyramid"), 6);
        assert_eq!(count("grand"), 18);
        let g = Layout::parse("GRAND").unwrap();
        let per_floor: Vec<_> = g.floors().iter().map(FloorShape::module_count).collect();
        assert_eq!(per_floor, [8, 6, 3, 1]);
        assert_eq!(g.source(), "GRAND");
        assert_eq!(g.notation(), "####,####/###,###/###/#");
    }

    #[test]
    fn pyramid_floors_have_the_seeds_shape() {
        let p = Layout::parse("pyramid").unwrap();
        assert_eq!((p.floor(0).width(), p.floor(0).height()), (9, 3));
        assert_eq!((p.floor(2).width(), p.floor(2).height()), (3, 3));
        assert_eq!(p.modules_from(2), 1);
        assert_eq!(p.modules_from(1), 3);
        assert_eq!(p.modules_from(0), 6);
    }

    #[test]
    fn every_module_must_stand_on_one() {
        assert_eq!(
            Layout::parse("#./.#"),
            Err(LayoutError::Unsupported {
                floor: 1,
                row: 1,
                col: 2,
                below: 0
            })
        );
        assert!(Layout::parse("##/.#").is_ok());
        assert!(Layout::parse("#,#/.,#").is_ok());
    }

    #[test]
    fn limits_name_what_they_broke() {
        assert_eq!(
            Layout::parse("#/#/#/#/#/#/#"),
            Err(LayoutError::TooManyFloors(7))
        );
        assert_eq!(
            Layout::parse("#########"),
            Err(LayoutError::TooWide {
                floor: 0,
                across: 9
            })
        );
        assert_eq!(
            Layout::parse("#,#,#,#,#,#,#,#,#"),
            Err(LayoutError::TooTall { floor: 0, down: 9 })
        );
        // 8×5 = 40 modules on one floor.
        let big = ["########"; 5].join(",");
        assert_eq!(Layout::parse(&big), Err(LayoutError::TooManyModules(40)));
        let ok = ["########"; 4].join(",") + ",####";
        assert!(Layout::parse(&ok).is_ok(), "36 modules is the limit");
        assert_eq!(Layout::parse(""), Err(LayoutError::Empty));
        assert_eq!(Layout::parse("#x"), Err(LayoutError::BadChar('x')));
        assert_eq!(
            Layout::parse("#/."),
            Err(LayoutError::EmptyFloor { floor: 1 })
        );
        assert_eq!(
            Layout::parse("#//#"),
            Err(LayoutError::EmptyFloor { floor: 1 })
        );
    }

    #[test]
    fn messages_say_which_limit_was_broken() {
        let msg = Layout::parse("#/#/#/#/#/#/#").unwrap_err().to_string();
        assert!(
            msg.contains("7 floors") && msg.contains("at most 6"),
            "{msg}"
        );
        let msg = Layout::parse("#########").unwrap_err().to_string();
        assert!(msg.contains("9 modules across"), "{msg}");
    }

    #[test]
    fn cells_follow_the_modules() {
        let l = Layout::parse("#.,##").unwrap();
        let f = l.floor(0);
        assert!(f.contains("A1".parse().unwrap()));
        assert!(!f.contains("D1".parse().unwrap()));
        assert!(f.contains("D4".parse().unwrap()));
        assert_eq!(f.cells().count(), 27);
    }
}
