//! An in-process implementation held to the same deadline as a program: one thread holds the
//! implementation and answers the requests in order, and a request not answered within the
//! timeout is a [`Failure::Timeout`] instead of a hang.
//!
//! A thread cannot be stopped from outside, so an implementation still busy with a request
//! past its deadline stays busy: the requests after it are refused at once, each with a
//! timeout that names the late request, until it comes back (then it answers again). One that
//! panics is a [`Failure::Broken`] that names the request and the panic, and the next request
//! is answered by a fresh copy on a new thread, as an adapter is started again after a crash.
//!
//! ```
//! use std::time::Duration;
//! use arbiter_protocol::watchdog::Watchdog;
//! use arbiter_protocol::{Answer, Failure, Hello, Implementation, Op, Reply, PROTOCOL_VERSION};
//!
//! /// Answers `hello` at once and never finishes anything else.
//! #[derive(Clone)]
//! struct Stuck;
//! impl Implementation for Stuck {
//!     fn hello(&mut self) -> Answer<Hello> {
//!         let (name, version) = ("stuck".into(), "1".into());
//!         Ok(Hello { name, version, protocol: PROTOCOL_VERSION, ops: vec![], profile: None, note: None, rules: None })
//!     }
//!     fn answer(&mut self, _: &Op) -> Answer<Reply> {
//!         loop {
//!             std::thread::park();
//!         }
//!     }
//! }
//!
//! let mut watched = Watchdog::new("the stuck core", Stuck, Duration::from_millis(50));
//! assert_eq!(watched.hello().unwrap().name, "stuck");
//! let perft = Op::Perft { position: Default::default(), depth: 1 };
//! let Err(Failure::Timeout(late)) = watched.answer(&perft) else { panic!("a timeout") };
//! assert!(late.contains("no answer to request 2 (perft"), "{late}");
//! // Still busy with it: the next request is refused at once, naming the late one.
//! let Err(Failure::Timeout(refused)) = watched.hello() else { panic!("a timeout") };
//! assert!(refused.contains("still answering request 2 (perft"), "{refused}");
//! ```

use std::any::Any;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::client::{describe, seconds};
use crate::implementation::{Answer, Failure, Implementation};
use crate::message::{Hello, Op, Reply, Request};

/// How long after a late request's deadline the next request waits for the implementation to
/// come back (at most the timeout): one that stops itself at the same deadline, as a bounded
/// perft does, returns within it. After it, requests are refused at once.
const GRACE: Duration = Duration::from_secs(1);

/// An in-process implementation whose every request has a deadline.
pub struct Watchdog<I> {
    /// Who answers, for messages ("the reference core").
    name: String,
    /// A copy as it was given, for each thread started.
    fresh: I,
    /// The thread that holds the implementation and answers, once started.
    worker: Option<Worker<I>>,
    /// The request still being answered past its deadline, if any.
    late: Option<Late>,
    timeout: Duration,
    next_id: u64,
}

/// One request's work, run on the worker's thread with its implementation.
type Job<I> = Box<dyn FnOnce(&mut I) + Send>;

/// A thread that answers requests in order with its own copy of the implementation, and says
/// when it has finished each.
struct Worker<I> {
    jobs: mpsc::Sender<Job<I>>,
    finished: mpsc::Receiver<()>,
    thread: JoinHandle<()>,
}

/// A request that ran past its deadline.
struct Late {
    request: String,
    deadline: Instant,
}

impl<I: Implementation + Clone + Send + 'static> Watchdog<I> {
    /// `implementation`, named `name` in messages, with each request bounded by `timeout`.
    pub fn new(name: &str, implementation: I, timeout: Duration) -> Watchdog<I> {
        Watchdog { name: name.to_owned(), fresh: implementation, worker: None, late: None, timeout, next_id: 1 }
    }

    /// Runs `job` with the implementation on its thread as the request `op` (which names it in
    /// messages), under the same deadline as a request: for what an in-process caller asks of
    /// the implementation beyond the protocol's operations (the runner's reading of a case's
    /// position for its report, by the reference core). A job past its deadline is a
    /// [`Failure::Timeout`] and the requests after it are refused at once, as for any request.
    ///
    /// ```
    /// use std::time::Duration;
    /// use arbiter_protocol::watchdog::Watchdog;
    /// use arbiter_protocol::{Answer, Failure, Hello, Implementation, Op, Reply};
    ///
    /// #[derive(Clone)]
    /// struct Idle;
    /// impl Implementation for Idle {
    ///     fn hello(&mut self) -> Answer<Hello> {
    ///         Err(Failure::unsupported("hello"))
    ///     }
    ///     fn answer(&mut self, op: &Op) -> Answer<Reply> {
    ///         Err(Failure::unsupported(op.name()))
    ///     }
    /// }
    ///
    /// let mut watched = Watchdog::new("the idle core", Idle, Duration::from_millis(50));
    /// assert_eq!(watched.run(Op::Hello, |_| Ok(6 * 7)).unwrap(), 42);
    /// let Err(Failure::Timeout(late)) = watched.run::<u32>(Op::Hello, |_| loop { std::thread::park() })
    /// else { panic!("a timeout") };
    /// assert!(late.contains("no answer to request 2 (hello)"), "{late}");
    /// let Err(Failure::Timeout(refused)) = watched.run(Op::Hello, |_| Ok(1)) else { panic!("refused") };
    /// assert!(refused.contains("still answering request 2 (hello)"), "{refused}");
    /// ```
    pub fn run<T: Send + 'static>(
        &mut self,
        op: Op,
        job: impl FnOnce(&mut I) -> Answer<T> + Send + 'static,
    ) -> Answer<T> {
        self.within(op, |implementation, _| job(implementation))
    }

    /// Asks `op` through `ask` on the worker's thread and waits at most the timeout for the
    /// answer.
    fn within<T: Send + 'static>(
        &mut self,
        op: Op,
        ask: impl FnOnce(&mut I, &Op) -> Answer<T> + Send + 'static,
    ) -> Answer<T> {
        // Described (JSON, the whole move list) only for a message, not on every request.
        let request = Arc::new(Request { id: self.next_id, op });
        self.next_id += 1;
        self.wait_for_late(&request)?;
        self.start(&request)?;
        let (answer_to, answer) = mpsc::channel();
        let asked = Arc::clone(&request);
        let job: Job<I> = Box::new(move |implementation| {
            // The receiver is gone only when the request was given up: nothing is left to tell.
            let _ = answer_to.send(ask(implementation, &asked.op));
        });
        if self.worker.as_ref().is_none_or(|worker| worker.jobs.send(job).is_err()) {
            return Err(self.lost(&request));
        }
        match answer.recv_timeout(self.timeout) {
            Ok(answer) => {
                // The worker says so right after the answer, unless it panicked in between.
                if self.worker.as_ref().is_none_or(|worker| worker.finished.recv().is_err()) {
                    self.worker = None;
                }
                answer
            }
            Err(RecvTimeoutError::Timeout) => {
                let what = describe(&request);
                self.late = Some(Late { request: what.clone(), deadline: Instant::now() });
                Err(Failure::Timeout(format!(
                    "no answer to {what} within {} from {}",
                    seconds(self.timeout),
                    self.name
                )))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.lost(&request)),
        }
    }

    /// Waits at most the grace for a late request to end; a timeout naming it if it does not.
    fn wait_for_late(&mut self, request: &Request) -> Answer<()> {
        let (Some(late), Some(worker)) = (&self.late, &self.worker) else { return Ok(()) };
        // The grace runs from the deadline: once it is over, a request is refused at once.
        let grace_ends = late.deadline + GRACE.min(self.timeout);
        match worker.finished.recv_timeout(grace_ends.saturating_duration_since(Instant::now())) {
            // Back: the late request was the one job outstanding.
            Ok(_) => {}
            // Lost to a panic: a fresh thread answers next.
            Err(RecvTimeoutError::Disconnected) => self.worker = None,
            Err(RecvTimeoutError::Timeout) => {
                return Err(Failure::Timeout(format!(
                    "{} was not asked: {} is still answering {}, which ran past its {} deadline {:.1} s ago",
                    describe(request),
                    self.name,
                    late.request,
                    seconds(self.timeout),
                    late.deadline.elapsed().as_secs_f64()
                )))
            }
        }
        self.late = None;
        Ok(())
    }

    /// Starts a worker with a fresh copy of the implementation if there is none.
    fn start(&mut self, request: &Request) -> Answer<()> {
        if self.worker.is_none() {
            let (jobs, queue) = mpsc::channel::<Job<I>>();
            let (finish, finished) = mpsc::channel();
            let mut implementation = self.fresh.clone();
            let thread = thread::Builder::new()
                .name("arbiter-watched".into())
                .spawn(move || {
                    for job in queue {
                        job(&mut implementation);
                        if finish.send(()).is_err() {
                            break;
                        }
                    }
                })
                .map_err(|e| {
                    Failure::Broken(format!("{} cannot be asked {}: no thread: {e}", self.name, describe(request)))
                })?;
            self.worker = Some(Worker { jobs, finished, thread });
        }
        Ok(())
    }

    /// The failure of a request whose worker stopped: it panicked, and the next request is
    /// answered by a fresh copy on a new thread.
    fn lost(&mut self, request: &Request) -> Failure {
        let panic = self.worker.take().and_then(|worker| worker.thread.join().err());
        let panic = panic.map(|payload| panic_message(&*payload)).unwrap_or_else(|| "it stopped".to_owned());
        Failure::Broken(format!("{} panicked answering {}: {panic}", self.name, describe(request)))
    }
}

/// A panic's message, when it has one.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

impl<I: Implementation + Clone + Send + 'static> Implementation for Watchdog<I> {
    fn hello(&mut self) -> Answer<Hello> {
        self.within(Op::Hello, |implementation, _| implementation.hello())
    }

    fn answer(&mut self, op: &Op) -> Answer<Reply> {
        self.within(op.clone(), |implementation, op| implementation.answer(op))
    }

    /// The implementation's own check after a case (on its thread, within the timeout), unless
    /// it is still answering a late request, which has already failed its case.
    fn finish_case(&mut self) -> Answer<()> {
        if self.late.is_some() || self.worker.is_none() {
            return Ok(());
        }
        self.within(Op::Hello, |implementation, _| implementation.finish_case())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    use super::*;
    use crate::message::{PerftAnswer, PositionSpec, PROTOCOL_VERSION};

    /// Answers perft with `depth` nodes after sleeping `depth` tenths of a second; panics at
    /// depth 0, and from depth 50 after sleeping `depth - 50` tenths. Counts the copies that
    /// answered (`copies` is shared by every copy).
    #[derive(Clone)]
    struct Sleeper {
        copies: Arc<AtomicU32>,
        counted: bool,
    }

    impl Implementation for Sleeper {
        fn hello(&mut self) -> Answer<Hello> {
            let (name, version) = ("sleeper".into(), "1".into());
            Ok(Hello { name, version, protocol: PROTOCOL_VERSION, ops: vec![], profile: None, note: None, rules: None })
        }

        fn answer(&mut self, op: &Op) -> Answer<Reply> {
            if !self.counted {
                self.counted = true;
                self.copies.fetch_add(1, Ordering::SeqCst);
            }
            let Op::Perft { depth, .. } = op else { return Err(Failure::unsupported(op.name())) };
            assert!(*depth > 0, "depth 0 is not counted here");
            if *depth >= 50 {
                thread::sleep(Duration::from_millis(100 * u64::from(*depth - 50)));
                panic!("depth {depth} is too deep");
            }
            thread::sleep(Duration::from_millis(100 * u64::from(*depth)));
            Ok(Reply::Perft(PerftAnswer { nodes: u64::from(*depth), divide: Default::default() }))
        }
    }

    fn perft(depth: u32) -> Op {
        Op::Perft {
            position: PositionSpec { fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(), ..PositionSpec::default() },
            depth,
        }
    }

    fn watched(timeout_ms: u64) -> (Watchdog<Sleeper>, Arc<AtomicU32>) {
        let copies = Arc::new(AtomicU32::new(0));
        let sleeper = Sleeper { copies: Arc::clone(&copies), counted: false };
        (Watchdog::new("the sleeper", sleeper, Duration::from_millis(timeout_ms)), copies)
    }

    fn nodes(answer: Answer<Reply>) -> u64 {
        match answer {
            Ok(Reply::Perft(perft)) => perft.nodes,
            other => panic!("a perft answer, not {other:?}"),
        }
    }

    #[test]
    fn answers_in_time_come_through_from_one_copy() {
        let (mut watched, copies) = watched(2_000);
        assert_eq!(nodes(watched.answer(&perft(1))), 1);
        assert_eq!(nodes(watched.answer(&perft(2))), 2);
        assert_eq!(copies.load(Ordering::SeqCst), 1, "the same implementation answered both");
    }

    #[test]
    fn a_late_request_times_out_and_the_implementation_answers_again_once_back() {
        let (mut watched, copies) = watched(250);
        let started = Instant::now();
        let Err(Failure::Timeout(late)) = watched.answer(&perft(20)) else { panic!("a timeout") };
        assert!(started.elapsed() < Duration::from_millis(1_500), "the deadline, not the 2 s answer, ended the wait");
        assert_eq!(
            late,
            "no answer to request 1 (perft of \"8/8/8/8/8/8/8/K6k w - - 0 1\") within 0.25 s from the sleeper"
        );
        // Back once its perft of 2 s is done: the next request is answered by it.
        thread::sleep(Duration::from_millis(2_000));
        assert_eq!(nodes(watched.answer(&perft(1))), 1);
        assert_eq!(copies.load(Ordering::SeqCst), 1, "the late implementation came back and answered");
    }

    #[test]
    fn requests_while_still_late_are_refused_at_once() {
        let (mut watched, _) = watched(100);
        assert!(matches!(watched.answer(&perft(30)), Err(Failure::Timeout(_))));
        let started = Instant::now();
        let Err(Failure::Timeout(refused)) = watched.answer(&perft(1)) else { panic!("a timeout") };
        assert!(started.elapsed() < Duration::from_millis(2_000), "refused after the grace, not the 3 s answer");
        assert!(
            refused.starts_with("request 2 (perft of \"8/8/8/8/8/8/8/K6k w - - 0 1\") was not asked: the sleeper is still answering request 1 (perft"),
            "{refused}"
        );
        assert!(refused.contains("ran past its 0.1 s deadline 0.1 s ago"), "{refused}");
        let Err(Failure::Timeout(again)) = watched.hello() else { panic!("a timeout") };
        assert!(
            again.starts_with("request 3 (hello) was not asked: the sleeper is still answering request 1"),
            "{again}"
        );
        assert_eq!(watched.finish_case(), Ok(()), "a late implementation has nothing more to say");
    }

    #[test]
    fn a_panic_is_broken_and_a_fresh_copy_answers_next() {
        let (mut watched, copies) = watched(2_000);
        assert_eq!(nodes(watched.answer(&perft(1))), 1);
        let Err(Failure::Broken(broken)) = watched.answer(&perft(0)) else { panic!("broken") };
        assert_eq!(broken, "the sleeper panicked answering request 2 (perft of \"8/8/8/8/8/8/8/K6k w - - 0 1\"): depth 0 is not counted here");
        assert_eq!(nodes(watched.answer(&perft(1))), 1);
        assert_eq!(copies.load(Ordering::SeqCst), 2, "a fresh copy answered after the panic");
    }

    #[test]
    fn a_late_request_that_panics_leaves_a_fresh_copy_to_answer() {
        let (mut watched, copies) = watched(250);
        assert!(matches!(watched.answer(&perft(54)), Err(Failure::Timeout(_))));
        // It panics 0.4 s in, after its deadline: the next request, a second later, finds the
        // thread gone.
        thread::sleep(Duration::from_millis(1_000));
        assert_eq!(nodes(watched.answer(&perft(1))), 1);
        assert_eq!(copies.load(Ordering::SeqCst), 2, "a fresh copy answered after the late panic");
    }
}
