"""Fault 1: answers `uci` with endless lines and never `uciok` (gnuchess-like chatter)."""
import sys
import common

common.start_grandchild()
for line in common.lines():
    if line.strip() == "uci":
        n = 0
        while True:
            common.write(f"info string still starting {n}")
            n += 1
