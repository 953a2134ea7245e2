"""Converts lunatikub/rikudo's puzzles (spiral numbering, doubled coordinates) into Rikudo JSON
files, one per puzzle, and their solutions into solutions.json (vertex id -> number).

Usage: python3 convert_lunatikub.py PATH/TO/lunatikub_rikudo.json
"""

import json
import sys


def even_r_neighbours(r, c):
    shift = 0 if r % 2 == 0 else -1
    return [(r - 1, c + shift), (r - 1, c + shift + 1), (r, c - 1), (r, c + 1),
            (r + 1, c + shift), (r + 1, c + shift + 1)]


def main(path):
    source = json.load(open(path, encoding="utf-8"))
    cells = source["layout_doubled_coords"]["cells"]
    solutions = {}
    for puzzle in source["puzzles"]:
        count = puzzle["cells"]
        spots = [(cells[str(i)]["row"], cells[str(i)]["xd"]) for i in range(count)]
        top = min(row for row, _ in spots)
        rows = [row - top for row, _ in spots]
        # Even rows sit half a cell right: xd = 2c + 1 on even rows, 2c on odd ones (plus a shift).
        shift = (spots[0][1] - (1 if rows[0] % 2 == 0 else 0)) % 2
        raw = [(xd - shift - (1 if r % 2 == 0 else 0)) // 2 for r, (_, xd) in zip(rows, spots)]
        left = min(raw)
        positions = [(r, c - left) for r, c in zip(rows, raw)]
        ids = [f"{r},{c}" for r, c in positions]
        at = {p: i for i, p in enumerate(positions)}
        # The doubled-coordinate rule and EVEN-R must agree on every pair.
        for i, (row, xd) in enumerate(spots):
            doubled = {j for j, (r2, x2) in enumerate(spots)
                       if (r2 == row and abs(x2 - xd) == 2) or (abs(r2 - row) == 1 and abs(x2 - xd) == 1)}
            even_r = {at[p] for p in even_r_neighbours(*positions[i]) if p in at}
            assert doubled == even_r, (puzzle["id"], i)
        order = sorted(range(count), key=lambda i: positions[i])
        height = max(r for r, _ in positions) + 1
        width = max(c for _, c in positions) + 1
        # The absent centre: the middle row's gap.
        middle = height // 2
        gap = [c for c in range(width) if (middle, c) not in at and
               any((middle, c2) in at for c2 in range(c)) and any((middle, c2) in at for c2 in range(c + 1, width))]
        out = {
            "id": puzzle["id"],
            "max_value": count,
            "vertices": {ids[i]: {"value": puzzle["grid"][i] or None} for i in order},
            "adjacency": {ids[i]: sorted((ids[at[p]] for p in even_r_neighbours(*positions[i]) if p in at),
                                         key=lambda s: tuple(map(int, s.split(","))))
                          for i in order},
            "constraints": {"dots": [[ids[a], ids[b]] for a, b in puzzle["links"]]},
            "layout": {
                "rows": height,
                "cols": width,
                "coordinates": {ids[i]: list(positions[i]) for i in order},
                "center_rc": [middle, gap[0]] if gap else None,
                "non_playable_cells": [f"{middle},{c}" for c in gap],
            },
        }
        with open(f"lunatikub/{puzzle['id']}.json", "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2)
            f.write("\n")
        solutions[puzzle["id"]] = {ids[i]: puzzle["solution"][i] for i in order}
    with open("lunatikub/solutions.json", "w", encoding="utf-8") as f:
        json.dump(solutions, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
