//! Secrets (the bot tokens): a type that never prints its value, and a scrubber that takes
//! every known secret out of log lines and error texts.
//!
//! Why both: the type stops our own code from printing a token by accident (`{config:?}`),
//! but libraries format their errors themselves, and a platform's error page can echo the
//! request path, token included (`404 Cannot POST /bot123:abc/getUpdates`). So every token
//! is registered when it is read, and every log line ([`RedactingStderr`]) and every error
//! printed at the edge ([`redact`]) goes through the scrubber first.

use std::{
    borrow::Cow,
    fmt,
    io::{self, Write},
    sync::RwLock,
};

/// What a secret is replaced with.
pub const REDACTED: &str = "<redacted>";

/// Every secret read so far, as the texts to take out (the token, its URL-encoded form,
/// and the secret half of a Telegram token).
static KNOWN: RwLock<Vec<String>> = RwLock::new(Vec::new());

/// A secret value: `Debug` and `Display` print [`REDACTED`]; only [`Secret::expose`]
/// gives the value, to hand to the client library.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps `value` and registers it with the scrubber.
    pub fn new(value: impl Into<String>) -> Secret {
        let value = value.into();
        register(&value);
        Secret(value)
    }

    /// The value itself, for the one call that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

/// Shorter texts are not scrubbed on their own (they would match ordinary words).
const MIN_SCRUBBED: usize = 6;

/// Registers `value` (a password, say) with the scrubber without wrapping it.
pub fn register_secret(value: &str) {
    register(value);
}

fn register(value: &str) {
    let value = value.trim();
    if value.len() < MIN_SCRUBBED {
        return;
    }
    let mut forms = vec![value.to_string(), value.replace(':', "%3A")];
    // A Telegram token is `id:secret`; the secret half alone is what must not leak.
    if let Some((_, half)) = value.split_once(':')
        && half.len() >= MIN_SCRUBBED
    {
        forms.push(half.to_string());
    }
    let mut known = KNOWN.write().unwrap_or_else(|e| e.into_inner());
    for form in forms {
        if !known.contains(&form) {
            known.push(form);
        }
    }
    // Longest first, so a token is replaced whole before its half is looked for.
    known.sort_by_key(|f| std::cmp::Reverse(f.len()));
}

/// `text` with every registered secret replaced by [`REDACTED`].
pub fn redact(text: &str) -> Cow<'_, str> {
    let known = KNOWN.read().unwrap_or_else(|e| e.into_inner());
    if !known.iter().any(|s| text.contains(s.as_str())) {
        return Cow::Borrowed(text);
    }
    let mut out = text.to_string();
    for s in known.iter() {
        if out.contains(s.as_str()) {
            out = out.replace(s.as_str(), REDACTED);
        }
    }
    Cow::Owned(out)
}

/// An error's text with every secret taken out: what to log instead of the error itself.
pub fn scrub(error: &dyn fmt::Display) -> String {
    redact(&error.to_string()).into_owned()
}

/// Standard error, scrubbed: a writer for `tracing_subscriber` that holds one event's
/// bytes and writes them, redacted, when dropped (the formatter writes each event whole
/// through a fresh writer).
#[derive(Debug, Default)]
pub struct RedactingStderr {
    held: Vec<u8>,
}

impl RedactingStderr {
    /// A writer for one event (the `MakeWriter` function).
    pub fn make() -> RedactingStderr {
        RedactingStderr::default()
    }
}

impl Write for RedactingStderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.held.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.held.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&self.held);
        let clean = redact(&text);
        let result = io::stderr().lock().write_all(clean.as_bytes());
        self.held.clear();
        result
    }
}

impl Drop for RedactingStderr {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_never_prints_and_is_scrubbed_from_texts() {
        let token = Secret::new("424242:AAE-test-only-secret_xyz");
        assert_eq!(format!("{token} {token:?}"), "<redacted> <redacted>");
        assert_eq!(token.expose(), "424242:AAE-test-only-secret_xyz");
        let page = "404 Cannot POST /bot424242:AAE-test-only-secret_xyz/getUpdates";
        assert_eq!(redact(page), "404 Cannot POST /bot<redacted>/getUpdates");
        let encoded = "GET /bot424242%3AAAE-test-only-secret_xyz/getMe";
        assert_eq!(redact(encoded), "GET /bot<redacted>/getMe");
        assert_eq!(
            redact("the secret AAE-test-only-secret_xyz alone"),
            "the secret <redacted> alone"
        );
        assert!(matches!(redact("nothing secret here"), Cow::Borrowed(_)));
    }

    #[test]
    fn short_values_are_not_scrubbed_from_ordinary_words() {
        let _ = Secret::new("ab");
        assert_eq!(redact("a table about abc"), "a table about abc");
    }
}
