#!/usr/bin/env python3
"""Turns criterion's results for the perft benchmark into the README's table.

Reads target/criterion/perft-{bulk,full}/<library>/<position>/new/{estimates,benchmark}.json
and prints, per mode and position, each library's median speed in millions of nodes per second
and arbiter's ratio to the fastest other library (above 1.00: arbiter is faster). With
--readme, it replaces the table between the perf-table markers in README.md.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CRITERION = ROOT / "target" / "criterion"


def speeds(mode):
    """{position: {library: Mnps}} from the median time per iteration."""
    out = {}
    group = CRITERION / f"perft-{mode}"
    for lib_dir in sorted(p for p in group.glob("*") if p.is_dir() and p.name != "report"):
        for pos_dir in sorted(p for p in lib_dir.glob("*") if p.is_dir() and p.name != "report"):
            est = pos_dir / "new" / "estimates.json"
            bench = pos_dir / "new" / "benchmark.json"
            if not (est.exists() and bench.exists()):
                continue
            nanos = json.loads(est.read_text())["median"]["point_estimate"]
            nodes = json.loads(bench.read_text())["throughput"]["Elements"]
            out.setdefault(pos_dir.name, {})[lib_dir.name] = nodes / nanos * 1e3
    return out


def table():
    lines = ["| mode | position | arbiter | cozy-chess | shakmaty | arbiter / fastest other |", "|---|---|---|---|---|---|"]
    for mode in ("bulk", "full"):
        for position, libs in sorted(speeds(mode).items()):
            others = [v for k, v in libs.items() if k != "arbiter"]
            ratio = libs.get("arbiter", 0) / max(others) if others else float("nan")
            cell = lambda k: f"{libs[k]:.0f} Mnps" if k in libs else "-"
            lines.append(f"| {mode} | {position} | {cell('arbiter')} | {cell('cozy-chess')} | {cell('shakmaty')} | {ratio:.2f} |")
    par = CRITERION / "perft-parallel" / "arbiter"
    times = {}
    for d in par.glob("*threads-*"):
        est = d / "new" / "estimates.json"
        if est.exists():
            times[d.name.rsplit("-", 1)[1]] = json.loads(est.read_text())["median"]["point_estimate"]
    if "1" in times and "2" in times:
        lines.append("")
        lines.append(f"Parallel perft (start position, 2 threads): {times['1'] / times['2']:.2f} times the single-threaded speed.")
    popcnt = CRITERION / "perft-popcnt"
    gains = []
    for d in sorted(popcnt.glob("dispatched/*")):
        fast, slow = d / "new" / "estimates.json", popcnt / "portable" / d.name / "new" / "estimates.json"
        if fast.exists() and slow.exists():
            ratio = json.loads(slow.read_text())["median"]["point_estimate"] / json.loads(fast.read_text())["median"]["point_estimate"]
            gains.append(f"{d.name} {ratio:.2f}")
    if gains:
        lines.append("")
        lines.append("Run-time POPCNT dispatch over the x86-64 baseline (bulk perft, speed ratio): " + ", ".join(gains) + ".")
    return "\n".join(lines)


def main():
    text = table()
    if "--readme" in sys.argv:
        readme = ROOT / "README.md"
        content = readme.read_text()
        start, end = "<!-- perf-table -->", "<!-- /perf-table -->"
        before, rest = content.split(start, 1)
        _, after = rest.split(end, 1)
        readme.write_text(f"{before}{start}\n{text}\n{end}{after}")
    print(text)


if __name__ == "__main__":
    main()
