// The page around the viewer: configures emscripten's global `Module` before bvhscope.js runs,
// brings files into MEMFS (drop, the file input, ?url=), keeps the settings in local storage,
// turns exports into downloads, and offers window.bvhscope = {state(), positions(), open()}.
//
// MEMFS layout shared with the C++ side (app/web/web_api.cpp, app/web/web_entry.cpp):
//   /files/NAME   a capture's bytes; the viewer opens it by the relative NAME (its working
//                 directory is /files), so messages read "NAME:LINE:COL: error: ..." as
//                 `bvhscope check NAME` prints them;
//   /settings/    settings.ini, imgui.ini, up_axes.tsv, mirrored in localStorage under
//                 "bvhscope/<file name>";
//   /downloads/   exports, handed to Module.bvhscopeDownload(path) and removed once offered.
'use strict';

(function () {
  // A file larger than this is refused before any of it is read: the page holds the bytes
  // twice for a while (MEMFS, then the parsed motion in the wasm heap), and a 32-bit wasm heap
  // stops at 4 GiB.
  const kMaxFileBytes = 1024 * 1024 * 1024;
  const kSettingsFiles = ['settings.ini', 'imgui.ini', 'up_axes.tsv'];
  const kStoragePrefix = 'bvhscope/';
  const kSaveEveryMilliseconds = 2000;
  const kPageMessageMilliseconds = 15000;

  const canvas = document.getElementById('canvas');
  const fileInput = document.getElementById('file-input');
  const loadingText = document.getElementById('loading');
  const messageBox = document.getElementById('messages');

  // Problems found by the page itself (a refused size, a failed fetch), merged into state()'s
  // messages after the viewer's own.
  const pageMessages = [];
  let pendingReads = 0; // files being fetched or read into MEMFS
  let viewerReady = false;
  const readyWaiters = [];

  // [SECTION] Runtime access

  // emscripten exports runtime helpers on Module only when the link asks for them
  // (EXPORTED_RUNTIME_METHODS); otherwise they are globals of bvhscope.js's script.
  function runtime(name) {
    let value;
    try {
      value = Module[name];
    } catch (e) {
      value = undefined; // an ASSERTIONS build aborts on a helper it did not export
    }
    if (value === undefined && typeof globalThis[name] !== 'undefined') {
      value = globalThis[name];
    }
    if (value === undefined && name === 'FS' && typeof FS !== 'undefined') {
      value = FS; // eslint-disable-line no-undef
    }
    return value;
  }

  function callString(functionName, argumentTypes, args) {
    return runtime('ccall')(functionName, 'string', argumentTypes, args);
  }

  // [SECTION] Messages in the page

  function formatBytes(bytes) {
    const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      ++unit;
    }
    const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 2 : 1);
    return unit === 0 ? `${shown} bytes` : `${shown} ${units[unit]} (${bytes} bytes)`;
  }

  function reportPageMessage(text) {
    pageMessages.push(text);
    console.error(text);
    const line = document.createElement('div');
    line.textContent = text;
    messageBox.appendChild(line);
    setTimeout(() => line.remove(), kPageMessageMilliseconds);
  }

  // [SECTION] Bringing files into MEMFS

  // The name a capture gets under /files: its own, without folders or line breaks (the open
  // call separates names by newlines).
  function memfsNameOf(name) {
    const base = String(name).split(/[\\/]/).pop().replace(/[\r\n]/g, ' ').trim();
    return base === '' || base === '.' || base === '..' ? 'capture.bvh' : base;
  }

  function nameOfUrl(url) {
    try {
      const path = new URL(url, location.href).pathname;
      return memfsNameOf(decodeURIComponent(path.split('/').pop()));
    } catch (e) {
      return memfsNameOf(url);
    }
  }

  function refuseIfTooLarge(name, bytes) {
    if (bytes <= kMaxFileBytes) {
      return false;
    }
    reportPageMessage(`${name}: error: the file is ${formatBytes(bytes)}, larger than the ` +
                      `${formatBytes(kMaxFileBytes)} the page can open`);
    return true;
  }

  // A response body read in chunks, or null when it was refused: by its Content-Length before
  // any of it is read, or once more than kMaxFileBytes arrived (a server may give no length).
  // With a length, the chunks are copied into place as they arrive, so no single step copies
  // the whole file (300 MB at once would hold the page for a noticeable moment).
  async function readResponse(name, response) {
    const declared = Number(response.headers.get('Content-Length'));
    const knownLength = Number.isFinite(declared) && declared > 0;
    if (knownLength && refuseIfTooLarge(name, declared)) {
      response.body?.cancel();
      return null;
    }
    if (!response.body) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      return refuseIfTooLarge(name, bytes.byteLength) ? null : bytes;
    }
    const reader = response.body.getReader();
    let bytes = new Uint8Array(knownLength ? declared : 1 << 20);
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      if (total + value.byteLength > kMaxFileBytes) {
        reader.cancel();
        refuseIfTooLarge(name, total + value.byteLength);
        return null;
      }
      if (total + value.byteLength > bytes.byteLength) {
        // No length given (or a wrong one): grow by doubling.
        const needed = total + value.byteLength;
        const grown = new Uint8Array(
          Math.min(kMaxFileBytes, Math.max(2 * bytes.byteLength, needed)));
        grown.set(bytes.subarray(0, total));
        bytes = grown;
      }
      bytes.set(value, total);
      total += value.byteLength;
    }
    return total === bytes.byteLength ? bytes : bytes.slice(0, total);
  }

  // Reads each source ({name, read: async () => Uint8Array | null}) into /files, then asks the
  // viewer to open those that arrived, in the order given, as one drop would.
  async function openSources(sources) {
    pendingReads += sources.length;
    const usedNames = new Set();
    const named = sources.map((source) => {
      let name = memfsNameOf(source.name);
      for (let copy = 2; usedNames.has(name); ++copy) {
        name = memfsNameOf(source.name).replace(/(\.[^.]*)?$/, (ext) => ` (${copy})${ext}`);
      }
      usedNames.add(name);
      return { ...source, name };
    });
    const arrived = await Promise.all(named.map(async (source) => {
      try {
        const bytes = await source.read(source.name);
        if (bytes === null) {
          return null;
        }
        await whenViewerReady();
        // canOwn: MEMFS keeps this buffer rather than copying it (a copy of 300 MB would hold
        // the page for a noticeable moment).
        runtime('FS').writeFile(`/files/${source.name}`, bytes, { canOwn: true });
        return source.name;
      } catch (error) {
        reportPageMessage(`${source.label ?? source.name}: error: cannot be read: ` +
                          `${error && error.message ? error.message : error}`);
        return null;
      } finally {
        --pendingReads;
      }
    }));
    const names = arrived.filter((name) => name !== null);
    if (names.length > 0) {
      pushOpen(names);
    }
    return names;
  }

  function pushOpen(names) {
    runtime('ccall')('bvhscope_web_open', 'number', ['string'], [names.join('\n')]);
    pumpLoads();
  }

  // The page has no threads: files are parsed in slices. Besides one slice per drawn frame, the
  // viewer reads them in tasks of their own between frames (a MessageChannel message runs as
  // soon as the browser is free, without setTimeout's 4 ms clamp), so input and drawing go on
  // and the parser gets the rest of the time.
  const kLoadSliceMilliseconds = 8;
  const loadChannel = new MessageChannel();
  let loadsPumping = false;
  loadChannel.port1.onmessage = () => {
    if (Module._bvhscope_web_advance_loads(kLoadSliceMilliseconds)) {
      loadChannel.port2.postMessage(0);
    } else {
      loadsPumping = false;
    }
  };
  function pumpLoads() {
    if (!loadsPumping) {
      loadsPumping = true;
      loadChannel.port2.postMessage(0);
    }
  }

  function openFileList(fileList) {
    const files = Array.from(fileList ?? []);
    if (files.length === 0) {
      return Promise.resolve([]);
    }
    return openSources(files.map((file) => ({
      name: file.name,
      read: async (name) => {
        if (refuseIfTooLarge(name, file.size)) {
          return null;
        }
        return new Uint8Array(await file.arrayBuffer());
      },
    })));
  }

  function urlSource(url) {
    const name = nameOfUrl(url);
    return {
      name,
      label: url,
      read: async () => {
        let response;
        try {
          response = await fetch(url);
        } catch (error) {
          reportPageMessage(`${url}: error: cannot be fetched: ${error.message ?? error}`);
          return null;
        }
        if (!response.ok) {
          reportPageMessage(`${url}: error: HTTP ${response.status}` +
                            `${response.statusText ? ' ' + response.statusText : ''}`);
          return null;
        }
        return readResponse(name, response);
      },
    };
  }

  // [SECTION] The viewer's state

  function whenViewerReady() {
    return viewerReady ? Promise.resolve() : new Promise((resolve) => readyWaiters.push(resolve));
  }

  // The viewer exists once main() has run: its state answer is then more than "{}".
  function pollViewerReady() {
    let ready = false;
    try {
      ready = runtime('ccall') !== undefined && callString('bvhscope_web_state', [], []) !== '{}';
    } catch (e) {
      ready = false;
    }
    if (!ready) {
      setTimeout(pollViewerReady, 50);
      return;
    }
    viewerReady = true;
    loadingText.remove();
    readyWaiters.splice(0).forEach((resolve) => resolve());
  }

  function state() {
    let viewer = {};
    if (viewerReady) {
      viewer = JSON.parse(callString('bvhscope_web_state', [], []));
    }
    return {
      files: viewer.files ?? [],
      frame: viewer.frame ?? 0,
      messages: [...(viewer.messages ?? []), ...pageMessages],
      frameMs: viewer.frameMs ?? null,
      loads: viewer.loads ?? [],
      busy: !viewerReady || Boolean(viewer.busy) || pendingReads > 0,
      layout: viewer.layout ?? null,
      canvas: [canvas.width, canvas.height],
      ready: viewerReady,
    };
  }

  function positions(fileIndex, frame) {
    if (!viewerReady) {
      return [];
    }
    return JSON.parse(callString('bvhscope_web_positions', ['number', 'number'],
                                 [fileIndex | 0, frame | 0]));
  }

  // Resolves with state() once the file from `url` shows loaded, or once a message about it
  // (the viewer's "NAME:LINE:COL: error: ..." or the page's own) appeared.
  function open(url) {
    return new Promise((resolve) => {
      const before = state();
      const name = nameOfUrl(url);
      const loadedCount = (files) =>
        files.filter((file) => file.name === name && !file.loading).length;
      const loadedBefore = loadedCount(before.files);
      const messagesBefore = before.messages.length;
      const watch = () => {
        const now = state();
        const newMessages = now.messages.slice(messagesBefore);
        const failed = newMessages.some((line) => line.startsWith(`${name}:`) ||
                                                  line.startsWith(`${url}:`));
        if (failed || loadedCount(now.files) > loadedBefore) {
          resolve(now);
          return;
        }
        setTimeout(watch, 20);
      };
      openSources([urlSource(url)]).then(watch, (error) => {
        reportPageMessage(`${url}: error: cannot be opened: ${error.message ?? error}`);
        resolve(state());
      });
    });
  }

  // [SECTION] Settings in local storage

  function restoreSettings() {
    const fs = runtime('FS');
    for (const directory of ['/files', '/settings', '/downloads']) {
      try {
        fs.mkdir(directory);
      } catch (e) {
        // already there
      }
    }
    for (const file of kSettingsFiles) {
      try {
        const text = localStorage.getItem(kStoragePrefix + file);
        if (text !== null) {
          fs.writeFile(`/settings/${file}`, text);
        }
      } catch (e) {
        console.warn(`bvhscope: settings ${file} not restored: ${e.message ?? e}`);
      }
    }
  }

  function saveSettings() {
    if (!viewerReady) {
      return;
    }
    try {
      runtime('ccall')('bvhscope_web_save_settings', null, [], []);
      const fs = runtime('FS');
      for (const file of fs.readdir('/settings')) {
        if (file === '.' || file === '..') {
          continue;
        }
        const text = fs.readFile(`/settings/${file}`, { encoding: 'utf8' });
        if (localStorage.getItem(kStoragePrefix + file) !== text) {
          localStorage.setItem(kStoragePrefix + file, text);
        }
      }
    } catch (e) {
      console.warn(`bvhscope: settings not saved: ${e.message ?? e}`);
    }
  }

  // [SECTION] Downloads and the file chooser

  function download(path) {
    const fs = runtime('FS');
    const name = String(path).split('/').pop();
    try {
      const bytes = fs.readFile(path);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([bytes]));
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    } catch (e) {
      reportPageMessage(`${name}: error: cannot be downloaded: ${e.message ?? e}`);
    } finally {
      try {
        fs.unlink(path);
      } catch (e) {
        // gone already
      }
    }
  }

  fileInput.addEventListener('change', () => {
    openFileList(fileInput.files);
    fileInput.value = ''; // choosing the same file again fires `change` again
  });

  // [SECTION] The canvas and the window

  // The canvas starts at the window's size in CSS pixels, as the viewer's window does
  // (web_entry.cpp: emscripten's GLFW has no content scale, so a window pixel is a CSS pixel;
  // on a devicePixelRatio 2 screen the browser scales the picture up). From then on the
  // viewer follows the window's resize events itself; CSS keeps the element window-sized.
  function fitCanvasToWindow() {
    if (!viewerReady) {
      canvas.width = Math.max(1, window.innerWidth);
      canvas.height = Math.max(1, window.innerHeight);
    }
  }
  fitCanvasToWindow();

  // The whole page takes drops; without preventDefault the browser would open the file itself.
  window.addEventListener('dragover', (event) => {
    event.preventDefault();
    if (event.dataTransfer) {
      event.dataTransfer.dropEffect = 'copy';
    }
    document.body.classList.add('dragging');
  });
  window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    document.body.classList.remove('dragging');
    openFileList(event.dataTransfer?.files);
  });

  window.addEventListener('pagehide', saveSettings);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      saveSettings();
    }
  });
  setInterval(saveSettings, kSaveEveryMilliseconds);

  // [SECTION] Module and the API

  window.Module = {
    canvas,
    preRun: [restoreSettings],
    print: (text) => console.log(text),
    printErr: (text) => console.error(text),
    // Called by the viewer (app/platform/web): File > Open, and an export written to /downloads.
    bvhscopeChooseFiles: () => fileInput.click(),
    bvhscopeDownload: download,
    // Called by main() when the viewer cannot start (no WebGL2 context).
    bvhscopeFailed: () => {
      loadingText.textContent = 'bvhscope could not start: this browser gave it no WebGL2.';
    },
    onAbort: (what) => {
      reportPageMessage(`bvhscope stopped: ${what}`);
    },
  };
  window.addEventListener('error', (event) => {
    if (!viewerReady && loadingText.isConnected) {
      loadingText.textContent = `bvhscope could not start: ${event.message}`;
    }
  });

  window.bvhscope = { state, positions, open };

  pollViewerReady();
  // ?url=a.bvh&url=b.bvh: fetched together, opened in that order once all arrived, as one drop.
  const startUrls = new URLSearchParams(location.search).getAll('url').filter((url) => url);
  if (startUrls.length > 0) {
    openSources(startUrls.map(urlSource));
  }
})();
