"""Fault 1: answers every `go perft` with an endless search (toga2-like), ignoring `stop`."""
import sys
import common


def search():
    n = 1
    while True:
        common.write(f"info depth {n} score cp 20 nodes {n * 100} pv e2e4")
        n += 1


common.start_grandchild()
for line in common.lines():
    words = line.split()
    if words == ["uci"]:
        common.write("id name endless search\nuciok")
    elif words == ["isready"]:
        common.write("readyok")
    elif words[:2] == ["go", "perft"]:
        search()
