//! Render tests: golden images of fixed positions, and properties of the output over every
//! preset layout, player count and phase.
//!
//! Golden images live in `tests/golden/NAME.png`. They are compared on decoded pixels with a
//! small tolerance; on a mismatch the actual image and a diff (differing pixels in red over
//! the faded reference) are written under the target folder and their paths printed.
//! `MAKE_REF=1 cargo test -p labscape-render` rewrites the references.
//!
//! The golden positions are stored as position documents (`tests/fixtures/NAME.json`, the
//! public notation) with the action of the last turn, which is replayed to get its events:
//! so an engine change to setup or generation does not move the goldens. `MAKE_FIXTURES=1`
//! regenerates the fixtures from the scripted games in `tests/common`.
//!
//! A fixture named `…_pt` is its base fixture's game in Brazilian Portuguese (`"lang":
//! "pt-BR"`): the English goldens guard the English labels, these the Portuguese ones.
//!
//! The rooms: `fixtures.rs` the golden positions, `images.rs` the comparison and the golden
//! tests, `properties.rs` the properties over every preset, `replays.rs` the replay's frames.

#[path = "../common/boards.rs"]
mod boards;
#[path = "../common/mod.rs"]
mod common;
mod fixtures;
mod images;
mod properties;
mod replays;
