// The file chooser on Windows (platform/native_file_chooser.h): the shell's common item dialogs
// (IFileOpenDialog, IFileSaveDialog) through COM, on FileChooser's worker thread in its own
// single-threaded apartment. Names come back as UTF-16 file-system paths and leave as UTF-8
// (core/platform/utf8_path.h), so "C:\Users\Zoë\モーション\take 1.bvh" arrives intact.
//
// The dialog is modal to the viewer's window when FileChooserRequest::parentWindow names it
// ("win32:HEX"), and Show() blocks the worker until it is answered. To close it when the viewer
// quits, a watcher posts WM_CLOSE to the worker thread's windows (the dialog's), which Show()
// answers as cancelled.
#include "app/viewer/platform/native_file_chooser.h"

#include "core/platform/utf8_path.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <shobjidl.h>
#include <string>
#include <thread>
#include <windows.h>

namespace bvhscope::viewer {

namespace {

// A COM interface pointer released on destruction.
template <typename Interface>
class ComPtr {
public:
    ComPtr() = default;
    ComPtr(const ComPtr&) = delete;
    ComPtr& operator=(const ComPtr&) = delete;
    ~ComPtr() {
        if (pointer_ != nullptr) {
            pointer_->Release();
        }
    }
    Interface* operator->() const { return pointer_; }
    Interface* get() const { return pointer_; }
    Interface** put() { return &pointer_; }
    void** putVoid() { return reinterpret_cast<void**>(&pointer_); }

private:
    Interface* pointer_ = nullptr;
};

FileChooserAnswer unavailable(const char* what, HRESULT result) {
    FileChooserAnswer answer;
    answer.unavailable = true;
    char text[96];
    std::snprintf(text, sizeof text, "%s (HRESULT 0x%08lX)", what,
                  static_cast<unsigned long>(result));
    answer.error = text;
    return answer;
}

// The file-system path of a shell item as UTF-8; "" for items that have none (a library, a
// phone's folder), which are left out like the portal's non-local URIs.
std::string pathOf(IShellItem* item) {
    PWSTR wide = nullptr;
    if (FAILED(item->GetDisplayName(SIGDN_FILESYSPATH, &wide)) || wide == nullptr) {
        return {};
    }
    std::string utf8 = bvh::utf8FromPath(std::filesystem::path(wide));
    CoTaskMemFree(wide);
    return utf8;
}

std::wstring wideOf(const std::string& utf8) {
    return bvh::pathFromUtf8(utf8).wstring();
}

HWND ownerOf(const std::string& parentWindow) {
    constexpr std::string_view kPrefix = "win32:";
    if (parentWindow.rfind(kPrefix, 0) != 0) {
        return nullptr;
    }
    return reinterpret_cast<HWND>(
        static_cast<std::uintptr_t>(std::stoull(parentWindow.substr(kPrefix.size()), nullptr, 16)));
}

// Posts WM_CLOSE to the windows of `threadId` (the dialog) once `cancel` is set, until stop().
class CancelWatcher {
public:
    CancelWatcher(DWORD threadId, const std::atomic<bool>& cancel)
        : thread_([this, threadId, &cancel] {
              std::unique_lock lock(mutex_);
              while (!stopped_) {
                  if (cancel) {
                      EnumThreadWindows(
                          threadId,
                          [](HWND window, LPARAM) -> BOOL {
                              PostMessageW(window, WM_CLOSE, 0, 0);
                              return TRUE;
                          },
                          0);
                  }
                  wake_.wait_for(lock, std::chrono::milliseconds(100));
              }
          }) {}
    ~CancelWatcher() {
        {
            const std::lock_guard lock(mutex_);
            stopped_ = true;
        }
        wake_.notify_all();
        thread_.join();
    }
    CancelWatcher(const CancelWatcher&) = delete;
    CancelWatcher& operator=(const CancelWatcher&) = delete;

private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopped_ = false;
    std::thread thread_;
};

FileChooserAnswer runDialog(const FileChooserRequest& request, const std::atomic<bool>& cancel) {
    const bool saving = request.kind == FileChooserRequest::Kind::SaveFile;
    ComPtr<IFileDialog> dialog;
    const HRESULT created =
        saving ? CoCreateInstance(CLSID_FileSaveDialog, nullptr, CLSCTX_INPROC_SERVER,
                                  IID_IFileDialog, dialog.putVoid())
               : CoCreateInstance(CLSID_FileOpenDialog, nullptr, CLSCTX_INPROC_SERVER,
                                  IID_IFileDialog, dialog.putVoid());
    if (FAILED(created)) {
        return unavailable("no file dialog", created);
    }
    FILEOPENDIALOGOPTIONS options = 0;
    dialog->GetOptions(&options);
    options |= FOS_FORCEFILESYSTEM | FOS_NOCHANGEDIR;
    if (request.kind == FileChooserRequest::Kind::OpenFiles) {
        options |= FOS_ALLOWMULTISELECT | FOS_FILEMUSTEXIST;
        // BVH files first (the shell matches extensions in any letter case), then everything.
        const COMDLG_FILTERSPEC filters[] = {{L"BVH motion capture", L"*.bvh"},
                                             {L"All files", L"*.*"}};
        dialog->SetFileTypes(2, filters);
    } else if (request.kind == FileChooserRequest::Kind::OpenFolder) {
        options |= FOS_PICKFOLDERS;
    } else {
        options |= FOS_OVERWRITEPROMPT;
        if (!request.suggestedName.empty()) {
            dialog->SetFileName(wideOf(request.suggestedName).c_str());
        }
        if (!request.suggestedFolder.empty()) {
            ComPtr<IShellItem> folder;
            if (SUCCEEDED(SHCreateItemFromParsingName(wideOf(request.suggestedFolder).c_str(),
                                                      nullptr, IID_IShellItem, folder.putVoid()))) {
                dialog->SetFolder(folder.get());
            }
        }
    }
    dialog->SetOptions(options);
    if (!request.title.empty()) {
        dialog->SetTitle(wideOf(request.title).c_str());
    }

    HRESULT shown = S_OK;
    {
        const CancelWatcher watcher(GetCurrentThreadId(), cancel);
        shown = dialog->Show(ownerOf(request.parentWindow));
    }
    FileChooserAnswer answer;
    if (shown == HRESULT_FROM_WIN32(ERROR_CANCELLED) || cancel) {
        answer.cancelled = true;
        return answer;
    }
    if (FAILED(shown)) {
        return unavailable("the file dialog failed", shown);
    }
    if (request.kind == FileChooserRequest::Kind::OpenFiles) {
        ComPtr<IFileOpenDialog> open;
        ComPtr<IShellItemArray> items;
        if (SUCCEEDED(dialog->QueryInterface(IID_IFileOpenDialog, open.putVoid())) &&
            SUCCEEDED(open->GetResults(items.put()))) {
            DWORD count = 0;
            items->GetCount(&count);
            for (DWORD i = 0; i < count; ++i) {
                ComPtr<IShellItem> item;
                if (SUCCEEDED(items->GetItemAt(i, item.put()))) {
                    if (std::string path = pathOf(item.get()); !path.empty()) {
                        answer.paths.push_back(std::move(path));
                    }
                }
            }
        }
    } else {
        ComPtr<IShellItem> item;
        if (SUCCEEDED(dialog->GetResult(item.put()))) {
            if (std::string path = pathOf(item.get()); !path.empty()) {
                answer.paths.push_back(std::move(path));
            }
        }
    }
    return answer;
}

} // namespace

FileChooserAnswer runNativeFileChooser(const FileChooserRequest& request,
                                       const std::atomic<bool>& cancel) {
    const HRESULT initialised =
        CoInitializeEx(nullptr, COINIT_APARTMENTTHREADED | COINIT_DISABLE_OLE1DDE);
    if (FAILED(initialised)) {
        return unavailable("COM cannot start", initialised);
    }
    FileChooserAnswer answer = runDialog(request, cancel);
    CoUninitialize();
    return answer;
}

} // namespace bvhscope::viewer
