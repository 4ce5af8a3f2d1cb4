#!/usr/bin/env python3
"""The mutation score per file from cargo-mutants' outcomes.json (ci/mutants.sh).

Score = caught / (caught + missed + timeout): a mutant that makes the corpus run time out is
counted as not caught (the corpus must fail, not hang), and an unviable mutant (one that does
not build) is left out. Prints a Markdown table, then every missed mutant.
"""
import json
import re
import sys
from collections import defaultdict

NAME = re.compile(r"^(?P<file>[^:]+):\d+:\d+: ")


def mutant_file(mutant):
    for key in ("file", "source_file"):
        value = mutant.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, dict) and isinstance(value.get("path"), str):
            return value["path"]
    match = NAME.match(mutant.get("name", ""))
    return match.group("file") if match else "?"


def mutant_name(mutant):
    name = mutant.get("name")
    if name:
        return name
    return json.dumps(mutant, sort_keys=True)


def main(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    counts = defaultdict(lambda: defaultdict(int))
    missed = []
    baseline = None
    for outcome in data.get("outcomes", []):
        scenario = outcome.get("scenario")
        summary = outcome.get("summary")
        if scenario == "Baseline":
            baseline = summary
            continue
        mutant = scenario.get("Mutant", {}) if isinstance(scenario, dict) else {}
        file = mutant_file(mutant)
        counts[file][summary] += 1
        if summary in ("MissedMutant", "Timeout"):
            missed.append((file, summary, mutant_name(mutant)))
    if baseline not in (None, "Success"):
        print(f"the unmutated tree did not pass: baseline {baseline}", file=sys.stderr)
        return 1
    print("| file | mutants | caught | missed | timeout | unviable | score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    total = defaultdict(int)
    for file in sorted(counts):
        c = counts[file]
        for key, value in c.items():
            total[key] += value
        print(row(file, c))
    if len(counts) > 1:
        print(row("all", total))
    if missed:
        print()
        print("Not caught:")
        for file, summary, name in sorted(missed):
            print(f"- {name}" + (" (timeout)" if summary == "Timeout" else ""))
    return 0


def row(file, c):
    caught, miss, timeout, unviable = (c.get(k, 0) for k in ("CaughtMutant", "MissedMutant", "Timeout", "Unviable"))
    judged = caught + miss + timeout
    score = f"{100 * caught / judged:.1f} %" if judged else "-"
    return f"| {file} | {sum(c.values())} | {caught} | {miss} | {timeout} | {unviable} | {score} |"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "mutants.out/outcomes.json"))
