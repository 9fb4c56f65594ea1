// The folder browser's model: the .bvh files of one folder, each with its summary (computed in
// the background by a SummaryPool), its status and the pose its thumbnail shows, plus which file
// is shown as the "browsed" character and the file loading to replace it. What the user asks of
// the Browser (open a row, next/previous file, close...) arrives as commands, applied by
// folder_navigation.h. No GL and no UI: thumbnails are drawn from the poses by
// folder_thumbnails.h, the panel is folder_panel.h.
//
// Memory per file stays small whatever the folder holds: a summary is read within its budget
// (folder_summaries.h), a pose is kept only until its thumbnail is drawn, and thumbnails are
// kept in a cache bounded in bytes (folder_thumbnails.h). A row whose thumbnail or pose was
// freed (Evicted) is summarised again when it comes back on screen.
#pragma once

#include "app/folder/browser_order.h"
#include "app/folder/folder_listing.h"
#include "app/folder/folder_summaries.h"
#include "core/reader/background_load.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::folder {

enum class FileStatus : std::uint8_t {
    Queued,   // not read yet
    Reading,  // a pool thread is reading it
    Ok,       // loads without a warning
    Warnings, // loads, with warnings
    Error,    // does not load
    TooLarge, // not summarised: its hierarchy alone is beyond the summary's budget (it may load)
};

enum class ThumbnailState : std::uint8_t {
    Waiting, // no summary yet
    Pending, // the pose is ready, the thumbnail not drawn
    Drawn,
    None,    // nothing to draw: the file did not load
    Evicted, // drawn or read once, then freed to bound memory: read again once on screen
};

struct FolderEntry {
    std::filesystem::path path;
    std::string name; // relative to the folder, '/' between subfolders
    FileStatus status = FileStatus::Queued;
    double readFraction = 0.0; // while Reading
    // Once summarised: the facts (their thumbnailPose is moved to the member below).
    std::optional<FileFacts> facts;
    ThumbnailState thumbnail = ThumbnailState::Waiting;
    // The pose to draw, kept only until its thumbnail is drawn (or it is Evicted).
    std::optional<bvh::Document> thumbnailPose;
};

class FolderBrowser {
public:
    FolderBrowser() = default;
    FolderBrowser(const FolderBrowser&) = delete;
    FolderBrowser& operator=(const FolderBrowser&) = delete;

    // [SECTION] The folder and its files

    // Lists `folder` and starts summarising its files on `workers` threads, closing the folder
    // open before. `includeSubfolders` as the user chose it; nullopt when they have not: then a
    // folder that holds no take itself but whose subfolders do is listed with them
    // (subfoldersIncludedForLibrary), any other without. Returns why it cannot be listed (then
    // the folder open before stays), else "".
    std::string open(const std::filesystem::path& folder, std::optional<bool> includeSubfolders,
                     unsigned workers = defaultSummaryWorkers(std::thread::hardware_concurrency()));
    // Cancels the summaries (waiting for the files being read to stop), forgets the files and
    // the browsing state; generation() changes so thumbnails of this folder are dropped.
    void close();

    bool isOpen() const { return folder_.has_value(); }
    const std::filesystem::path& folder() const;
    bool includesSubfolders() const { return includeSubfolders_; }
    // Opened without subfolders, the folder itself held no take but its subfolders did (a
    // library: dataset-1/data/..., dataset-2/data/...), so they were included.
    bool subfoldersIncludedForLibrary() const { return subfoldersForLibrary_; }
    bool listingTruncated() const { return truncated_; }
    // Changes whenever the list of files does (open, close): the key thumbnails are kept under.
    std::uint64_t generation() const { return generation_; }
    // When open() listed the folder (for --print-load-timing).
    std::chrono::steady_clock::time_point openedAt() const { return openedAt_; }

    std::vector<FolderEntry>& entries() { return entries_; }
    const std::vector<FolderEntry>& entries() const { return entries_; }

    // Once per UI frame: takes the summaries finished since, and who is being read; asks for
    // the Evicted rows on screen to be summarised again (they wait for their pose meanwhile).
    void update();
    // Summaries still to come.
    bool summarizing() const { return pool_ && !pool_->done(); }
    // Summaries still to come, a thumbnail still to draw or a browsed file still loading.
    bool busy() const;
    std::size_t summarizedCount() const;
    // The pool's threads (0 when nothing is being summarised).
    std::size_t workerCount() const { return summarizing() ? pool_->workerCount() : 0; }

    // [SECTION] What the list shows: the filter's takes in the sort's order (browser_order.h)

    void setFilter(std::string text);
    const std::string& filterText() const { return filterText_; }
    const BrowserFilter& filter() const { return filter_; }
    void setSort(BrowserSort sort);
    const BrowserSort& sort() const { return sort_; }
    // Ranks the takes by how alike their motion is to entry `query`'s (its summary's motion
    // features; the spread over the folder's takes), best first, the query itself first: the
    // sort becomes Likeness until another is chosen, ranked again as more summaries arrive.
    // False (nothing changes) when the query has no features yet (not summarised, no motion,
    // or a long motion the summary sampled).
    bool rankByLikeness(std::size_t query);
    // The take Likeness compares with.
    std::optional<std::size_t> likenessQuery() const { return likenessQuery_; }
    // Entry indices in display order. Changes when the filter or sort does, and in update()
    // when summaries arrive that a field term or a fact column needs.
    const std::vector<std::size_t>& shownRows() const { return shown_; }

    // The rows on screen: display positions [first, last) of shownRows(). Their summaries and
    // thumbnails come first.
    void setVisibleRows(std::size_t first, std::size_t last);
    // Whether setVisibleRows(first, last) would change them: the panel says so only then.
    bool visibleRowsDiffer(std::size_t first, std::size_t last) const;
    std::size_t visibleFirst() const { return visibleFirst_; }
    std::size_t visibleLast() const { return visibleLast_; }
    // The entries of those rows, top first.
    const std::vector<std::size_t>& visibleEntries() const { return visibleEntries_; }
    bool isEntryOnScreen(std::size_t entry) const;
    // What the rows on screen show of their files: which entries, how many are summarised and
    // how many have their thumbnail settled (drawn, or nothing to draw). Two values differ when
    // a frame would show something new there (the viewer's pacing: browser_pacing.h).
    struct OnScreenProgress {
        std::vector<std::size_t> entries;
        std::size_t summarised = 0;
        std::size_t thumbnailsSettled = 0;
        bool operator==(const OnScreenProgress&) const = default;
    };
    OnScreenProgress onScreenProgress() const;

    // Once every summary is in, puts each take's motion features (with its size and time) in
    // the motion index kept at `indexFile` (core/analysis/motion_index.h): `bvhscope similar` on
    // this folder then reads no take again. Once per listing; nothing while summarising. The
    // problems writing it, if any (the Browser works on without the index).
    std::vector<bvh::Diagnostic> storeMotionIndex(const std::filesystem::path& indexFile);

    // [SECTION] Browsing (folder_navigation.h's commands and updateFolderBrowsing)

    // The file the browsed character was loaded from.
    std::optional<std::size_t> current;
    // The file being loaded to replace it, and the step that chose it (+1 next, -1 previous,
    // 0 a click): a step that meets a file which does not load goes on past it.
    struct BrowseLoad {
        std::size_t entry = 0;
        int step = 0;
        std::unique_ptr<bvh::BackgroundLoad> load; // destroying it cancels it
    };
    std::optional<BrowseLoad> browseLoad;

private:
    std::optional<std::filesystem::path> folder_;
    bool includeSubfolders_ = false;
    bool subfoldersForLibrary_ = false;
    bool truncated_ = false;
    std::uint64_t generation_ = 0;
    std::chrono::steady_clock::time_point openedAt_;
    std::vector<FolderEntry> entries_;
    std::size_t visibleFirst_ = 0;
    std::size_t visibleLast_ = 0;
    std::vector<std::size_t> visibleEntries_;
    std::string filterText_;
    BrowserFilter filter_;
    BrowserSort sort_;
    std::vector<std::size_t> shown_;
    std::optional<std::size_t> likenessQuery_;
    bool motionIndexStored_ = false;
    std::vector<std::optional<double>> likeness_; // per entry: distance from the query
    void reorder(); // shown_ (and the visible entries) from the entries, filter and sort
    // Kept while the folder is open (its threads end when it has nothing to read): rows back
    // on screen are read again through it. Last: its threads die before the rest.
    std::unique_ptr<SummaryPool> pool_;
};

// "queued", "reading", "ok", "warnings", "error", "too-large" (the state dump's words).
const char* fileStatusName(FileStatus status);
// "waiting", "pending", "drawn", "none", "evicted".
const char* thumbnailStateName(ThumbnailState state);

} // namespace bvhscope::folder
