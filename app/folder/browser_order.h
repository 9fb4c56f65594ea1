// Which of a folder's takes the Browser shows, and in which order: its filter field and its
// sortable columns. No GL, no UI; never throws.
//
// [SECTION] The filter
// Words separated by spaces; a take is kept when its path relative to the opened folder holds
// every plain word (ASCII case ignored: "Kick ANGRY" keeps "dataset-1_kick_angry_001.bvh") and
// meets every field term. A field term is a field, an operator and a number, with no spaces:
//   frames>300  fps:120  joints=22  duration<=2.5
// Fields: frames, fps, joints, duration (seconds). Operators: ':' and '=' (equal; for fps,
// within 0.5 frames per second, since a Frame Time of 0.008333 is 120.005 fps), '<', '<=', '>',
// '>='. A take not yet summarised has no fields: a field term keeps it only once it is known
// to match. A term that looks like a field but is not one ("speed>3", "frames>lots") is an
// error, and is ignored while the rest of the filter applies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::folder {

struct FolderEntry; // folder_browser.h

enum class BrowserField : std::uint8_t { Frames, Fps, Joints, Duration };
enum class Comparison : std::uint8_t { Equal, Less, LessOrEqual, Greater, GreaterOrEqual };

struct FieldTerm {
    BrowserField field = BrowserField::Frames;
    Comparison comparison = Comparison::Equal;
    double value = 0.0;
};

struct BrowserFilter {
    std::vector<std::string> words; // lower-case
    std::vector<FieldTerm> terms;
    std::string error; // the first term not understood, said for the tooltip; "" when none
    bool empty() const { return words.empty() && terms.empty(); }
};

BrowserFilter parseBrowserFilter(std::string_view text);
bool filterKeeps(const BrowserFilter& filter, const FolderEntry& entry);

// The syntax, for the filter field's tooltip.
inline constexpr std::string_view kBrowserFilterHelp =
    "Words: keep the takes whose path holds all of them (case ignored).\n"
    "Fields: frames>300  fps:120  joints:22  duration<2.5\n"
    "  operators  :  =  <  <=  >  >=   (duration in seconds)\n"
    "Words and fields combine: kick angry frames>200";

// [SECTION] Sorting
// Likeness is no column: the Browser's Similar ranks the takes by their distance from one.
enum class BrowserColumn : std::uint8_t { Name, Joints, Frames, Fps, Duration, Status, Likeness };

// "name", "joints", "frames", "fps", "duration", "status", "likeness" (the state dump's words).
const char* browserColumnName(BrowserColumn column);

struct BrowserSort {
    BrowserColumn column = BrowserColumn::Name;
    bool descending = false;
    bool operator==(const BrowserSort&) const = default;
};

// The entries `filter` keeps, by `sort`: names in natural order (the listing's), facts by
// value with takes not summarised yet last (either direction), ties in natural order. By
// Likeness, by `likeness` (per entry, the distance from the take compared with; nullopt: not
// comparable, last).
std::vector<std::size_t> orderedRows(const std::vector<FolderEntry>& entries,
                                     const BrowserFilter& filter, const BrowserSort& sort,
                                     const std::vector<std::optional<double>>& likeness = {});

} // namespace bvhscope::folder
