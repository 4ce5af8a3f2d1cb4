"""Shared by the fake adapters and engines of tests/faults_processes.rs.

Each fake behaves until it is asked about the trigger position (bare kings, TRIGGER), and then
commits its one fault. Each starts a grandchild (`sleep 1000`) and writes its own pid and the
grandchild's to the file named by $FAKE_PIDS, so that the test can check that arbiter leaves
neither behind.
"""
import json
import os
import subprocess
import sys
import time

TRIGGER = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# Longer than this, a line is the long request: a fake that "stops reading" stops there.
LONG_LINE = 10000


def start_grandchild(hold_stdout=True):
    """`sleep 1000` in the background; with hold_stdout it keeps our standard output open."""
    out = None if hold_stdout else subprocess.DEVNULL
    child = subprocess.Popen(["sleep", "1000"], stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.DEVNULL)
    path = os.environ.get("FAKE_PIDS")
    if path:
        with open(path, "a") as f:
            f.write(f"{os.getpid()}\n{child.pid}\n")


def lines(on_long=None):
    """The lines of standard input, read in small pieces; on_long() is called, instead of
    reading on, when a line grows past LONG_LINE."""
    pending = b""
    while True:
        while b"\n" not in pending:
            if on_long and len(pending) > LONG_LINE:
                on_long()
            chunk = os.read(0, 4096)
            if not chunk:
                return
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        yield line.decode()


def write(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def sleep_forever():
    while True:
        time.sleep(1000)


def answer(request):
    """The honest answer: hello with `observe`, an observation that is not check."""
    rid = request.get("id")
    if request.get("op") == "hello":
        return {"id": rid, "name": "fake", "version": "0", "protocol": 1, "ops": ["observe"]}
    if request.get("op") == "observe":
        return {"id": rid, "fen": request.get("fen"), "in_check": False}
    return {"id": rid, "error": {"kind": "unsupported", "message": "not in this fake"}}


def serve_adapter(fault, on_long=None, hold_stdout=True):
    """Answers requests; fault(request) replaces the answer for the trigger position."""
    start_grandchild(hold_stdout)
    for line in lines(on_long):
        request = json.loads(line)
        if request.get("op") == "quit":
            return
        if request.get("fen") == TRIGGER:
            fault(request)
        else:
            write(json.dumps(answer(request)))


# --- UCI -------------------------------------------------------------------------------------

START_DIVIDE = [f"{f}2{f}3" for f in "abcdefgh"] + [f"{f}2{f}4" for f in "abcdefgh"] + ["b1a3", "b1c3", "g1f3", "g1h3"]
TRIGGER_DIVIDE = ["e1d1", "e1d2", "e1e2", "e1f2", "e1f1"]


def divide(moves):
    for m in moves:
        write(f"{m}: 1")
    write("")
    write(f"Nodes searched: {len(moves)}")
    write("")


def serve_uci(fault, on_long=None, options=""):
    """A UCI engine with `go perft 1` for the start position and the trigger position;
    fault() replaces its answer to `go perft` in the trigger position."""
    start_grandchild()
    position = START
    for line in lines(on_long):
        words = line.split()
        if words == ["uci"]:
            write("id name fake\n" + options + "uciok")
        elif words == ["isready"]:
            write("readyok")
        elif words == ["quit"]:
            return
        elif words[:2] == ["position", "fen"]:
            position = " ".join(words[2:8])
        elif words[:2] == ["go", "perft"]:
            if position == TRIGGER:
                fault()
            else:
                divide(START_DIVIDE)
