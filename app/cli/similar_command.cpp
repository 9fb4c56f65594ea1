// `bvhscope similar TAKE DIR...`: the takes of a library ranked by how alike their motion is to
// TAKE's (core/analysis/motion_features.h), best first, through the motion index kept in the
// user's cache folder (core/analysis/motion_index.h, app/platform/cache_directory.h).
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/cli/table_arguments.h"
#include "app/options/option_help.h"
#include "app/platform/cache_directory.h"
#include "core/analysis/motion_index.h"
#include "core/platform/bvh_file_listing.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <set>
#include <system_error>
#include <thread>

namespace bvhscope::cli {
namespace {

constexpr std::string_view kSimilarIntro = R"(usage: bvhscope similar TAKE DIR... [--top N] [--json]

Ranks the takes in each DIR (and its subfolders; a DIR may also be a .bvh file) by how alike
their motion is to TAKE's, best first, and prints one line per take, TAKE itself left out:
  DISTANCE<TAB>PATH
The comparison does not depend on where the performer stands, which way they face, how tall
they are, the file's unit, up axis or frame rate, or how long the take is; takes of different
skeletons are compared by the joints they share by role (hips, head, hands, feet).
What each take's motion is like is kept in the cache folder ($XDG_CACHE_HOME/bvhscope, else
~/.cache/bvhscope; the local application data folder on Windows), keyed by path, size and
modification time, so a later query reads only the takes that changed.

)";

constexpr std::string_view kSimilarExitStatus = R"(  --help, --version
Takes that do not load, or have no motion, are not ranked: each gets a line on standard error.
Exit status: 0 when TAKE loads (even if no take is ranked), 1 when it does not or a DIR cannot
be listed, 2 for a bad command line.
)";

// The prose above and every similar option's entry from the options table.
std::string_view similarHelp() {
    static const std::string kHelp = [] {
        std::string help(kSimilarIntro);
        help += options::helpEntries(options::kSimilar, {"--top", "--json", "--no-cache"});
        help += options::unlistedHelpEntries(options::kSimilar, help);
        return help + std::string(kSimilarExitStatus);
    }();
    return kHelp;
}

struct SimilarRequest {
    std::filesystem::path query;
    std::vector<std::filesystem::path> places;
    std::optional<std::size_t> top;
    bool json = false;
    bool useCache = true;
};

std::filesystem::path absoluteLexical(const std::filesystem::path& path) {
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(path, error);
    return (error ? path : absolute).lexically_normal();
}

std::optional<SimilarRequest> parseSimilarRequest(const ParsedArguments& parsed,
                                                  std::ostream& err) {
    if (parsed.positional.size() < 2) {
        err << "bvhscope similar: give a take and at least one folder\n" << similarHelp();
        return std::nullopt;
    }
    SimilarRequest request;
    request.query = absoluteLexical(bvh::pathFromUtf8(parsed.positional.front()));
    for (std::size_t i = 1; i < parsed.positional.size(); ++i) {
        request.places.push_back(bvh::pathFromUtf8(parsed.positional[i]));
    }
    if (parsed.option("--top")) {
        std::size_t top = 0;
        if (const std::string error = readTableNumber(parsed, options::kSimilarTop, top);
            !error.empty()) {
            err << "bvhscope similar: " << error << '\n';
            return std::nullopt;
        }
        request.top = top;
    }
    request.json = parsed.has("--json");
    request.useCache = !parsed.has("--no-cache");
    return request;
}

// Every .bvh file of the places (folders with their subfolders, or files), as given joined with
// the name found, without the query or a file named twice. False after a message when a place
// cannot be listed.
bool listLibrary(const SimilarRequest& request, std::vector<std::filesystem::path>& takes,
                 std::ostream& err) {
    std::set<std::filesystem::path> seen{request.query};
    bool ok = true;
    auto add = [&](const std::filesystem::path& file) {
        if (seen.insert(absoluteLexical(file)).second) {
            takes.push_back(file);
        }
    };
    for (const std::filesystem::path& place : request.places) {
        std::error_code error;
        if (std::filesystem::is_regular_file(place, error)) {
            add(place);
            continue;
        }
        const bvh::FolderListing listing = bvh::listBvhFiles(place, true);
        if (!listing.error.empty()) {
            err << "bvhscope similar: " << bvh::utf8FromPath(place) << ": " << listing.error
                << '\n';
            ok = false;
        }
        if (listing.truncated) {
            err << "bvhscope similar: " << bvh::utf8FromPath(place) << ": only the first "
                << bvh::kMaxListedFiles << " takes are compared\n";
        }
        for (const std::filesystem::path& file : listing.files) {
            add(file);
        }
    }
    return ok;
}

std::optional<std::filesystem::path> indexFile() {
    const auto folder = platform::cacheDirectory();
    return folder ? std::optional(*folder / bvh::kMotionIndexFileName) : std::nullopt;
}

std::string formatDistance(double distance) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", distance);
    return text;
}

void printRanking(const SimilarRequest& request, const std::vector<std::filesystem::path>& takes,
                  const std::vector<bvh::TakeFeatures>& features,
                  const std::vector<bvh::RankedTake>& ranked, std::ostream& out) {
    const std::size_t shown = std::min(ranked.size(), request.top.value_or(ranked.size()));
    if (!request.json) {
        for (std::size_t i = 0; i < shown; ++i) {
            out << formatDistance(ranked[i].distance) << '\t'
                << bvh::utf8FromPath(takes[ranked[i].take]) << '\n';
        }
        return;
    }
    JsonWriter json(out);
    json.beginObject();
    json.key("query");
    json.value(bvh::utf8FromPath(request.query));
    json.key("takes");
    json.beginArray();
    for (std::size_t i = 0; i < shown; ++i) {
        json.beginObject();
        json.key("path");
        json.value(bvh::utf8FromPath(takes[ranked[i].take]));
        json.key("distance");
        json.value(ranked[i].distance);
        json.endObject();
    }
    json.endArray();
    json.key("skipped");
    json.beginArray();
    for (std::size_t i = 0; i < takes.size(); ++i) {
        if (!features[i].loaded) {
            json.beginObject();
            json.key("path");
            json.value(bvh::utf8FromPath(takes[i]));
            json.key("error");
            json.value(features[i].error);
            json.endObject();
        }
    }
    json.endArray();
    json.endObject();
    out << '\n';
}

void reportSkipped(const std::vector<std::filesystem::path>& takes,
                   const std::vector<bvh::TakeFeatures>& features, std::ostream& err) {
    for (std::size_t i = 0; i < takes.size(); ++i) {
        if (!features[i].loaded) {
            err << "bvhscope similar: not ranked: " << features[i].error << '\n';
        } else if (features[i].features.empty()) {
            err << "bvhscope similar: not ranked: " << bvh::utf8FromPath(takes[i])
                << ": no motion to compare (no frames, or no hips found)\n";
        }
    }
}

int runSimilarRequest(const SimilarRequest& request, std::ostream& out, std::ostream& err) {
    std::vector<std::filesystem::path> takes;
    const bool listed = listLibrary(request, takes, err);
    const auto index = request.useCache ? indexFile() : std::nullopt;
    bvh::MotionIndex motionIndex = index ? bvh::MotionIndex::read(*index) : bvh::MotionIndex{};
    std::vector<std::filesystem::path> everything{request.query};
    everything.insert(everything.end(), takes.begin(), takes.end());
    for (std::filesystem::path& take : everything) {
        take = absoluteLexical(take);
    }
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1U, 8U);
    std::vector<bvh::TakeFeatures> features =
        bvh::gatherTakeFeatures(motionIndex, everything, threads);
    if (index && motionIndex.changed()) {
        for (const bvh::Diagnostic& problem : motionIndex.write(*index)) {
            err << "bvhscope similar: the cache is not kept: "
                << bvh::formatDiagnostic(bvh::utf8FromPath(*index), problem) << '\n';
        }
    }
    const bvh::TakeFeatures query = features.front();
    features.erase(features.begin());
    if (!query.loaded) {
        err << "bvhscope similar: " << query.error << '\n';
        return kExitFileError;
    }
    if (query.features.empty()) {
        err << "bvhscope similar: " << bvh::utf8FromPath(request.query)
            << ": no motion to compare (no frames, or no hips found)\n";
        return kExitFileError;
    }
    std::vector<bvh::MotionFeatures> library;
    library.reserve(features.size());
    for (const bvh::TakeFeatures& take : features) {
        library.push_back(take.features);
    }
    reportSkipped(takes, features, err);
    printRanking(request, takes, features, bvh::rankBySimilarity(query.features, library), out);
    return listed ? kExitOk : kExitFileError;
}

} // namespace

int runSimilar(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    auto parsed = parseArguments(arguments, tableArgumentSpec(options::kSimilar), err);
    if (!parsed) {
        return kExitUsage;
    }
    if (auto answered = answerHelpOrVersion(*parsed, similarHelp(), out)) {
        return *answered;
    }
    const auto request = parseSimilarRequest(*parsed, err);
    if (!request) {
        return kExitUsage;
    }
    return runSimilarRequest(*request, out, err);
}

} // namespace bvhscope::cli
