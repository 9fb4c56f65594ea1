#!/usr/bin/env python3
"""Sweeps the body look over variants of captures, as issue 38's outside checks would meet them.

Each input BVH is rewritten in variants an unseen capture may come in (units, up axis, a rest pose
lying along +-X or +-Z while the motion stands in +Y, no root position, a still root on the
ground over hips played in place, 6 or 3 channels a joint,
the joint names of Daz, Second Life, MakeHuman, Bandai Namco and LAFAN1, a hundred face helpers
under the head, large motions: arms raised overhead, deep knee bends, kicks), each with the same
world motion up to the change it names. For every variant: `bvhscope convert --body` to a .glb,
measured at every key (a long take sampled, tools/sweep_body_edges.cpp) under linear blending as
three.js poses it: the least share of triangle edges within 4x their bind length over the keys
(the check asks 99.9 %) and the most stretched edge. With --area, also `render --bones body`
against `--bones capsules` at the first, middle and last frame (tools/measure_body_area.py's
measure; the check asks 2x the area, as tall). Prints a tab-separated line per variant and, at
the end, the worst ones.

    build/tests/bench/bvhscope_write_body_rigs /tmp/sweep_rigs
    cp assets/sample_walk.bvh /tmp/sweep_rigs/3_cmu_like.bvh
    tools/sweep_body.py build/app/bvhscope build/tests/bench/bvhscope_sweep_body_edges \\
        /tmp/sweep OUT_FILES... [--variants lying_px,daz_names] [--area] [--grid-phase 0.25,0,0]

--grid-phase rebuilds every body with its sampling grid moved by a share of a cell (convert
--body-grid-phase): an unseen capture's extent lands its samples at any phase, so a sweep at
several phases shows what one at the grid's own phase cannot.

The variants and .glb files stay in the output folder. Python's standard library only.
"""
import argparse
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_body_area  # noqa: E402

# [SECTION] BVH text


class Node:
    def __init__(self, name, parent, offset, channels):
        self.name, self.parent, self.offset, self.channels = name, parent, offset, channels

    @property
    def end(self):
        return self.name is None


class Bvh:
    """Joints in file order (End Sites as nodes named None) and the motion's rows."""

    def __init__(self, nodes, frame_time, rows):
        self.nodes, self.frame_time, self.rows = nodes, frame_time, rows

    def columns(self):
        """Each node's first column in a row."""
        starts, at = [], 0
        for node in self.nodes:
            starts.append(at)
            at += len(node.channels)
        return starts


def parse_bvh(text):
    tokens = text.split()
    nodes, stack, at = [], [], 0
    while tokens[at] != "MOTION":
        word = tokens[at]
        if word in ("ROOT", "JOINT"):
            name, at = tokens[at + 1], at + 2
        elif word == "End":
            name, at = None, at + 2
        elif word == "}":
            stack.pop()
            at += 1
            continue
        else:
            at += 1  # HIERARCHY
            continue
        assert tokens[at] == "{"
        offset = [float(v) for v in tokens[at + 2 : at + 5]]
        at += 5
        channels = []
        if tokens[at] == "CHANNELS":
            count = int(tokens[at + 1])
            channels = tokens[at + 2 : at + 2 + count]
            at += 2 + count
        nodes.append(Node(name, stack[-1] if stack else -1, offset, channels))
        stack.append(len(nodes) - 1)
    frames = int(tokens[at + 2])
    frame_time = float(tokens[at + 5])
    width = sum(len(n.channels) for n in nodes)
    values = [float(v) for v in tokens[at + 6 : at + 6 + frames * width]]
    frames = min(frames, len(values) // width) if width else 0  # fewer rows than declared
    rows = [values[f * width : (f + 1) * width] for f in range(frames)]
    return Bvh(nodes, frame_time, rows)


def write_bvh(bvh):
    lines = ["HIERARCHY"]
    depth = []

    def close_to(parent):
        while depth and depth[-1] != parent:
            depth.pop()
            lines.append("  " * len(depth) + "}")

    for index, node in enumerate(bvh.nodes):
        close_to(node.parent)
        pad = "  " * len(depth)
        head = "ROOT" if node.parent < 0 else "JOINT"
        lines.append(pad + ("End Site" if node.end else f"{head} {node.name}"))
        lines.append(pad + "{")
        lines.append(pad + "  OFFSET " + " ".join(f"{v:.6g}" for v in node.offset))
        if node.channels:
            lines.append(pad + f"  CHANNELS {len(node.channels)} " + " ".join(node.channels))
        depth.append(index)
    close_to(-1)
    lines += ["MOTION", f"Frames: {len(bvh.rows)}", f"Frame Time: {bvh.frame_time:.8g}"]
    lines += [" ".join(f"{v:.6g}" for v in row) for row in bvh.rows]
    return "\n".join(lines) + "\n"


# [SECTION] Rotations: 3x3 matrices as row lists, BVH's Euler channels in their listed order


def axis_matrix(axis, degrees):
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    if axis == 0:
        return [[1, 0, 0], [0, c, -s], [0, s, c]]
    if axis == 1:
        return [[c, 0, s], [0, 1, 0], [-s, 0, c]]
    return [[c, -s, 0], [s, c, 0], [0, 0, 1]]


def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def transpose(a):
    return [[a[j][i] for j in range(3)] for i in range(3)]


def apply(a, v):
    return [sum(a[i][k] * v[k] for k in range(3)) for i in range(3)]


def turn_between(a, b):
    """The rotation matrix taking unit vector a to unit vector b by the shortest arc (a half turn
    about X where they are opposite)."""
    c = sum(x * y for x, y in zip(a, b))
    if c < -1.0 + 1e-9:
        return axis_matrix(0, 180)
    v = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    k = 1.0 / (1.0 + c)
    return [[v[0] * v[0] * k + c, v[0] * v[1] * k - v[2], v[0] * v[2] * k + v[1]],
            [v[1] * v[0] * k + v[2], v[1] * v[1] * k + c, v[1] * v[2] * k - v[0]],
            [v[2] * v[0] * k - v[1], v[2] * v[1] * k + v[0], v[2] * v[2] * k + c]]


def euler_matrix(order, angles):
    m = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    for axis, angle in zip(order, angles):
        m = mul(m, axis_matrix(axis, angle))
    return m


def matrix_euler(order, m):
    """Angles (degrees) of m = R_i(a) R_j(b) R_k(c) for the order (i, j, k), all axes distinct."""
    i, j, k = order
    sign = 1.0 if (j - i) % 3 == 1 else -1.0
    b = math.asin(max(-1.0, min(1.0, sign * m[i][k])))
    if abs(sign * m[i][k]) < 0.999999:
        a = math.atan2(-sign * m[j][k], m[k][k])
        c = math.atan2(-sign * m[i][j], m[i][i])
    else:  # gimbal lock: all of it in a
        a = math.atan2(sign * m[k][j], m[j][j])
        c = 0.0
    return [math.degrees(a), math.degrees(b), math.degrees(c)]


AXES = {"X": 0, "Y": 1, "Z": 2}


def rotation_columns(node):
    """(order, columns within the node) of its three rotation channels, or None."""
    found = [(AXES[c[0]], k) for k, c in enumerate(node.channels) if c.endswith("rotation")]
    if len(found) != 3:
        return None
    return [a for a, _ in found], [k for _, k in found]


def position_columns(node):
    found = {AXES[c[0]]: k for k, c in enumerate(node.channels) if c.endswith("position")}
    return [found[a] for a in range(3)] if len(found) == 3 else None


def map_rotations(bvh, change, partial=False):
    """Every joint's rotation in every row replaced by change(node index, matrix, frame); False
    when a joint has other than three rotation channels, unless `partial` (such joints are left
    as they are)."""
    starts = bvh.columns()
    layouts = []
    for node in bvh.nodes:
        if node.end:
            layouts.append(None)
            continue
        layout = rotation_columns(node)
        if layout is None and not partial:
            return False
        layouts.append(layout)
    for frame, row in enumerate(bvh.rows):
        for index, layout in enumerate(layouts):
            if layout is None:
                continue
            order, columns = layout
            at = [starts[index] + c for c in columns]
            m = change(index, euler_matrix(order, [row[c] for c in at]), frame)
            for c, angle in zip(at, matrix_euler(order, m)):
                row[c] = angle
    return True


# [SECTION] Variants: each changes a Bvh in place and returns False where it does not apply


def scale_units(factor):
    def change(bvh):
        starts = bvh.columns()
        for index, node in enumerate(bvh.nodes):
            node.offset = [v * factor for v in node.offset]
            for k, channel in enumerate(node.channels):
                if channel.endswith("position"):
                    for row in bvh.rows:
                        row[starts[index] + k] *= factor
        return True

    return change


def turn_rest(turn, world_too):
    """The rest pose turned by `turn`. With world_too the motion turns with it (another up
    axis); without, the root's rotation undoes the turn, so the motion stands where it stood
    while the rest pose lies (Bandai Namco's, LAFAN1's)."""

    def change(bvh):
        back = transpose(turn)
        root = 0

        def rotate(index, m, _frame):
            if index == root:
                return mul(mul(turn, m), back) if world_too else mul(m, back)
            return mul(mul(turn, m), back)

        if not map_rotations(bvh, rotate):
            return False
        starts = bvh.columns()
        for index, node in enumerate(bvh.nodes):
            keep_root = index == root and not world_too
            node.offset = node.offset if keep_root else apply(turn, node.offset)
            columns = position_columns(node)
            if columns is None or (index == root and not world_too):
                continue
            for row in bvh.rows:
                at = [starts[index] + c for c in columns]
                for c, v in zip(at, apply(turn, [row[c] for c in at])):
                    row[c] = v
        return True

    return change


def drop_columns(bvh, keep):
    """Removes the channels keep(node index, channel) refuses, from the header and every row."""
    starts = bvh.columns()
    kept = []
    for index, node in enumerate(bvh.nodes):
        for k, channel in enumerate(node.channels):
            if keep(index, channel):
                kept.append(starts[index] + k)
    for index, node in enumerate(bvh.nodes):
        node.channels = [c for c in node.channels if keep(index, c)]
    bvh.rows = [[row[c] for c in kept] for row in bvh.rows]


def root_without_position(bvh):
    if position_columns(bvh.nodes[0]) is None:
        return False
    drop_columns(bvh, lambda index, c: index != 0 or not c.endswith("position"))
    return True


def ground_root(bvh):
    """A still root on the ground over the old one, which keeps its first frame's place and
    plays in place (Unreal's `root`, Unity's `Reference` over the hips of an in-place take)."""
    columns = position_columns(bvh.nodes[0])
    if columns is None:
        return False
    hips = bvh.nodes[0]
    hips.offset = [bvh.rows[0][c] for c in columns]
    drop_columns(bvh, lambda index, c: index != 0 or not c.endswith("position"))
    for node in bvh.nodes:
        node.parent += 1
    bvh.nodes.insert(0, Node("Root", -1, [0.0, 0.0, 0.0],
                             ["Xposition", "Yposition", "Zposition", "Zrotation", "Xrotation",
                              "Yrotation"]))
    hips.parent = 0
    bvh.rows = [[0.0] * 6 + row for row in bvh.rows]
    return True


def three_channels(bvh):
    if not any(position_columns(n) for n in bvh.nodes[1:]):
        return False
    drop_columns(bvh, lambda index, c: index == 0 or not c.endswith("position"))
    return True


def six_channels(bvh):
    """Every joint moves by position channels holding its offset, as some exporters write."""
    starts = bvh.columns()
    new_rows = [[] for _ in bvh.rows]
    for index, node in enumerate(bvh.nodes):
        old = node.channels
        add = position_columns(node) is None and not node.end
        for f, row in enumerate(bvh.rows):
            if add:
                new_rows[f] += node.offset
            new_rows[f] += row[starts[index] : starts[index] + len(old)]
        if add:
            node.channels = ["Xposition", "Yposition", "Zposition"] + old
    bvh.rows = new_rows
    return True


# Roles read from CMU, Mixamo, Biovision and the generated rigs' names, and how five other rigs
# name them ({s}: the side).
NAME_STYLES = {
    "daz": {"hips": "hip", "spine0": "abdomen", "spine1": "abdomen2", "spine2": "chest",
            "neck0": "neck", "neck1": "neck2", "head": "head", "collar": "{l}Collar",
            "arm": "{l}Shldr", "forearm": "{l}ForeArm", "hand": "{l}Hand", "thigh": "{l}Thigh",
            "shin": "{l}Shin", "foot": "{l}Foot", "toe": "{l}Toe"},
    "sl": {"hips": "mPelvis", "spine0": "mTorso", "spine1": "mSpine1", "spine2": "mChest",
           "neck0": "mNeck", "neck1": "mNeck2", "head": "mHead", "collar": "mCollar{Side}",
           "arm": "mShoulder{Side}", "forearm": "mElbow{Side}", "hand": "mWrist{Side}",
           "thigh": "mHip{Side}", "shin": "mKnee{Side}", "foot": "mAnkle{Side}",
           "toe": "mToe{Side}"},
    "makehuman": {"hips": "root", "spine0": "spine03", "spine1": "spine02", "spine2": "spine01",
                  "neck0": "neck01", "neck1": "neck02", "head": "head",
                  "collar": "clavicle.{S}", "arm": "upperarm01.{S}", "forearm": "lowerarm01.{S}",
                  "hand": "wrist.{S}", "thigh": "upperleg01.{S}", "shin": "lowerleg01.{S}",
                  "foot": "foot.{S}", "toe": "toe1-1.{S}"},
    "bandai": {"hips": "Hips", "spine0": "Spine", "spine1": "Chest", "spine2": "Chest2",
               "neck0": "Neck", "neck1": "Neck2", "head": "Head", "collar": "Shoulder_{S}",
               "arm": "UpperArm_{S}", "forearm": "LowerArm_{S}", "hand": "Hand_{S}",
               "thigh": "UpperLeg_{S}", "shin": "LowerLeg_{S}", "foot": "Foot_{S}",
               "toe": "Toes_{S}"},
    "lafan": {"hips": "Hips", "spine0": "Spine", "spine1": "Spine1", "spine2": "Spine2",
              "neck0": "Neck", "neck1": "Neck1", "head": "Head", "collar": "{Side}Shoulder",
              "arm": "{Side}Arm", "forearm": "{Side}ForeArm", "hand": "{Side}Hand",
              "thigh": "{Side}UpLeg", "shin": "{Side}Leg", "foot": "{Side}Foot",
              "toe": "{Side}Toe"},
}
LIMB_WORDS = [("upleg", "thigh"), ("thigh", "thigh"), ("forearm", "forearm"),
              ("elbow", "forearm"), ("collar", "collar"), ("shoulder", "collar"),
              ("arm", "arm"), ("hand", "hand"), ("wrist", "hand"), ("leg", "shin"),
              ("knee", "shin"), ("foot", "foot"), ("ankle", "foot"), ("toe", "toe"),
              ("hip", "thigh")]


def canonical_role(name):
    """(role, side) of a name, or None: 'LeftForeArm' is ('forearm', 'Left')."""
    bare = name.split(":")[-1]
    match = re.match(r"^(Left|Right|L|R|l|r)_?([A-Z].*)$", bare)
    if not match:
        return None
    side = "Left" if match.group(1).lower().startswith("l") else "Right"
    rest = match.group(2).lower()
    if any(w in rest for w in ("index", "middle", "ring", "pinky", "thumb", "finger")):
        return None
    for word, role in LIMB_WORDS:
        if word in rest:
            return role, side
    return None


def rename_joints(style):
    def change(bvh):
        names = NAME_STYLES[style]
        trunk = {"spine": 0, "neck": 0}
        # A joint named after its parent's role with a further role (a Biovision "LeftShoulder"
        # under "LeftCollar") is the next one down the limb.
        renamed = 0
        for node in bvh.nodes:
            if node.end:
                continue
            bare = node.name.split(":")[-1].lower()
            found = canonical_role(node.name)
            if found:
                role, side = found
                node.name = names[role].format(l=side[0].lower(), Side=side, S=side[0])
                renamed += 1
            elif bare in ("hips", "pelvis", "hip"):
                node.name = names["hips"]
            elif re.match(r"^(spine|chest|torso|abdomen)\d*$", bare) and trunk["spine"] < 3:
                node.name = names[f"spine{trunk['spine']}"]
                trunk["spine"] += 1
            elif re.match(r"^neck\d*$", bare) and trunk["neck"] < 2:
                node.name = names[f"neck{trunk['neck']}"]
                trunk["neck"] += 1
            elif bare == "head":
                node.name = names["head"]
        seen = {}
        for node in bvh.nodes:
            if not node.end:
                count = seen.get(node.name, 0)
                seen[node.name] = count + 1
                node.name += f"_{count}" if count else ""
        return renamed >= 8

    return change


def face_helpers(bvh):
    """120 helper joints under the head, within its skull, named as face rigs name them. The skull
    is laid out along the signed axis nearest the neck-to-head bone (else the head's first
    child): the capture's up at the head in its rest pose, so a Z-up capture or one whose rest
    pose lies down gets them inside its head too, as a real face rig has them, not in a cloud
    beside it (a Y-up capture gets them as before)."""
    heads = [i for i, n in enumerate(bvh.nodes) if not n.end and "head" in n.name.lower()
             and "top" not in n.name.lower()]
    if not heads:
        return False
    head = heads[0]
    child = next((n for n in bvh.nodes if n.parent == head), None)
    size = math.sqrt(sum(v * v for v in child.offset)) if child else 10.0
    along = bvh.nodes[head].offset if any(bvh.nodes[head].offset) else (
        child.offset if child else [0.0, 1.0, 0.0])
    axis = max(range(3), key=lambda i: abs(along[i]))
    up = [0.0, 0.0, 0.0]
    up[axis] = 1.0 if along[axis] > 0 else -1.0
    turn = turn_between([0.0, 1.0, 0.0], up)
    words = ["temporalis", "oris", "orbicularis", "levator", "depressor", "zygomatic",
             "masseter", "nasalis", "mentalis", "risorius", "buccinator", "procerus"]
    starts_at = len(bvh.nodes)
    for k in range(120):
        angle = 0.37 * k
        # Laid out with +Y up the skull: sides along X, the face ahead along Z.
        offset = apply(turn, [0.4 * size * math.sin(angle),
                              0.3 * size + 0.3 * size * math.cos(1.3 * angle), 0.4 * size])
        side = ".L" if k % 2 else ".R"
        bvh.nodes.append(Node(f"{words[k % len(words)]}{k // len(words):02d}{side}", head, offset,
                              ["Zrotation", "Xrotation", "Yrotation"]))
        bvh.nodes.append(Node(None, len(bvh.nodes) - 1, apply(turn, [0.0, 0.0, 0.05 * size]), []))
    # The helpers come after the rest in the file, as children of the head: the parser needs
    # children written inside their parent, so the new nodes are moved to follow the head's.
    moved = bvh.nodes[starts_at:]
    del bvh.nodes[starts_at:]
    return insert_after_subtree(bvh, head, moved)


def insert_after_subtree(bvh, parent, new_nodes):
    last = parent
    for index in range(parent + 1, len(bvh.nodes)):
        walk = bvh.nodes[index].parent
        while walk > parent:
            walk = bvh.nodes[walk].parent
        if walk != parent:
            break
        last = index
    at = last + 1
    shift = len(new_nodes)
    for node in bvh.nodes[at:]:
        node.parent = node.parent + shift if node.parent >= at else node.parent
    base = len(bvh.nodes)
    for node in new_nodes:
        node.parent = node.parent - base + at if node.parent >= base else node.parent
    column = sum(len(n.channels) for n in bvh.nodes[:at])
    width = sum(len(n.channels) for n in new_nodes)
    bvh.nodes[at:at] = new_nodes
    bvh.rows = [row[:column] + [0.0] * width + row[column:] for row in bvh.rows]
    return True


def big_motion(bvh):
    """Arms raised overhead and swung, deep knee bends, high kicks and a bent trunk, added to the
    motion over the take (about the joints' own axes, as an animator keys them)."""
    count = len(bvh.rows)
    if count < 3:
        bvh.rows = [list(bvh.rows[0]) for _ in range(60)]
        count = 60

    def extra(index, m, frame):
        node = bvh.nodes[index]
        found = canonical_role(node.name)
        phase = frame / max(1, count - 1) * 4.0 * math.pi
        if found is None:
            lower = node.name.lower()
            if re.match(r"^(.*:)?(spine|chest|abdomen|torso)\d*$", lower):
                return mul(m, axis_matrix(0, 25.0 * math.sin(phase)))
            return m
        role, side = found
        sign = 1.0 if side == "Left" else -1.0
        if role == "arm":
            return mul(m, mul(axis_matrix(2, sign * 80.0 * (1 - math.cos(phase))),
                              axis_matrix(1, 40.0 * math.sin(phase))))
        if role == "forearm":
            return mul(m, axis_matrix(1, -sign * 70.0 * (1 - math.cos(phase))))
        if role == "thigh":
            kick = 55.0 * (1 - math.cos(phase + (0 if side == "Left" else math.pi)))
            return mul(m, mul(axis_matrix(0, -kick), axis_matrix(2, sign * 20.0 * math.sin(phase))))
        if role == "shin":
            return mul(m, axis_matrix(0, 65.0 * (1 - math.cos(phase))))
        return m

    return map_rotations(bvh, extra, partial=True)


VARIANTS = {
    "as_is": [],
    "metres": [scale_units(0.01)],
    "millimetres": [scale_units(10.0)],
    "inches": [scale_units(1 / 2.54)],
    "zup": [turn_rest(axis_matrix(0, 90), True)],
    "lying_px": [turn_rest(axis_matrix(2, -90), False)],
    "lying_nx": [turn_rest(axis_matrix(2, 90), False)],
    "lying_pz": [turn_rest(axis_matrix(0, 90), False)],
    "lying_nz": [turn_rest(axis_matrix(0, -90), False)],
    "root_no_position": [root_without_position],
    "six_channels": [six_channels],
    "ground_root": [ground_root],
    "three_channels": [three_channels],
    "daz_names": [rename_joints("daz")],
    "sl_names": [rename_joints("sl")],
    "makehuman_names": [rename_joints("makehuman")],
    "bandai_names": [rename_joints("bandai")],
    "lafan_names": [rename_joints("lafan")],
    "face_helpers": [face_helpers],
    "big_motion": [big_motion],
    "big_motion_lying_px_metres": [big_motion, turn_rest(axis_matrix(2, -90), False),
                                   scale_units(0.01)],
    "bandai_lying_px_metres": [rename_joints("bandai"), turn_rest(axis_matrix(2, -90), False),
                               scale_units(0.01)],
    "lafan_lying_nx_big_motion": [rename_joints("lafan"), big_motion,
                                  turn_rest(axis_matrix(2, 90), False)],
    "daz_zup_inches": [rename_joints("daz"), turn_rest(axis_matrix(0, 90), True),
                       scale_units(1 / 2.54)],
    "sl_six_channels_big_motion": [rename_joints("sl"), big_motion, six_channels],
    "lying_px_root_no_position": [root_without_position, turn_rest(axis_matrix(2, -90), False)],
    "lying_nz_root_no_position": [root_without_position, turn_rest(axis_matrix(0, -90), False)],
    "makehuman_face_helpers_big_motion": [rename_joints("makehuman"), face_helpers, big_motion],
}

# [SECTION] Measures


def measure_edges(bvhscope, checker, bvh_path, glb_path, frames, grid_phase=None):
    command = [bvhscope, "convert", bvh_path, glb_path, "--body", "--overwrite"]
    if grid_phase:
        command += ["--body-grid-phase", grid_phase]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip()
    result = subprocess.run([checker, glb_path, str(frames)], capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip()
    cells = result.stdout.split()
    return {"share": float(cells[2]), "share_frame": int(cells[3]), "worst": float(cells[4]),
            "worst_frame": int(cells[5]), "frames_under": int(cells[6])}, ""


def measure_area(bvhscope, bvh_path, out_png, frame):
    pieces = {}
    for bones in ("capsules", "body"):
        png = f"{out_png}_{frame}_{bones}.png"
        command = [bvhscope, "render", bvh_path, "-o", png, "--size", "640x480", "--no-overlay",
                   "--bones", bones, "--frame", str(frame)]
        if subprocess.run(command, capture_output=True).returncode != 0:
            return None
        pieces[bones] = measure_body_area.largest_piece(png)
    capsules, body = pieces["capsules"], pieces["body"]
    if capsules[0] == 0:
        return None
    tall = capsules[2] - capsules[1]
    return body[0] / capsules[0], (body[2] - body[1]) / tall if tall > 0 else 0.0


def sweep_one(args, path, name, changes):
    try:
        bvh = parse_bvh(open(path).read())
    except (IndexError, ValueError, AssertionError):
        # This plain reader takes well-formed files only; bvhscope's own reader is what is tested.
        print(f"{os.path.basename(path)}: skipped (not a plain well-formed BVH)", file=sys.stderr)
        return None
    if len(bvh.rows) == 0:
        return None
    for change in changes:
        if not change(bvh):
            return None
    base = os.path.join(args.out_dir, f"{os.path.splitext(os.path.basename(path))[0]}__{name}")
    with open(base + ".bvh", "w") as out:
        out.write(write_bvh(bvh))
    edges, error = measure_edges(args.bvhscope, args.checker, base + ".bvh", base + ".glb",
                                 args.frames, args.grid_phase)
    line = {"file": os.path.basename(base), "edges": edges, "error": error, "area": None}
    if args.area and edges is not None:
        last = len(bvh.rows) - 1
        line["area"] = [measure_area(args.bvhscope, base + ".bvh", base, f)
                        for f in (0, last // 2, last)]
    return line


def report(line):
    if line["edges"] is None:
        return f"{line['file']}\tFAILED\t{line['error']}"
    e = line["edges"]
    text = (f"{line['file']}\t{e['share']:.3f}\t@{e['share_frame']}\t{e['worst']:.1f}x"
            f"\t@{e['worst_frame']}\t{e['frames_under']}")
    for area in line["area"] or []:
        text += "\tarea -" if area is None else f"\t{area[0]:.2f}/{area[1]:.2f}"
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bvhscope")
    parser.add_argument("checker", help="bvhscope_sweep_body_edges")
    parser.add_argument("out_dir")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--frames", type=int, default=400, help="most keys measured a take")
    parser.add_argument("--area", action="store_true", help="also the area at 3 frames")
    parser.add_argument("--grid-phase", metavar="X,Y,Z",
                        help="convert --body-grid-phase: the body's samples moved by these shares "
                             "of a cell (the body must not depend on them)")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    print("variant\tleast % within 4x\tat key\tworst edge\tat key\tkeys under 99.9 %"
          "\t[area/height at first, middle, last]", flush=True)
    lines = []
    for path in args.files:
        for name in args.variants.split(","):
            line = sweep_one(args, path, name, VARIANTS[name])
            if line is not None:
                lines.append(line)
                print(report(line), flush=True)
    measured = [l for l in lines if l["edges"] is not None]
    print(f"\n{len(lines)} variants, {len(lines) - len(measured)} failed to convert; worst:")
    for line in sorted(measured, key=lambda l: l["edges"]["share"])[:15]:
        print(report(line))
    low = [l for l in measured if l["area"] and any(a and a[0] < 2.05 for a in l["area"])]
    for line in low:
        print("area under 2.05:", report(line))
    return 1 if any(l["edges"] is None for l in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
