#include "app/viewer/session/in_window_chooser.h"

#include "app/folder/folder_listing.h"
#include "app/media/audio_clip.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace bvhscope::viewer {

namespace fs = std::filesystem;

bool passesChooserFilter(std::string_view fileName, ChooserFilter filter) {
    switch (filter) {
    case ChooserFilter::Captures:
        return folder::hasBvhExtension(fileName);
    case ChooserFilter::Sounds:
        return media::isSoundFileName(bvh::pathFromUtf8(fileName));
    case ChooserFilter::All:
        return true;
    }
    return true;
}

std::vector<ChooserEntry> listChooserFolder(const fs::path& folder, ChooserFilter filter,
                                            std::string& error) {
    error.clear();
    std::vector<ChooserEntry> entries;
    std::error_code code;
    fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, code);
    if (code) {
        error = "cannot list " + bvh::utf8FromPath(folder) + ": " + code.message();
        return entries;
    }
    for (const fs::directory_iterator end; it != end && entries.size() < kMaxChooserEntries;
         it.increment(code)) {
        if (code) {
            break; // what was listed so far is shown
        }
        std::string name = bvh::utf8FromPath(it->path().filename());
        if (name.empty() || name.front() == '.') {
            continue;
        }
        std::error_code kindError;
        const bool isFolder = it->is_directory(kindError); // a link to a folder is a folder
        if (!isFolder && !passesChooserFilter(name, filter)) {
            continue;
        }
        entries.push_back({std::move(name), isFolder});
    }
    std::sort(entries.begin(), entries.end(), [](const ChooserEntry& a, const ChooserEntry& b) {
        if (a.folder != b.folder) {
            return a.folder;
        }
        return folder::naturalLess(a.name, b.name);
    });
    return entries;
}

void InWindowChooser::start(Mode mode, const fs::path& folder, std::string suggestedName,
                            ChooserFilter filter) {
    active_ = true;
    mode_ = mode;
    filter_ = filter;
    chosen_.reset();
    typed = mode == Mode::SaveFile ? std::move(suggestedName) : std::string();
    // A folder that went away since (a recent one, an export's) shows its nearest parent.
    std::error_code code;
    fs::path shown = folder.empty() ? fs::current_path(code) : fs::absolute(folder, code);
    while (!shown.empty() && !fs::is_directory(shown, code) && shown.has_relative_path()) {
        shown = shown.parent_path();
    }
    showFolder(shown);
}

void InWindowChooser::showFolder(const fs::path& folder) {
    std::error_code code;
    fs::path absolute = fs::absolute(folder, code).lexically_normal();
    if (absolute.has_relative_path() && !absolute.has_filename()) {
        absolute = absolute.parent_path(); // "/takes/" is "/takes"
    }
    folder_ = absolute;
    listed_ = listChooserFolder(folder_, filter_, error_);
    selected_.reset();
    if (mode_ != Mode::SaveFile) {
        typed.clear(); // what was typed named something in the folder left
    }
    entries_ = listed_;
}

// [SECTION] Type-ahead

namespace {

char lowerAscii(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Where `needle` occurs in `name`, ASCII letters in any case (UTF-8 bytes beyond ASCII as
// they are); npos when it does not.
std::size_t findIgnoringCase(std::string_view name, std::string_view needle) {
    const auto it = std::search(name.begin(), name.end(), needle.begin(), needle.end(),
                                [](char a, char b) { return lowerAscii(a) == lowerAscii(b); });
    return it == name.end() && !needle.empty() ? std::string_view::npos
                                               : static_cast<std::size_t>(it - name.begin());
}

} // namespace

std::string_view InWindowChooser::typeAheadText() const {
    if (mode_ == Mode::SaveFile || typed.empty() || typed.front() == '~' ||
        typed.find_first_of("/\\") != std::string::npos) {
        return {};
    }
    return typed;
}

void InWindowChooser::applyTypeAhead() {
    const std::string_view needle = typeAheadText();
    entries_.clear();
    std::optional<std::size_t> firstContaining;
    std::optional<std::size_t> firstStarting;
    for (const ChooserEntry& entry : listed_) {
        const std::size_t at = findIgnoringCase(entry.name, needle);
        if (at == std::string_view::npos) {
            continue;
        }
        if (at == 0 && !firstStarting) {
            firstStarting = entries_.size();
        }
        if (!firstContaining) {
            firstContaining = entries_.size();
        }
        entries_.push_back(entry);
    }
    selected_ = needle.empty() ? std::nullopt : (firstStarting ? firstStarting : firstContaining);
}

void InWindowChooser::typedChanged() {
    error_.clear();
    applyTypeAhead();
}

std::optional<std::string> InWindowChooser::completion(std::string_view current) const {
    if (mode_ == Mode::SaveFile || current.empty()) {
        return std::nullopt;
    }
    std::optional<std::string> shared;
    bool unique = true;
    const ChooserEntry* only = nullptr;
    for (const ChooserEntry& entry : listed_) {
        if (findIgnoringCase(std::string_view(entry.name).substr(0, current.size()), current) !=
                0 ||
            entry.name.size() < current.size()) {
            continue;
        }
        if (!shared) {
            shared = entry.name;
            only = &entry;
            continue;
        }
        unique = false;
        std::size_t common = 0;
        while (common < shared->size() && common < entry.name.size() &&
               lowerAscii((*shared)[common]) == lowerAscii(entry.name[common])) {
            ++common;
        }
        shared->resize(common);
    }
    if (!shared) {
        return std::nullopt;
    }
    if (unique && only->folder) {
        *shared += "/";
    }
    // Shared in any case, as the list filters: what was typed is kept as typed.
    if (shared->size() <= current.size()) {
        return std::nullopt;
    }
    return std::string(current) + shared->substr(current.size());
}

void InWindowChooser::toParent() {
    if (folder_.has_relative_path()) {
        const fs::path child = folder_.filename();
        showFolder(folder_.parent_path());
        // The folder just left stays selected, as file managers do: Enter goes back in.
        const std::string name = bvh::utf8FromPath(child);
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            if (entries_[i].folder && entries_[i].name == name) {
                selected_ = i;
            }
        }
    }
}

void InWindowChooser::setFilter(ChooserFilter filter) {
    if (filter != filter_) {
        filter_ = filter;
        showFolder(folder_);
    }
}

void InWindowChooser::select(std::size_t entry) {
    if (entry >= entries_.size()) {
        return;
    }
    selected_ = entry;
    if (mode_ == Mode::SaveFile && !entries_[entry].folder) {
        typed = entries_[entry].name;
    }
}

void InWindowChooser::moveSelection(int delta) {
    if (entries_.empty()) {
        return;
    }
    const long last = static_cast<long>(entries_.size()) - 1;
    const long from = selected_ ? static_cast<long>(*selected_) : (delta > 0 ? -1 : last + 1);
    select(static_cast<std::size_t>(std::clamp(from + delta, 0L, last)));
}

void InWindowChooser::activate(std::size_t entry) {
    if (entry >= entries_.size()) {
        return;
    }
    const fs::path path = folder_ / bvh::pathFromUtf8(entries_[entry].name);
    if (entries_[entry].folder) {
        showFolder(path);
        return;
    }
    if (mode_ == Mode::SaveFile) {
        typed = entries_[entry].name;
    }
    if (mode_ != Mode::OpenFolder) {
        choose(path);
    }
}

fs::path InWindowChooser::resolveTyped() const {
    fs::path path = bvh::pathFromUtf8(typed);
    if (typed == "~" || typed.rfind("~/", 0) == 0) {
        if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
            path = fs::path(home) / bvh::pathFromUtf8(typed.size() > 2 ? typed.substr(2) : "");
        }
    }
    return path.is_absolute() ? path : folder_ / path;
}

void InWindowChooser::accept() {
    std::error_code code;
    if (typed.empty()) {
        if (mode_ == Mode::OpenFolder) {
            choose(folder_);
        } else if (selected_) {
            activate(*selected_);
        } else {
            error_ = mode_ == Mode::SaveFile ? "Type a file name" : "Choose a file";
        }
        return;
    }
    const fs::path path = resolveTyped();
    if (fs::is_directory(path, code)) {
        if (mode_ == Mode::OpenFolder) {
            choose(path);
        } else {
            typed.clear();
            showFolder(path);
        }
        return;
    }
    const bool exists = fs::exists(path, code);
    if (mode_ == Mode::SaveFile ? fs::is_directory(path.parent_path(), code) : exists) {
        choose(path);
        return;
    }
    if (!typeAheadText().empty()) {
        if (selected_ && *selected_ < entries_.size()) {
            activate(*selected_); // the name typed ahead opens its first match
        } else {
            error_ = "Nothing in this folder matches \"" + typed + "\"";
        }
        return;
    }
    error_ = "No such " + std::string(mode_ == Mode::SaveFile ? "folder" : "file or folder") +
             ": " + bvh::utf8FromPath(mode_ == Mode::SaveFile ? path.parent_path() : path);
}

void InWindowChooser::choose(const fs::path& path) {
    const fs::path normal = path.lexically_normal();
    chosen_ = std::vector<std::string>{bvh::utf8FromPath(normal)};
    std::error_code code;
    recent.add(bvh::utf8FromPath(fs::is_directory(normal, code) ? normal : normal.parent_path()));
    active_ = false;
}

std::optional<std::vector<std::string>> InWindowChooser::takeChosen() {
    return std::exchange(chosen_, std::nullopt);
}

} // namespace bvhscope::viewer
