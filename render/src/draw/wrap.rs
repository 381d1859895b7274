//! Laying a line of text out to fit a width: broken over a few lines at its " · "
//! separators (then at spaces), or drawn smaller, so that nothing is drawn outside the card
//! and nothing is cut (issue 33: Produto's final score ran off both edges of its card).
//! Cutting with an ellipsis is the last resort, for text no game writes.
//!
//! The width is measured by a function the caller gives, the same that draws the text (its
//! face and size), so the layout and the drawing cannot disagree.

/// A text laid out: its lines, drawn at `size`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Block {
    pub lines: Vec<String>,
    pub size: f32,
}

/// The separator a footer puts between its parts; lines break there first.
const SEPARATOR: &str = " · ";

/// Lays `s` out in at most `max_lines` lines each at most `max_w` wide, as `width(text,
/// size)` measures: at `size` on one line if it fits, else over more lines at `size`, else at
/// a smaller size (whole steps, down to `min_size`). If even that fails, the last line is cut
/// with an ellipsis.
pub(crate) fn layout(
    s: &str,
    (size, min_size): (f32, f32),
    max_w: f32,
    max_lines: usize,
    width: impl Fn(&str, f32) -> f32,
) -> Block {
    let max_lines = max_lines.max(1);
    let mut at = size;
    loop {
        let lines = wrap(s, max_w, |t| width(t, at));
        if lines.len() <= max_lines && lines.iter().all(|l| width(l, at) <= max_w) {
            return Block { lines, size: at };
        }
        if at - 1.0 < min_size {
            break;
        }
        at -= 1.0;
    }
    let at = min_size;
    let mut lines = wrap(s, max_w, |t| width(t, at));
    let rest = lines.split_off(max_lines.min(lines.len()));
    if let Some(last) = lines.last_mut() {
        let mut whole = last.clone();
        for r in &rest {
            whole.push(' ');
            whole.push_str(r);
        }
        *last = cut(&whole, max_w, |t| width(t, at));
    }
    Block { lines, size: at }
}

/// Greedy lines no wider than `max_w` where possible: parts joined by " · " while they fit,
/// a part too wide on its own broken at spaces (a single word wider than `max_w` stays whole).
fn wrap(s: &str, max_w: f32, width: impl Fn(&str) -> f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in s.split(SEPARATOR) {
        let joined = if line.is_empty() {
            part.to_string()
        } else {
            format!("{line}{SEPARATOR}{part}")
        };
        if width(&joined) <= max_w {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for word in part.split(' ') {
            let joined = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if line.is_empty() || width(&joined) <= max_w {
                line = joined;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `s` cut with an ellipsis to fit `max_w`.
fn cut(s: &str, max_w: f32, width: impl Fn(&str) -> f32) -> String {
    if width(s) <= max_w {
        return s.to_string();
    }
    let mut chars: Vec<char> = s.chars().collect();
    while chars.pop().is_some() {
        let t = format!("{}…", chars.iter().collect::<String>().trim_end());
        if width(&t) <= max_w {
            return t;
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character 10 units wide at size 20, in proportion at other sizes.
    fn mono(s: &str, size: f32) -> f32 {
        s.chars().count() as f32 * size / 2.0
    }

    #[test]
    fn a_line_that_fits_stays_whole_at_its_size() {
        let b = layout("Black 3 · White 4", (20.0, 14.0), 200.0, 2, mono);
        assert_eq!(b.lines, ["Black 3 · White 4"]);
        assert_eq!(b.size, 20.0);
    }

    #[test]
    fn a_long_line_breaks_at_its_separators_before_shrinking() {
        let s = "Black 17 × 3 = 51 · White 30 × 6 = 180 · stones left: 1";
        let b = layout(s, (20.0, 14.0), 400.0, 2, mono);
        assert_eq!(
            b.lines,
            ["Black 17 × 3 = 51 · White 30 × 6 = 180", "stones left: 1"]
        );
        assert_eq!(b.size, 20.0);
    }

    #[test]
    fn with_one_line_allowed_the_text_shrinks() {
        let s = "aaaa · bbbb · cccc"; // 18 characters: 180 units at 20
        let b = layout(s, (20.0, 10.0), 150.0, 1, mono);
        assert_eq!(b.lines, [s]);
        assert!(b.size <= 16.0 && b.size >= 15.0, "{}", b.size);
    }

    #[test]
    fn a_part_wider_than_the_line_breaks_at_spaces() {
        let b = layout("one two three four · five", (20.0, 20.0), 100.0, 3, mono);
        assert_eq!(b.lines, ["one two", "three four", "five"]);
    }

    #[test]
    fn text_that_cannot_fit_is_cut_and_still_fits() {
        let s = "a very long footer · with many parts · that cannot fit at all";
        let b = layout(s, (20.0, 18.0), 120.0, 2, mono);
        assert_eq!(b.lines.len(), 2);
        assert!(b.lines[1].ends_with('…'), "{:?}", b.lines);
        assert!(b.lines.iter().all(|l| mono(l, b.size) <= 120.0));
    }
}
