// The source of bvhscope_test_pch, which precompiles GoogleTest once for every test executable of
// the build (tests/CMakeLists.txt); it defines nothing.
