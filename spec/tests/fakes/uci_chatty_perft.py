"""Fault 1: has go perft, but answers it in the trigger position with endless `info string`
lines (no divide ever comes)."""
import sys
import common


def chatter():
    n = 0
    while True:
        common.write(f"info string counting {n}")
        n += 1


common.serve_uci(chatter)
