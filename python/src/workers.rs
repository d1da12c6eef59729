//! The threads a `VecEnv` steps its games on: the calling thread and a few workers that
//! stay awake between calls.
//!
//! Measured on the 2-core machine this was tuned on (a virtual machine): a thread
//! spawned for every call, or a pool whose threads sleep as soon as a call is done, made
//! two threads slower than one, since waking the second core cost about as much as a
//! call's work (some hundred microseconds). So the workers wait busy for a moment
//! ([`KEEP_AWAKE`]) after each call, which covers the gap between two calls of a
//! stepping loop, and the calling thread works beside them and waits busy for their
//! last chunk instead of sleeping.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rayon::{ThreadPool, ThreadPoolBuilder};

/// How long the workers wait busy for the next call after one is done.
const KEEP_AWAKE: Duration = Duration::from_micros(500);

/// The threads besides the calling one.
pub(crate) struct Workers {
    pool: ThreadPool,
    threads: usize,
    /// The number of calls begun: a worker waiting busy goes back to the pool when it
    /// changes.
    calls: Arc<AtomicU64>,
}

impl Workers {
    /// `threads - 1` workers (`None` for one thread, or when the system gives none).
    pub(crate) fn new(threads: usize) -> Option<Workers> {
        let extra = threads.checked_sub(1).filter(|&n| n > 0)?;
        let pool = ThreadPoolBuilder::new().num_threads(extra).build().ok()?;
        Some(Workers {
            pool,
            threads: extra,
            calls: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Runs `f` on every part, on the calling thread and the workers at once: the
    /// calling thread takes parts from the front, the workers from the back (so that,
    /// call after call, a part of the same place tends to run on the same core, its data
    /// still in that core's cache), each taking the next one left, so that a thread the
    /// machine leaves waiting holds up the others by one part at most.
    pub(crate) fn share<T: Send>(&self, parts: Vec<T>, f: impl Fn(T) + Sync) {
        self.calls.fetch_add(1, Ordering::AcqRel);
        let n = parts.len();
        let parts: Vec<Mutex<Option<T>>> = parts.into_iter().map(|p| Mutex::new(Some(p))).collect();
        // The parts not yet taken: `left..right`.
        let span = Mutex::new((0, n));
        let take = |from_back: bool| {
            let mut span = span.lock().ok()?;
            let (left, right) = *span;
            if left >= right {
                None
            } else if from_back {
                span.1 = right - 1;
                Some(right - 1)
            } else {
                span.0 = left + 1;
                Some(left)
            }
        };
        let work = |from_back: bool| {
            while let Some(i) = take(from_back) {
                if let Some(part) = parts[i].lock().ok().and_then(|mut p| p.take()) {
                    f(part);
                }
            }
        };
        let finished = AtomicUsize::new(0);
        self.pool.in_place_scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|_| {
                    work(true);
                    finished.fetch_add(1, Ordering::AcqRel);
                });
            }
            work(false);
            // The workers' last parts take microseconds: sleeping until the scope's end
            // would cost a wake-up.
            let mut spins = 0u32;
            while finished.load(Ordering::Acquire) < self.threads {
                spins += 1;
                if spins & 1023 == 0 {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
        });
        self.keep_awake();
    }

    /// Keeps each worker waiting busy until the next call begins or [`KEEP_AWAKE`]
    /// passes.
    fn keep_awake(&self) {
        let call = self.calls.load(Ordering::Acquire);
        for _ in 0..self.threads {
            let calls = Arc::clone(&self.calls);
            self.pool.spawn(move || {
                let since = Instant::now();
                while calls.load(Ordering::Acquire) == call && since.elapsed() < KEEP_AWAKE {
                    std::hint::spin_loop();
                }
            });
        }
    }
}
