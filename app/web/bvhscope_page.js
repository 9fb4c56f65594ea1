// The page around the viewer: configures emscripten's global `Module` before bvhscope.js runs,
// brings files into MEMFS (drop, the file input, ?url=), keeps the settings in local storage,
// turns exports into downloads, and offers window.bvhscope = {state(), positions(), open()}
// (and holdLoadsForTests(), for the page's own checks).
//
// MEMFS layout shared with the C++ side (app/web/web_api.cpp, app/web/web_entry.cpp):
//   /files/NAME   the name a capture is opened by; the viewer's working directory is /files,
//                 so messages read "NAME:LINE:COL: error: ..." as `bvhscope check NAME` prints
//                 them. Every load gets a NAME of its own (the file's name, then
//                 "NAME (2).bvh"...). Its bytes are not written there: they stream into the
//                 viewer's load of NAME as they arrive (app/web/web_streams.cpp);
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
  // The user's URLs fetched at once, at most: a browser opens 6 HTTP/1.1 connections to a
  // server, and the page's own files (bvhscope.js, bvhscope.wasm) and later fetches must find
  // one free. Six slow ?url= captures fetched together held the page on "Loading bvhscope..."
  // for over a minute.
  const kParallelFetches = 2;

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

  // `bytes` in the largest unit it reaches, with `decimals` digits (default: 2 under 10, else
  // 1), and the exact count: "1.00 GiB (1073741824 bytes)".
  function formatBytes(bytes, decimals) {
    const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      ++unit;
    }
    const shown = unit === 0 ? String(value) : value.toFixed(decimals ?? (value < 10 ? 2 : 1));
    return unit === 0 ? `${shown} bytes` : `${shown} ${units[unit]} (${bytes} bytes)`;
  }

  // Two sizes with as many decimals as it takes for their figures to differ (at most 9: beyond,
  // the exact counts beside them do): "1.002 GiB" and "1.000 GiB", not "1.00 GiB" twice.
  function formatBytesApart(first, second) {
    let decimals = 2;
    while (decimals < 9 && formatBytes(first, decimals).split(' ')[0] ===
                           formatBytes(second, decimals).split(' ')[0]) {
      ++decimals;
    }
    return [formatBytes(first, decimals), formatBytes(second, decimals)];
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

  // A problem the page found with a file, its message a whole line ("NAME: error: ...").
  class PageError extends Error {}

  // Throws a PageError for a file of `bytes` over kMaxFileBytes.
  function refuseIfTooLarge(name, bytes) {
    if (bytes > kMaxFileBytes) {
      const [size, limit] = formatBytesApart(bytes, kMaxFileBytes);
      throw new PageError(`${name}: error: the file is ${size}, larger than the ${limit} the ` +
                          'page can open');
    }
  }

  // [SECTION] Streaming bodies into the viewer
  //
  // A body is read while it arrives (app/web/web_streams.cpp): each piece goes into a streamed
  // text of the viewer's, whose load parses what has arrived between frames, so an open costs
  // about the longer of the download and the parse rather than their sum, and no copy of the
  // whole body is made. The load sees whole lines only until the body ends, so the result is that
  // of the whole file, to the bit, however the pieces fall. Once the viewer reads it, a body is
  // read only a few megabytes ahead of the parse (bvhscope_web_stream_advice) into pieces it
  // reuses: a browser reads a File faster than the page parses it, and a whole 48 MB body
  // waiting in the heap cost as much time in fresh pages as the parse itself.

  // The body's reads (64 KB in chromium) are gathered into pieces of this size in the wasm heap,
  // handed to the viewer whole: one call per megabyte rather than per read, and one copy.
  const kStreamPieceBytes = 1 << 20;
  // A piece not yet full is handed over once no read came for this long, so a slow download
  // shows as it comes.
  const kStreamPieceWaitMilliseconds = 20;

  // Gathers the bytes given to add() into pieces of stream `id` (web_streams.cpp).
  class StreamPieces {
    constructor(id) {
      this.id = id;
      this.pointer = 0;
      this.filled = 0;
      this.timer = null;
    }

    // Copies `bytes` in; false when the heap had no room for a piece.
    add(bytes) {
      let offset = 0;
      while (offset < bytes.byteLength) {
        if (this.pointer === 0) {
          this.pointer = Module._bvhscope_web_stream_piece(this.id, kStreamPieceBytes);
          if (this.pointer === 0) {
            return false;
          }
        }
        const count = Math.min(kStreamPieceBytes - this.filled, bytes.byteLength - offset);
        // Read at each call: the heap's buffer changes when it grows.
        (Module.HEAPU8 ?? runtime('HEAPU8')).set(bytes.subarray(offset, offset + count),
                                                  this.pointer + this.filled);
        this.filled += count;
        offset += count;
        if (this.filled === kStreamPieceBytes) {
          this.commit();
        }
      }
      clearTimeout(this.timer);
      this.timer = this.filled > 0 ? setTimeout(() => this.commit(), kStreamPieceWaitMilliseconds)
                                   : null;
      return true;
    }

    commit() {
      clearTimeout(this.timer);
      this.timer = null;
      if (this.pointer !== 0) {
        Module._bvhscope_web_stream_commit(this.id, this.filled);
        this.pointer = 0;
        this.filled = 0;
      }
    }

    // The stream ends: `failure` null when every byte arrived.
    end(failure) {
      clearTimeout(this.timer);
      if (failure === null) {
        this.commit();
      }
      runtime('ccall')('bvhscope_web_stream_end', null, ['number', 'string'], [this.id, failure]);
      this.pointer = 0;
    }
  }

  // What bvhscope_web_stream_advice says (web_streams.cpp): read on, wait until the viewer has
  // read some of what it has (it holds several megabytes of whole lines), or stop (its load of
  // the file ended: the rest is not needed).
  const kAdviceWait = 1;
  const kAdviceStop = 2;
  // A body told to wait asks again after the next reading slice, or after this long where no
  // slice runs (the viewer's loads held, or busy with another file first).
  const kBodyWaitMilliseconds = 50;
  let bodiesWaiting = [];
  function someReadingDone() {
    return new Promise((resolve) => {
      bodiesWaiting.push(resolve);
      setTimeout(resolve, kBodyWaitMilliseconds);
    });
  }
  function wakeWaitingBodies() {
    if (bodiesWaiting.length > 0) {
      const waiting = bodiesWaiting;
      bodiesWaiting = [];
      waiting.forEach((resolve) => resolve());
    }
  }

  // The bodies being read (stream id -> reader). A load ends in a reading slice or a frame (the
  // file closed, failed, or ended before its body did); a body that waits in read() for bytes
  // that may never come (a stalled server) would only see that when its next chunk arrived, so
  // each slice and frame cancels the download of every body whose load is gone.
  const bodiesReading = new Map();
  function cancelStoppedBodies() {
    for (const [id, reader] of bodiesReading) {
      if (Module._bvhscope_web_stream_advice(id) === kAdviceStop) {
        bodiesReading.delete(id);
        // The pending read() ends as done, and pumpBody ends the stream.
        Promise.resolve(reader.cancel()).catch(() => {});
      }
    }
  }

  // After each reading slice and each frame of the viewer: a body waiting for the reader reads
  // on, and one whose load is gone stops downloading.
  function afterViewerWork() {
    wakeWaitingBodies();
    cancelStoppedBodies();
  }

  // Reads `reader` (a ReadableStream's reader) into stream `id` to its end, with `declared`
  // (0 when unknown) the size announced. A body that grows past kMaxFileBytes (a server may give
  // no length), a failed read or a full heap ends the stream with the error, which the viewer
  // reports as the load's ("NAME: error: ..."); a body that ends short of `declared` is an error
  // where the text stopped ("NAME:LINE:COL: error: ...", core/reader/streamed_text.h). Never
  // throws.
  async function pumpBody(id, reader, declared) {
    const pieces = new StreamPieces(id);
    let total = 0;
    bodiesReading.set(id, reader);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          pieces.end(null);
          return;
        }
        total += value.byteLength;
        if (total > kMaxFileBytes) {
          reader.cancel();
          const [size, limit] = formatBytesApart(Math.max(total, declared), kMaxFileBytes);
          pieces.end(`the file is over ${size}, larger than the ${limit} the page can open`);
          return;
        }
        if (!pieces.add(value)) {
          reader.cancel();
          pieces.end('out of memory while downloading; the file was closed');
          return;
        }
        let advice = Module._bvhscope_web_stream_advice(id);
        while (advice === kAdviceWait) {
          await someReadingDone();
          advice = Module._bvhscope_web_stream_advice(id);
        }
        if (advice === kAdviceStop) {
          reader.cancel();
          pieces.end(null);
          return;
        }
      }
    } catch (error) {
      if (declared > 0 && total < declared) {
        // A connection closed short of its Content-Length (what a browser reports as a network
        // error): the text ends here, and its load fails at the line and column where it
        // stopped, which says more than "network error".
        pieces.end(null);
      } else {
        pieces.end(`the download failed after ${total} bytes: ${error?.message ?? error}`);
      }
    } finally {
      bodiesReading.delete(id);
    }
  }

  // Reads of a byte stream (a File's, a response's) into one buffer of this size, handed back
  // and forth: a default reader hands over a fresh buffer for every chunk, and each is fresh
  // memory to fault in and collect.
  const kReadBufferBytes = 1 << 20;

  // A reader of `stream` (a ReadableStream) with the default reader's read() and cancel(),
  // reading into one reused buffer where the stream can (a byte stream, BYOB); the default
  // reader elsewhere. A chunk it returns is valid until the next read().
  function readerOf(stream) {
    let byob;
    try {
      byob = stream.getReader({ mode: 'byob' });
    } catch {
      return stream.getReader();
    }
    let buffer = new ArrayBuffer(kReadBufferBytes);
    return {
      read: async () => {
        const { done, value } = await byob.read(new Uint8Array(buffer));
        if (done) {
          return { done: true };
        }
        buffer = value.buffer; // the same memory, transferred back by the read
        return { done: false, value };
      },
      cancel: () => byob.cancel(),
    };
  }

  // A body that is already whole (a response without a stream): one piece.
  function streamOfBytes(bytes) {
    let given = false;
    return {
      read: async () => (given ? { done: true } : ((given = true), { done: false, value: bytes })),
      cancel: () => {},
    };
  }

  // Names given under /files in this page: each load gets one of its own. Two loads of one name
  // would share one MEMFS file, and the second's bytes would replace the first's while the
  // viewer reads them ("changed while it was being read"); a name of its own also tells open()
  // which file, timing and messages are its load's.
  const givenNames = new Set();
  function nameOfItsOwn(name) {
    const base = memfsNameOf(name);
    let unique = base;
    for (let copy = 2; givenNames.has(unique); ++copy) {
      unique = base.replace(/(\.[^.]*)?$/, (extension) => ` (${copy})${extension}`);
    }
    givenNames.add(unique);
    return unique;
  }

  // Runs `task` once fewer than kParallelFetches others run.
  let fetchesRunning = 0;
  const fetchWaiters = [];
  async function withFetchSlot(task) {
    while (fetchesRunning >= kParallelFetches) {
      await new Promise((resolve) => fetchWaiters.push(resolve));
    }
    ++fetchesRunning;
    try {
      return await task();
    } finally {
      --fetchesRunning;
      fetchWaiters.shift()?.();
    }
  }

  // Opens each source ({name, label, start: async (name, opened) => void}) once the viewer runs
  // (so the page's own files are fetched first), in the order given, as one drop would, each
  // as soon as its body starts and every source before it was opened or refused. A source's
  // start() throws a PageError when it is refused before any of it is read (a failed fetch, a
  // refused size); once accepted it calls `opened(declaredBytes)`, which opens it in the viewer
  // and resolves with the stream id its body goes into, and returns once the body has ended.
  // Resolves with one {name, error} per source: the name it was given under /files, and the
  // page's message when it was refused (null when it was handed to the viewer).
  async function openSources(sources) {
    pendingReads += sources.length;
    try {
      await whenViewerReady();
      tellFetching();
      let turn = Promise.resolve();
      return await Promise.all(sources.map((source) => {
        const name = nameOfItsOwn(source.name);
        const previous = turn;
        let passTurn;
        turn = new Promise((resolve) => { passTurn = resolve; });
        let counted = true; // in pendingReads: not yet handed to the viewer
        const uncount = () => {
          if (counted) {
            counted = false;
            --pendingReads;
            tellFetching();
          }
        };
        return (async () => {
          try {
            await source.start(name, async (declared) => {
              await previous;
              const id = runtime('ccall')('bvhscope_web_stream_begin', 'number',
                                          ['string', 'number'], [name, declared]);
              if (id === 0) {
                throw new PageError(`${name}: error: out of memory; the file was not opened`);
              }
              pushOpen([name]);
              // From now on the viewer's load says how it goes (state().busy).
              uncount();
              passTurn();
              return id;
            });
            return { name, error: null };
          } catch (error) {
            const message = error instanceof PageError ? error.message :
              `${source.label ?? name}: error: cannot be read: ${error?.message ?? error}`;
            reportPageMessage(message);
            return { name, error: message };
          } finally {
            passTurn();
            uncount();
          }
        })();
      }));
    } finally {
      tellFetching();
    }
  }

  // While files are fetched and copied in, the viewer draws a few frames a second: a page
  // playing a capture under a software renderer otherwise took 1.1 s to fetch 48 MB that
  // take 0.2 s with it paused.
  function tellFetching() {
    if (viewerReady) {
      Module._bvhscope_web_set_fetching(pendingReads > 0 ? 1 : 0);
    }
  }

  function pushOpen(names) {
    runtime('ccall')('bvhscope_web_open', 'number', ['string'], [names.join('\n')]);
  }

  // The page has no threads: files are parsed in slices. While a file is read, the viewer draws
  // a few frames a second (unless the user is doing something) and reads it in tasks of its own
  // between frames (a MessageChannel message runs as soon as the browser is free, without
  // setTimeout's 4 ms clamp), so the reader gets nearly all of the page's time and input still
  // gets an answer within a slice. The hop from one task to the next costs about 0.012 ms in
  // chromium (5 000 hops timed), so a 16 ms slice gives the reader over 99.9 % of the time the
  // page leaves it, while a tap still waits at most one slice. The viewer starts the reading
  // (Module.bvhscopeReadLoads) when it opens a file; it stops once nothing is left to read.
  const kLoadSliceMilliseconds = 16;
  const loadChannel = new MessageChannel();
  let loadsPumping = false;
  loadChannel.port1.onmessage = () => {
    const more = Module._bvhscope_web_advance_loads(kLoadSliceMilliseconds);
    afterViewerWork();
    if (more) {
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
      // A File is read as it is parsed too: its stream() where the browser has it.
      start: async (name, opened) => {
        refuseIfTooLarge(name, file.size);
        const id = await opened(file.size);
        const reader = typeof file.stream === 'function' ? readerOf(file.stream()) :
          streamOfBytes(new Uint8Array(await file.arrayBuffer()));
        await pumpBody(id, reader, file.size);
      },
    })));
  }

  function urlSource(url) {
    return {
      name: nameOfUrl(url),
      label: url,
      // The connection is held until the whole body is read: so is the slot.
      start: (name, opened) => withFetchSlot(async () => {
        let response;
        try {
          response = await fetch(url);
        } catch (error) {
          throw new PageError(`${url}: error: cannot be fetched: ${error.message ?? error}`);
        }
        if (!response.ok) {
          response.body?.cancel();
          throw new PageError(`${url}: error: HTTP ${response.status}` +
                              `${response.statusText ? ' ' + response.statusText : ''}`);
        }
        // Refused by its Content-Length before any of it is read; without one, once more than
        // kMaxFileBytes arrived (pumpBody). A compressed body's length is not the text's.
        const encoded = (response.headers.get('Content-Encoding') ?? 'identity') !== 'identity';
        const length = Number(response.headers.get('Content-Length'));
        const declared = !encoded && Number.isFinite(length) && length > 0 ? length : 0;
        if (declared > kMaxFileBytes) {
          response.body?.cancel();
          refuseIfTooLarge(name, declared);
        }
        const id = await opened(declared);
        const reader = response.body ? readerOf(response.body) :
          streamOfBytes(new Uint8Array(await response.arrayBuffer()));
        await pumpBody(id, reader, declared);
      }),
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
    fitCanvasToWindow(); // the window may have changed size while the viewer started
    tellTouchOnly();
    tellLoadsHeld();
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
      commandsPending: Boolean(viewer.commandsPending),
      asleep: Boolean(viewer.asleep),
      framesDrawn: viewer.framesDrawn ?? 0,
      // The viewer's input events received and applied, and the touch events the page has
      // turned into them: a check waits until its touches are handled and their events applied
      // before it reads what they did.
      input: { ...(viewer.input ?? { received: 0, applied: 0 }), touches: touchEventsHandled },
      layout: viewer.layout ?? null,
      items: viewer.items ?? {},
      camera: viewer.camera ?? null,
      panelsHidden: Boolean(viewer.panelsHidden),
      // URLs being fetched, and those waiting for a slot (kParallelFetches).
      fetches: { running: fetchesRunning, queued: fetchWaiters.length },
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

  // An Error for a failed open(): its message the lines about the file, its state the page's.
  function openFailure(message, now) {
    const error = new Error(message);
    error.state = now;
    return error;
  }

  // Resolves with state() once the file opened under `name` shows loaded; rejects once the
  // viewer failed it (its load timing says so) or, idle with nothing under that name, did not
  // open it (a sound or a folder in the page): with the viewer's lines about it. Looked at after
  // every step of the viewer (Module.bvhscopeStepped), so it settles in the frame that took the
  // file rather than a poll or a frame later (on a software renderer the next frame can be
  // 100 ms away), and every kOpenPollMilliseconds while the viewer sleeps.
  const kOpenPollMilliseconds = 100;
  const openWatchers = new Set();
  function lookAtOpens() {
    if (openWatchers.size === 0) {
      return;
    }
    const now = state();
    for (const watcher of [...openWatchers]) {
      watcher(now);
    }
  }
  function whenOpened(name) {
    return new Promise((resolve, reject) => {
      let timer = null;
      const settle = (how, value) => {
        openWatchers.delete(watch);
        clearTimeout(timer);
        how(value);
      };
      const watch = (now) => {
        const file = now.files.find((listed) => listed.name === name);
        if (file && !file.loading) {
          settle(resolve, now);
          return;
        }
        const failed = now.loads.some((load) => load.name === name && load.failed);
        const untouched = !file && !now.busy && !now.commandsPending &&
                          !now.loads.some((load) => load.name === name);
        if (failed || untouched) {
          const lines = now.messages.filter((line) => line.startsWith(`${name}:`));
          settle(reject, openFailure(lines.length > 0 ? lines.join('\n') :
                                     `${name}: error: the viewer did not open it`, now));
        }
      };
      const poll = () => {
        watch(state());
        if (openWatchers.has(watch)) {
          timer = setTimeout(poll, kOpenPollMilliseconds);
        }
      };
      openWatchers.add(watch);
      poll();
    });
  }

  // Fetches `url` and opens it. Resolves with state() once it has loaded; rejects with an Error
  // whose message is why not (the page's line: a failed fetch, a refused size; or the viewer's
  // lines: "NAME:LINE:COL: error: ...") and whose `state` is state() then. Each call settles on
  // its own load, whatever the others do.
  async function open(url) {
    const [outcome] = await openSources([urlSource(url)]);
    if (outcome.error !== null) {
      throw openFailure(outcome.error, state());
    }
    return whenOpened(outcome.name);
  }

  // Test-only, for the page's checks (tests/web/open_checks.mjs); nothing in the page calls it.
  // While held, the viewer stops every load once its header is read, and state() lists the
  // file as loading and held; released, they read on. A check can so act while a file is known
  // to be loading, however fast the machine reads it. Set before the viewer runs, it applies
  // once it does.
  let loadsHeldForTests = false;
  function holdLoadsForTests(hold) {
    loadsHeldForTests = Boolean(hold);
    tellLoadsHeld();
  }
  function tellLoadsHeld() {
    if (viewerReady) {
      Module._bvhscope_web_hold_loads(loadsHeldForTests ? 1 : 0);
    }
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
  // on a devicePixelRatio 2 screen the browser scales the picture up). From then on the viewer
  // is told each new size (bvhscope_web_resize); CSS keeps the element window-sized.
  function fitCanvasToWindow() {
    if (!viewerReady) {
      canvas.width = Math.max(1, window.innerWidth);
      canvas.height = Math.max(1, window.innerHeight);
      return;
    }
    Module._bvhscope_web_resize(window.innerWidth, window.innerHeight);
  }
  fitCanvasToWindow();
  // A phone turned: some browsers fire orientationchange before the window's size changes, and
  // a resize after; the visual viewport reports the size once it has settled. Each is cheap: the
  // viewer only sets its window size.
  window.addEventListener('resize', fitCanvasToWindow);
  window.addEventListener('orientationchange', fitCanvasToWindow);
  window.visualViewport?.addEventListener('resize', fitCanvasToWindow);

  // [SECTION] Touch
  //
  // emscripten's GLFW turns touches into mouse buttons without positions; the page turns them
  // into the mouse the viewer knows instead, before GLFW's handlers see them:
  // - one finger: the pointer follows it; it presses only once the finger has moved (a drag:
  //   orbit, scrub) or when it lifts (a tap: a click where it was), so a held touch acts once,
  //   when let go, and never repeats or cancels; dragged in a panel, it scrolls the panel;
  // - two fingers: their midpoint drags with the right button (pan, as on the desktop), and
  //   their spread turns the wheel (pinch to zoom).
  const kTapSlopPixels = 8;
  // Wheel steps per doubling of the fingers' spread: a pinch from 100 to 200 px zooms as far as
  // this many notches of a mouse wheel.
  const kWheelStepsPerDoubling = 4;
  const kPixelsPerWheelStep = 100; // a DOM wheel "notch" in pixels (deltaMode 0)
  // A finger dragged in a panel scrolls it, as on a phone, rather than pressing what it
  // started on: ImGui scrolls 5 lines of its 13 px font per wheel step.
  const kPanelPixelsPerWheelStep = 65;
  const kScrolledPanels = ['files', 'joints', 'info', 'selection', 'settings'];
  let oneFinger = null; // {x, y, pressed, scrolls, scrolling, lastY}
  let touchEventsHandled = 0; // on the canvas, for state().input
  let twoFingers = null; // {x, y, spread}

  function sendMouse(type, x, y, button) {
    canvas.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button, bubbles: true,
                                                cancelable: true, view: window }));
  }

  function sendWheel(x, y, steps) {
    canvas.dispatchEvent(new WheelEvent('wheel', { clientX: x, clientY: y, deltaMode: 0,
                                                   deltaY: -steps * kPixelsPerWheelStep,
                                                   bubbles: true, cancelable: true }));
  }

  function fingersOf(event) {
    return Array.from(event.touches).map((touch) => ({ x: touch.clientX, y: touch.clientY }));
  }

  function midpointAndSpread([a, b]) {
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2,
             spread: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  function endGesture(x, y) {
    if (oneFinger?.pressed) {
      sendMouse('mouseup', x, y, 0);
    }
    if (twoFingers) {
      sendMouse('mouseup', twoFingers.x, twoFingers.y, 2);
    }
    oneFinger = null;
    twoFingers = null;
  }

  // Whether (x, y), in CSS pixels (the viewer's window pixels), lies in a panel that a drag
  // scrolls.
  function inScrolledPanel(x, y) {
    const layout = viewerReady ? JSON.parse(callString('bvhscope_web_state', [], [])).layout : null;
    return kScrolledPanels.some((name) => {
      const [left, top, width, height] = layout?.[name] ?? [0, 0, 0, 0];
      return x >= left && x < left + width && y >= top && y < top + height;
    });
  }

  function onTouchStart(event) {
    const fingers = fingersOf(event);
    if (fingers.length === 1) {
      oneFinger = { x: fingers[0].x, y: fingers[0].y, pressed: false, scrolling: false,
                    scrolls: inScrolledPanel(fingers[0].x, fingers[0].y), lastY: fingers[0].y };
      sendMouse('mousemove', oneFinger.x, oneFinger.y, 0);
    } else if (fingers.length === 2) {
      // A second finger turns a one-finger drag into a pan: a tap not yet made is dropped.
      if (oneFinger?.pressed) {
        sendMouse('mouseup', oneFinger.x, oneFinger.y, 0);
      }
      oneFinger = null;
      twoFingers = midpointAndSpread(fingers);
      sendMouse('mousemove', twoFingers.x, twoFingers.y, 0);
      sendMouse('mousedown', twoFingers.x, twoFingers.y, 2);
    }
  }

  function onTouchMove(event) {
    const fingers = fingersOf(event);
    if (oneFinger && fingers.length === 1) {
      const [finger] = fingers;
      const moved = Math.hypot(finger.x - oneFinger.x, finger.y - oneFinger.y) >= kTapSlopPixels;
      if (oneFinger.scrolls && (moved || oneFinger.scrolling)) {
        // The content follows the finger: down scrolls up, as a wheel turned up does.
        oneFinger.scrolling = true;
        const steps = (finger.y - oneFinger.lastY) / kPanelPixelsPerWheelStep;
        sendWheel(oneFinger.x, oneFinger.y, steps);
        oneFinger.lastY = finger.y;
        return;
      }
      if (!oneFinger.pressed && moved) {
        sendMouse('mousedown', oneFinger.x, oneFinger.y, 0);
        oneFinger.pressed = true;
      }
      if (oneFinger.pressed) {
        sendMouse('mousemove', finger.x, finger.y, 0);
      }
    } else if (twoFingers && fingers.length >= 2) {
      const now = midpointAndSpread(fingers.slice(0, 2));
      sendMouse('mousemove', now.x, now.y, 2);
      const steps = kWheelStepsPerDoubling * Math.log2(now.spread / twoFingers.spread);
      if (Math.abs(steps) >= 0.25) {
        sendWheel(now.x, now.y, steps);
        twoFingers.spread = now.spread;
      }
      twoFingers.x = now.x;
      twoFingers.y = now.y;
    }
  }

  function onTouchEnd(event) {
    const lifted = event.changedTouches[0];
    const x = lifted?.clientX ?? oneFinger?.x ?? 0;
    const y = lifted?.clientY ?? oneFinger?.y ?? 0;
    if (oneFinger && !oneFinger.pressed && !oneFinger.scrolling && event.type === 'touchend') {
      // A tap: the pointer is already there (touchstart moved it); the click lands on what
      // the viewer found under it.
      sendMouse('mousedown', oneFinger.x, oneFinger.y, 0);
      sendMouse('mouseup', oneFinger.x, oneFinger.y, 0);
      oneFinger = null;
    }
    if (event.touches.length === 0) {
      endGesture(x, y);
    }
  }

  // Window capture: before GLFW's own touch handlers on the canvas, which never see them.
  const touchHandlers = { touchstart: onTouchStart, touchmove: onTouchMove, touchend: onTouchEnd,
                          touchcancel: onTouchEnd };
  for (const [type, handler] of Object.entries(touchHandlers)) {
    window.addEventListener(type, (event) => {
      if (event.target !== canvas) {
        return;
      }
      event.preventDefault(); // no emulated mouse events, no long-press menu, no page zoom
      event.stopPropagation();
      wakeViewer();
      handler(event);
      ++touchEventsHandled;
    }, { capture: true, passive: false });
  }

  // emscripten's GLFW passes a wheel event's deltaY on as GLFW's y offset: in pixels (100 a
  // notch in Chrome, 3 lines in Firefox) and with the DOM's sign (down is positive), where the
  // desktop's GLFW gives one step a notch, up positive. Each wheel event over the canvas is
  // handed on in the desktop's units instead, so the wheel (and a pinch) zooms as on the desktop.
  const normalisedWheels = new WeakSet();
  const kWheelUnitsPerStep = [kPixelsPerWheelStep, 3, 1]; // by deltaMode: pixels, lines, pages
  window.addEventListener('wheel', (event) => {
    if (event.target !== canvas || normalisedWheels.has(event)) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const perStep = kWheelUnitsPerStep[event.deltaMode] ?? kPixelsPerWheelStep;
    const normalised = new WheelEvent('wheel', {
      clientX: event.clientX, clientY: event.clientY, deltaMode: 0,
      deltaX: -event.deltaX / perStep, deltaY: -event.deltaY / perStep,
      shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, altKey: event.altKey,
      metaKey: event.metaKey, bubbles: true, cancelable: true });
    normalisedWheels.add(normalised);
    canvas.dispatchEvent(normalised);
  }, { capture: true, passive: false });

  // Touch without a fine pointer (a phone, a tablet): the compact layout whatever the width.
  const touchOnlyQuery = window.matchMedia('(hover: none) and (pointer: coarse)');
  function tellTouchOnly() {
    if (viewerReady) {
      Module._bvhscope_web_set_touch_only(touchOnlyQuery.matches ? 1 : 0);
    }
  }
  touchOnlyQuery.addEventListener?.('change', tellTouchOnly);

  // [SECTION] Sleeping and waking
  //
  // When nothing moves the viewer stops asking for animation frames (platform/page_frames.h);
  // every event that can change what it shows starts them again. Listened to on the window,
  // before any other handler (capture), so the viewer is awake when GLFW's handlers pass the
  // event on.
  const kWakingEvents = ['mousemove', 'mousedown', 'mouseup', 'wheel', 'keydown', 'keyup',
                         'keypress', 'touchstart', 'touchmove', 'touchend', 'touchcancel',
                         'pointerdown', 'pointermove', 'pointerup', 'focus', 'blur', 'drop'];
  function wakeViewer() {
    if (viewerReady) {
      Module._bvhscope_web_wake();
    }
  }
  for (const type of kWakingEvents) {
    window.addEventListener(type, wakeViewer, { capture: true, passive: true });
  }
  document.addEventListener('visibilitychange', wakeViewer);

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

  // [SECTION] WebGL state the page answers itself
  //
  // Dear ImGui's OpenGL backend saves the GL state it changes before each draw of the panels and
  // restores it after (glGetIntegerv). In Chrome most of that state is known in the page, but
  // the scissor box and the blend settings are asked of the GPU process, which answers only once
  // it has done every command sent before: the whole frame's 3D view, rasterised by SwiftShader
  // where there is no GPU. The frame then held the page's thread for 25-100 ms (1.4 s in 21
  // frames measured by the open() trace; tests/web/open_trace.mjs), so the GPU process's drawing
  // stood in the reading's way instead of running beside it. Those values are the ones the page
  // set last, so they are kept here as they are set, and the GPU process is asked only for a
  // value never set (its first query) and after a lost context.
  // The factors kept (WebGL refuses some combinations of the constant ones: those are asked).
  const kBlendFactors = new Set([0, 1, 0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x0305, 0x0306,
                                 0x0307, 0x0308]);
  const kBlendEquations = new Set([0x8006, 0x800A, 0x800B, 0x8007, 0x8008]);
  const kScissorBox = 0x0C10;
  const kBlendParameters = { srcRgb: 0x80C9, dstRgb: 0x80C8, srcAlpha: 0x80CB, dstAlpha: 0x80CA,
                             equationRgb: 0x8009, equationAlpha: 0x883D };

  function shadowGlQueriesThatWaitForTheGpu() {
    const proto = globalThis.WebGL2RenderingContext?.prototype;
    if (!proto) {
      return;
    }
    const shadows = new WeakMap(); // context -> Map(parameter -> value)
    const shadowOf = (gl) => {
      if (gl.canvas !== canvas) {
        return null;
      }
      let shadow = shadows.get(gl);
      if (!shadow) {
        shadow = new Map();
        shadows.set(gl, shadow);
        canvas.addEventListener('webglcontextlost', () => shadow.clear());
      }
      return shadow;
    };
    // Wraps `method` so that, after it ran with `args` known to be accepted (`kept`),
    // `values(args)` gives the [parameter, value] pairs it set. With other arguments (which GL may
    // refuse, leaving the state as it was) those parameters are forgotten, and asked again when
    // next queried; a lost context forgets everything.
    const wrapSetter = (method, kept, values) => {
      const original = proto[method];
      proto[method] = function setState(...args) {
        original.apply(this, args);
        const shadow = shadowOf(this);
        if (shadow) {
          const known = !this.isContextLost() && kept(args);
          for (const [parameter, value] of values(args)) {
            if (known) {
              shadow.set(parameter, value);
            } else {
              shadow.delete(parameter);
            }
          }
        }
      };
    };
    const factors = (list) => list.every((value) => kBlendFactors.has(value));
    const equations = (list) => list.every((value) => kBlendEquations.has(value));
    const blend = kBlendParameters;
    wrapSetter('scissor', ([, , width, height]) => width >= 0 && height >= 0 &&
                                                   Number.isInteger(width + height),
               ([x, y, width, height]) => [[kScissorBox, [x | 0, y | 0, width | 0, height | 0]]]);
    wrapSetter('blendFunc', factors, ([source, destination]) => [
      [blend.srcRgb, source], [blend.srcAlpha, source], [blend.dstRgb, destination],
      [blend.dstAlpha, destination]]);
    wrapSetter('blendFuncSeparate', factors, ([srcRgb, dstRgb, srcAlpha, dstAlpha]) => [
      [blend.srcRgb, srcRgb], [blend.dstRgb, dstRgb], [blend.srcAlpha, srcAlpha],
      [blend.dstAlpha, dstAlpha]]);
    wrapSetter('blendEquation', equations, ([mode]) => [
      [blend.equationRgb, mode], [blend.equationAlpha, mode]]);
    wrapSetter('blendEquationSeparate', equations, ([rgb, alpha]) => [
      [blend.equationRgb, rgb], [blend.equationAlpha, alpha]]);
    const shadowed = new Set([kScissorBox, ...Object.values(kBlendParameters)]);
    const originalGetParameter = proto.getParameter;
    proto.getParameter = function getParameter(parameter) {
      const shadow = shadowed.has(parameter) ? shadowOf(this) : null;
      if (!shadow || this.isContextLost()) {
        return originalGetParameter.call(this, parameter);
      }
      if (!shadow.has(parameter)) {
        const value = originalGetParameter.call(this, parameter);
        shadow.set(parameter, parameter === kScissorBox ? Array.from(value) : value);
      }
      const value = shadow.get(parameter);
      return parameter === kScissorBox ? new Int32Array(value) : value;
    };
  }
  shadowGlQueriesThatWaitForTheGpu();

  // [SECTION] Module and the API

  window.Module = {
    canvas,
    preRun: [restoreSettings],
    print: (text) => console.log(text),
    printErr: (text) => console.error(text),
    // Called by the viewer (app/platform/web): File > Open, and an export written to /downloads.
    bvhscopeChooseFiles: () => fileInput.click(),
    bvhscopeDownload: download,
    // Called by the viewer while a file it opened has bytes left to read.
    bvhscopeReadLoads: pumpLoads,
    // Called by the viewer after each animation frame's step.
    bvhscopeStepped: () => {
      lookAtOpens();
      afterViewerWork();
    },
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

  window.bvhscope = { state, positions, open, holdLoadsForTests };

  pollViewerReady();
  // ?url=a.bvh&url=b.bvh: fetched once the viewer runs (kParallelFetches at a time), opened in
  // that order once all arrived, as one drop.
  const startUrls = new URLSearchParams(location.search).getAll('url').filter((url) => url);
  if (startUrls.length > 0) {
    openSources(startUrls.map(urlSource));
  }
})();
