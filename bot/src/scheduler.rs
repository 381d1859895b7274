//! The one scheduler task: fires reminders and deadlines when they fall due and hands the
//! resulting messages to the platforms. Timers live in the database (`turn_timers`), so
//! this task holds no state a restart could lose.

use std::{future::Future, sync::Arc, time::Duration};

use tokio::sync::mpsc;

use crate::{
    app::{Clock, Outgoing, Service},
    store::GameStore,
};

/// The longest the scheduler sleeps before looking again (new turns create new timers).
pub const MAX_SLEEP_SECS: i64 = 60;

/// Runs until `shutdown` completes, passing every message to `deliver`.
pub async fn run<S, F>(service: Arc<Service<S>>, deliver: F, shutdown: impl Future<Output = ()>)
where
    S: GameStore,
    F: Fn(Outgoing) + Send + Sync,
{
    tokio::pin!(shutdown);
    loop {
        let now = service.now();
        for message in service.fire_due(now).await {
            deliver(message);
        }
        let wait = match service.next_due().await {
            Some(t) if t > now => (t - now).min(MAX_SLEEP_SECS),
            Some(_) => 1,
            None => MAX_SLEEP_SECS,
        };
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(wait as u64)) => {}
            () = &mut shutdown => return,
        }
    }
}

/// Routes messages to the platform that owns their chat.
#[derive(Debug, Default, Clone)]
pub struct Router {
    routes: Vec<(String, mpsc::UnboundedSender<Outgoing>)>,
}

impl Router {
    /// Sends `platform`'s messages to `tx`.
    pub fn route(mut self, platform: &str, tx: mpsc::UnboundedSender<Outgoing>) -> Router {
        self.routes.push((platform.to_string(), tx));
        self
    }

    /// Delivers one message (dropped, with a log line, if no platform takes it).
    pub fn deliver(&self, message: Outgoing) {
        match self
            .routes
            .iter()
            .find(|(p, _)| *p == message.scope.platform)
        {
            Some((_, tx)) => {
                if tx.send(message).is_err() {
                    tracing::warn!("a platform stopped taking messages");
                }
            }
            None => {
                tracing::warn!(platform = %message.scope.platform, "no platform for a scheduled message")
            }
        }
    }
}

/// A clock that follows tokio's (pausable) time from a starting unix time: the scheduler's
/// sleeps and the service's notion of "now" move together, in production and in tests.
#[derive(Debug, Clone, Copy)]
pub struct TokioClock {
    base_unix: i64,
    base: tokio::time::Instant,
}

impl TokioClock {
    /// Starts at `base_unix`.
    pub fn starting_at(base_unix: i64) -> TokioClock {
        TokioClock {
            base_unix,
            base: tokio::time::Instant::now(),
        }
    }
}

impl Clock for TokioClock {
    fn now(&self) -> i64 {
        self.base_unix + self.base.elapsed().as_secs() as i64
    }
}

/// Starts the scheduler in the background for `router`'s platforms.
pub fn spawn<S: GameStore>(
    service: Arc<Service<S>>,
    router: Router,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(run(
        service,
        move |m| router.deliver(m),
        std::future::pending(),
    ))
}
