// A stand-in for xdg-desktop-portal's FileChooser, for the viewer's GUI tests: owns
// org.freedesktop.portal.Desktop on the session bus and answers OpenFile and SaveFile at once
// with the file given on the command line, as a user picking it would. Each call is logged
// ("OpenFile TITLE multiple=1 directory=0" or "SaveFile TITLE name=NAME").
//
//   fake_portal ANSWER_PATH LOG_FILE
#include <cstdio>
#include <gio/gio.h>
#include <string>

namespace {

const char* kIntrospection =
    "<node><interface name='org.freedesktop.portal.FileChooser'>"
    "<method name='OpenFile'><arg type='s' direction='in'/><arg type='s' direction='in'/>"
    "<arg type='a{sv}' direction='in'/><arg type='o' direction='out'/></method>"
    "<method name='SaveFile'><arg type='s' direction='in'/><arg type='s' direction='in'/>"
    "<arg type='a{sv}' direction='in'/><arg type='o' direction='out'/></method>"
    "</interface></node>";

std::string gAnswer;
std::string gLog;

void logLine(const std::string& line) {
    if (FILE* file = std::fopen(gLog.c_str(), "a")) {
        std::fprintf(file, "%s\n", line.c_str());
        std::fclose(file);
    }
}

struct Pending {
    GDBusConnection* connection;
    std::string handle;
};

gboolean respond(gpointer data) {
    auto* pending = static_cast<Pending*>(data);
    gchar* uri = g_filename_to_uri(gAnswer.c_str(), nullptr, nullptr);
    GVariantBuilder results;
    g_variant_builder_init(&results, G_VARIANT_TYPE_VARDICT);
    const gchar* uris[] = {uri, nullptr};
    g_variant_builder_add(&results, "{sv}", "uris", g_variant_new_strv(uris, 1));
    g_dbus_connection_emit_signal(pending->connection, nullptr, pending->handle.c_str(),
                                  "org.freedesktop.portal.Request", "Response",
                                  g_variant_new("(ua{sv})", 0u, &results), nullptr);
    g_dbus_connection_flush_sync(pending->connection, nullptr, nullptr);
    g_free(uri);
    delete pending;
    return G_SOURCE_REMOVE;
}

void onCall(GDBusConnection* connection, const gchar*, const gchar*, const gchar*,
            const gchar* method, GVariant* parameters, GDBusMethodInvocation* invocation,
            gpointer) {
    const gchar* parent = nullptr;
    const gchar* title = nullptr;
    GVariant* options = nullptr;
    g_variant_get(parameters, "(&s&s@a{sv})", &parent, &title, &options);
    const gchar* token = "t";
    g_variant_lookup(options, "handle_token", "&s", &token);
    gboolean multiple = FALSE;
    gboolean directory = FALSE;
    const gchar* name = "";
    g_variant_lookup(options, "multiple", "b", &multiple);
    g_variant_lookup(options, "directory", "b", &directory);
    g_variant_lookup(options, "current_name", "&s", &name);
    std::string line =
        std::string(method) + " " + title + " parent=" + (parent[0] != '\0' ? "set" : "none");
    line += std::string(method) == "SaveFile" ? std::string(" name=") + name
                                              : " multiple=" + std::to_string(multiple) +
                                                    " directory=" + std::to_string(directory);
    logLine(line);
    const std::string handle = std::string("/org/freedesktop/portal/desktop/request/fake/") + token;
    g_dbus_method_invocation_return_value(invocation, g_variant_new("(o)", handle.c_str()));
    g_variant_unref(options);
    // Answered a moment later, as a dialog would be.
    g_timeout_add(50, respond, new Pending{connection, handle});
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: fake_portal ANSWER_PATH LOG_FILE\n");
        return 2;
    }
    gAnswer = argv[1];
    gLog = argv[2];
    GError* error = nullptr;
    GDBusConnection* bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nullptr, &error);
    if (bus == nullptr) {
        std::fprintf(stderr, "fake_portal: %s\n", error->message);
        return 1;
    }
    GDBusNodeInfo* node = g_dbus_node_info_new_for_xml(kIntrospection, nullptr);
    static const GDBusInterfaceVTable vtable = {onCall, nullptr, nullptr, {}};
    g_dbus_connection_register_object(bus, "/org/freedesktop/portal/desktop", node->interfaces[0],
                                      &vtable, nullptr, nullptr, nullptr);
    GMainLoop* loop = g_main_loop_new(nullptr, FALSE);
    g_bus_own_name_on_connection(
        bus, "org.freedesktop.portal.Desktop", G_BUS_NAME_OWNER_FLAGS_NONE,
        [](GDBusConnection*, const gchar*, gpointer) { logLine("ready"); },
        [](GDBusConnection*, const gchar*, gpointer loop) {
            g_main_loop_quit(static_cast<GMainLoop*>(loop)); // lost the name, or the bus
        },
        loop, nullptr);
    g_main_loop_run(loop);
    return 0;
}
