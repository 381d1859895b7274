//! Command names inside the service's texts ("/join", "/rotate-wall B3:NE"): found and
//! renamed, so each chat adapter can show them as its platform's users type them
//! (`/newgame` on Telegram, `/labscape join` on Discord) without knowing the texts.

/// The command words named in `text`: a `/` not preceded by a letter or digit, then
/// letters, digits, `-` or `_` (`###/##/#` and `and/or` name none).
pub fn named(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    each(text, |word| out.push(word));
    out
}

/// `text` with every command word `rename` knows replaced (the `/` stays).
pub fn rename(text: &str, rename: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut last = 0;
    let mut spans = Vec::new();
    each(text, |word| spans.push(word));
    for word in spans {
        // `word` borrows from `text`: its offset is where it starts.
        let start = word.as_ptr() as usize - text.as_ptr() as usize;
        if let Some(new) = rename(word) {
            out.push_str(&text[last..start]);
            out.push_str(&new);
            last = start + word.len();
        }
    }
    out.push_str(&text[last..]);
    out
}

fn each<'a>(text: &'a str, mut f: impl FnMut(&'a str)) {
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        if c == '/' && !prev.is_some_and(char::is_alphanumeric) {
            let rest = &text[i + 1..];
            let len = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-' || ch == '_'))
                .unwrap_or(rest.len());
            if len > 0 {
                f(&rest[..len]);
            }
        }
        prev = Some(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words_are_found_and_renamed_and_paths_are_not() {
        let text = "Try /new pyramid, then /join. Not ###/##/# or and/or; (/start) /rotate-wall.";
        assert_eq!(named(text), ["new", "join", "start", "rotate-wall"]);
        let renamed = rename(text, |w| {
            (w == "new" || w == "start").then(|| format!("x {w}"))
        });
        assert_eq!(
            renamed,
            "Try /x new pyramid, then /join. Not ###/##/# or and/or; (/x start) /rotate-wall."
        );
        assert_eq!(rename("/", |_| Some("y".into())), "/");
    }
}
