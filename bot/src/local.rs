//! Local play: a group chat in the terminal, on a local SQLite file.
//!
//! Each line is a chat message: `ana: /move NNE` speaks as `ana`; `/as ana` makes `ana` the
//! default speaker; `/quit` leaves. Replies print in the terminal and each turn image is
//! written to a folder. Games live in the database, so quitting and starting again resumes
//! them. `--script FILE` reads the same lines from a file (demos and tests).

use std::{
    path::{Path, PathBuf},
    sync::Mutex,
};

use anyhow::Context as _;

/// Prints a line on standard output; an error (a closed pipe: `… | head -1`) is returned,
/// and [`run`] ends quietly on a closed pipe instead of panicking as `println!` would.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?
    }};
}

/// Whether `e` is standard output closed under us.
fn closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
use tokio::io::{AsyncBufRead, AsyncBufReadExt, BufReader};

use crate::{
    app::{Ctx, Reply, Service, Visibility},
    store::{ChatScope, GameStore},
};

/// Options of local play.
#[derive(Debug, Clone)]
pub struct LocalOptions {
    /// Where turn images go.
    pub images: PathBuf,
    /// Read lines from this file instead of the terminal.
    pub script: Option<PathBuf>,
    /// The first default speaker.
    pub speaker: String,
    /// The terminal's language (`LANG`, e.g. `pt_BR.UTF-8`), as a player's platform locale.
    pub locale: Option<String>,
}

/// The terminal's language, for what local play says on its own.
fn terminal_lang(opts: &LocalOptions) -> crate::i18n::Lang {
    opts.locale
        .as_deref()
        .and_then(crate::i18n::Lang::from_tag)
        .unwrap_or_default()
}

fn scope() -> ChatScope {
    ChatScope {
        platform: "local".into(),
        chat: "terminal".into(),
        thread: String::new(),
    }
}

/// Runs local play until the input ends or `/quit`.
///
/// # Errors
/// If the input cannot be read or an image cannot be written.
pub async fn run<S: GameStore>(
    service: std::sync::Arc<Service<S>>,
    opts: LocalOptions,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(&opts.images)
        .with_context(|| format!("creating {}", opts.images.display()))?;
    // Reminders and deadlines fire in local play too; they print like any other message.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<crate::app::Outgoing>();
    let router = crate::scheduler::Router::default().route("local", tx);
    let scheduler = crate::scheduler::spawn(service.clone(), router);
    let images = opts.images.clone();
    let printer_service = service.clone();
    // The buttons listed, by the lines read and by the printer alike (a computer player's
    // turn, posted by the scheduler, lists the next person's).
    let listed = std::sync::Arc::new(std::sync::Mutex::new(Listed::default()));
    let printer_listed = listed.clone();
    let printer = tokio::spawn(async move {
        while let Some(o) = rx.recv().await {
            let shown = deliver(&printer_service, &o.reply, "", &images, &printer_listed);
            if let Err(e) = shown.await {
                tracing::warn!("printing a scheduled message: {e:#}");
            }
        }
    });
    let result = run_input(&service, &opts, &listed).await;
    scheduler.abort();
    printer.abort();
    match result {
        Err(e) if closed_pipe(&e) => Ok(()),
        other => other,
    }
}

async fn run_input<S: GameStore>(
    service: &Service<S>,
    opts: &LocalOptions,
    listed: &Mutex<Listed>,
) -> anyhow::Result<()> {
    match &opts.script {
        Some(path) => {
            let file = tokio::fs::File::open(path)
                .await
                .with_context(|| format!("opening {}", path.display()))?;
            run_lines(service, opts, BufReader::new(file), true, listed).await
        }
        None => {
            let lang = terminal_lang(opts);
            say!(
                "{}",
                crate::i18n::tr!(lang, "local-intro", who = opts.speaker.as_str())
            );
            let stdin = BufReader::new(tokio::io::stdin());
            run_lines(service, opts, stdin, false, listed).await
        }
    }
}

async fn run_lines<S: GameStore, R: AsyncBufRead + Unpin>(
    service: &Service<S>,
    opts: &LocalOptions,
    input: R,
    echo: bool,
    listed: &Mutex<Listed>,
) -> anyhow::Result<()> {
    let mut speaker = opts.speaker.clone();
    let mut input = input;
    while let Some(line) = next_line(&mut input).await? {
        let line = match line {
            Line::Text(text) => text,
            Line::Unreadable(why) => {
                let lang = terminal_lang(opts);
                let why = crate::i18n::t(lang, why, &[]);
                say!(
                    "{}\n",
                    crate::i18n::tr!(lang, "error-cant-read", problem = why)
                );
                continue;
            }
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if echo {
            say!("> {line}");
        }
        if line == "/quit" || line == "quit" {
            break;
        }
        if let Some(name) = line.strip_prefix("/as ") {
            let name = name.trim();
            if let Some(refusal) = name_refusal(name, opts) {
                say!("{refusal}\n");
                continue;
            }
            speaker = name.to_string();
            say!("(now speaking as {speaker})");
            continue;
        }
        let (who, text) = split_speaker(line, &speaker);
        if let Some(refusal) = name_refusal(&who, opts) {
            say!("{refusal}\n");
            continue;
        }
        let ctx = Ctx {
            scope: scope(),
            user_id: speaker_id(&who),
            user_name: who.to_string(),
            is_admin: false,
            delivery: None,
            locale: opts.locale.clone(),
            handle: Some(who.to_string()),
            // The terminal prints a private reply as `(to NAME, private)`.
            private: true,
        };
        let press = lock(listed).pressed(&who, text);
        let reply = match press {
            Some(press) => service.handle(&ctx, press).await,
            None => service.handle_line(&ctx, &as_typed(text)).await,
        };
        deliver(service, &reply, &who, &opts.images, listed).await?;
    }
    Ok(())
}

/// The longest chat line local play reads; the rest of a longer line is skipped.
const MAX_LINE: usize = 64 * 1024;

/// One line of input: text, or a line that cannot be read (and is answered as such).
#[derive(Debug, PartialEq)]
enum Line {
    Text(String),
    Unreadable(&'static str),
}

/// Reads the next line leniently: invalid UTF-8 or an over-long line is one unreadable
/// line, not the end of the session, and memory stays bounded whatever the input.
async fn next_line<R: AsyncBufRead + Unpin>(input: &mut R) -> std::io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let buf = input.fill_buf().await?;
        if buf.is_empty() {
            if bytes.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let used = chunk.len();
        if bytes.len() + used > MAX_LINE {
            too_long = true;
        } else {
            bytes.extend_from_slice(chunk);
        }
        input.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Line::Unreadable("local-line-too-long")));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::Unreadable("local-not-utf8"),
    }))
}

/// Why `name` cannot speak: a name longer than a stored name would be cut, and two long
/// names that agree in their first characters would be one player.
fn name_refusal(name: &str, opts: &LocalOptions) -> Option<String> {
    let max = crate::app::MAX_NAME;
    (name.chars().count() > max).then(|| {
        let lang = terminal_lang(opts);
        crate::i18n::tr!(lang, "local-name-too-long", max = max as i64)
    })
}

/// A speaker's user id: their name in lower case, capped like names (a 1 MB name is not
/// stored as a 1 MB id).
fn speaker_id(who: &str) -> String {
    who.chars()
        .take(crate::app::MAX_NAME)
        .collect::<String>()
        .to_ascii_lowercase()
}

/// `ana: /move N` → (`ana`, `/move N`); a line without a speaker uses the default.
fn split_speaker<'a>(line: &'a str, default: &str) -> (String, &'a str) {
    if let Some((who, rest)) = line.split_once(':') {
        let who = who.trim();
        let rest = rest.trim();
        // `bo: /play d5`, `bo: play d5`, and `bo: hi` too (bo says something the bot does
        // not read, and is told so): one word before the colon is a name, unless it is a
        // cell (`B3:NE`, a wall).
        let cell = who.len() > 1
            && who.starts_with(|c: char| c.is_ascii_alphabetic())
            && who[1..].chars().all(|c| c.is_ascii_digit());
        if !who.is_empty()
            && !who.contains(char::is_whitespace)
            && !who.starts_with('/')
            && !cell
            && !rest.is_empty()
        {
            return (who.to_string(), rest);
        }
    }
    (default.to_string(), line)
}

/// The command a line means. In the terminal every line is for the bot, so a line without
/// a slash whose first word is no command and misspells none (`e1-e2`, `d5`, `move n`
/// is a command already) is an action: `/play e1-e2`, answered as the game reads it
/// rather than as "“/e1-e2” is not a command", which quotes a slash nobody typed.
fn as_typed(text: &str) -> std::borrow::Cow<'_, str> {
    use crate::app::{Command, CommandParseError};
    match Command::parse(text) {
        Err(CommandParseError::Unknown(_, None)) if !text.starts_with('/') => {
            format!("/play {text}").into()
        }
        _ => text.into(),
    }
}

/// Prints a reply, then the posts it makes elsewhere (the group's post of a turn played in
/// private) and its whispers (`(to NAME, private) …`), reporting each post shown.
async fn deliver<S: GameStore>(
    service: &Service<S>,
    reply: &Reply,
    who: &str,
    images: &Path,
    listed: &Mutex<Listed>,
) -> anyhow::Result<()> {
    print_reply(reply, who, images)?;
    lock(listed).shown(reply, who);
    service.posted(reply).await;
    for o in &reply.elsewhere {
        print_reply(&o.reply, "", images)?;
        lock(listed).shown(&o.reply, "");
        service.posted(&o.reply).await;
    }
    for w in &reply.whispers {
        print_reply(&w.reply, &w.to.name, images)?;
        lock(listed).shown(&w.reply, &w.to.name);
    }
    Ok(())
}

/// The buttons listed, locked for a moment (a panic elsewhere leaves them usable).
fn lock(listed: &Mutex<Listed>) -> std::sync::MutexGuard<'_, Listed> {
    listed
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The buttons local play last listed (`[buttons: S · Roll · Wait 1]`), so a label typed
/// as it reads is the press no terminal can make: `S`, `Rolar`, `B1:NW → A1:NE`. A post
/// the group reads lists them for everyone; a private reply for its reader alone, whose
/// own buttons come first. Each reply with buttons replaces the ones listed before it for
/// the same readers; a label typed after the game moved on is an old button, and is
/// answered as one.
#[derive(Default)]
struct Listed {
    /// The group's buttons, and each reader's own.
    by_reader: std::collections::HashMap<String, Vec<ListedButton>>,
}

struct ListedButton {
    label: String,
    game: i64,
    turn: i64,
    payload: String,
}

impl Listed {
    /// Notes the buttons of `reply`, shown to `who` (the group when it is public).
    fn shown(&mut self, reply: &Reply, who: &str) {
        let Some((game, turn)) = reply.turn else {
            return;
        };
        let buttons: Vec<ListedButton> = reply
            .quick()
            .filter(|b| b.payload != crate::app::PROMPT)
            .map(|b| ListedButton {
                label: b.label.clone(),
                game: game.0,
                turn,
                payload: b.payload.clone(),
            })
            .collect();
        if buttons.is_empty() {
            return;
        }
        let reader = match reply.visibility {
            Visibility::Public => {
                // A newer turn: a reader's own buttons of an earlier one are old.
                self.by_reader.retain(|_, b| {
                    b.first()
                        .is_some_and(|b| (b.game, b.turn) == (game.0, turn))
                });
                String::new()
            }
            _ => who.to_string(),
        };
        self.by_reader.insert(reader, buttons);
    }

    /// The press a line typed by `who` makes: a listed label, as it reads (any case; a
    /// label that opens more choices, `b1…`, without its `…` too).
    fn pressed(&self, who: &str, text: &str) -> Option<crate::app::Command> {
        if text.starts_with('/') {
            return None;
        }
        let typed = text.trim();
        let matches = |label: &str| {
            let label = label.trim();
            label.eq_ignore_ascii_case(typed)
                || label
                    .strip_suffix('…')
                    .is_some_and(|l| !l.is_empty() && l.trim().eq_ignore_ascii_case(typed))
        };
        [who, ""]
            .iter()
            .filter_map(|r| self.by_reader.get(*r))
            .flatten()
            .find(|b| matches(&b.label))
            .map(|b| crate::app::Command::Press {
                game: b.game,
                turn: b.turn,
                action: b.payload.clone(),
            })
    }
}

fn print_reply(reply: &Reply, who: &str, images: &Path) -> anyhow::Result<()> {
    say!("{}", shown(reply, who, images)?);
    Ok(())
}

/// A name as part of a file name: letters and digits only.
fn file_word(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .take(32)
        .collect::<String>()
        .to_lowercase()
}

/// A reply as the terminal shows it, every word in the reply's language (the images and
/// files written to `images`, and named), ending with an empty line.
fn shown(reply: &Reply, who: &str, images: &Path) -> anyhow::Result<String> {
    use std::fmt::Write as _;
    let mut out = String::new();
    let text = reply.text.replace("**", "");
    match reply.visibility {
        Visibility::Public => writeln!(out, "{text}")?,
        Visibility::Private => writeln!(
            out,
            "{}",
            crate::i18n::tr!(reply.lang, "local-private", who = who, text = text)
        )?,
        Visibility::Secret => writeln!(
            out,
            "{}",
            crate::i18n::tr!(reply.lang, "local-secret", who = who, text = text)
        )?,
    }
    if let Some(png) = &reply.image {
        // A player's own view is its own file: the group's image of the turn stays.
        let mine = match reply.visibility {
            Visibility::Secret => format!("-{}", file_word(who)),
            _ => String::new(),
        };
        let path = match reply.turn {
            Some((g, t)) => images.join(format!("game{g}-turn{t:04}{mine}.png")),
            // An image of no turn (`/walls`, a look) is numbered: a second one keeps the
            // first.
            None => (1..)
                .map(|n| images.join(format!("image{mine}-{n:03}.png")))
                .find(|p| !p.exists())
                .expect("a free number"),
        };
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        writeln!(out, "[image: {}]", path.display())?;
    }
    for f in &reply.files {
        let path = images.join(&f.name);
        std::fs::write(&path, &f.bytes).with_context(|| format!("writing {}", path.display()))?;
        writeln!(out, "[file: {}]", path.display())?;
    }
    if reply.quick().next().is_some() {
        // No button is pressed in a terminal: the 🔒 one (a player's own view) names the
        // command that gives the same, to the speaker alone.
        let labels: Vec<String> = reply
            .quick()
            .map(|q| match q.payload.as_str() {
                crate::app::PROMPT => {
                    crate::i18n::tr!(reply.lang, "local-my-view", label = q.label.as_str())
                }
                _ => q.label.clone(),
            })
            .collect();
        writeln!(out, "[buttons: {}]", labels.join(" · "))?;
    }
    for m in &reply.mention {
        let who = format!("@{}", m.name);
        writeln!(
            out,
            "{}",
            crate::i18n::tr!(reply.lang, reply.call.key(false), who = who.as_str())
        )?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Attachment;

    #[tokio::test]
    async fn a_line_of_invalid_utf8_is_one_unreadable_line_and_later_lines_are_read() {
        let mut input: &[u8] = b"/help\n\xff\xfe oops\n/status\nlast";
        let mut lines = Vec::new();
        while let Some(line) = next_line(&mut input).await.unwrap() {
            lines.push(line);
        }
        assert_eq!(
            lines,
            [
                Line::Text("/help\n".into()),
                Line::Unreadable("local-not-utf8"),
                Line::Text("/status\n".into()),
                Line::Text("last".into()),
            ]
        );
    }

    #[tokio::test]
    async fn an_endless_line_is_skipped_with_bounded_memory() {
        let mut long = vec![b'x'; MAX_LINE * 3];
        long.extend_from_slice(b"\n/help\n");
        let mut input = tokio::io::BufReader::new(&long[..]);
        assert_eq!(
            next_line(&mut input).await.unwrap(),
            Some(Line::Unreadable("local-line-too-long"))
        );
        assert_eq!(
            next_line(&mut input).await.unwrap(),
            Some(Line::Text("/help\n".into()))
        );
        assert_eq!(next_line(&mut input).await.unwrap(), None);
    }

    #[test]
    fn a_speakers_id_is_capped_like_a_name() {
        let huge = "a".repeat(1 << 20);
        assert_eq!(speaker_id(&huge).chars().count(), crate::app::MAX_NAME);
        assert_eq!(speaker_id("Ana"), "ana");
    }

    #[test]
    fn files_are_written_next_to_the_turn_images() {
        let dir = tempfile::tempdir().unwrap();
        let mut reply = Reply::text("the record");
        reply.files.push(Attachment {
            name: "game-3-record.json".into(),
            bytes: b"{}".to_vec(),
        });
        print_reply(&reply, "ana", dir.path()).unwrap();
        let written = std::fs::read(dir.path().join("game-3-record.json")).unwrap();
        assert_eq!(written, b"{}");
    }

    /// An image of no turn is a new file each time: a second `/walls` keeps the first.
    #[test]
    fn images_of_no_turn_are_numbered() {
        let dir = tempfile::tempdir().unwrap();
        let mut reply = Reply::text("walls");
        reply.image = Some(vec![1]);
        let first = shown(&reply, "bo", dir.path()).unwrap();
        reply.image = Some(vec![2]);
        let second = shown(&reply, "bo", dir.path()).unwrap();
        assert!(first.contains("image-001.png"), "{first}");
        assert!(second.contains("image-002.png"), "{second}");
        assert_eq!(
            std::fs::read(dir.path().join("image-001.png")).unwrap(),
            [1]
        );
    }

    /// A reply in Portuguese is shown in Portuguese to its last word: who is called and
    /// whom a private answer is for (issue 33.13).
    #[test]
    fn a_reply_is_shown_in_its_own_language() {
        let dir = tempfile::tempdir().unwrap();
        let mut reply = Reply::text("Produto #1 · 1");
        reply.lang = crate::i18n::Lang::PtBr;
        reply.mention.push(crate::app::Mention {
            user_id: "ana".into(),
            name: "ana".into(),
        });
        let text = shown(&reply, "bo", dir.path()).unwrap();
        assert!(text.ends_with("@ana, é a sua vez.\n"), "{text}");
        reply.visibility = Visibility::Private;
        let text = shown(&reply, "bo", dir.path()).unwrap();
        assert!(text.starts_with("(só para bo) Produto #1"), "{text}");
        reply.lang = crate::i18n::Lang::En;
        let text = shown(&reply, "bo", dir.path()).unwrap();
        assert!(text.starts_with("(to bo only) Produto #1"), "{text}");
        assert!(text.ends_with("@ana, it's your turn.\n"), "{text}");
    }

    /// No button is pressed in a terminal: the 🔒 one (a player's own view) names the
    /// command that gives it, to the speaker alone.
    #[test]
    fn the_lock_button_names_the_command_that_gives_it() {
        use crate::app::{Button, PROMPT};
        let dir = tempfile::tempdir().unwrap();
        let mut reply = Reply::text("Labirinto da Hidra #1 · 3");
        reply.buttons = vec![
            vec![Button::new("end", "end")],
            vec![Button::new("🔒 My view and hand", PROMPT)],
        ];
        let text = shown(&reply, "ana", dir.path()).unwrap();
        assert!(
            text.contains("[buttons: end · 🔒 My view and hand (type /myview)]"),
            "{text}"
        );
        reply.lang = crate::i18n::Lang::PtBr;
        let text = shown(&reply, "ana", dir.path()).unwrap();
        assert!(text.contains("(digite /myview)]"), "{text}");
    }

    #[test]
    fn a_speaker_prefix_is_optional() {
        assert_eq!(
            split_speaker("ana: /move N", "bo"),
            ("ana".into(), "/move N")
        );
        assert_eq!(split_speaker("/move N", "bo"), ("bo".into(), "/move N"));
        // Without the slash too, when what follows reads as a command (issue 33.14);
        // a wall's name is no speaker.
        assert_eq!(
            split_speaker("bo: play d5", "ana"),
            ("bo".into(), "play d5")
        );
        assert_eq!(
            split_speaker("/rotate-wall B3:NE B2:SE", "ana").0,
            "ana".to_string()
        );
        assert_eq!(
            split_speaker("/rotate-wall B3:NE B2:SE", "bo"),
            ("bo".into(), "/rotate-wall B3:NE B2:SE")
        );
        assert_eq!(split_speaker("B3:NE", "bo"), ("bo".into(), "B3:NE"));
        // Whatever bo says is bo's, read or not: ana is not told "/bo:" is no command.
        assert_eq!(split_speaker("bo: hi", "ana"), ("bo".into(), "hi"));
    }

    /// A listed button's label typed is its press: the group's for anyone, a reader's own
    /// for them first; a label that opens more choices without its `…`; a newer turn's
    /// post leaves a reader's older buttons out.
    #[test]
    fn a_listed_label_typed_presses_its_button() {
        use crate::app::{Button, Command};
        use crate::store::GameId;
        let post = |turn: i64, buttons: Vec<Button>, private: bool| {
            let mut r = if private {
                Reply::private("")
            } else {
                Reply::text("")
            };
            r.buttons = vec![buttons];
            r.turn = Some((GameId(7), turn));
            r
        };
        let press = |turn: i64, action: &str| Command::Press {
            game: 7,
            turn,
            action: action.to_string(),
        };
        let mut listed = Listed::default();
        listed.shown(
            &post(
                3,
                vec![Button::new("S", "move S"), Button::new("Rolar", "roll")],
                false,
            ),
            "",
        );
        assert_eq!(listed.pressed("bo", "s"), Some(press(3, "move S")));
        assert_eq!(listed.pressed("bo", " rolar "), Some(press(3, "roll")));
        assert_eq!(listed.pressed("bo", "/rolar"), None);
        assert_eq!(listed.pressed("bo", "n"), None);
        listed.shown(&post(3, vec![Button::new("b1…", "pick b1")], true), "ana");
        assert_eq!(listed.pressed("ana", "b1"), Some(press(3, "pick b1")));
        assert_eq!(listed.pressed("bo", "b1"), None);
        listed.shown(&post(4, vec![Button::new("N", "move N")], false), "");
        assert_eq!(listed.pressed("ana", "b1"), None);
        assert_eq!(listed.pressed("ana", "S"), None);
        assert_eq!(listed.pressed("ana", "n"), Some(press(4, "move N")));
    }

    #[test]
    fn a_line_without_a_slash_that_is_no_command_is_an_action() {
        assert_eq!(as_typed("e1-e2"), "/play e1-e2");
        assert_eq!(as_typed("move n"), "move n");
        assert_eq!(as_typed("play d5"), "play d5");
        // A misspelt command is answered as one ("did you mean /status?").
        assert_eq!(as_typed("staus"), "staus");
        // Typed with a slash, it is a command, known or not.
        assert_eq!(as_typed("/e1-e2"), "/e1-e2");
    }
}
