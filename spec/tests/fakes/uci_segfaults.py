"""Fault 9: has go perft at start-up, then dies of SIGSEGV on every later `go perft`."""
import os
import signal
import sys
import common

common.start_grandchild()
gos = 0
for line in common.lines():
    words = line.split()
    if words == ["uci"]:
        common.write("id name segfaults\nuciok")
    elif words == ["isready"]:
        common.write("readyok")
    elif words[:2] == ["go", "perft"]:
        gos += 1
        if gos > 1:
            os.kill(os.getpid(), signal.SIGSEGV)
        common.divide(common.START_DIVIDE)
