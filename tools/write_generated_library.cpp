// Writes the 150 generated takes of the README's `info --json` against `check` row
// (tests/support/generated_library.h's writeGeneratedLibrary(ROOT, 10)) and prints their paths,
// one a line, in the order written: the list that tools/info_cpu_rounds.sh and
// tools/info_output_unchanged.sh read, after the 25 corpus files that are neither MALFORMED_*
// nor raz_*.
//   bvhscope_write_generated_library ROOT > generated.list
#include "tests/support/generated_library.h"

#include <iostream>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: bvhscope_write_generated_library ROOT\n";
        return 2;
    }
    for (const std::filesystem::path& take : bvh::test::writeGeneratedLibrary(argv[1], 10)) {
        std::cout << take.string() << '\n';
    }
    return 0;
}
