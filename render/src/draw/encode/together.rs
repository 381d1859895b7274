//! A short list of jobs worked through by the calling thread and a thread of the pool
//! together, the caller never asleep while the last job finishes elsewhere.
//!
//! An image is made in two steps of two or three jobs each (its bands drawn, then the
//! pieces of its stream compressed), a few hundred microseconds each. Handed to rayon from
//! a thread outside its pool (the bot's blocking threads, a benchmark's main), each step
//! ended with the caller asleep on a latch, and waking it took 90–110 µs on the 2-core
//! machine: a tenth of a board's image. Here the caller takes jobs itself, one helper on
//! the pool takes the others, and a caller done first waits for the helper's last job by
//! spinning, for at most [`SPIN`] rounds, rather than by sleeping.
//!
//! Only while no other image is being made: when several are (a process serving many
//! groups at once), the callers working beside the pool would have more images under way
//! than there are cores, more memory, and spinning would take a core from work
//! (`labscape bench --render` made 7% fewer turns a second). Then the jobs go to the pool
//! as they always did, and the caller sleeps.

use std::sync::{
    Mutex,
    atomic::{AtomicBool, AtomicUsize, Ordering},
};

/// How many rounds a caller done first spins for the helper's last job before it lets
/// rayon wait for it (each round a pause of some 40–140 cycles: up to a millisecond or
/// two, longer than a job of an image).
const SPIN: u32 = 1 << 15;

/// `f` over every item, on this thread and one of the pool's; results in order. Each item
/// is taken once, by whichever thread is free first.
pub(super) fn in_parallel<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let n = items.len();
    if n <= 1 {
        return items.into_iter().map(f).collect();
    }
    let _making = Making::new();
    if ACTIVE.load(Ordering::Relaxed) > 1 {
        use rayon::prelude::*;
        return items.into_par_iter().map(&f).collect();
    }
    let items: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let results: Vec<Mutex<Option<R>>> = (0..n).map(|_| Mutex::new(None)).collect();
    // The next item to take. Taken with acquire and release, so that a caller that finds
    // every item taken also sees that a helper who took one has begun.
    let next = AtomicUsize::new(0);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::AcqRel);
            if i >= n {
                break;
            }
            let item = items[i].lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(item) = item {
                let r = f(item);
                *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
            }
        }
    };
    // Whether the helper has begun, and has left: the scope waits for it to leave, and a
    // caller that reached that wait first would sleep.
    let (helper_in, helper_out) = (AtomicBool::new(false), AtomicBool::new(false));
    rayon::in_place_scope(|s| {
        s.spawn(|_| {
            helper_in.store(true, Ordering::Release);
            // Set when the helper leaves, even by a panic.
            let _out = Leaving(&helper_out);
            work();
        });
        work();
        // Every item is taken: those this thread took are done, and any other is the
        // helper's, done when it has left (a helper that has not begun took none). Spinning
        // stops as soon as another image is begun: its jobs want the core.
        let busy = || helper_in.load(Ordering::Acquire) && !helper_out.load(Ordering::Acquire);
        let mut rounds = 0;
        while busy() && rounds < SPIN && ACTIVE.load(Ordering::Relaxed) == 1 {
            std::hint::spin_loop();
            rounds += 1;
        }
    });
    results
        .into_iter()
        .map(|r| {
            let r = r.into_inner().unwrap_or_else(|e| e.into_inner());
            r.expect("every item's job has run")
        })
        .collect()
}

/// Sets its flag when dropped: a helper leaving.
struct Leaving<'a>(&'a AtomicBool);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

/// How many calls of [`in_parallel`] are under way in the process.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// One call of [`in_parallel`] under way, counted in [`ACTIVE`] while it lives.
struct Making;

impl Making {
    fn new() -> Making {
        ACTIVE.fetch_add(1, Ordering::Relaxed);
        Making
    }
}

impl Drop for Making {
    fn drop(&mut self) {
        ACTIVE.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_done_once_and_the_results_keep_their_order() {
        let calls = AtomicUsize::new(0);
        let out = in_parallel((0..7).collect(), |i: u32| {
            calls.fetch_add(1, Ordering::Relaxed);
            i * i
        });
        assert_eq!(out, vec![0, 1, 4, 9, 16, 25, 36]);
        assert_eq!(calls.load(Ordering::Relaxed), 7);
        assert_eq!(in_parallel(vec![3], |i: u32| i + 1), vec![4]);
        assert!(in_parallel(Vec::<u32>::new(), |i| i).is_empty());
    }

    #[test]
    fn a_call_inside_another_hands_its_jobs_to_the_pool() {
        // The inner calls find another under way and take rayon's way.
        let out = in_parallel(vec![1, 2, 3], |i: u32| {
            in_parallel(vec![i, i + 10], |j| j * 2)
        });
        assert_eq!(out, vec![vec![2, 22], vec![4, 24], vec![6, 26]]);
    }

    #[test]
    fn a_panic_in_a_job_reaches_the_caller_whichever_thread_ran_it() {
        let result = std::panic::catch_unwind(|| {
            in_parallel(vec![1, 2, 3, 4], |i: u32| {
                assert_ne!(i, 3, "a job that fails");
                i
            })
        });
        assert!(result.is_err());
        // Nothing is left counted as under way.
        assert_eq!(in_parallel(vec![1, 2], |i: u32| i), vec![1, 2]);
    }

    #[test]
    fn it_works_from_a_thread_of_the_pool_too() {
        let out = rayon::scope(|_| in_parallel(vec![1, 2, 3], |i: u32| i * 10));
        assert_eq!(out, vec![10, 20, 30]);
    }
}
