//! The transport-neutral commands, and reading them from a chat line (`/move NNE`).
//!
//! Discord builds [`Command`]s from slash-command options; Telegram and local play read
//! them from text with [`Command::parse`]. Either way the service sees the same enum.

use labscape_core::GameKind;
use thiserror::Error;

/// Longest command line accepted.
pub const MAX_LINE: usize = 300;

/// Options of `new`: the game, the seats, a challenge, and the words its game reads
/// (`pyramid hard`, `stones=10 second`: the service parses no game's words).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewOptions {
    /// The game (`None`: the default game).
    pub game: Option<GameKind>,
    /// The words the game reads, as typed.
    pub words: Vec<String>,
    /// Most seats.
    pub players: Option<u8>,
    /// A challenge to one person.
    pub opponent: Option<Invite>,
}

/// The one person a challenge is addressed to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invite {
    /// Their platform user id, or their handle as typed (`@bo`).
    pub id: String,
    /// How the lobby post names them.
    pub name: String,
}

/// Everything a chat user can ask of the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Open a lobby in this chat.
    New(NewOptions),
    /// Take a seat.
    Join,
    /// Give up a seat in the lobby.
    Leave,
    /// Start the game (creator).
    Start,
    /// Stop the game (creator or admin).
    Abandon,
    /// Add a computer player to the lobby.
    AddBot(Option<String>),
    /// Show the game.
    Status,
    /// One of a game's own views on request (Labscape's `/walls`), by its word.
    Look(String),
    /// One's own view of the game, for oneself alone: what the 🔒 button gives, typed
    /// (local play has no buttons to press).
    MyView,
    /// Rules summary.
    Rules(Option<String>),
    /// A dice or setup table.
    Table(Option<String>),
    /// The last actions.
    Log(Option<usize>),
    /// Command list.
    Help,
    /// Show or change the game's reminder and deadline settings (`reminder 12h limit 5
    /// deadline 48h policy auto-wait`).
    Settings(Vec<String>),
    /// Show or change one's own preferences (`tz Europe/Lisbon quiet 22:00-07:00`).
    Me(Vec<String>),
    /// Declare oneself away until a time (`3d`, `2026-11-25 18:00`, `off`).
    Away(Option<String>),
    /// What happened since one's own last turn.
    Recap,
    /// Put off the reminder for one's turn by 4 hours.
    Snooze,
    /// The running game so far, or else the chat's last finished game, as an animated GIF.
    Replay,
    /// The same game's record file (`labscape-record/1`): the seed only once it is over.
    Export,
    /// The same game's dice against fair dice, per player.
    Luck,
    /// Records over finished games: this chat's leaderboard, or one's own.
    Records(RecordsOf),
    /// A draw by agreement in a two-player game: offered, accepted, declined or taken back.
    Draw(DrawAnswer),
    /// A player of a two-player game gives it up.
    Resign,
    /// A game action in the public notation (move, roll, rotate-wall, exit, wait, wall,
    /// item, autofill), optionally tied to the turn number a button was made for.
    Play {
        /// The action text.
        action: String,
        /// The turn the button showed; a different current turn means the button is old.
        expected_turn: Option<i64>,
    },
    /// A button pressed under a turn: its game, its turn and its payload (the action, or
    /// the game's short form of it). A button of a game that is no longer this chat's live
    /// one is old, whatever its turn says.
    Press {
        /// The game the button belongs to.
        game: i64,
        /// The turn it was made for.
        turn: i64,
        /// The action it plays.
        action: String,
    },
}

/// What `/draw` says: yes (offer a draw, or accept the one offered) or no (decline the
/// offer, or take one's own back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAnswer {
    /// Offer, or accept.
    Yes,
    /// Decline, or take back.
    No,
}

impl DrawAnswer {
    /// Reads `/draw`'s word (none is yes), in English or Portuguese.
    ///
    /// # Errors
    /// [`CommandParseError::BadDrawArg`] for any other word.
    pub fn parse(args: &[&str]) -> Result<DrawAnswer, CommandParseError> {
        const YES: [&str; 7] = ["yes", "accept", "offer", "y", "sim", "aceito", "aceitar"];
        const NO: [&str; 10] = [
            "no", "decline", "withdraw", "n", "off", "não", "nao", "recuso", "recusar", "retiro",
        ];
        let is = |words: &[&str], w: &str| words.iter().any(|x| x.eq_ignore_ascii_case(w));
        match args {
            [] => Ok(DrawAnswer::Yes),
            [w] if is(&YES, w) => Ok(DrawAnswer::Yes),
            [w] if is(&NO, w) => Ok(DrawAnswer::No),
            _ => Err(CommandParseError::BadDrawArg(args.join(" "))),
        }
    }
}

/// Whose records `/records` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordsOf {
    /// The leaderboard of this chat (or thread, or topic), of the chat's game.
    Chat,
    /// This chat's leaderboard of one game (`/records skarb`).
    Game(GameKind),
    /// The asker's own, over every chat on the platform.
    Me,
}

/// A line that is not a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandParseError {
    /// Too long.
    #[error("that is too long (at most {MAX_LINE} characters)")]
    TooLong,
    /// Unknown command word, and the command it most likely misspells, if one is near.
    #[error("“/{0}” is not a command; /help lists them")]
    Unknown(String, Option<&'static str>),
    /// Not a count for `/log`.
    #[error("“{0}” is not a count from 1 to 100; write it like /log 10")]
    BadCount(String),
    /// A word `/new` does not know.
    #[error("I can't read “{0}”; write it like /new pyramid medium random 4")]
    BadNewArg(String),
    /// A seat count out of range for `/new`.
    #[error("a game seats 1 to 8 players, not {0}")]
    BadPlayers(u8),
    /// Something after `/draw` other than yes or no.
    #[error("“{0}” is not for /draw; write /draw to offer or accept a draw, /draw no to decline")]
    BadDrawArg(String),
    /// Something after `/records` other than `me` or a game.
    #[error("“{0}” is not for /records; write /records, /records GAME, or /records me")]
    BadRecordsArg(String),
}

/// The words of the service's own commands, as [`Command::parse`] reads them (beside the
/// games' own verbs and views): the ones a mistyped command may be near. Telegram's names
/// (`newgame`) and short forms (`p`) are left out: the suggestion is renamed for each
/// platform.
pub(super) const WORDS: &[&str] = &[
    "new", "join", "leave", "start", "abandon", "addbot", "status", "rules", "table", "log",
    "help", "settings", "me", "away", "recap", "snooze", "replay", "export", "luck", "draw",
    "resign", "records", "play", "myview",
];

/// The game whose own command `verb` is (`move` is Labscape's), if any.
fn games_verb(verb: &str) -> Option<GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .find(|k| crate::games::of(*k).verbs().contains(&verb))
}

impl Command {
    /// The command's kind, for logs: never its arguments (an action may hold what others
    /// may not read).
    pub fn kind(&self) -> &'static str {
        match self {
            Command::New(_) => "new",
            Command::Join => "join",
            Command::Leave => "leave",
            Command::Start => "start",
            Command::Abandon => "abandon",
            Command::AddBot(_) => "addbot",
            Command::Status => "status",
            Command::Look(_) => "look",
            Command::MyView => "myview",
            Command::Rules(_) => "rules",
            Command::Table(_) => "table",
            Command::Log(_) => "log",
            Command::Help => "help",
            Command::Settings(_) => "settings",
            Command::Me(_) => "me",
            Command::Away(_) => "away",
            Command::Recap => "recap",
            Command::Snooze => "snooze",
            Command::Replay => "replay",
            Command::Export => "export",
            Command::Luck => "luck",
            Command::Records(_) => "records",
            Command::Draw(_) => "draw",
            Command::Resign => "resign",
            Command::Play { .. } => "play",
            Command::Press { .. } => "press",
        }
    }

    /// Reads `/verb args…` (the slash is optional; a `@botname` suffix on the verb, as
    /// Telegram adds in groups, is ignored). The commands a Portuguese speaker tries first
    /// read in Portuguese too (`/novo`, `/entrar`, `/começar`, `/jogar`, `/ajuda`,
    /// `/regras`, `/estado`, `/desistir`, …; Labscape's `/mover`, `/rolar` are its own
    /// verbs); the menus and the texts name the English ones. `/sair` is none: it would
    /// mean leaving a lobby to one player and Labscape's exit to another.
    ///
    /// # Errors
    /// [`CommandParseError`] for an unknown command or an unreadable option.
    pub fn parse(line: &str) -> Result<Command, CommandParseError> {
        if line.len() > MAX_LINE {
            return Err(CommandParseError::TooLong);
        }
        let line = line.trim();
        let line = line.strip_prefix('/').unwrap_or(line);
        let mut words = line.split_whitespace();
        let verb = words.next().unwrap_or("");
        let verb = verb.split('@').next().unwrap_or(verb).to_ascii_lowercase();
        let args: Vec<&str> = words.collect();
        let one_arg = || args.first().map(|s| s.to_string());
        Ok(match verb.as_str() {
            "new" | "newgame" | "novo" | "nova" => Command::New(parse_new(&args)?),
            "join" | "entrar" => Command::Join,
            "leave" => Command::Leave,
            "start" | "startgame" | "comecar" | "começar" | "iniciar" => Command::Start,
            "abandon" | "abandonar" => Command::Abandon,
            "addbot" => Command::AddBot(one_arg()),
            "status" | "estado" | "situacao" | "situação" => Command::Status,
            "myview" | "my_view" | "my-view" | "hand" => Command::MyView,
            "rules" | "regras" => Command::Rules(one_arg()),
            "table" | "tabela" => Command::Table(one_arg()),
            "log" => Command::Log(match args.first() {
                None => None,
                Some(n) => Some(
                    n.parse::<usize>()
                        .ok()
                        .filter(|n| (1..=100).contains(n))
                        .ok_or_else(|| CommandParseError::BadCount((*n).to_string()))?,
                ),
            }),
            "help" | "ajuda" | "" => Command::Help,
            "settings" => Command::Settings(args.iter().map(|s| s.to_string()).collect()),
            "me" => Command::Me(args.iter().map(|s| s.to_string()).collect()),
            "away" => Command::Away((!args.is_empty()).then(|| args.join(" "))),
            "recap" | "resumo" => Command::Recap,
            "snooze" => Command::Snooze,
            "replay" => Command::Replay,
            "export" | "exportar" => Command::Export,
            "luck" => Command::Luck,
            "draw" | "empate" => Command::Draw(DrawAnswer::parse(&args)?),
            "resign" | "concede" | "desistir" => Command::Resign,
            "records" | "record" | "recordes" => Command::Records(match args.as_slice() {
                [] => RecordsOf::Chat,
                [w] if ["me", "mine", "eu", "meu", "meus"]
                    .iter()
                    .any(|m| w.eq_ignore_ascii_case(m)) =>
                {
                    RecordsOf::Me
                }
                [w] if GameKind::from_id(w).is_some() => {
                    RecordsOf::Game(GameKind::from_id(w).expect("checked"))
                }
                _ => return Err(CommandParseError::BadRecordsArg(args.join(" "))),
            }),
            "play" | "p" | "jogar" => Command::Play {
                action: args.join(" "),
                expected_turn: None,
            },
            v if crate::games::owner_of_look(v).is_some() => Command::Look(v.to_string()),
            v if games_verb(v).is_some() => Command::Play {
                action: std::iter::once(v.replace('_', "-"))
                    .chain(args.iter().map(|s| s.to_string()))
                    .collect::<Vec<_>>()
                    .join(" "),
                expected_turn: None,
            },
            v => {
                return Err(CommandParseError::Unknown(
                    v.to_string(),
                    super::nearest::command(v),
                ));
            }
        })
    }
}

/// `new`'s words: a game's id first (the default game without one), then in any order a
/// seat count, an `@opponent`, and the words the game reads.
fn parse_new(args: &[&str]) -> Result<NewOptions, CommandParseError> {
    let mut o = NewOptions::default();
    let mut args = args;
    if let Some((first, rest)) = args.split_first()
        && let Some(kind) = GameKind::from_id(first)
    {
        o.game = Some(kind);
        args = rest;
    }
    for a in args {
        if a.len() > 1 && a.starts_with('@') {
            o.opponent = Some(Invite {
                id: (*a).to_string(),
                name: (*a).to_string(),
            });
        } else if let Ok(n) = a.parse::<u8>() {
            if !(1..=8).contains(&n) {
                return Err(CommandParseError::BadPlayers(n));
            }
            o.players = Some(n);
        } else {
            o.words.push((*a).to_string());
        }
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenge_and_a_side_are_read_with_a_games_options() {
        let Ok(Command::New(o)) = Command::parse("/new gatos-caes @Bo second") else {
            panic!("a new game");
        };
        assert_eq!(o.words, ["second"], "the side is the game's word");
        assert_eq!(o.opponent.map(|i| i.id), Some("@Bo".to_string()));
        let module = crate::games::of(GameKind::GatosCaes);
        assert_eq!(
            module.lobby_settings(&["second".into()]).unwrap().side,
            Some("second")
        );
        let module = crate::games::of(GameKind::Semaforo);
        assert_eq!(
            module
                .lobby_settings(&["side=sorteio".into()])
                .unwrap()
                .side,
            Some("random")
        );
        assert!(module.lobby_settings(&["side=middle".into()]).is_err());
    }

    #[test]
    fn chat_lines_read_as_commands() {
        assert_eq!(
            Command::parse("/move NNE").unwrap(),
            Command::Play {
                action: "move NNE".into(),
                expected_turn: None
            }
        );
        assert_eq!(
            Command::parse("/rotate_wall B3:NE B2:SE").unwrap(),
            Command::Play {
                action: "rotate-wall B3:NE B2:SE".into(),
                expected_turn: None
            }
        );
        assert_eq!(
            Command::parse("/status@LabscapeBot").unwrap(),
            Command::Status
        );
        assert_eq!(Command::parse("/log 5").unwrap(), Command::Log(Some(5)));
        assert_eq!(Command::parse("/ajuda").unwrap(), Command::Help);
        assert_eq!(
            Command::parse("/regras duo").unwrap(),
            Command::Rules(Some("duo".into()))
        );
        assert_eq!(Command::parse("/Começar").unwrap(), Command::Start);
        assert_eq!(Command::parse("/entrar").unwrap(), Command::Join);
        assert_eq!(
            Command::parse("/jogar e4").unwrap(),
            Command::Play {
                action: "e4".into(),
                expected_turn: None
            }
        );
        assert_eq!(Command::parse("/replay").unwrap(), Command::Replay);
        assert_eq!(Command::parse("/export").unwrap(), Command::Export);
        assert_eq!(Command::parse("/luck@LabscapeBot").unwrap(), Command::Luck);
        assert!(Command::parse("/log 0").is_err());
        assert_eq!(
            Command::parse("/new hard 3 pyramid").unwrap(),
            Command::New(NewOptions {
                words: vec!["hard".into(), "pyramid".into()],
                players: Some(3),
                ..NewOptions::default()
            })
        );
        assert_eq!(
            Command::parse("/new Labscape duo").unwrap(),
            Command::New(NewOptions {
                game: Some(GameKind::Labscape),
                words: vec!["duo".into()],
                ..NewOptions::default()
            })
        );
        assert_eq!(
            Command::parse("/play b2-C3").unwrap(),
            Command::Play {
                action: "b2-C3".into(),
                expected_turn: None
            }
        );
        assert!(Command::parse("/new 9").is_err());
        assert_eq!(
            Command::parse("/fly"),
            Err(CommandParseError::Unknown("fly".into(), None))
        );
        assert_eq!(
            Command::parse("/Staus@LabscapeBot now"),
            Err(CommandParseError::Unknown("staus".into(), Some("status")))
        );
        assert_eq!(
            Command::parse(&"x".repeat(400)),
            Err(CommandParseError::TooLong)
        );
    }

    #[test]
    fn every_command_word_a_typo_may_be_near_is_a_command() {
        for word in WORDS {
            let read = Command::parse(&format!("/{word}"));
            assert!(
                !matches!(read, Err(CommandParseError::Unknown(..))),
                "{word}: {read:?}"
            );
        }
    }

    #[test]
    fn draw_and_records_read_their_word() {
        let draw = |l: &str| Command::parse(l);
        assert_eq!(draw("/draw").unwrap(), Command::Draw(DrawAnswer::Yes));
        assert_eq!(
            draw("/draw Accept").unwrap(),
            Command::Draw(DrawAnswer::Yes)
        );
        assert_eq!(draw("/draw não").unwrap(), Command::Draw(DrawAnswer::No));
        assert_eq!(draw("/draw no").unwrap(), Command::Draw(DrawAnswer::No));
        assert_eq!(
            draw("/draw no thanks"),
            Err(CommandParseError::BadDrawArg("no thanks".into()))
        );
        assert_eq!(
            Command::parse("/records").unwrap(),
            Command::Records(RecordsOf::Chat)
        );
        assert_eq!(
            Command::parse("/records ME").unwrap(),
            Command::Records(RecordsOf::Me)
        );
        assert_eq!(
            Command::parse("/records everyone"),
            Err(CommandParseError::BadRecordsArg("everyone".into()))
        );
        assert_eq!(
            Command::parse("/records labscape").unwrap(),
            Command::Records(RecordsOf::Game(GameKind::from_id("labscape").unwrap()))
        );
    }
}
