//! Pure helpers: service text to Telegram HTML, command names, callback data, message
//! splitting, and the photo-or-document decision. No I/O and no teloxide types here, so
//! everything is unit-tested directly.

use crate::{
    app::{Button, Mention},
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
/// `/startgame`, `/rotate-wall` → `/rotate_wall`. Slashes inside words (`###/##`, `and/or`)
/// are left alone.
pub fn telegram_commands(text: &str) -> String {
    crate::app::command_words::rename(text, |word| match word {
        "new" => Some("newgame".into()),
        "start" => Some("startgame".into()),
        "rotate-wall" => Some("rotate_wall".into()),
        _ => None,
    })
}

/// The HTML line that notifies the players whose turn it is (Telegram user ids only;
/// computer players are skipped). Empty when nobody is to be notified.
pub fn mention_line(mentions: &[Mention], lang: Lang) -> String {
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
        tr!(lang, "mention-your-turn-telegram", who = links.join(", "))
    }
}

/// The visible length of [`mention_line`].
pub fn mention_len(mentions: &[Mention], lang: Lang) -> usize {
    let names: Vec<&str> = mentions
        .iter()
        .filter(|m| m.user_id.parse::<u64>().is_ok())
        .map(|m| m.name.as_str())
        .collect();
    if names.is_empty() {
        0
    } else {
        tg_len(&tr!(
            lang,
            "mention-your-turn-telegram",
            who = names.join(", ")
        ))
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
mod tests {
    use super::*;

    #[test]
    fn tables_are_monospaced_and_code_is_code() {
        let table = "**Dawn**\n```\nround | time\n1     | <6>\n```\nthen `roll` & go";
        assert_eq!(
            to_html(table),
            "<b>Dawn</b>\n<pre>round | time\n1     | &lt;6&gt;</pre>\nthen <code>roll</code> &amp; go"
        );
        assert_eq!(
            visible(table),
            "Dawn\nround | time\n1     | <6>\nthen roll & go"
        );
        // Markup inside a block or a code span is literal.
        assert_eq!(to_html("```\n**x** `y`\n```"), "<pre>**x** `y`</pre>");
        assert_eq!(to_html("a `**b**` c"), "a <code>**b**</code> c");
        // An unpaired backtick stays; an unclosed fence runs to the end.
        assert_eq!(to_html("it`s **ok**"), "it`s <b>ok</b>");
        assert_eq!(to_html("x\n```\ncode"), "x\n<pre>code</pre>");
        assert_eq!(to_html("``"), "``");
    }

    #[test]
    fn a_table_split_between_messages_stays_a_table_in_each() {
        let rows: Vec<String> = (0..40).map(|i| format!("row {i:02} | value")).collect();
        let text = format!("Heading\n```\n{}\n```\nafter", rows.join("\n"));
        let chunks = split_text(&text, 200);
        assert!(chunks.len() > 2, "{chunks:?}");
        for c in &chunks {
            assert!(tg_len(c) <= 200, "{c}");
            let html = to_html(c);
            assert_eq!(
                html.matches("<pre>").count(),
                html.matches("</pre>").count(),
                "{html}"
            );
            assert!(!html.contains("```"), "{html}");
        }
        let rejoined: String = chunks
            .iter()
            .map(|c| visible(c))
            .collect::<Vec<_>>()
            .join("\n");
        for r in &rows {
            assert!(rejoined.contains(r.as_str()));
        }
    }

    #[test]
    fn bold_and_escaping_become_html() {
        assert_eq!(
            to_html("**Labscape #3** · turn 4 <a> & b"),
            "<b>Labscape #3</b> · turn 4 &lt;a&gt; &amp; b"
        );
        assert_eq!(to_html("a ** b"), "a ** b");
        assert_eq!(to_html("**x** and **y"), "<b>x</b> and **y");
        assert_eq!(visible("**x** and **y"), "x and **y");
        assert_eq!(visible("**x**"), "x");
        assert_eq!(to_html(""), "");
    }

    #[test]
    fn command_names_follow_telegram() {
        assert_eq!(
            telegram_commands("Others: /join. /start it, /new pyramid, /rotate-wall B3:NE B2:SE"),
            "Others: /join. /startgame it, /newgame pyramid, /rotate_wall B3:NE B2:SE"
        );
        assert_eq!(
            telegram_commands("###/##/# and/or /newgame"),
            "###/##/# and/or /newgame"
        );
        assert_eq!(telegram_commands("(/start)"), "(/startgame)");
        assert_eq!(telegram_commands("/starting"), "/starting");
    }

    #[test]
    fn mentions_are_text_mention_links() {
        let m = [
            Mention {
                user_id: "42".into(),
                name: "A<b>".into(),
            },
            Mention {
                user_id: "bot:heuristic:2".into(),
                name: "Bot".into(),
            },
        ];
        assert_eq!(
            mention_line(&m, Lang::En),
            "▶ <a href=\"tg://user?id=42\">A&lt;b&gt;</a>: your turn."
        );
        assert_eq!(mention_len(&m, Lang::En), tg_len("▶ A<b>: your turn."));
        assert_eq!(mention_line(&m[1..], Lang::En), "");
    }

    #[test]
    fn long_text_splits_at_lines() {
        let text = format!("{}\n{}\n{}", "a".repeat(10), "b".repeat(10), "c".repeat(25));
        assert_eq!(
            split_text(&text, 21),
            vec![
                format!("{}\n{}", "a".repeat(10), "b".repeat(10)),
                "c".repeat(21),
                "c".repeat(4)
            ]
        );
        assert_eq!(split_text("", 10), vec![String::new()]);
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("abc", 4), "abc");
    }

    #[test]
    fn callback_data_round_trips_and_fits() {
        let p = Press::Play {
            game: 12,
            turn: 345,
            action: "rw B3:NE B2:SE".into(),
        };
        let data = p.encode().unwrap();
        assert_eq!(data, "p:12:345:rw B3:NE B2:SE");
        assert_eq!(Press::decode(&data), Some(p));
        let g = Press::Page {
            game: 1,
            turn: 2,
            page: 3,
            text: "rotate-wall".into(),
        };
        assert_eq!(Press::decode(&g.encode().unwrap()), Some(g));
        assert!(
            Press::Play {
                game: 1,
                turn: 1,
                action: "x".repeat(60)
            }
            .encode()
            .is_none()
        );
        assert_eq!(Press::decode("p:x:1:move N"), None);
        assert_eq!(Press::decode("garbage"), None);
    }

    fn quick(label: &str, action: &str) -> Button {
        Button::new(label, action)
    }

    #[test]
    fn quick_actions_make_two_rows() {
        let q = [
            vec![
                quick("N", "move N"),
                quick("E", "move E"),
                quick("S", "move S").disabled(),
            ],
            vec![quick("Roll", "roll"), quick("Wait 1", "wait")],
        ];
        let rows = keyboard_rows(&q, 3, 7, 0, None, Lang::En);
        let labels: Vec<Vec<&str>> = rows
            .iter()
            .map(|r| r.iter().map(|(l, _)| l.as_str()).collect())
            .collect();
        assert_eq!(labels, vec![vec!["N", "E"], vec!["Roll", "Wait 1"]]);
        assert_eq!(rows[1][1].1, "p:3:7:wait");
        assert!(keyboard_rows(&[], 3, 7, 0, None, Lang::En).is_empty());
    }

    #[test]
    fn long_rotation_keyboards_are_paged() {
        let q: Vec<Vec<Button>> = (0..19)
            .map(|i| quick(&format!("r{i}"), &format!("rw B{i}:NE B{i}:SE")))
            .collect::<Vec<_>>()
            .chunks(2)
            .map(<[Button]>::to_vec)
            .collect();
        let first = keyboard_rows(&q, 1, 2, 0, Some("rotate-wall"), Lang::En);
        assert_eq!(first.len(), 5, "four rows of two, then navigation");
        assert_eq!(first[0][0], ("r0".into(), "p:1:2:rw B0:NE B0:SE".into()));
        let nav: Vec<&str> = first[4].iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(nav, vec!["1/3", "More »"]);
        assert_eq!(
            Press::decode(&first[4][1].1),
            Some(Press::Page {
                game: 1,
                turn: 2,
                page: 1,
                text: "rotate-wall".into()
            })
        );
        let last = keyboard_rows(&q, 1, 2, 2, Some("rotate-wall"), Lang::En);
        assert_eq!(last[0][0].0, "r16");
        assert_eq!(
            last.len(),
            3,
            "three rotations on the last page, then navigation"
        );
        let nav: Vec<&str> = last[2].iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(nav, vec!["« Back", "3/3"]);
        assert_eq!(
            keyboard_rows(&q, 1, 2, 9, Some("rotate-wall"), Lang::En),
            last,
            "a page past the end shows the last"
        );
        let few = keyboard_rows(&q[..2], 1, 2, 0, Some("rotate-wall"), Lang::En);
        assert_eq!(few.len(), 2, "no navigation for one page");
    }

    fn fake_png(w: u32, h: u32) -> Vec<u8> {
        let mut v = vec![
            0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', 0, 0, 0, 13,
        ];
        v.extend_from_slice(b"IHDR");
        v.extend_from_slice(&w.to_be_bytes());
        v.extend_from_slice(&h.to_be_bytes());
        v.extend_from_slice(&[8, 6, 0, 0, 0]);
        v
    }

    #[test]
    fn big_or_tall_images_go_as_documents() {
        assert_eq!(png_size(&fake_png(800, 600)), Some((800, 600)));
        assert!(send_as_photo(&fake_png(1200, 900)));
        assert!(!send_as_photo(&fake_png(1200, 3000)));
        assert!(!send_as_photo(&fake_png(100, 2100)));
        assert!(!send_as_photo(b"not a png at all, certainly not"));
    }
}
