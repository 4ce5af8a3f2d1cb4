#!/usr/bin/env python3
"""Writes the perft case files of the corpus (spec/cases/perft/*.yaml) from the published perft
data in core/data/perft (see core/data/perft/SOURCES.md for where every count comes from).

The counts are copied, never computed: this script only converts formats and picks the depths
whose counts stay under a node budget, so that the whole corpus runs in well under a second.

    python3 spec/tools/perft_cases.py
"""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "core" / "data" / "perft"
OUT = ROOT / "spec" / "cases" / "perft"
BUDGET = 120_000  # leaf nodes per depth in the default corpus
TRICKY_BUDGET = 1_500_000  # the edge-case positions are the point: allow their published depth

R_3_10_1 = "3.10.1"
EP = "3.7.3.1 (2018: 3.7.4.1)"
PROMO = "3.7.3.3 (2018: 3.7.5.1)"
PROMO_ACTS = "3.7.3.5 (2018: 3.7.5.3)"

# Labels of tricky_edge_cases.epd (its comment lines) mapped to the clauses they exercise.
TRICKY_REFS = [
    ("Illegal en passant #1", [EP, "3.9.2"], "ep-horizontal-pin"),
    ("Illegal en passant #2", [EP, "3.9.2"], "ep-discovered-check"),
    ("En passant capture checks opponent", [EP, "3.9.1"], "ep-gives-check"),
    ("Short castling gives check", ["3.8.2", "3.9.1"], "short-castling-check"),
    ("Long castling gives check", ["3.8.2", "3.9.1"], "long-castling-check"),
    ("Castling rights", ["3.8.2.1"], "castling-rights"),
    ("Castling prevented", ["3.8.2.2"], "castling-prevented"),
    ("Promote out of check", [PROMO, "3.9.2"], "promote-out-of-check"),
    ("Discovered check", ["3.9.1", "3.9.2"], "discovered-check"),
    ("Promote to give check", [PROMO_ACTS], "promote-check"),
    ("Under-promote to give check", [PROMO, PROMO_ACTS], "underpromote-check"),
    ("Self stalemate", ["5.2.1"], "self-stalemate"),
    ("Stalemate and checkmate (1)", ["5.2.1", "5.1.1"], "stalemate-checkmate-1"),
    ("Stalemate and checkmate (2)", ["5.2.1", "5.1.1"], "stalemate-checkmate-2"),
]


def epd_lines(path):
    """(comment, fen, {depth: nodes}) for every position line, with the comment line above it."""
    comment = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            comment = line.lstrip("# ").strip()
            continue
        fen, *counts = [part.strip() for part in line.split(";")]
        depths = {}
        for count in counts:
            m = re.fullmatch(r"D(\d+)\s+(\d+)", count)
            depths[int(m.group(1))] = int(m.group(2))
        yield comment, fen, depths
        comment = None


def pychess_blocks(path):
    block = {}
    for line in path.read_text().splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line:
            if "epd" in block:
                yield block
            block = {}
            continue
        key, _, value = line.partition(" ")
        if key == "perft":
            depth, nodes = value.split()
            block.setdefault("perft", {})[int(depth)] = int(nodes)
        else:
            block[key] = value


def within(depths, budget):
    kept = {d: n for d, n in sorted(depths.items()) if n <= budget}
    if not kept and depths:  # keep at least the shallowest published depth
        d = min(depths)
        kept = {d: depths[d]}
    return kept


def case(id_, refs, description, fen, perft, tags, variant=None):
    reason = illegal_reason(fen)
    if reason:
        return rejected_case(id_, fen, reason, tags)
    out = [f"  - id: {id_}", f"    refs: [{', '.join(repr_str(r) for r in refs)}]",
           f"    description: {repr_str(description)}", f"    tags: [{', '.join(tags)}]",
           f"    fen: {repr_str(fen)}"]
    if variant:
        out.append(f"    variant: {variant}")
    counts = ", ".join(f"{d}: {n}" for d, n in sorted(perft.items()))
    out.append(f"    expect:\n      perft: {{{counts}}}")
    return "\n".join(out)


# Published perft positions that no series of legal moves can reach (FIDE 3.10.3): perft suites
# count moves in them anyway, but under the Laws they are illegal positions. Each was checked by
# hand (reason below) and python-chess's Board.status() agrees (STATUS_IMPOSSIBLE_CHECK).
ILLEGAL = {
    "B6b/8/8/8/2K5/5k2/8/b6B b": "two white bishops check along one diagonal from both sides; no single move can give both checks",
    "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w": "a black queen and bishop check along one diagonal (a6-d3) from both sides; no single move can give both checks",
    "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w": "a black queen and bishop check along one diagonal (b6-d8) from both sides; no single move can give both checks",
    "5R2/2P5/8/4k3/8/3rK2r/8/8 w": "two black rooks check along one rank from both sides; no single move can give both checks",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b": "the queen checks along f1-b5, which the double step d2-d4 did not open: Black was in check with White to move",
    "1b1k4/8/8/1rPpK3/8/8/8/8 w": "the bishop checks along b8-e5 through d6, which the double step d7-d5 did not open: White was in check with Black to move",
    "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w": "the pawn on f2 checks the white king, but the last move was c7-c5: White was in check with Black to move",
    "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b": ("Black keeps queenside castling (q) with the king on h8, so the king has moved and the right is lost for good (3.8.2.1); python-chess drops the right (3660 nodes at depth 3), its chess960 mode keeps it (the published 3672)", "invalid_castling_rights"),
}


def illegal_reason(fen):
    key = " ".join(fen.split()[:2])
    return ILLEGAL.get(key)


def rejected_case(id_, fen, reason, tags):
    detail = "impossible_check"
    if isinstance(reason, tuple):
        reason, detail = reason
    return "\n".join([
        f"  - id: {id_}",
        '    refs: ["3.10.3"]',
        f"    description: {repr_str('A published perft position that is illegal under FIDE 3.10.3 and must be refused: ' + reason + '.')}",
        f"    tags: [{', '.join(tags + ['illegal-position'])}]",
        f"    fen: {repr_str(fen)}",
        "    expect:\n      rejected: {kind: illegal_position, detail: " + detail + "}",
    ])


def repr_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write(name, description, cases):
    text = f"# Generated by spec/tools/perft_cases.py from core/data/perft; do not edit by hand.\n"
    text += f"description: {repr_str(description)}\ncases:\n" + "\n".join(cases) + "\n"
    (OUT / name).write_text(text)
    print(f"{name}: {len(cases)} cases")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for n, (_, fen, depths) in enumerate(epd_lines(DATA / "perftsuite.epd"), start=1):
        cases.append(case(f"perft-suite-{n:03}", [R_3_10_1],
                          f"Published perft counts (perftsuite.epd line {n}): legal move sequences from this position.",
                          fen, within(depths, BUDGET), ["perft"]))
    write("perftsuite.yaml", "perftsuite.epd (sunfish; identical to Ethereal standard.epd lines 1-126).", cases)

    cases = []
    for n, (comment, fen, depths) in enumerate(epd_lines(DATA / "cpw_perft_results.epd"), start=1):
        cases.append(case(f"perft-cpw-{n}", [R_3_10_1],
                          f"chessprogramming.org Perft Results: {comment}.", fen, within(depths, BUDGET), ["perft"]))
    write("cpw.yaml", "chessprogramming.org Perft Results positions 1-6.", cases)

    cases = []
    labels = iter(TRICKY_REFS)
    for n, (comment, fen, depths) in enumerate(epd_lines(DATA / "tricky_edge_cases.epd"), start=1):
        refs, slug = [R_3_10_1], f"edge-{n:02}"
        for label, label_refs, label_slug in TRICKY_REFS:
            if comment and comment.startswith(label):
                refs, slug = label_refs, label_slug
        what = comment or "edge case"
        cases.append(case(f"perft-{slug}" if slug.startswith("edge") else f"perft-tricky-{slug}", refs,
                          f"Published perft count for a tricky position: {what}.", fen,
                          within(depths, TRICKY_BUDGET), ["perft", "tricky"]))
    write("tricky.yaml", "Tricky perft positions (Sedlak, peterellisjones, engine test files).", cases)

    cases = []
    for block in pychess_blocks(DATA / "tricky_pychess.perft"):
        ident = block["id"]
        chess960 = ident.startswith("xfen") or ident.startswith("chess960")
        refs = ["II.3", R_3_10_1] if chess960 else [R_3_10_1]
        cases.append(case(f"perft-pychess-{ident}", refs,
                          f"python-chess tricky.perft {ident}: published perft counts.",
                          block["epd"] + " 0 1", within(block["perft"], BUDGET),
                          ["perft", "chess960"] if chess960 else ["perft"], "chess960" if chess960 else None))
    write("pychess.yaml", "python-chess examples/perft/tricky.perft.", cases)

    cases = []
    for n, (_, fen, depths) in enumerate(epd_lines(DATA / "chess960_fischer.epd"), start=1):
        if n % 8 != 1:
            continue
        cases.append(case(f"perft-960-{n:03}", ["II.3", R_3_10_1],
                          f"Chess960 perft (Ethereal fischer.epd line {n}): castling per Guidelines II.3.",
                          fen, within(depths, BUDGET // 2), ["perft", "chess960"], "chess960"))
    write("chess960.yaml", "Chess960 positions from Ethereal fischer.epd (every 8th line).", cases)


if __name__ == "__main__":
    main()
