//! Pure helpers: service text to Telegram HTML, command names, callback data, message
//! splitting, and the photo-or-document decision. No I/O and no teloxide types here, so
//! everything is unit-tested directly.

use crate::{
    app::{Button, Call, Mention},
    i18n::{Lang, tr},
};

/// Longest caption Telegram accepts (characters after entity parsing).
pub const MAX_CAPTION: usize = 1024;
/// Longest text message Telegram accepts.
pub const MAX_TEXT: usize = 4096;
/// Longest callback answer (alert) text.
pub const MAX_ALERT: usize = 200;
/// Longest callback data, in bytes.
pub const MAX_CALLBACK_DATA: usize = 64;

/// Escapes text for Telegram's HTML parse mode.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The service's text as Telegram HTML: `**bold**`, `` `code` `` and fenced blocks
/// (```` ``` ````, for tables) as `<pre>`, monospaced; everything else escaped. An
/// unpaired `**` or backtick stays literal; an unclosed fence runs to the end.
pub fn to_html(text: &str) -> String {
    convert(text, true)
}

/// What a user reads of [`to_html`]'s input: the text without its markup.
pub fn visible(text: &str) -> String {
    convert(text, false)
}

/// Whether a line opens or closes a fenced block.
fn is_fence(line: &str) -> bool {
    line.trim_start().starts_with("```")
}

/// [`to_html`] (`html`) or [`visible`] (not): one pass over the lines, fenced blocks
/// apart, the text between them marked up inline.
fn convert(text: &str, html: bool) -> String {
    let mut items: Vec<String> = Vec::new();
    let mut region: Vec<&str> = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    let flush = |region: &mut Vec<&str>, items: &mut Vec<String>| {
        if !region.is_empty() {
            items.push(inline(&region.join("\n"), html));
            region.clear();
        }
    };
    for line in text.split('\n') {
        match (&mut block, is_fence(line)) {
            (None, true) => {
                flush(&mut region, &mut items);
                block = Some(Vec::new());
            }
            (Some(lines), true) => {
                items.push(pre(&lines.join("\n"), html));
                block = None;
            }
            (Some(lines), false) => lines.push(line),
            (None, false) => region.push(line),
        }
    }
    if let Some(lines) = block {
        items.push(pre(&lines.join("\n"), html));
    }
    flush(&mut region, &mut items);
    items.join("\n")
}

fn pre(body: &str, html: bool) -> String {
    if html {
        format!("<pre>{}</pre>", escape(body))
    } else {
        body.to_string()
    }
}

/// Inline markup of text outside fenced blocks: code spans (a backtick pair on one line)
/// first, then `**` pairs in the rest.
fn inline(text: &str, html: bool) -> String {
    // Split into (is_code, text) pieces.
    let mut pieces: Vec<(bool, &str)> = Vec::new();
    let rest = text;
    let mut plain_start = 0;
    let mut at = 0;
    while let Some(i) = rest[at..].find('`') {
        let open = at + i;
        let close = rest[open + 1..]
            .find(['`', '\n'])
            .map(|j| open + 1 + j)
            .filter(|&j| rest.as_bytes()[j] == b'`' && j > open + 1);
        match close {
            Some(close) => {
                pieces.push((false, &rest[plain_start..open]));
                pieces.push((true, &rest[open + 1..close]));
                plain_start = close + 1;
                at = close + 1;
            }
            None => at = open + 1,
        }
    }
    pieces.push((false, &rest[plain_start..]));
    let markers: usize = pieces
        .iter()
        .filter(|(code, _)| !code)
        .map(|(_, t)| t.matches("**").count())
        .sum();
    let paired = markers - markers % 2;
    let mut seen = 0;
    let mut out = String::with_capacity(text.len() + 16);
    for (code, piece) in pieces {
        if code {
            if html {
                out.push_str("<code>");
                out.push_str(&escape(piece));
                out.push_str("</code>");
            } else {
                out.push_str(piece);
            }
            continue;
        }
        for (i, part) in piece.split("**").enumerate() {
            if i > 0 {
                seen += 1;
                if seen > paired {
                    out.push_str("**");
                } else if html {
                    out.push_str(if seen % 2 == 1 { "<b>" } else { "</b>" });
                }
            }
            if html {
                out.push_str(&escape(part));
            } else {
                out.push_str(part);
            }
        }
    }
    out
}

/// Telegram's length of a text: UTF-16 code units, as the Bot API counts.
pub fn tg_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Rewrites the service's command names to the ones registered on Telegram (whose
/// commands allow only letters, digits and underscores): `/new` → `/newgame`, `/start` →
/// `/startgame`, a game's own `/rotate-wall` → `/rotate_wall`. Slashes inside words
/// (`###/##`, `and/or`) are left alone.
pub fn telegram_commands(text: &str) -> String {
    crate::app::command_words::rename(text, |word| match word {
        "new" => Some("newgame".into()),
        "start" => Some("startgame".into()),
        _ if word.contains('-') && crate::games::own_commands().iter().any(|c| c.name == word) => {
            Some(telegram_name(word))
        }
        _ => None,
    })
}

/// A command's name as Telegram allows it: hyphens become underscores.
pub fn telegram_name(name: &str) -> String {
    name.replace('-', "_")
}

/// The HTML line that notifies the players whose turn it is (Telegram user ids only;
/// computer players are skipped). Empty when nobody is to be notified.
pub fn mention_line(mentions: &[Mention], call: Call, lang: Lang) -> String {
    let links: Vec<String> = mentions
        .iter()
        .filter_map(|m| {
            let id: u64 = m.user_id.parse().ok()?;
            Some(format!(
                "<a href=\"tg://user?id={id}\">{}</a>",
                escape(&m.name)
            ))
        })
        .collect();
    if links.is_empty() {
        String::new()
    } else {
        tr!(lang, call.key(true), who = links.join(", "))
    }
}

/// The visible length of [`mention_line`].
pub fn mention_len(mentions: &[Mention], call: Call, lang: Lang) -> usize {
    let names: Vec<&str> = mentions
        .iter()
        .filter(|m| m.user_id.parse::<u64>().is_ok())
        .map(|m| m.name.as_str())
        .collect();
    if names.is_empty() {
        0
    } else {
        tg_len(&tr!(lang, call.key(true), who = names.join(", ")))
    }
}

/// Splits text into chunks of at most `max` Telegram characters, at line breaks where
/// possible (a single overlong line is cut at character boundaries). A fenced block cut
/// between two chunks is closed at the end of the first and opened again in the next, so
/// each message is monospaced where it should be.
pub fn split_text(text: &str, max: usize) -> Vec<String> {
    const FENCE: &str = "```";
    let fenced = text.split('\n').any(is_fence);
    let reserve = if fenced { 2 * (FENCE.len() + 1) } else { 0 };
    let mut chunks = split_lines(text, max.saturating_sub(reserve).max(1));
    let mut open = false;
    for chunk in &mut chunks {
        if open {
            chunk.insert_str(0, "```\n");
        }
        let fences = chunk.split('\n').filter(|l| is_fence(l)).count();
        open = fences % 2 == 1;
        if open {
            chunk.push_str("\n```");
        }
    }
    chunks
}

fn split_lines(text: &str, max: usize) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut cur = String::new();
    for line in text.split('\n') {
        let mut line = line.to_string();
        loop {
            let sep = usize::from(!cur.is_empty());
            if tg_len(&cur) + sep + tg_len(&line) <= max {
                if sep == 1 {
                    cur.push('\n');
                }
                cur.push_str(&line);
                break;
            }
            if !cur.is_empty() {
                chunks.push(std::mem::take(&mut cur));
                continue;
            }
            // The line alone is too long: cut it.
            let (mut used, mut end) = (0, line.len());
            for (i, ch) in line.char_indices() {
                if used + ch.len_utf16() > max {
                    end = i;
                    break;
                }
                used += ch.len_utf16();
            }
            if end == 0 {
                end = line.chars().next().map_or(line.len(), char::len_utf8);
            }
            chunks.push(line[..end].to_string());
            line = line[end..].to_string();
            if line.is_empty() {
                break;
            }
        }
    }
    if !cur.is_empty() || chunks.is_empty() {
        chunks.push(cur);
    }
    chunks
}

/// Truncates to `max` Telegram characters, with an ellipsis when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if tg_len(text) <= max {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for ch in text.chars() {
        if used + ch.len_utf16() + 1 > max {
            break;
        }
        used += ch.len_utf16();
        out.push(ch);
    }
    out.push('…');
    out
}

/// What a keyboard button does, carried in its callback data (≤ 64 bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// Play `action` in game `game`, if it is still at `turn`.
    Play {
        /// Game id.
        game: i64,
        /// The turn the keyboard was made for.
        turn: i64,
        /// The action in the public notation.
        action: String,
    },
    /// Show page `page` of the keyboard that `text`, played at `turn`, answered with.
    Page {
        /// Game id.
        game: i64,
        /// The turn the keyboard was made for.
        turn: i64,
        /// Zero-based page.
        page: usize,
        /// The text that makes the keyboard again.
        text: String,
    },
}

impl Press {
    /// The callback data, or `None` when it would exceed Telegram's 64 bytes.
    pub fn encode(&self) -> Option<String> {
        let s = match self {
            Press::Play { game, turn, action } => format!("p:{game}:{turn}:{action}"),
            Press::Page {
                game,
                turn,
                page,
                text,
            } => format!("g:{game}:{turn}:{page}:{text}"),
        };
        (s.len() <= MAX_CALLBACK_DATA).then_some(s)
    }

    /// Reads callback data made by [`Press::encode`].
    pub fn decode(data: &str) -> Option<Press> {
        let mut it = data.splitn(4, ':');
        let kind = it.next()?;
        let game = it.next()?.parse().ok()?;
        let turn = it.next()?.parse().ok()?;
        let last = it.next()?;
        match kind {
            "p" => Some(Press::Play {
                game,
                turn,
                action: last.to_string(),
            }),
            "g" => {
                let (page, text) = last.split_once(':')?;
                Some(Press::Page {
                    game,
                    turn,
                    page: page.parse().ok()?,
                    text: text.to_string(),
                })
            }
            _ => None,
        }
    }
}

/// A keyboard of more rows than this is paged.
pub const MAX_ROWS_UNPAGED: usize = 5;
/// Rows per page of a paged keyboard (a navigation row comes under them).
pub const ROWS_PER_PAGE: usize = 4;

/// A keyboard as rows of (label, callback data).
pub type Rows = Vec<Vec<(String, String)>>;

/// The keyboard for a reply's buttons made at `turn` of `game`, in the rows the game laid
/// out; a greyed-out button is left out (Telegram has no disabled buttons), and so is one
/// whose data would not fit in 64 bytes. A keyboard of many rows is paged, with a
/// navigation row.
pub fn keyboard_rows(
    buttons: &[Vec<Button>],
    game: i64,
    turn: i64,
    page: usize,
    again: Option<&str>,
    lang: Lang,
) -> Rows {
    let button = |b: &Button| {
        Press::Play {
            game,
            turn,
            action: b.payload.clone(),
        }
        .encode()
        .map(|data| (b.label.clone(), data))
    };
    let rows: Rows = buttons
        .iter()
        .map(|row| {
            row.iter()
                .filter(|b| b.enabled)
                .filter_map(button)
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .collect();
    let Some(text) = again.filter(|_| rows.len() > MAX_ROWS_UNPAGED) else {
        return rows
            .into_iter()
            .take(MAX_ROWS_UNPAGED.max(ROWS_PER_PAGE))
            .collect();
    };
    let pages = rows.len().div_ceil(ROWS_PER_PAGE);
    let page = page.min(pages - 1);
    let mut shown: Rows = rows
        .into_iter()
        .skip(page * ROWS_PER_PAGE)
        .take(ROWS_PER_PAGE)
        .collect();
    let nav = |label: String, page: usize| {
        Press::Page {
            game,
            turn,
            page,
            text: text.to_string(),
        }
        .encode()
        .map(|data| (label, data))
    };
    let mut row = Vec::new();
    if page > 0 {
        row.extend(nav(tr!(lang, "keyboard-back"), page - 1));
    }
    row.extend(nav(format!("{}/{pages}", page + 1), page));
    if page + 1 < pages {
        row.extend(nav(tr!(lang, "keyboard-more"), page + 1));
    }
    shown.push(row);
    shown
}

/// Width and height from a PNG's header, if it is a PNG.
pub fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if png.len() < 24 || png[..8] != SIGNATURE || &png[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(png[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(png[20..24].try_into().ok()?);
    Some((w, h))
}

/// Longest side Telegram keeps for a photo; larger photos are scaled down.
pub const PHOTO_MAX_SIDE: u32 = 2560;
/// Largest photo upload.
pub const PHOTO_MAX_BYTES: usize = 10 * 1024 * 1024;

/// Whether an image goes as a photo (Telegram recompresses and scales photos) rather than
/// as a document: a photo must be ≤ 10 MB, width + height ≤ 10000, aspect ratio ≤ 20, and
/// it loses detail beyond 2560 px on its longest side.
pub fn send_as_photo(png: &[u8]) -> bool {
    let Some((w, h)) = png_size(png) else {
        return false;
    };
    let (long, short) = (w.max(h), w.min(h).max(1));
    png.len() <= PHOTO_MAX_BYTES && w + h <= 10_000 && long / short <= 20 && long <= PHOTO_MAX_SIDE
}

#[cfg(test)]
mod tests;
