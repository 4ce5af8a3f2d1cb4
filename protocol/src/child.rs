//! A program arbiter talks to over pipes (an adapter or a UCI engine), held so that whatever it
//! does cannot hang arbiter, grow its memory without bound or outlive it:
//!
//! - it runs in a process group of its own, registered while it lives, and the whole group
//!   (everything it started) is killed when the [`Child`] is dropped, when it is restarted and,
//!   through [`install_exit_cleanup`], when arbiter gets SIGINT, SIGTERM or SIGHUP;
//! - its standard input is written by a thread, so a program that stops reading blocks only
//!   that thread, never the caller;
//! - its standard output is read line by line by a thread, each line capped at
//!   [`MAX_LINE_BYTES`] (a longer one is reported, by its start, and skipped), into a bounded
//!   queue, and every read has a deadline ([`Child::read_line`]);
//! - its exit is noticed even while a process it started still holds its output open;
//! - its standard error is read in capped lines too: forwarded to arbiter's (escaped) or kept as
//!   a short tail for error messages.

use std::collections::{BTreeSet, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::excerpt::{excerpt, printable};

/// The longest line of standard output read whole; a longer one is an error (the longest
/// honest answer, a divide or a list of moves, is a few kilobytes).
pub const MAX_LINE_BYTES: usize = 4 << 20;
/// The longest line of standard error kept or forwarded; the rest of such a line is dropped.
const MAX_STDERR_LINE_BYTES: usize = 1000;
/// How many lines of standard error [`Child::stderr_tail`] keeps.
const STDERR_LINES: usize = 10;
/// How many lines of standard output wait to be read before the reader stops reading (and the
/// program, once the pipe is full, waits).
const QUEUED_LINES: usize = 64;
/// How long a program that has exited is given for the last of its output to arrive, and one
/// that has closed its output for its exit status.
const EXIT_GRACE: Duration = Duration::from_millis(300);

/// The process groups of the children alive now.
static LIVE: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// What the program's standard error is used for.
#[derive(Clone, Debug)]
pub enum Stderr {
    /// Forwarded to arbiter's standard error, each line escaped and capped, after `prefix`.
    Forward {
        /// Put before each forwarded line.
        prefix: String,
    },
    /// Kept: its last lines are in error messages ([`Child::stderr_tail`]).
    Keep,
}

/// Why [`Child::read_line`] gave no line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing came before the deadline.
    TimedOut,
    /// The program exited or closed its output: how, in words (`exited (exit status: 3)`,
    /// `closed its standard output but is still running`).
    Ended(String),
    /// A line longer than [`MAX_LINE_BYTES`]: its start, quoted, and its length so far.
    TooLong(String),
}

/// What the reader threads report.
enum Event {
    Line(String),
    TooLong {
        start: String,
        bytes: usize,
    },
    /// End of standard output (or an error reading it).
    Closed,
    /// The program exited.
    Exited(ExitStatus),
}

/// A running program, its process group and its pipes.
pub struct Child {
    pid: i32,
    events: Receiver<Event>,
    input: Option<Sender<Vec<u8>>>,
    /// Bytes queued for standard input and not written yet.
    unwritten: Arc<AtomicUsize>,
    /// Why writing to standard input failed, once it has.
    input_error: Arc<Mutex<Option<String>>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    status: Option<ExitStatus>,
    /// When the exit was seen (the output may still be arriving).
    exited_at: Option<Instant>,
    closed: bool,
    killed: bool,
}

/// The instant `timeout` from now; a timeout too long to represent is a year.
pub fn deadline_after(timeout: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(timeout).or_else(|| now.checked_add(Duration::from_secs(365 * 24 * 3600))).unwrap_or(now)
}

impl Child {
    /// Starts `program` with `args` in a process group of its own, with piped standard streams.
    pub fn spawn(program: &str, args: &[String], stderr: Stderr) -> std::io::Result<Child> {
        let mut command = Command::new(program);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // The registry is held while the program starts, so that a signal handled meanwhile
        // (see install_exit_cleanup) waits and then kills this one too.
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        let mut child = command.spawn()?;
        let pid = i32::try_from(child.id()).unwrap_or(0);
        live.insert(pid);
        drop(live);
        let (Some(stdin), Some(stdout), Some(err)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            kill_group(pid);
            let _ = child.wait();
            return Err(std::io::Error::other("the program's standard streams could not be piped"));
        };
        let (send, events) = mpsc::sync_channel(QUEUED_LINES);
        let lines = send.clone();
        std::thread::spawn(move || read_stdout(stdout, &lines));
        std::thread::spawn(move || {
            let status = child.wait();
            if let Ok(status) = status {
                let _ = send.send(Event::Exited(status));
            }
        });
        let (input, queue) = mpsc::channel::<Vec<u8>>();
        let unwritten = Arc::new(AtomicUsize::new(0));
        let input_error = Arc::new(Mutex::new(None));
        let (pending, failed) = (Arc::clone(&unwritten), Arc::clone(&input_error));
        std::thread::spawn(move || write_stdin(stdin, &queue, &pending, &failed));
        let tail = Arc::new(Mutex::new(VecDeque::with_capacity(STDERR_LINES)));
        let ring = Arc::clone(&tail);
        std::thread::spawn(move || read_stderr(err, &stderr, &ring));
        Ok(Child {
            pid,
            events,
            input: Some(input),
            unwritten,
            input_error,
            stderr: tail,
            status: None,
            exited_at: None,
            closed: false,
            killed: false,
        })
    }

    /// Queues `line` and a newline for the program's standard input; it never blocks. An error
    /// says why the input is closed (the program exited or closed it).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        if let Some(error) = self.input_error.lock().unwrap_or_else(PoisonError::into_inner).clone() {
            return Err(error);
        }
        let Some(input) = &self.input else { return Err("its standard input is closed".to_owned()) };
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.unwritten.fetch_add(bytes.len(), Ordering::SeqCst);
        input.send(bytes).map_err(|_| "its standard input is closed".to_owned())
    }

    /// How many bytes sent are not yet written to the program (it is not reading), if any: words
    /// for a timeout message.
    pub fn unread_note(&self) -> String {
        match self.unwritten.load(Ordering::SeqCst) {
            0 => String::new(),
            n => format!("; it has not read its input ({n} bytes still unwritten)"),
        }
    }

    /// The next line of standard output (without its line ending), waiting until `deadline`.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        loop {
            if self.closed {
                return Err(ReadError::Ended(self.ending()));
            }
            let until = match self.exited_at {
                Some(at) => deadline.min(at + EXIT_GRACE),
                None => deadline,
            };
            match self.events.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok(Event::Line(line)) => return Ok(line),
                Ok(Event::TooLong { start, bytes }) => {
                    return Err(ReadError::TooLong(format!("{} ({bytes} bytes and more)", excerpt(&start))))
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => self.closed = true,
                Ok(Event::Exited(status)) => {
                    self.status = Some(status);
                    self.exited_at = Some(Instant::now());
                }
                Err(RecvTimeoutError::Timeout) if self.exited_at.is_some() => {
                    // It exited, and whatever it started still holds its output open.
                    return Err(ReadError::Ended(self.ending()));
                }
                Err(RecvTimeoutError::Timeout) => return Err(ReadError::TimedOut),
            }
        }
    }

    /// A line of standard output already waiting, if any (without waiting for one).
    pub fn pending_line(&mut self) -> Option<String> {
        loop {
            match self.events.try_recv() {
                Ok(Event::Line(line)) => return Some(line),
                Ok(Event::TooLong { start, .. }) => return Some(start),
                Ok(Event::Exited(status)) => {
                    self.status = Some(status);
                    self.exited_at = Some(Instant::now());
                }
                Ok(Event::Closed) | Err(TryRecvError::Disconnected) => {
                    self.closed = true;
                    return None;
                }
                Err(TryRecvError::Empty) => return None,
            }
        }
    }

    /// How the program ended (or that it still runs), in words, waiting briefly for its exit
    /// status once its output has closed.
    pub fn ending(&mut self) -> String {
        let until = Instant::now() + EXIT_GRACE;
        while self.status.is_none() && self.closed {
            match self.events.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok(Event::Exited(status)) => self.status = Some(status),
                Ok(_) => {}
                Err(_) => break,
            }
        }
        match self.status {
            Some(status) if status.code().is_some() => format!("exited ({status})"),
            Some(status) => format!("was killed ({status})"),
            None if self.closed => "closed its standard output but is still running".to_owned(),
            None => "is still running".to_owned(),
        }
    }

    /// The last lines of standard error (escaped, capped), after a moment for them to arrive.
    pub fn stderr_tail(&self) -> Vec<String> {
        std::thread::sleep(Duration::from_millis(50));
        self.stderr.lock().unwrap_or_else(PoisonError::into_inner).iter().cloned().collect()
    }

    /// Sends `quit` (if given), closes standard input and gives the program `grace` to exit by
    /// itself; then kills its process group.
    pub fn close(&mut self, quit: Option<&str>, grace: Duration) {
        if let Some(line) = quit {
            let _ = self.send(line);
        }
        self.input = None;
        let until = Instant::now() + grace;
        while self.status.is_none() && Instant::now() < until {
            match self.events.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok(Event::Exited(status)) => self.status = Some(status),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        self.kill();
    }

    /// Kills the program and everything in its process group (what it started).
    pub fn kill(&mut self) {
        if !std::mem::replace(&mut self.killed, true) {
            LIVE.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.pid);
            kill_group(self.pid);
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Kills every child process group alive now (before an exit that skips destructors).
pub fn kill_all() {
    let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    for &pid in live.iter() {
        kill_group(pid);
    }
}

/// On SIGINT, SIGTERM or SIGHUP, kills every child process group and exits with 128 plus the
/// signal's number (130, 143, 129), as a shell reports a program ended by it. A panic, too,
/// kills them (after the usual message): for a program, such as `arbiter`, where a panic ends
/// the run.
pub fn install_exit_cleanup() -> std::io::Result<()> {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        report(info);
        // try_lock: the panicking thread may be the one holding the registry.
        let live = match LIVE.try_lock() {
            Ok(live) => live,
            Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return,
        };
        for &pid in live.iter() {
            kill_group(pid);
        }
    }));
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held until the exit: no child starts after this.
                let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
                for &pid in live.iter() {
                    kill_group(pid);
                }
                std::process::exit(128 + signal);
            }
        });
    }
    Ok(())
}

fn kill_group(pid: i32) {
    if pid <= 0 {
        return;
    }
    // The process group is the child's own (process_group(0) at spawn). It may be gone
    // already, which is what we want.
    #[cfg(unix)]
    let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
}

/// Reads one line into `buf` (without its line ending), keeping at most `cap` bytes of it;
/// returns the whole line's length, or `None` at the end of the input. With `stop_over_cap`,
/// a line longer than `cap` is returned as soon as that is known, its rest left unread.
fn read_capped_line(
    reader: &mut impl BufRead,
    cap: usize,
    buf: &mut Vec<u8>,
    stop_over_cap: bool,
) -> std::io::Result<Option<usize>> {
    buf.clear();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(total));
        }
        any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        let room = cap.saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        total = total.saturating_add(part.len());
        let used = newline.map_or(chunk.len(), |i| i + 1);
        reader.consume(used);
        if stop_over_cap && newline.is_none() && total > cap {
            return Ok(Some(total));
        }
        if newline.is_some() {
            if buf.last() == Some(&b'\r') && total <= cap {
                buf.pop();
                total -= 1;
            }
            return Ok(Some(total));
        }
    }
}

fn read_stdout(stdout: std::process::ChildStdout, events: &SyncSender<Event>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut buf = Vec::new();
    loop {
        let event = match read_capped_line(&mut reader, MAX_LINE_BYTES, &mut buf, true) {
            Ok(Some(bytes)) if bytes > MAX_LINE_BYTES => {
                let start = String::from_utf8_lossy(&buf[..buf.len().min(crate::excerpt::EXCERPT_CHARS)]);
                let _ = events.send(Event::TooLong { start: start.into_owned(), bytes });
                // The rest of that line is dropped as it comes (the caller ends the program).
                match read_capped_line(&mut reader, 0, &mut buf, false) {
                    Ok(Some(_)) => continue,
                    Ok(None) | Err(_) => {
                        let _ = events.send(Event::Closed);
                        return;
                    }
                }
            }
            Ok(Some(_)) => Event::Line(String::from_utf8_lossy(&buf).into_owned()),
            Ok(None) | Err(_) => {
                let _ = events.send(Event::Closed);
                return;
            }
        };
        if events.send(event).is_err() {
            return;
        }
    }
}

fn read_stderr(stderr: std::process::ChildStderr, purpose: &Stderr, tail: &Mutex<VecDeque<String>>) {
    let mut reader = BufReader::new(stderr);
    let mut buf = Vec::new();
    while let Ok(Some(bytes)) = read_capped_line(&mut reader, MAX_STDERR_LINE_BYTES, &mut buf, false) {
        let mut line = printable(&String::from_utf8_lossy(&buf));
        if bytes > buf.len() {
            line.push_str(&format!("... ({bytes} bytes)"));
        }
        match purpose {
            Stderr::Forward { prefix } => {
                let _ = writeln!(std::io::stderr().lock(), "{prefix}{line}");
            }
            Stderr::Keep => {
                let mut ring = tail.lock().unwrap_or_else(PoisonError::into_inner);
                if ring.len() == STDERR_LINES {
                    ring.pop_front();
                }
                ring.push_back(line);
            }
        }
    }
}

fn write_stdin(
    mut stdin: std::process::ChildStdin,
    queue: &Receiver<Vec<u8>>,
    unwritten: &AtomicUsize,
    failed: &Mutex<Option<String>>,
) {
    for bytes in queue {
        let written = stdin.write_all(&bytes).and_then(|()| stdin.flush());
        unwritten.fetch_sub(bytes.len(), Ordering::SeqCst);
        if let Err(e) = written {
            *failed.lock().unwrap_or_else(PoisonError::into_inner) =
                Some(format!("it stopped reading its input ({e})"));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_their_length_kept() {
        let text = format!("short\r\n{}\nlast", "x".repeat(50));
        let mut reader = std::io::Cursor::new(text.into_bytes());
        let mut buf = Vec::new();
        assert_eq!(read_capped_line(&mut reader, 10, &mut buf, false).unwrap(), Some(5));
        assert_eq!(buf, b"short");
        assert_eq!(read_capped_line(&mut reader, 10, &mut buf, false).unwrap(), Some(50));
        assert_eq!(buf.len(), 10);
        assert_eq!(read_capped_line(&mut reader, 10, &mut buf, false).unwrap(), Some(4));
        assert_eq!(buf, b"last");
        assert_eq!(read_capped_line(&mut reader, 10, &mut buf, false).unwrap(), None);
        let mut endless = std::io::Cursor::new(vec![b'x'; 100]);
        assert_eq!(read_capped_line(&mut endless, 10, &mut buf, true).unwrap().map(|n| n > 10), Some(true));
    }

    #[test]
    fn a_deadline_too_far_to_represent_is_a_year() {
        assert!(deadline_after(Duration::from_secs(u64::MAX)) > Instant::now());
    }
}
