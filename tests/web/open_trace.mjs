// Where an open() of the page spends its time (issue 44: the page reading 100 000 frames),
// measured inside the page with performance.now() and printed by the `large` check:
//   fetch        open() called to the response's headers (the request, the server's first byte);
//   hand-over    the headers to the viewer's Open (the body streams into the load from then on);
//   to reading   the Open to the first slice of reading (the frame that applies it);
//   reading      the first slice to the last (slices, the frames drawn between them, and waits
//                for the body's next piece);
//   tail         the last slice to open() resolving (the last slice itself takes the finished
//                file, so this is open()'s own wait for it);
// with the animation frames run in each span and what they cost, and the reading slices' time
// (and the last one's: it reads the body's end and takes the finished file);
// and beside them, overlapping reading, the body: the headers to its last byte, and how much of
// the reading came after that last byte (the parse trailing the download).
// The page is not changed for it: installOpenTrace() wraps the browser's functions before the
// page's scripts run (fetch, stream reads, requestAnimationFrame), and traceOpen() wraps the
// viewer's exports once it runs.

// Before the page loads: records fetch calls and responses, body reads, and every animation
// frame's callback [start, duration] in window.openTrace.
export async function installOpenTrace(page) {
  await page.evaluateOnNewDocument(() => {
    const trace = { fetches: [], bodyEnds: [], frames: [], slices: [], opens: [] };
    window.openTrace = trace;
    const originalFetch = window.fetch.bind(window);
    window.fetch = async (...args) => {
      const record = { called: performance.now(), response: null };
      trace.fetches.push(record);
      const response = await originalFetch(...args);
      record.response = performance.now();
      return response;
    };
    // The page reads byte streams with a BYOB reader where it can, a default reader elsewhere.
    for (const Reader of [ReadableStreamDefaultReader, globalThis.ReadableStreamBYOBReader]) {
      if (!Reader) continue;
      const originalRead = Reader.prototype.read;
      Reader.prototype.read = function read(...args) {
        return originalRead.apply(this, args).then((result) => {
          if (result.done) {
            trace.bodyEnds.push(performance.now());
          }
          return result;
        });
      };
    }
    const originalArrayBuffer = Response.prototype.arrayBuffer;
    Response.prototype.arrayBuffer = function arrayBuffer(...args) {
      return originalArrayBuffer.apply(this, args).then((buffer) => {
        trace.bodyEnds.push(performance.now());
        return buffer;
      });
    };
    const originalFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => originalFrame((time) => {
      const started = performance.now();
      try {
        callback(time);
      } finally {
        trace.frames.push([started, performance.now() - started]);
      }
    });
  });
}

// Once the viewer runs: records each reading slice [start, duration] and each Open.
export async function traceViewer(page) {
  await page.evaluate(() => {
    const trace = window.openTrace;
    const module = window.Module;
    // emscripten binds an export lazily: its first call replaces Module._name with the wasm
    // function itself, which would drop a wrapper set before. Harmless calls bind them first
    // (nothing is loading: no slice to read; no names: nothing opened).
    module._bvhscope_web_advance_loads(1);
    window.bvhscope.state(); // binds ccall's own helpers
    module.ccall('bvhscope_web_open', 'number', ['string'], ['']);
    for (const [name, list] of [['_bvhscope_web_advance_loads', trace.slices],
                                ['_bvhscope_web_open', trace.opens]]) {
      const original = module[name];
      module[name] = (...args) => {
        const started = performance.now();
        try {
          return original(...args);
        } finally {
          list.push([started, performance.now() - started]);
        }
      };
    }
  });
}

// Opens `url` in `page` (traceViewer() done) and resolves with {openMs, spans: [{name, ms,
// frames, frameMs}], body: {ms, readingAfterMs}, slicesMs, state}: open()'s wall time inside
// the page and its breakdown.
export async function tracedOpen(page, url) {
  return page.evaluate(async (address) => {
    const trace = window.openTrace;
    for (const list of Object.values(trace)) {
      list.length = 0;
    }
    const called = performance.now();
    const state = await window.bvhscope.open(address);
    const resolved = performance.now();
    const first = (list) => (list.length > 0 ? list[0] : null);
    const response = first(trace.fetches)?.response ?? called;
    const bodyEnd = first(trace.bodyEnds) ?? response;
    const opened = first(trace.opens)?.[0] ?? bodyEnd;
    const readingSlices = trace.slices.filter(([start]) => start >= opened);
    const firstSlice = first(readingSlices)?.[0] ?? opened;
    const lastSlice = readingSlices.length > 0 ?
      readingSlices[readingSlices.length - 1][0] + readingSlices[readingSlices.length - 1][1] :
      firstSlice;
    const bounds = [['fetch', called, response], ['hand-over', response, opened],
                    ['to reading', opened, firstSlice], ['reading', firstSlice, lastSlice],
                    ['tail', lastSlice, resolved]];
    const spans = bounds.map(([name, from, to]) => {
      const frames = trace.frames.filter(([start]) => start >= from && start < to);
      return { name, ms: to - from, frames: frames.length,
               frameMs: frames.reduce((sum, [, duration]) => sum + duration, 0) };
    });
    const slicesMs = readingSlices.reduce((sum, [, duration]) => sum + duration, 0);
    const body = { ms: bodyEnd - response, readingAfterMs: Math.max(0, lastSlice - bodyEnd) };
    const lastSliceMs = readingSlices.length > 0 ? readingSlices[readingSlices.length - 1][1] : 0;
    return { openMs: resolved - called, spans, body, slicesMs, slices: readingSlices.length,
             lastSliceMs, state };
  }, url);
}

// "fetch 12 ms (1 frame, 3 ms), body ...": a breakdown as one line.
export function describeBreakdown(traced) {
  const round = (value) => Number(value).toFixed(0);
  return traced.spans.map((span) => `${span.name} ${round(span.ms)} ms` +
    (span.frames > 0 ? ` (${span.frames} frames, ${round(span.frameMs)} ms drawing)` : ''))
    .join(', ') + `; ${traced.slices} reading slices, ${round(traced.slicesMs)} ms in them ` +
    `(the last, which takes the finished file, ${round(traced.lastSliceMs)} ms); ` +
    `body ${round(traced.body.ms)} ms, reading went on ${round(traced.body.readingAfterMs)} ms ` +
    'after its last byte';
}
