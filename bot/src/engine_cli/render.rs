//! `engine render`: the turn image of a position, as a PNG file.

use std::path::PathBuf;

use clap::Args;
use serde_json::{Value, json};

use super::{
    Failure, PositionArg,
    input::{Input, read_any},
};

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
    // A view draws the view and nothing else: its masked position is all it holds.
    let game = match read_any(&a.position)? {
        Input::Whole(game) => game,
        Input::View(view) => view.game().clone(),
    };
    // A width the game does not draw at is refused, not clamped in silence.
    let widths = crate::games::of(game.kind()).image_widths();
    if let Some(w) = a.width.filter(|w| !widths.contains(w)) {
        let (lo, hi) = (*widths.start(), *widths.end());
        let name = game.kind().name();
        return Err(Failure::usage(
            "invalid-width",
            if lo == hi {
                format!("{name}'s image is drawn {lo} px wide only, not {w}: leave --width out")
            } else {
                format!(
                    "--width {w} is outside {lo} to {hi}, the widths {name}'s image is drawn at"
                )
            },
        ));
    }
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
    let drawn = png
        .get(16..20)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_be_bytes);
    Ok(json!({"out": a.out.display().to_string(), "bytes": png.len(), "width": drawn}))
}
