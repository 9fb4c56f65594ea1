// A test hook (--state-out): the viewer's state as plain text lines, so GUI tests can assert
// what the window does without reading pixels, and aim xdotool at widgets.
//
//   drawn 214                                  (frames drawn so far)
//   input received 40 applied 38               (window input events: received from the system,
//                                              given to frames; input_queue.h)
//   idle 0                                     (1: written again as the viewer goes to sleep,
//                                              nothing moving and its layout settled)
//   frame 12 / 65
//   time 0.400000
//   playing 0
//   files 2
//   file 0 visible 1 name walk.bvh            (the name is the rest of the line)
//   load 0 loading 1 frames 1200 progress 0.250000   (frames that may be shown; 0..1 read)
//   waiting 0.000000 big.bvh                   (a file whose header is still being read)
//   loading 1                                  (some file is still being read)
//   sound loading 1 stopped 0                  (a sound is being decoded; loads stopped before
//                                              their decode ended. Written once more as the
//                                              viewer closes, after it stopped the decode)
//   lines 0                                    (1: too many bones for meshes, drawn as lines)
//   root X Y Z                                 (first character, viewer space)
//   selected 0 LeftArm                         or   selected none
//   figure 0 LEFT TOP RIGHT BOTTOM behind 0   (per shown file: its joints projected, window
//                                              pixels; behind 1: some joint behind the eye)
//   follow 1 kept 1                            (following; the camera as framing left it)
//   camera TX TY TZ DISTANCE YAW PITCH FOVY
//   window W H
//   errors 1
//   error /tmp/bad.bvh:3:7: error: ...
//   exporttarget /tmp/walk_export.bvh          (File > Export's file; the rest of the line)
//   rect X Y W H NAME                          (widget rectangles, window pixels; "view" is
//                                              the 3D view, "window:NAME" each panel)
//   clipped NAME overflow PIXELS | glyph X,Y   (text cut at a panel's edge, clipped_text.h)
//   restpose 0|1                               (the rest-pose toggle)
//   character 0 fps 30.000030 inuse 30.000000 override 1 duration 2.166667 up +Y
//             placement X Y Z                  (one line per file: its rates, clip length, axis)
//   frametime 0 written 30 suspicion -         (the Frame Time findings: a rate or -)
//   restcheck 0 measured 1 up +Y disagrees 0 scale -
//   curves 0 Hips channels 6 frames 66 events 2   or   curves none
//   event FRAME COLUMN KIND MAGNITUDE          (the selected joint's, first 50)
//   compare enabled 1 active 1 a 0 b 1 layout overlay matched 25 of 25 mean M max X
//           painted 1                          (B's bones coloured by the difference)
//   folder /data/takes                         (the folder being browsed)  or   folder none
//   folderfiles 12 summarising 1 workers 1 current 3 opening none subfolders 0 busy 1
//                                              (current/opening: file indices, or none)
//   folderfile 3 status warnings joints 31 frames 2752 fps 120.000500 duration 22.924900
//     warnings 2 thumbnail drawn name sub/walk10.bvh   (one line; joints..warnings are 0
//                                              until summarised; the name is the rest)
//   folderdiag 3 /data/takes/sub/walk10.bvh:7:3: warning: ...   (kept diagnostics per file)
//   browsed 1                                  (scene index of the browsed character) or none
#pragma once

#include "app/viewer/session/viewer_state.h"

#include <filesystem>
#include <string>

namespace bvhscope::viewer {

std::string formatState(const ViewerState& state, int windowWidth, int windowHeight);
// The state's idle line as formatState writes it, and as the probe rewrites it when the viewer
// goes to sleep.
inline constexpr const char* kNotIdleLine = "idle 0\n";
inline constexpr const char* kIdleLine = "idle 1\n";

// Writes through a temporary file and a rename, so a reader never sees half a state.
void writeStateFile(const std::filesystem::path& path, const std::string& text);

} // namespace bvhscope::viewer
