#!/usr/bin/python3
"""Compares `bvhscope positions --translation absolute` with assimp's reading of the same file.

Usage: compare_positions.py BVHSCOPE ASSIMP_POSITIONS FILE_OR_DIRECTORY...
A directory stands for its *.bvh files, except those named MALFORMED_*.
Prints the largest difference per file relative to the capture's size and fails if any file
differs by more than float precision allows (1e-5 of the largest coordinate, at least 1e-5).
Files assimp cannot read (no MOTION section) are skipped; where assimp stops at the declared
frame count and bvhscope loads extra rows, the frames both read are compared.
Exits 77 (skipped) when no file is given, e.g. on a clone without ../shared/corpus.
"""
import csv
import io
import os
import subprocess
import sys


def positions(command):
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{command[0]} failed: {result.stderr.strip()[:300]}")
    rows = list(csv.reader(io.StringIO(result.stdout)))[1:]
    return [(row[0], row[1], float(row[2]), float(row[3]), float(row[4])) for row in rows]


def main():
    bvhscope, assimp = sys.argv[1], sys.argv[2]
    files = []
    for argument in sys.argv[3:]:
        if os.path.isdir(argument):
            files += sorted(os.path.join(argument, name) for name in os.listdir(argument)
                            if name.endswith(".bvh") and not name.startswith("MALFORMED"))
        elif os.path.exists(argument):
            files.append(argument)
    if not files:
        print("no corpus files given (../shared/corpus absent?): skipped")
        return 77
    failures = skipped = 0
    for path in files:
        name = path.rsplit("/", 1)[-1]
        ours = positions([bvhscope, "positions", "--translation", "absolute", path])
        try:
            theirs = positions([assimp, path])
        except RuntimeError as error:
            print(f"skip {name}: {error}")
            skipped += 1
            continue
        if len(ours) != len(theirs):
            print(f"note {name}: {len(ours)} rows from bvhscope, {len(theirs)} from assimp; "
                  "comparing the frames both read")
            common = min(len(ours), len(theirs))
            ours, theirs = ours[:common], theirs[:common]
        scale = max(1.0, max(abs(v) for row in theirs for v in row[2:]))
        worst, where = 0.0, None
        for a, b in zip(ours, theirs):
            for axis in range(3):
                difference = abs(a[2 + axis] - b[2 + axis])
                if difference > worst:
                    worst, where = difference, (a[0], a[1])
        relative = worst / scale
        ok = relative <= 1e-5
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {len(ours)} positions, largest difference "
              f"{worst:.3g} ({relative:.2g} of the largest coordinate {scale:.4g})"
              + ("" if ok else f" at frame {where[0]} joint {where[1]}"))
    print(f"{len(files) - failures - skipped} passed, {failures} failed, {skipped} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
