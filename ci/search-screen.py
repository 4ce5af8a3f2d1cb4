#!/usr/bin/env python3
"""Screens the mutants of one search of the unwinnability analysis (issue 12, docs/mutation.md).

A mutant that only steers or prunes a search (the quick helpmate search, the guided search:
its move order, its filters, its limits) cannot make a verdict wrong: the search reports a line
only once it has tested that the line ends in checkmate, and it proves nothing. It can only
leave a mate unfound, and a ruling then changes (an undetermined FIDE 6.9 question,
which the reference reports as an error) only where the later searches do not find that mate
within the budget either: only where removing the search altogether does. So the questions worth
asking a mutant are those the analysis leaves undetermined without the search. This finds them
among positions derived from SEEDS (core/examples/derived_positions.rs: a man added or a king
moved, either side to move), then asks each of FILE's mutants those candidates.

    ci/search-screen.py FILE REMOVAL SEEDS
    ci/search-screen.py core/src/unwinnable/helpmate.rs \\
        'core/src/unwinnable/helpmate.rs:63:5: replace search -> (Option<Vec<Move>>, u64) with (None, 0)' \\
        seeds.txt

FILE     the search's source file
REMOVAL  the mutant of FILE (its name as `cargo mutants --list` prints it) that removes the search,
         or a patch file of FILE that does (where no mutant does: the guided search's `run`
         returns a type with no default; ci/guided-removal.diff)
SEEDS    a file of FENs to derive positions from
DERIVE_BUDGET  nodes for the derived questions, asked of the core (default 5000000); only those
               it finds winnable are kept. For the quick helpmate search, which has 1,000 nodes
               and runs first, 1000: a mate found within 1,000 nodes is the quick search's
SCREEN_BUDGET  nodes each candidate is asked with under each mutant (default 5000000; for the
               quick helpmate search 1000: a mate its mutant misses within its own 1,000 nodes
               is left to the later searches, which do not find it, as REMOVAL showed)
SCREEN_RE      a regular expression: only the mutants whose names match it are screened
SCREEN_CANDIDATES  a file of candidates (`FEN<TAB>side` lines: an earlier run's candidates.tsv,
               or some of them): screens the mutants on those, without deriving again or
               asking REMOVAL (which, for the guided search, takes about half an hour);
               REMOVAL and SEEDS are then not read (give `-` for each), so the mutants of
               another file that the same candidates concern can be screened too (distance.rs's
               on the quick helpmate search's candidates, docs/mutation.md, the tenth round)
SCREEN_OUT     a folder for the questions, the candidates and the results (default: a new
               temporary one, printed)

Prints, a line each mutant: its name, then `unviable`, `panic`, `timeout` or how many of the
candidates it leaves undetermined, and which (their line numbers in the candidates' file).
FILE is patched in this checkout and restored on exit; each mutant is built with the mutants
profile (a few seconds each after the first build).
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = ["cargo", "build", "-q", "--profile", "mutants", "-p", "arbiter-core", "--example",
         "derived_positions"]
EXAMPLE = os.path.join(ROOT, "target", "mutants", "examples", "derived_positions")
FULL = 5_000_000


def run(args, **kwargs):
    return subprocess.run(args, cwd=ROOT, text=True, **kwargs)


def ask(mode, budget, lines, timeout=None):
    """The example's answers (FEN, side, verdict) to `lines`, or None if it panics."""
    done = run([EXAMPLE, mode, str(budget)], input="".join(lines), capture_output=True,
               timeout=timeout)
    # What the example says of its input (a seed that is not a legal position, skipped).
    sys.stderr.write(done.stderr)
    if done.returncode != 0:
        return None
    return [line.split("\t") for line in done.stdout.splitlines()]


def winnable(answer):
    return answer[2].startswith("winnable")


def questions(rows):
    """`FEN<TAB>side` lines for the example's `ask`, from its answers or from read questions."""
    return [f"{row[0]}\t{row[1]}\n" for row in rows]


def find_candidates(build, removal, derive_budget, seeds, out):
    """The questions derived from the seeds that the core finds winnable within `derive_budget`
    nodes and leaves undetermined without the search (REMOVAL applied)."""
    with open(seeds) as f:
        seed_lines = [line.split("\t")[0].rstrip("\n") + "\n" for line in f if line.strip()]
    derived = ask("derive", derive_budget, seed_lines)
    if derived is None:
        sys.exit(f"the unmutated core panics on a position derived from {seeds}")
    if not derived:
        sys.exit(f"no position derived from {seeds}: none of its lines is a legal position")
    found = [a for a in derived if winnable(a)]
    with open(os.path.join(out, "questions.tsv"), "w") as f:
        f.writelines(questions(found))
    if not build(removal):
        sys.exit("REMOVAL does not build")
    without = ask("ask", FULL, questions(found))
    if without is None:
        sys.exit("the core without the search panics")
    candidates = [a for a in without if not winnable(a)]
    with open(os.path.join(out, "candidates.tsv"), "w") as f:
        f.writelines(questions(candidates))
    print(f"# {out}: {len(derived)} derived questions, {len(found)} winnable within "
          f"{derive_budget} nodes, {len(candidates)} undetermined without the search "
          f"(the candidates)", flush=True)
    return candidates


def removal_mutant(removal, by_name, path):
    """REMOVAL as a mutant to build: the named mutant of `path`, or a patch file's text."""
    if removal in by_name:
        return by_name[removal]
    if os.path.isfile(removal):
        with open(removal) as f:
            return {"name": removal, "diff": f.read()}
    sys.exit(f"no mutant of {path} is named, and no patch file is: {removal}")


def main():
    # Killed, it still restores FILE (the `finally` below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("killed"))
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, removal, seeds = sys.argv[1:]
    derive_budget = int(os.environ.get("DERIVE_BUDGET", FULL))
    screen_budget = int(os.environ.get("SCREEN_BUDGET", FULL))
    out = os.environ.get("SCREEN_OUT") or tempfile.mkdtemp(prefix="search-screen-")
    os.makedirs(out, exist_ok=True)
    if run(["git", "diff", "--quiet", "--", path]).returncode != 0:
        sys.exit(f"{path} has changes of its own: commit or stash them first")
    listed = run(["cargo", "mutants", "--list", "--json", "--diff", "--file", path],
                 capture_output=True, check=True).stdout
    mutants = json.loads(listed)
    by_name = {m["name"]: m for m in mutants}
    given = os.environ.get("SCREEN_CANDIDATES")
    if not given:
        removal = removal_mutant(removal, by_name, path)

    def restore():
        run(["git", "checkout", "-q", "--", path], check=True)

    def build(mutant):
        restore()
        if mutant is not None:
            run(["patch", "-s", path], input=mutant["diff"], check=True)
        return run(BUILD, capture_output=True).returncode == 0

    try:
        if not build(None):
            sys.exit("the unmutated core does not build")
        if given:
            with open(given) as f:
                candidates = [line.rstrip("\n").split("\t") for line in f if line.strip()]
            print(f"# {out}: {len(candidates)} candidates from {given}", flush=True)
        else:
            candidates = find_candidates(build, removal, derive_budget, seeds, out)
        with open(os.path.join(out, "results.tsv"), "w") as results:
            only = re.compile(os.environ.get("SCREEN_RE", ""))
            for mutant in mutants:
                if not only.search(mutant["name"]):
                    continue
                if not build(mutant):
                    outcome = "unviable"
                else:
                    try:
                        answers = ask("ask", screen_budget, questions(candidates), timeout=600)
                        if answers is None:
                            outcome = "panic"
                        else:
                            missed = [str(i) for i, a in enumerate(answers, 1) if not winnable(a)]
                            outcome = f"{len(missed)} of {len(candidates)} undetermined"
                            if missed:
                                outcome += f" (candidates {','.join(missed)})"
                    except subprocess.TimeoutExpired:
                        outcome = "timeout"
                line = f"{mutant['name']}\t{outcome}\n"
                results.write(line)
                results.flush()
                print(line, end="", flush=True)
    finally:
        restore()


if __name__ == "__main__":
    main()
