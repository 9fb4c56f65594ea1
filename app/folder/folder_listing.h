// The Browser's listing of a folder is the core's (core/platform/bvh_file_listing.h), which the
// command line's `similar` shares; these names keep the folder code reading as before.
#pragma once

#include "core/platform/bvh_file_listing.h"

namespace bvhscope::folder {

using bvh::FolderListing;
using bvh::hasBvhExtension;
using bvh::kMaxListedFiles;
using bvh::listBvhFiles;
using bvh::naturalLess;

} // namespace bvhscope::folder
