//! A throw-away PostgreSQL server for tests: `initdb` into a temporary directory, started
//! with `pg_ctl` on a free port of 127.0.0.1, stopped and deleted when dropped. The
//! distribution's packages provide the programs (`/usr/lib/postgresql/*/bin`); they refuse
//! to run as root, so as root they run as the `postgres` system user. A machine without
//! them leaves the PostgreSQL run out and says so plainly on the terminal, unless
//! `LABSCAPE_REQUIRE_POSTGRES=1` (set by `.ci/run`), which makes it fail instead: CI never
//! passes without the PostgreSQL run.

use std::{path::PathBuf, process::Command};

/// A running server; stopped when dropped.
#[derive(Debug)]
pub struct TestPostgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
}

/// The newest `/usr/lib/postgresql/N/bin` holding `initdb`.
fn find_bin() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let version = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Set to `1` to make a missing PostgreSQL a failure rather than a run left out.
pub const REQUIRE: &str = "LABSCAPE_REQUIRE_POSTGRES";

impl TestPostgres {
    /// Starts a server; `None` (said on the terminal, past the test harness's capture)
    /// when PostgreSQL is not installed and [`REQUIRE`] is not set: `test` names the run
    /// left out.
    ///
    /// # Panics
    /// If PostgreSQL does not start, or is not installed while [`REQUIRE`] is set.
    pub fn start(test: &str) -> Option<TestPostgres> {
        let Some(bin) = find_bin() else {
            let why = "PostgreSQL is not installed (initdb and pg_ctl in \
                       /usr/lib/postgresql/*/bin; apt-get install -y postgresql)";
            if std::env::var(REQUIRE).is_ok_and(|v| v == "1") {
                panic!("{why}, and {REQUIRE}=1 requires the PostgreSQL run");
            }
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "NOTE: {test}: the PostgreSQL run DID NOT HAPPEN: {why}."
            );
            return None;
        };
        let dir = tempfile::tempdir().expect("a temporary directory");
        let as_postgres = is_root();
        if as_postgres {
            let ok = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(dir.path())
                .status()
                .is_ok_and(|s| s.success());
            assert!(ok, "chown of the test server's directory to postgres");
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let server = TestPostgres {
            dir,
            bin,
            port,
            as_postgres,
        };
        let data = server.data();
        server.run(
            "initdb",
            &[
                "-D",
                data.to_str().expect("a UTF-8 path"),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
        );
        let options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off -c full_page_writes=off",
            server.dir.path().display()
        );
        let log = server.dir.path().join("server.log");
        server.run(
            "pg_ctl",
            &[
                "-D",
                data.to_str().expect("a UTF-8 path"),
                "-l",
                log.to_str().expect("a UTF-8 path"),
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
        Some(server)
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// One of the server's programs, to run as `postgres` when we are root.
    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(path);
            c
        } else {
            Command::new(path)
        }
    }

    /// Runs one of the server's programs; panics with its output if it fails.
    fn run(&self, program: &str, args: &[&str]) {
        let out = self
            .command(program)
            .args(args)
            .current_dir(self.dir.path())
            .output()
            .unwrap_or_else(|e| panic!("running {program}: {e}"));
        if !out.status.success() {
            let log =
                std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default();
            panic!(
                "{program} failed: {}{}\n{log}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }

    /// The URL of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// A new empty database; its URL.
    pub async fn fresh_database(&self, name: &str) -> String {
        use sqlx::Connection;
        let mut admin = sqlx::PgConnection::connect(&self.url("postgres"))
            .await
            .expect("the test server answers");
        sqlx::query(&format!("CREATE DATABASE \"{name}\""))
            .execute(&mut admin)
            .await
            .expect("a new database");
        self.url(name)
    }
}

impl Drop for TestPostgres {
    fn drop(&mut self) {
        let data = self.data();
        if let Some(data) = data.to_str() {
            let _ = self
                .command("pg_ctl")
                .args(["-D", data, "-m", "immediate", "-w", "stop"])
                .output();
        }
    }
}
