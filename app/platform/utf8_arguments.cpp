#include "app/platform/process_setup.h"

namespace bvhscope::platform {

Utf8Arguments::Utf8Arguments(int argc, char** argv)
    : arguments_(utf8CommandLineArguments(argc, argv)) {
    views_.assign(arguments_.begin(), arguments_.end());
    for (const std::string& argument : arguments_) {
        pointers_.push_back(argument.c_str());
    }
}

} // namespace bvhscope::platform
