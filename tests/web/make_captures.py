#!/usr/bin/env python3
"""Writes the small captures of the web checks (tests/web/captures/): figures whose joints use
every rotation order, over several frames, one Y-up in centimetres with position channels on the
root only, one Z-up in millimetres with a position channel on a child joint; one that loads with
a warning and one malformed file. Run once; the outputs are committed (this script says how they were made)."""
import math
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "captures")

# (name, parent, offset, rotation order or None for an End Site)
def humanoid(scale, up_z):
    def v(x, y, z):
        # Y-up offsets, turned to Z-up (x, -z, y) when asked
        return (x * scale, -z * scale, y * scale) if up_z else (x * scale, y * scale, z * scale)
    return [
        ("Hips", None, v(0, 95, 0), "ZXY"),
        ("Spine", "Hips", v(0, 12, 0), "XYZ"),
        ("Chest", "Spine", v(0, 18, 1), "YZX"),
        ("Neck", "Chest", v(0, 22, -1), "ZYX"),
        ("Head", "Neck", v(0, 9, 1), "YXZ"),
        ("EndSite_Head", "Head", v(0, 17, 0), None),
        ("LeftArm", "Chest", v(17, 17, 0), "XZY"),
        ("LeftForeArm", "LeftArm", v(28, 0, 0), "ZXY"),
        ("EndSite_LeftForeArm", "LeftForeArm", v(25, 0, 0), None),
        ("RightArm", "Chest", v(-17, 17, 0), "YXZ"),
        ("RightForeArm", "RightArm", v(-28, 0, 0), "XYZ"),
        ("EndSite_RightForeArm", "RightForeArm", v(-25, 0, 0), None),
        ("LeftUpLeg", "Hips", v(9, -6, 0), "ZYX"),
        ("LeftLeg", "LeftUpLeg", v(0, -42, 0), "YZX"),
        ("LeftFoot", "LeftLeg", v(0, -41, 0), "XZY"),
        ("EndSite_LeftFoot", "LeftFoot", v(0, -5, 14), None),
        ("RightUpLeg", "Hips", v(-9, -6, 0), "XZY"),
        ("RightLeg", "RightUpLeg", v(0, -42, 0), "ZXY"),
        ("RightFoot", "RightLeg", v(0, -41, 0), "YZX"),
        ("EndSite_RightFoot", "RightFoot", v(0, -5, 14), None),
    ]


def write(path, joints, frames, positions_on, frame_time, root_height_axis):
    children = {}
    for joint in joints:
        children.setdefault(joint[1], []).append(joint)
    lines = ["HIERARCHY"]
    channel_plan = []  # (joint name, [channel names])

    def emit(joint, depth):
        name, _, offset, order = joint
        pad = "  " * depth
        if order is None:
            lines.append(f"{pad}End Site")
        else:
            lines.append(f"{pad}{'ROOT' if depth == 0 else 'JOINT'} {name}")
        lines.append(pad + "{")
        lines.append(f"{pad}  OFFSET {offset[0]:.4f} {offset[1]:.4f} {offset[2]:.4f}")
        if order is not None:
            channels = []
            if name in positions_on:
                channels += ["Xposition", "Yposition", "Zposition"]
            channels += [f"{axis}rotation" for axis in order]
            channel_plan.append((name, channels, offset))
            lines.append(f"{pad}  CHANNELS {len(channels)} {' '.join(channels)}")
            for child in children.get(name, []):
                emit(child, depth + 1)
        lines.append(pad + "}")

    emit(children[None][0], 0)
    lines += ["MOTION", f"Frames: {frames}", f"Frame Time: {frame_time}"]
    for frame in range(frames):
        row = []
        for index, (name, channels, offset) in enumerate(channel_plan):
            for channel_index, channel in enumerate(channels):
                phase = 0.7 * frame + 1.3 * index + 0.9 * channel_index
                if channel.endswith("position"):
                    axis = "XYZ".index(channel[0])
                    value = offset[axis] + 4.0 * math.sin(phase)
                    if name == "Hips" and axis == "XYZ".index(root_height_axis):
                        value = offset[axis] + 1.5 * math.sin(phase)
                    if name == "Hips" and axis == 0:
                        value += 3.0 * frame
                else:
                    # Angles up to 35 degrees, and at frame 3 the root's first rotation channel
                    # turned by 90 more: the order of composition shows in every coordinate.
                    value = 35.0 * math.sin(phase)
                    if index == 0 and frame == 3 and channel_index == 3:
                        value += 90.0
                row.append(f"{value:.5f}")
        lines.append(" ".join(row))
    with open(path, "w", newline="\n") as out:
        out.write("\n".join(lines) + "\n")


def main():
    os.makedirs(HERE, exist_ok=True)
    write(os.path.join(HERE, "mixed_orders_yup_cm.bvh"), humanoid(1.0, False), 9,
          {"Hips"}, 0.0333333, "Y")
    # Z up, millimetres, a translating child (LeftForeArm): position channels beyond the root.
    write(os.path.join(HERE, "mixed_orders_zup_mm.bvh"), humanoid(10.0, True), 7,
          {"Hips", "LeftForeArm"}, 0.00833333, "Z")
    # Loads with a warning: "Frames: 4" above three rows.
    write(os.path.join(HERE, "short_motion.bvh"), humanoid(1.0, False), 3, {"Hips"}, 0.0333333,
          "Y")
    path = os.path.join(HERE, "short_motion.bvh")
    with open(path) as capture:
        text = capture.read().replace("Frames: 3\n", "Frames: 4\n")
    with open(path, "w", newline="\n") as out:
        out.write(text)
    with open(os.path.join(HERE, "malformed.bvh"), "w", newline="\n") as out:
        out.write("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
                  "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
                  "  JOINT Spine\n  {\n    OFFSET 0 10 0\n    CHANNELS 3 Zrotation Xrotation\n"
                  "    End Site\n    {\n      OFFSET 0 10 0\n    }\n  }\n}\n"
                  "MOTION\nFrames: 2\nFrame Time: 0.0333333\n"
                  "0 90 0 0 0 0 0 0 0\n0 90 0 1 2 3 4 5 6\n")


if __name__ == "__main__":
    main()
