//! Shared harness: building and driving the real binary.

use std::{
    io::{BufRead, BufReader, Write},
    path::{Path, PathBuf},
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
    sync::OnceLock,
};

/// The `labscape` binary, built once per test run with the same profile as the tests.
///
/// It is built for the whole workspace with its tests, so cargo resolves the same features
/// as `cargo test --workspace` did: `-p labscape` alone leaves out the fakes' features
/// (hyper's server) and would rebuild half the dependency tree, twice per run.
///
/// The variables cargo sets for this test process (`CARGO_MANIFEST_DIR` and the like) are
/// taken out of the nested cargo's environment: build scripts that watch them (ring's
/// watches `CARGO_MANIFEST_DIR`) would otherwise see a change and rebuild ring, rustls and
/// everything above them, which cost about four minutes of every CI run.
pub fn labscape_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("workspace root")
            .to_path_buf();
        let mut build = Command::new(cargo);
        build
            .args(["build", "--quiet", "--workspace", "--bins", "--tests"])
            .current_dir(&root);
        for (name, _) in std::env::vars_os() {
            if name.to_str().is_some_and(set_by_cargo_for_this_test) {
                build.env_remove(&name);
            }
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "building the labscape binary failed");
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target"));
        let bin = target.join("debug").join("labscape");
        assert!(bin.exists(), "{} was not built", bin.display());
        bin
    })
    .clone()
}

/// Whether cargo sets `name` for the crate or test it runs, rather than the user for cargo.
/// <https://doc.rust-lang.org/cargo/reference/environment-variables.html#environment-variables-cargo-sets-for-crates>
fn set_by_cargo_for_this_test(name: &str) -> bool {
    const PREFIXES: [&str; 3] = ["CARGO_PKG_", "CARGO_MANIFEST_", "CARGO_BIN_"];
    const NAMES: [&str; 5] = [
        "CARGO_CRATE_NAME",
        "CARGO_PRIMARY_PACKAGE",
        "CARGO_TARGET_TMPDIR",
        "CARGO_RUSTC_CURRENT_DIR",
        "OUT_DIR",
    ];
    PREFIXES.iter().any(|p| name.starts_with(p)) || NAMES.contains(&name)
}

/// One reply block printed by local play.
#[derive(Debug, Clone)]
pub struct Block {
    pub lines: Vec<String>,
}

impl Block {
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }
    /// The turn number from a public game message's heading.
    pub fn turn(&self) -> Option<i64> {
        let first = self.lines.first()?;
        let i = first.find("· turn ")?;
        first[i + "· turn ".len()..].trim().parse().ok()
    }
    /// Whether the reply was private (a refusal or a help text).
    pub fn private(&self) -> bool {
        self.lines.first().is_some_and(|l| l.starts_with("(to "))
    }
    /// The player mentioned as next (`@name, it's your turn.`).
    pub fn mentioned(&self) -> Option<String> {
        self.lines.iter().find_map(|l| {
            l.strip_prefix('@')
                .and_then(|r| r.split_once(", it's your turn"))
                .map(|(n, _)| n.to_string())
        })
    }
    /// The image written for this reply.
    pub fn image(&self) -> Option<PathBuf> {
        self.lines.iter().find_map(|l| {
            l.strip_prefix("[image: ")
                .and_then(|r| r.strip_suffix(']'))
                .map(PathBuf::from)
        })
    }
}

/// `labscape local` driven line by line through pipes, like a person at a terminal.
pub struct LocalClient {
    pub child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl LocalClient {
    pub fn spawn(db: &Path, images: &Path, speaker: &str) -> LocalClient {
        LocalClient::spawn_env(db, images, speaker, &[])
    }

    /// [`LocalClient::spawn`] with more variables in its environment.
    pub fn spawn_env(db: &Path, images: &Path, speaker: &str, env: &[(&str, &str)]) -> LocalClient {
        let mut child = Command::new(labscape_bin())
            .args(["local", "--db"])
            .arg(db)
            .arg("--images")
            .arg(images)
            .args(["--as", speaker])
            .env("LABSCAPE_LOG", "error")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("labscape starts");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        // Skip the greeting (ends with a line mentioning /quit).
        let mut line = String::new();
        loop {
            line.clear();
            if stdout.read_line(&mut line).expect("greeting") == 0 || line.contains("/quit") {
                break;
            }
        }
        LocalClient {
            child,
            stdin,
            stdout,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Reads one reply block (up to the blank line that ends it).
    pub fn read(&mut self) -> Option<Block> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end().to_string();
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                return Some(Block { lines });
            }
            lines.push(line);
        }
    }

    pub fn say(&mut self, line: &str) -> Block {
        self.send(line);
        self.read().unwrap_or_else(|| panic!("no reply to {line}"))
    }

    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn quit(mut self) {
        self.send("/quit");
        let _ = self.child.wait();
    }
}

/// A small deterministic generator for test choices (xorshift).
pub struct TestRng(pub u64);

impl TestRng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A free port on 127.0.0.1 (bound, then let go).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Runs `f` to its end on a runtime of its own: the tests reading a database file the
/// binary writes are plain (synchronous) tests.
pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

/// Whether text the group reads tells a Hidra secret: a token named where it was explored,
/// an artifact named where it was taken, drawn from the bank, snatched or seen with the Gem.
pub fn hidra_secret_told(text: &str) -> bool {
    let explored = text
        .match_indices("looks at the token on ")
        .any(|(i, m)| text[i + m.len()..].chars().nth(2) == Some(':'));
    explored
        || text.contains("sees every face-down token:")
        || labscape_core::hidra::TokenName::all()
            .map(|t| t.id())
            .any(|n| {
                [
                    format!(" takes {n}"),
                    format!(" takes the {n}"),
                    format!("The {n} from the bank"),
                    format!("snatch the {n}"),
                ]
                .iter()
                .any(|form| text.contains(form.as_str()))
            })
}

/// `text` with every seed commitment (a word of 64 hexadecimal digits, shown when a game
/// begins) written `<commitment>`: two games dealt from different seeds compared for
/// everything else they show, and short words such as a square's name looked for without
/// meeting one inside a hash.
pub fn without_commitments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.len() == 64 && word.chars().all(|c| c.is_ascii_hexdigit()) {
            out.push_str("<commitment>");
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[test]
fn a_commitment_is_hidden_and_nothing_else() {
    let hash = "ab".repeat(32);
    assert_eq!(
        without_commitments(&format!("Seed commitment (SHA-256): {hash}; a1 b2.")),
        "Seed commitment (SHA-256): <commitment>; a1 b2."
    );
    assert_eq!(without_commitments(&"ab".repeat(31)), "ab".repeat(31));
}
