//! Tests of `format`.

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
        mention_line(&m, Call::Turn, Lang::En),
        "▶ <a href=\"tg://user?id=42\">A&lt;b&gt;</a>: your turn."
    );
    assert_eq!(
        mention_len(&m, Call::Turn, Lang::En),
        tg_len("▶ A<b>: your turn.")
    );
    assert_eq!(mention_line(&m[1..], Call::Turn, Lang::En), "");
    // A draw offered is an answer awaited, not a turn.
    assert_eq!(
        mention_line(&m, Call::Answer, Lang::En),
        "▶ <a href=\"tg://user?id=42\">A&lt;b&gt;</a>: your answer, please."
    );
    assert_eq!(
        mention_len(&m, Call::Answer, Lang::En),
        tg_len("▶ A<b>: your answer, please.")
    );
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
