//! Crash points: the named moments of a turn where a crash does the most harm, at which the
//! end-to-end tests stop the real binary and kill it (SIGKILL), to prove that a crash there
//! loses nothing and doubles nothing.
//!
//! Only a build with the `test-support` feature has them (the tests' build of the binary);
//! in any other build [`reached`] is empty and reads nothing. With the feature, and only
//! when the test sets `LABSCAPE_TEST_CRASH_AT` to the point's name, reaching the point
//! writes the file `LABSCAPE_TEST_CRASH_MARK` names and then waits for ever, holding what it
//! holds (a game's lock, an open transaction), for the test to kill the process. This is
//! the one place below `main` that reads the environment: a test's switch, not a setting.

/// A moment a test may kill the process at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrashPoint {
    /// A person's turn is committed; the computer player to move next has not chosen yet.
    BeforeComputers,
    /// Inside the transaction of a message's several actions, after the first is written.
    BetweenActions,
}

impl CrashPoint {
    /// The name a test sets in `LABSCAPE_TEST_CRASH_AT`.
    pub fn name(self) -> &'static str {
        match self {
            CrashPoint::BeforeComputers => "before-computers",
            CrashPoint::BetweenActions => "between-actions",
        }
    }
}

/// Stops here for good when a test asked for this point; otherwise returns at once.
#[cfg(feature = "test-support")]
pub async fn reached(point: CrashPoint) {
    if std::env::var("LABSCAPE_TEST_CRASH_AT").ok().as_deref() != Some(point.name()) {
        return;
    }
    if let Some(mark) = std::env::var_os("LABSCAPE_TEST_CRASH_MARK") {
        let _ = std::fs::write(mark, point.name());
    }
    tracing::warn!(
        point = point.name(),
        "stopped at a crash point, waiting to be killed"
    );
    std::future::pending::<()>().await;
}

/// Stops here for good when a test asked for this point; otherwise returns at once.
#[cfg(not(feature = "test-support"))]
#[inline]
pub async fn reached(_point: CrashPoint) {}
