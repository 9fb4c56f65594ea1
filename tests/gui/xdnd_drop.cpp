// A minimal XDND drag source for GUI tests: drops files on an X11 window exactly as a file
// manager would (XdndEnter, XdndPosition, XdndStatus, XdndDrop, the text/uri-list selection
// transfer, XdndFinished), so the viewer receives them through GLFW's drop callback.
//
// usage: xdnd_drop WINDOW_ID X Y FILE...     (X, Y: root-window pixels inside the target)
// exit status: 0 when the target accepted and finished the drop, 1 otherwise.
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/select.h>
#include <sys/time.h>

namespace {

constexpr long kXdndVersion = 5;

std::string fileUri(const std::string& path) {
    static const char* const kHex = "0123456789ABCDEF";
    std::string uri = "file://";
    for (const unsigned char c : path) {
        const bool plain = std::isalnum(c) || std::strchr("/-_.~", c) != nullptr;
        if (plain) {
            uri += static_cast<char>(c);
        } else {
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    return uri;
}

struct Atoms {
    Atom aware, enter, position, status, drop, finished, selection, actionCopy, uriList;
    explicit Atoms(Display* display)
        : aware(XInternAtom(display, "XdndAware", False)),
          enter(XInternAtom(display, "XdndEnter", False)),
          position(XInternAtom(display, "XdndPosition", False)),
          status(XInternAtom(display, "XdndStatus", False)),
          drop(XInternAtom(display, "XdndDrop", False)),
          finished(XInternAtom(display, "XdndFinished", False)),
          selection(XInternAtom(display, "XdndSelection", False)),
          actionCopy(XInternAtom(display, "XdndActionCopy", False)),
          uriList(XInternAtom(display, "text/uri-list", False)) {}
};

void sendClientMessage(Display* display, Window target, Atom type, long l0, long l1, long l2,
                       long l3, long l4) {
    XEvent event{};
    event.xclient.type = ClientMessage;
    event.xclient.display = display;
    event.xclient.window = target;
    event.xclient.message_type = type;
    event.xclient.format = 32;
    event.xclient.data.l[0] = l0;
    event.xclient.data.l[1] = l1;
    event.xclient.data.l[2] = l2;
    event.xclient.data.l[3] = l3;
    event.xclient.data.l[4] = l4;
    XSendEvent(display, target, False, NoEventMask, &event);
    XFlush(display);
}

// The next event, or false after `timeoutSeconds`.
//
// A hang guard: the target answers each message as soon as it runs, but a viewer under Wine, on
// a machine running two other builds' tests, has been seen to take seconds for one.
constexpr double kHangGuardSeconds = 60.0;

bool nextEvent(Display* display, XEvent& event, double timeoutSeconds) {
    timeval start{};
    gettimeofday(&start, nullptr);
    while (true) {
        if (XPending(display) > 0) {
            XNextEvent(display, &event);
            return true;
        }
        timeval now{};
        gettimeofday(&now, nullptr);
        const double elapsed =
            static_cast<double>(now.tv_sec - start.tv_sec) + (now.tv_usec - start.tv_usec) * 1e-6;
        if (elapsed > timeoutSeconds) {
            return false;
        }
        const int fd = ConnectionNumber(display);
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fd, &fds);
        timeval wait{0, 50000};
        select(fd + 1, &fds, nullptr, nullptr, &wait);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: xdnd_drop WINDOW_ID X Y FILE...\n");
        return 2;
    }
    Display* display = XOpenDisplay(nullptr);
    if (display == nullptr) {
        std::fprintf(stderr, "xdnd_drop: cannot open the display\n");
        return 1;
    }
    const Window target = std::strtoul(argv[1], nullptr, 0);
    const long x = std::strtol(argv[2], nullptr, 10);
    const long y = std::strtol(argv[3], nullptr, 10);
    std::string uris;
    for (int i = 4; i < argc; ++i) {
        uris += fileUri(argv[i]) + "\r\n";
    }

    const Atoms atoms(display);
    const Window source =
        XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0);
    XSetSelectionOwner(display, atoms.selection, source, CurrentTime);

    sendClientMessage(display, target, atoms.enter, static_cast<long>(source), kXdndVersion << 24,
                      static_cast<long>(atoms.uriList), None, None);
    sendClientMessage(display, target, atoms.position, static_cast<long>(source), 0,
                      (x << 16) | (y & 0xFFFF), CurrentTime, static_cast<long>(atoms.actionCopy));

    bool dropped = false;
    XEvent event;
    while (nextEvent(display, event, kHangGuardSeconds)) {
        if (event.type == ClientMessage && event.xclient.message_type == atoms.status) {
            if ((event.xclient.data.l[1] & 1) == 0) {
                std::fprintf(stderr, "xdnd_drop: the target refused the drop\n");
                return 1;
            }
            if (!dropped) {
                sendClientMessage(display, target, atoms.drop, static_cast<long>(source), 0,
                                  CurrentTime, None, None);
                dropped = true;
            }
        } else if (event.type == SelectionRequest) {
            const XSelectionRequestEvent& request = event.xselectionrequest;
            XEvent reply{};
            reply.xselection.type = SelectionNotify;
            reply.xselection.display = display;
            reply.xselection.requestor = request.requestor;
            reply.xselection.selection = request.selection;
            reply.xselection.target = request.target;
            reply.xselection.time = request.time;
            reply.xselection.property = None;
            if (request.target == atoms.uriList) {
                XChangeProperty(display, request.requestor, request.property, atoms.uriList, 8,
                                PropModeReplace,
                                reinterpret_cast<const unsigned char*>(uris.data()),
                                static_cast<int>(uris.size()));
                reply.xselection.property = request.property;
            }
            XSendEvent(display, request.requestor, False, NoEventMask, &reply);
            XFlush(display);
        } else if (event.type == ClientMessage && event.xclient.message_type == atoms.finished) {
            XCloseDisplay(display);
            return 0;
        }
    }
    std::fprintf(stderr, "xdnd_drop: no %s from the target within %.0f s\n",
                 dropped ? "XdndFinished" : "XdndStatus", kHangGuardSeconds);
    XCloseDisplay(display);
    return 1;
}
