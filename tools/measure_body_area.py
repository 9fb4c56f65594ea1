#!/usr/bin/env python3
"""Measures the body look against the capsules, as issue 38's outside check does.

For each BVH file: `bvhscope render FILE --size 640x480 --no-overlay --bones capsules|body`, then
in each picture the largest 8-connected piece of the characters' orange (red over blue by more
than 40, red over 60: tests/app/headless/render_body_test.cpp's warmBody; and green over blue by
more than 12, which leaves out the ground's red X axis: its green and blue are equal, so where it
passes under the feet it no longer joins the figure's piece). Prints, tab-separated:
the file's name, the body's piece over the capsules' (goal: at least 2), the body piece's height
over the capsules' (goal: about 1), and both pieces in pixels.

    tools/measure_body_area.py build/app/bvhscope OUT_DIR ../shared/corpus/*.bvh

The pictures stay in OUT_DIR. Python's standard library only (a PNG reader for 8-bit RGB and RGBA).
"""
import argparse
import os
import struct
import subprocess
import sys
import zlib


def read_png(path):
    """(width, height, bytes per pixel, rows of bytes) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    position, compressed, width, height, colour = 8, b"", 0, 0, 2
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        chunk = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, _, colour = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            compressed += chunk
        position += 12 + length
    raw = zlib.decompress(compressed)
    step = {2: 3, 6: 4}[colour]
    stride = width * step
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1 : at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = line[x - step] if x >= step else 0
            b = previous[x]
            c = previous[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, step, rows


def is_character(red, green, blue):
    """The characters' orange, lit or shaded, and not the ground's red axis line."""
    return red > blue + 40 and red > 60 and green > blue + 12


def largest_piece(path):
    """(pixels, top row, bottom row) of the largest 8-connected piece of warm pixels."""
    width, height, step, rows = read_png(path)
    warm = [[is_character(r[x * step], r[x * step + 1], r[x * step + 2]) for x in range(width)] for r in rows]
    seen = [[False] * width for _ in range(height)]
    best = (0, 0, 0)
    for y in range(height):
        for x in range(width):
            if not warm[y][x] or seen[y][x]:
                continue
            stack, count, top, bottom = [(y, x)], 0, y, y
            seen[y][x] = True
            while stack:
                cy, cx = stack.pop()
                count, top, bottom = count + 1, min(top, cy), max(bottom, cy)
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        ny, nx = cy + dy, cx + dx
                        if 0 <= ny < height and 0 <= nx < width and warm[ny][nx] and not seen[ny][nx]:
                            seen[ny][nx] = True
                            stack.append((ny, nx))
            best = max(best, (count, top, bottom))
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bvhscope")
    parser.add_argument("out_dir")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    failed = False
    for path in args.files:
        name = os.path.splitext(os.path.basename(path))[0]
        pieces = {}
        for bones in ("capsules", "body"):
            png = os.path.join(args.out_dir, f"{name}_{bones}.png")
            command = [args.bvhscope, "render", path, "-o", png, "--size", "640x480", "--no-overlay",
                       "--bones", bones]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                print(f"{name}: {result.stderr.strip()}", file=sys.stderr)
                failed = True
                break
            pieces[bones] = largest_piece(png)
        if len(pieces) < 2 or pieces["capsules"][0] == 0:
            continue
        capsules, body = pieces["capsules"], pieces["body"]
        tall = capsules[2] - capsules[1]
        height = (body[2] - body[1]) / tall if tall > 0 else 0.0
        print(f"{name}\t{body[0] / capsules[0]:.2f}\t{height:.2f}\t{body[0]}\t{capsules[0]}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
