//! `labscape verify FILE`: checks a game's record file (what `/export` gives) and prints a
//! plain verdict. The checking itself is `labscape_core::labscape::verify`; this module
//! reads the file and turns the verdict into text and an exit code.
//!
//! Exit codes: 0 verified; 1 read but not verified (the verdict says why); 2 the file
//! could not be read as a record file.

use std::{io::Read, path::Path, process::ExitCode};

use labscape_core::labscape::{GameExport, RECORD_FORMAT, Verdict, verify};

/// Why a file is not a record file at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Not JSON, or not the shape of a record file.
    #[error("it is not a Labscape record file ({0})")]
    Json(#[from] serde_json::Error),
    /// Larger than any record file can be.
    #[error("it is larger than a record file can be ({} MiB at most)", MAX_RECORD_BYTES >> 20)]
    TooLarge,
    /// Not UTF-8 text.
    #[error("it is not UTF-8 text")]
    NotText,
    /// A record file of another format version.
    #[error("its format is “{0}”; this version of labscape reads {RECORD_FORMAT}")]
    Format(String),
}

/// The largest record file read: a record of the longest game (eight players, hundreds of
/// turns) is well under 1 MiB; an endless stream is refused, not buffered.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Reads at most [`MAX_RECORD_BYTES`] of text.
fn read_capped(reader: impl Read) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

/// Reads a record file's text.
///
/// # Errors
/// [`ReadError`] if it is not JSON, not a record file, or another format version.
pub fn parse(text: &str) -> Result<GameExport, ReadError> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(RECORD_FORMAT) => Ok(serde_json::from_value(value)?),
        Some(other) => Err(ReadError::Format(other.to_string())),
        None => Err(ReadError::Format("none".into())),
    }
}

/// Reads and checks a record file (`-` is standard input).
///
/// # Errors
/// [`ReadError`] if the file cannot be read as a record file.
pub fn check_file(path: &Path) -> Result<Verdict, ReadError> {
    let text = if path == Path::new("-") {
        read_capped(std::io::stdin().lock())?
    } else {
        read_capped(std::fs::File::open(path)?)?
    };
    Ok(verify(&parse(&text)?))
}

/// `labscape verify FILE`: prints the verdict; exit code 0, 1 or 2 (see the module docs).
pub fn run(path: &Path) -> ExitCode {
    match check_file(path) {
        Ok(verdict) => {
            println!("{verdict}");
            if verdict.is_verified() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("Cannot read {}: {e}", path.display());
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_stream_is_refused_not_buffered() {
        let endless = std::io::repeat(b' ');
        assert!(matches!(read_capped(endless), Err(ReadError::TooLarge)));
        assert!(matches!(read_capped(&b"\xff"[..]), Err(ReadError::NotText)));
        assert_eq!(read_capped(&b"{}"[..]).unwrap(), "{}");
    }

    #[test]
    fn only_record_files_of_this_format_are_read() {
        assert!(matches!(parse("not json"), Err(ReadError::Json(_))));
        assert!(matches!(parse("{}"), Err(ReadError::Format(_))));
        assert!(matches!(
            parse(r#"{"format": "labscape-record/2"}"#),
            Err(ReadError::Format(f)) if f == "labscape-record/2"
        ));
        // The right tag but not the shape of a record.
        assert!(matches!(
            parse(r#"{"format": "labscape-record/1", "game": 3}"#),
            Err(ReadError::Json(_))
        ));
        let e = check_file(Path::new("/nonexistent/record.json")).unwrap_err();
        assert!(matches!(e, ReadError::Io(_)));
    }
}
