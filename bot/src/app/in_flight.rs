//! Commands being handled right now, counted, so a shutdown can let in-flight turns finish
//! (within a bounded grace) instead of cutting them off between their commit and reply.

use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Notify;

use super::Service;
use crate::store::GameStore;

/// The count of commands in flight.
#[derive(Debug, Default)]
pub(super) struct InFlight {
    count: AtomicUsize,
    idle: Notify,
}

/// One command in flight; dropping it ends it.
pub(super) struct Handling<'a>(&'a InFlight);

impl InFlight {
    /// Notes the start of a command.
    pub(super) fn start(&self) -> Handling<'_> {
        self.count.fetch_add(1, Ordering::SeqCst);
        Handling(self)
    }

    /// Waits until no command is in flight.
    async fn idle(&self) {
        loop {
            let notified = self.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.count.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for Handling<'_> {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl<S: GameStore> Service<S> {
    /// Waits until every command being handled has finished (its turn committed and its
    /// reply made): what a clean shutdown waits for, with a time limit of its own.
    pub async fn idle(&self) {
        self.in_flight.idle().await;
    }
}

#[cfg(test)]
mod tests {
    use std::{sync::Arc, time::Duration};

    use super::*;

    #[tokio::test]
    async fn idle_waits_for_every_command_in_flight() {
        let f = Arc::new(InFlight::default());
        f.idle().await;
        let g = f.clone();
        let (started, wait) = tokio::sync::oneshot::channel();
        let task = tokio::spawn(async move {
            let _h = g.start();
            let _ = started.send(());
            tokio::time::sleep(Duration::from_millis(50)).await;
        });
        wait.await.unwrap();
        assert_eq!(f.count.load(Ordering::SeqCst), 1);
        f.idle().await;
        assert_eq!(f.count.load(Ordering::SeqCst), 0);
        task.await.unwrap();
    }
}
