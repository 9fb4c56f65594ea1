#include "app/folder/folder_browser.h"

#include "core/analysis/motion_index.h"

#include <algorithm>
#include <cassert>

namespace bvhscope::folder {

std::string FolderBrowser::open(const std::filesystem::path& folder,
                                std::optional<bool> chosenSubfolders, unsigned workers) {
    const auto listedAt = std::chrono::steady_clock::now();
    bool includeSubfolders = chosenSubfolders.value_or(false);
    FolderListing listing = listBvhFiles(folder, includeSubfolders);
    if (!listing.error.empty()) {
        return listing.error; // the folder open before stays
    }
    bool forLibrary = false;
    if (!chosenSubfolders && listing.files.empty()) {
        FolderListing withSubfolders = listBvhFiles(folder, true);
        if (withSubfolders.error.empty() && !withSubfolders.files.empty()) {
            listing = std::move(withSubfolders);
            includeSubfolders = forLibrary = true;
        }
    }
    close();
    openedAt_ = listedAt;
    folder_ = folder;
    includeSubfolders_ = includeSubfolders;
    subfoldersForLibrary_ = forLibrary;
    truncated_ = listing.truncated;
    entries_.reserve(listing.files.size());
    for (const std::filesystem::path& file : listing.files) {
        FolderEntry entry;
        entry.path = file;
        const std::u8string name = file.lexically_relative(folder).generic_u8string();
        entry.name.assign(name.begin(), name.end()); // UTF-8 with '/' between folders
        entries_.push_back(std::move(entry));
    }
    pool_ = std::make_unique<SummaryPool>(std::move(listing.files), workers);
    reorder();
    return {};
}

void FolderBrowser::close() {
    pool_.reset(); // cancels and joins first: nothing reads entries_ after this
    browseLoad.reset();
    folder_.reset();
    entries_.clear();
    entries_.shrink_to_fit();
    current.reset();
    truncated_ = false;
    subfoldersForLibrary_ = false;
    visibleFirst_ = visibleLast_ = 0;
    visibleEntries_.clear();
    shown_.clear();
    likenessQuery_.reset();
    likeness_.clear();
    motionIndexStored_ = false;
    if (sort_.column == BrowserColumn::Likeness) {
        sort_ = {};
    }
    ++generation_;
}

const std::filesystem::path& FolderBrowser::folder() const {
    assert(folder_ && "FolderBrowser::folder() with no folder open");
    return *folder_;
}

void FolderBrowser::update() {
    if (!pool_) {
        return;
    }
    std::vector<SummaryPool::Finished> finishedNow = pool_->takeFinished();
    for (SummaryPool::Finished& finished : finishedNow) {
        FolderEntry& entry = entries_[finished.index];
        FileFacts& facts = finished.facts;
        if (facts.hierarchyTooLarge) {
            entry.status = FileStatus::TooLarge;
        } else if (!facts.loaded) {
            entry.status = FileStatus::Error;
        } else {
            entry.status = facts.summary.warnings > 0 ? FileStatus::Warnings : FileStatus::Ok;
        }
        entry.thumbnailPose = std::move(facts.thumbnailPose);
        facts.thumbnailPose.reset();
        entry.thumbnail = entry.thumbnailPose ? ThumbnailState::Pending : ThumbnailState::None;
        entry.facts = std::move(facts);
        entry.readFraction = 1.0;
    }
    for (const SummaryPool::Reading& reading : pool_->reading()) {
        FolderEntry& entry = entries_[reading.index];
        if (!entry.facts) {
            entry.status = FileStatus::Reading;
            entry.readFraction = reading.fraction;
        }
    }
    // Facts change what field terms keep and where fact columns put a row.
    if (!finishedNow.empty() && likenessQuery_) {
        rankByLikeness(*likenessQuery_); // the takes summarised since join the ranking
    } else if (!finishedNow.empty() &&
               (!filter_.terms.empty() || sort_.column != BrowserColumn::Name)) {
        reorder();
    }
    for (const std::size_t i : visibleEntries_) {
        if (entries_[i].thumbnail == ThumbnailState::Evicted) {
            entries_[i].thumbnail = ThumbnailState::Waiting; // its facts stay meanwhile
            pool_->readAgain(i);
        }
    }
}

void FolderBrowser::setFilter(std::string text) {
    if (text == filterText_) {
        return;
    }
    filterText_ = std::move(text);
    filter_ = parseBrowserFilter(filterText_);
    reorder();
}

void FolderBrowser::setSort(BrowserSort sort) {
    if (sort == sort_) {
        return;
    }
    sort_ = sort;
    reorder();
}

bool FolderBrowser::rankByLikeness(std::size_t query) {
    if (query >= entries_.size() || !entries_[query].facts ||
        entries_[query].facts->motionFeatures.empty()) {
        return false;
    }
    std::vector<bvh::MotionFeatures> features(entries_.size());
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (entries_[i].facts) {
            features[i] = entries_[i].facts->motionFeatures;
        }
    }
    likeness_.assign(entries_.size(), std::nullopt);
    for (const bvh::RankedTake& ranked :
         bvh::rankBySimilarity(entries_[query].facts->motionFeatures, features)) {
        likeness_[ranked.take] = ranked.distance;
    }
    likeness_[query] = -1.0; // first, before a take that moves exactly alike
    likenessQuery_ = query;
    sort_ = {BrowserColumn::Likeness, false};
    reorder();
    return true;
}

void FolderBrowser::reorder() {
    if (sort_.column != BrowserColumn::Likeness) {
        likenessQuery_.reset();
        likeness_.clear();
    }
    shown_ = orderedRows(entries_, filter_, sort_, likeness_);
    const std::size_t first = visibleFirst_;
    const std::size_t last = visibleLast_;
    visibleFirst_ = visibleLast_ = 0;
    setVisibleRows(first, last);
}

std::vector<bvh::Diagnostic>
FolderBrowser::storeMotionIndex(const std::filesystem::path& indexFile) {
    if (!isOpen() || summarizing() || motionIndexStored_) {
        return {};
    }
    motionIndexStored_ = true;
    bvh::MotionIndex index = bvh::MotionIndex::read(indexFile);
    for (const FolderEntry& entry : entries_) {
        const std::optional<FileFacts>& facts = entry.facts;
        // A sampled read measured no features: the take is left for a query to read whole.
        if (!facts || !facts->stamp || facts->cancelled || facts->hierarchyTooLarge ||
            (facts->loaded && facts->motionFeatures.empty())) {
            continue;
        }
        bvh::TakeFeatures take;
        take.stamp = *facts->stamp;
        take.loaded = facts->loaded;
        take.error = facts->loaded || facts->diagnosticLines.empty()
                         ? std::string()
                         : facts->diagnosticLines.front();
        take.features = facts->motionFeatures;
        index.put(bvh::motionIndexKey(entry.path), std::move(take));
    }
    return index.changed() ? index.write(indexFile) : std::vector<bvh::Diagnostic>{};
}

bool FolderBrowser::isEntryOnScreen(std::size_t entry) const {
    return std::find(visibleEntries_.begin(), visibleEntries_.end(), entry) !=
           visibleEntries_.end();
}

FolderBrowser::OnScreenProgress FolderBrowser::onScreenProgress() const {
    OnScreenProgress progress;
    progress.entries = visibleEntries_;
    for (const std::size_t i : visibleEntries_) {
        const FolderEntry& entry = entries_[i];
        progress.summarised += entry.facts.has_value() ? 1 : 0;
        progress.thumbnailsSettled +=
            entry.thumbnail == ThumbnailState::Drawn || entry.thumbnail == ThumbnailState::None ? 1
                                                                                                : 0;
    }
    return progress;
}

bool FolderBrowser::busy() const {
    return summarizing() || browseLoad.has_value() ||
           std::any_of(entries_.begin(), entries_.end(), [](const FolderEntry& entry) {
               return entry.thumbnail == ThumbnailState::Pending;
           });
}

std::size_t FolderBrowser::summarizedCount() const {
    // has_value(): a lambda returning `entry.facts` would copy every file's facts, every frame.
    return static_cast<std::size_t>(
        std::count_if(entries_.begin(), entries_.end(),
                      [](const FolderEntry& entry) { return entry.facts.has_value(); }));
}

bool FolderBrowser::visibleRowsDiffer(std::size_t first, std::size_t last) const {
    last = std::min(last, shown_.size());
    first = std::min(first, last);
    // The same rows count as new while their entries are not taken yet.
    return first != visibleFirst_ || last != visibleLast_ ||
           (visibleEntries_.empty() && first < last);
}

void FolderBrowser::setVisibleRows(std::size_t first, std::size_t last) {
    if (!visibleRowsDiffer(first, last)) {
        return;
    }
    last = std::min(last, shown_.size());
    first = std::min(first, last);
    visibleFirst_ = first;
    visibleLast_ = last;
    visibleEntries_.assign(shown_.begin() + static_cast<std::ptrdiff_t>(first),
                           shown_.begin() + static_cast<std::ptrdiff_t>(last));
    if (pool_) {
        pool_->prioritize(visibleEntries_);
    }
}

const char* fileStatusName(FileStatus status) {
    switch (status) {
    case FileStatus::Queued:
        return "queued";
    case FileStatus::Reading:
        return "reading";
    case FileStatus::Ok:
        return "ok";
    case FileStatus::Warnings:
        return "warnings";
    case FileStatus::Error:
        return "error";
    case FileStatus::TooLarge:
        return "too-large";
    }
    return "?";
}

const char* thumbnailStateName(ThumbnailState state) {
    switch (state) {
    case ThumbnailState::Waiting:
        return "waiting";
    case ThumbnailState::Pending:
        return "pending";
    case ThumbnailState::Drawn:
        return "drawn";
    case ThumbnailState::None:
        return "none";
    case ThumbnailState::Evicted:
        return "evicted";
    }
    return "?";
}

} // namespace bvhscope::folder
