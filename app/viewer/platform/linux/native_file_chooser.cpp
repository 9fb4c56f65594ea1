// The file chooser on Linux (platform/native_file_chooser.h): the XDG desktop portal
// (org.freedesktop.portal.FileChooser on the session bus) over GDBus, so the dialog is the
// running desktop's own (GNOME, KDE, ...) and no toolkit is linked into the viewer.
#include "app/viewer/platform/native_file_chooser.h"

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <gio/gio.h>
#include <mutex>
#include <thread>

namespace bvhscope::viewer {

namespace {

constexpr const char* kPortalName = "org.freedesktop.portal.Desktop";
constexpr const char* kPortalPath = "/org/freedesktop/portal/desktop";

// A session bus to talk to, without GIO's X11 autolaunch (which would start a bus per call).
bool sessionBusExists() {
    const char* address = std::getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address != nullptr && *address != '\0') {
        return true;
    }
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    std::error_code error;
    return runtime != nullptr &&
           std::filesystem::exists(std::filesystem::path(runtime) / "bus", error);
}

struct Waiting {
    std::string handle; // the Request object path the portal returned
    bool done = false;
    guint32 response = 2; // 0 success, 1 cancelled, 2 other
    std::vector<std::string> uris;
    // Responses that came before the handle was known (a fast portal), by path.
    std::vector<std::pair<std::string, std::pair<guint32, std::vector<std::string>>>> early;
};

std::vector<std::string> urisOf(GVariant* results) {
    std::vector<std::string> uris;
    GVariant* list = g_variant_lookup_value(results, "uris", G_VARIANT_TYPE_STRING_ARRAY);
    if (list != nullptr) {
        gsize count = 0;
        const gchar** strings = g_variant_get_strv(list, &count);
        for (gsize i = 0; i < count; ++i) {
            uris.emplace_back(strings[i]);
        }
        g_free(strings);
        g_variant_unref(list);
    }
    return uris;
}

void onResponse(GDBusConnection*, const gchar*, const gchar* path, const gchar*, const gchar*,
                GVariant* parameters, gpointer data) {
    auto* waiting = static_cast<Waiting*>(data);
    guint32 response = 2;
    GVariant* results = nullptr;
    g_variant_get(parameters, "(u@a{sv})", &response, &results);
    std::vector<std::string> uris = urisOf(results);
    g_variant_unref(results);
    if (waiting->handle.empty()) {
        waiting->early.push_back({path, {response, std::move(uris)}});
    } else if (waiting->handle == path) {
        waiting->response = response;
        waiting->uris = std::move(uris);
        waiting->done = true;
    }
}

FileChooserAnswer unavailable(std::string why) {
    FileChooserAnswer answer;
    answer.unavailable = true;
    answer.error = std::move(why);
    return answer;
}

GVariant* requestParameters(const FileChooserRequest& request, const std::string& token) {
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "handle_token", g_variant_new_string(token.c_str()));
    g_variant_builder_add(&options, "{sv}", "modal", g_variant_new_boolean(TRUE));
    if (request.kind == FileChooserRequest::Kind::OpenFiles) {
        g_variant_builder_add(&options, "{sv}", "multiple", g_variant_new_boolean(TRUE));
        // Filters: BVH files first (any case of the extension), then everything.
        GVariantBuilder filters;
        g_variant_builder_init(&filters, G_VARIANT_TYPE("a(sa(us))"));
        g_variant_builder_add_parsed(&filters, "('BVH motion capture', [(uint32 0, '*.bvh'), "
                                               "(0, '*.BVH'), (0, '*.Bvh')])");
        g_variant_builder_add_parsed(&filters, "('All files', [(uint32 0, '*')])");
        g_variant_builder_add(&options, "{sv}", "filters", g_variant_builder_end(&filters));
    } else if (request.kind == FileChooserRequest::Kind::OpenFolder) {
        g_variant_builder_add(&options, "{sv}", "directory", g_variant_new_boolean(TRUE));
    } else {
        if (!request.suggestedName.empty()) {
            g_variant_builder_add(&options, "{sv}", "current_name",
                                  g_variant_new_string(request.suggestedName.c_str()));
        }
        if (!request.suggestedFolder.empty()) {
            // A byte string with its terminating zero, as the portal wants.
            g_variant_builder_add(&options, "{sv}", "current_folder",
                                  g_variant_new_bytestring(request.suggestedFolder.c_str()));
        }
    }
    return g_variant_new("(ssa{sv})", request.parentWindow.c_str(), request.title.c_str(),
                         &options);
}

} // namespace

FileChooserAnswer runNativeFileChooser(const FileChooserRequest& request,
                                       const std::atomic<bool>& cancel) {
    if (!sessionBusExists()) {
        return unavailable("no D-Bus session bus");
    }
    GMainContext* context = g_main_context_new();
    g_main_context_push_thread_default(context);
    GError* error = nullptr;
    GDBusConnection* bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nullptr, &error);
    FileChooserAnswer answer;
    if (bus == nullptr) {
        answer = unavailable(error != nullptr ? error->message : "no session bus");
        g_clear_error(&error);
    } else {
        Waiting waiting;
        // Subscribed before the call, so a portal that answers at once is not missed.
        const guint subscription = g_dbus_connection_signal_subscribe(
            bus, nullptr, "org.freedesktop.portal.Request", "Response", nullptr, nullptr,
            G_DBUS_SIGNAL_FLAGS_NONE, onResponse, &waiting, nullptr);
        static std::atomic<int> counter{0};
        const std::string token = "bvhscope" + std::to_string(++counter);
        const char* method =
            request.kind == FileChooserRequest::Kind::SaveFile ? "SaveFile" : "OpenFile";
        GVariant* reply = g_dbus_connection_call_sync(
            bus, kPortalName, kPortalPath, "org.freedesktop.portal.FileChooser", method,
            requestParameters(request, token), G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, 5000,
            nullptr, &error);
        if (reply == nullptr) {
            answer = unavailable(error != nullptr ? error->message : "no file chooser portal");
            g_clear_error(&error);
        } else {
            const gchar* handle = nullptr;
            g_variant_get(reply, "(&o)", &handle);
            waiting.handle = handle;
            g_variant_unref(reply);
            for (auto& [path, result] : waiting.early) {
                if (path == waiting.handle) {
                    waiting.response = result.first;
                    waiting.uris = std::move(result.second);
                    waiting.done = true;
                }
            }
            // The dialog is up: wait for its answer, looking at `cancel` ten times a second.
            while (!waiting.done && !cancel) {
                GSource* tick = g_timeout_source_new(100);
                g_source_set_callback(
                    tick, [](gpointer) -> gboolean { return G_SOURCE_REMOVE; }, nullptr, nullptr);
                g_source_attach(tick, context);
                g_main_context_iteration(context, TRUE);
                g_source_destroy(tick);
                g_source_unref(tick);
            }
            if (!waiting.done) { // the viewer is closing: close the dialog
                g_dbus_connection_call_sync(
                    bus, kPortalName, waiting.handle.c_str(), "org.freedesktop.portal.Request",
                    "Close", nullptr, nullptr, G_DBUS_CALL_FLAGS_NONE, 1000, nullptr, nullptr);
                answer.cancelled = true;
            } else {
                answer.cancelled = waiting.response != 0;
                for (const std::string& uri : waiting.uris) {
                    if (gchar* path = g_filename_from_uri(uri.c_str(), nullptr, nullptr)) {
                        answer.paths.emplace_back(path);
                        g_free(path);
                    }
                }
            }
        }
        g_dbus_connection_signal_unsubscribe(bus, subscription);
        g_object_unref(bus);
    }
    g_main_context_pop_thread_default(context);
    g_main_context_unref(context);
    return answer;
}

} // namespace bvhscope::viewer
