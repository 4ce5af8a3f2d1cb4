"""Fault 1: answers `go perft` with `bestmove` at once (Ethereal, Glaurung, Sjaak II)."""
import sys
import common

common.start_grandchild()
for line in common.lines():
    words = line.split()
    if words == ["uci"]:
        common.write("id name bestmove\nuciok")
    elif words == ["isready"]:
        common.write("readyok")
    elif words[:1] == ["go"]:
        common.write("bestmove e2e4")
