//! `engine render`: the turn image of a position, as a PNG file.

use std::path::PathBuf;

use clap::Args;
use serde_json::{Value, json};

use super::{Failure, PositionArg, input::read_position};

/// Options of `engine render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
    /// Image width in pixels (default: the renderer's).
    #[arg(long)]
    width: Option<u32>,
}

pub(super) fn run(a: RenderArgs) -> Result<Value, Failure> {
    let game = read_position(&a.position)?;
    let png = crate::render_game(&game, a.width).ok_or_else(|| {
        Failure::usage(
            "unsupported",
            format!("{} has no image yet", game.kind().name()),
        )
    })?;
    std::fs::write(&a.out, &png).map_err(|e| {
        Failure::usage(
            "unwritable-file",
            format!("cannot write {}: {e}", a.out.display()),
        )
    })?;
    Ok(json!({"out": a.out.display().to_string(), "bytes": png.len()}))
}
