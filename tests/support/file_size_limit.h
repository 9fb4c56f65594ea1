// A full disk on demand, for tests of what a failed write does: while a FileSizeLimit lives, a
// write past `bytes` fails with EFBIG, as one on a full disk fails with ENOSPC, and SIGXFSZ is
// ignored so the process gets the error instead of dying. The limit and the signal's action are
// put back when it goes away. Per process: tests that use it must not run writers on other
// threads meanwhile.
#pragma once

#include <csignal>
#include <sys/resource.h>

namespace bvh::test {

class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        ::sigaction(SIGXFSZ, &ignore, &previousAction_);
        ::getrlimit(RLIMIT_FSIZE, &previousLimit_);
        rlimit limited = previousLimit_;
        limited.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &limited);
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &previousLimit_);
        ::sigaction(SIGXFSZ, &previousAction_, nullptr);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    struct sigaction previousAction_ {};
    rlimit previousLimit_{};
};

} // namespace bvh::test
