// A local HTTP server for the page checks: the web build's folder at /, named captures at
// /captures/NAME, a generated large capture at /generated/NAME, streamed with its
// Content-Length so nothing of its size is kept in memory or on disk, and captures at
// /slow/NAME whose responses are held until the test lets them go (HeldCaptures).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const kMimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', // WebAssembly.instantiateStreaming refuses any other type
  '.json': 'application/json',
  '.css': 'text/css',
  '.png': 'image/png',
  '.bvh': 'text/plain; charset=utf-8',
  '.data': 'application/octet-stream',
};

function mimeTypeOf(file) {
  return kMimeTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function sendFile(response, file) {
  let info;
  try {
    info = await stat(file);
  } catch {
    info = null;
  }
  if (!info || !info.isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  response.writeHead(200, { 'Content-Type': mimeTypeOf(file), 'Content-Length': info.size,
                            'Cache-Control': 'no-store' });
  createReadStream(file).pipe(response);
}

// A capture of `header` (ending after "Frame Time: ...\n", its "Frames:" line given by the
// caller) followed by `frameCount` rows taken in turn from `rows` (each ending in "\n").
export function generatedCapture(headerWithoutFrames, frameTimeLine, rows, frameCount) {
  const head = Buffer.from(`${headerWithoutFrames}Frames: ${frameCount}\n${frameTimeLine}`);
  const rowBuffers = rows.map((row) => Buffer.from(row));
  let size = head.length;
  for (let frame = 0; frame < frameCount; ++frame) {
    size += rowBuffers[frame % rowBuffers.length].length;
  }
  return {
    size,
    frameCount,
    // Yields the bytes in chunks of about a megabyte.
    *chunks() {
      yield head;
      let batch = [];
      let batchBytes = 0;
      for (let frame = 0; frame < frameCount; ++frame) {
        const row = rowBuffers[frame % rowBuffers.length];
        batch.push(row);
        batchBytes += row.length;
        if (batchBytes >= 1 << 20) {
          yield Buffer.concat(batch, batchBytes);
          batch = [];
          batchBytes = 0;
        }
      }
      if (batchBytes > 0) {
        yield Buffer.concat(batch, batchBytes);
      }
    },
  };
}

async function sendGenerated(response, capture) {
  response.writeHead(200, { 'Content-Type': mimeTypeOf('x.bvh'), 'Content-Length': capture.size,
                            'Cache-Control': 'no-store' });
  // The page may stop reading (it refuses a size by the Content-Length): stop writing then.
  let closed = false;
  const whenClosed = new Promise((resolve) => response.once('close', resolve)).then(() => {
    closed = true;
  });
  for (const chunk of capture.chunks()) {
    if (closed) {
      return;
    }
    if (!response.write(chunk)) {
      await Promise.race([new Promise((resolve) => response.once('drain', resolve)), whenClosed]);
    }
  }
  response.end();
}

// Captures (name -> file) served at /slow/NAME only once release() was called: until then each
// request waits, as on a slow server. Counts the requests waiting at once, and notes when the
// first arrived and when the page asked for bvhscope.wasm (startServer sets wasmRequestedAt).
export class HeldCaptures {
  constructor(files) {
    this.files = files;
    this.waiting = 0;
    this.mostWaiting = 0;
    this.firstRequestAt = null;
    this.wasmRequestedAt = null;
    this.released = false;
    this.waiters = [];
  }

  names() {
    return [...this.files.keys()];
  }

  has(name) {
    return this.files.has(name);
  }

  async serve(response, name) {
    this.firstRequestAt ??= performance.now();
    ++this.waiting;
    this.mostWaiting = Math.max(this.mostWaiting, this.waiting);
    if (!this.released) {
      await new Promise((resolve) => this.waiters.push(resolve));
    }
    --this.waiting;
    await sendFile(response, this.files.get(name));
  }

  release() {
    this.released = true;
    this.waiters.splice(0).forEach((resolve) => resolve());
  }
}

// Bodies (name -> {bytes, heldAfter, endAfter, withLength}) served at /pieces/NAME as a slow or
// broken server sends them: the bytes up to each offset of `heldAfter` (one offset, or several in
// increasing order), each time then nothing until release(name), then the rest up to `endAfter`
// bytes (all when absent), where a shorter body is cut by closing the connection. `withLength`
// false sends no Content-Length (chunked). A release given before its hold is reached lets the
// hold pass. Counts the bytes sent, and notes the responses the page closed before their end.
export class PiecedBodies {
  constructor(bodies) {
    this.bodies = bodies;
    this.granted = new Map(); // name -> releases given
    this.waiters = new Map(); // name -> resolve of the hold waiting
    this.sent = new Map();
    this.closings = new Map(); // name -> { closed: promise of 'early' or 'finished', resolve }
  }

  // Resolves once the response for `name` has closed: 'early' when the page closed it before
  // its end, 'finished' when it was sent whole.
  whenClosed(name) {
    return this.closingOf(name).closed;
  }

  closingOf(name) {
    if (!this.closings.has(name)) {
      let resolve;
      const closed = new Promise((done) => { resolve = done; });
      this.closings.set(name, { closed, resolve });
    }
    return this.closings.get(name);
  }

  has(name) {
    return this.bodies.has(name);
  }

  release(name) {
    this.granted.set(name, (this.granted.get(name) ?? 0) + 1);
    this.waiters.get(name)?.();
  }

  async passHold(name, index) {
    while ((this.granted.get(name) ?? 0) <= index) {
      await new Promise((resolve) => this.waiters.set(name, resolve));
    }
    this.waiters.delete(name);
  }

  async serve(response, name) {
    const { bytes, heldAfter = bytes.length, endAfter = bytes.length, withLength = true } =
      this.bodies.get(name);
    response.writeHead(200, { 'Content-Type': mimeTypeOf(name), 'Cache-Control': 'no-store',
                              ...(withLength ? { 'Content-Length': bytes.length } : {}) });
    response.on('close', () => {
      this.closingOf(name).resolve(response.writableFinished ? 'finished' : 'early');
    });
    const holds = [heldAfter].flat().filter((offset) => offset < endAfter);
    let sent = 0;
    for (const [index, offset] of holds.entries()) {
      await new Promise((resolve) => response.write(bytes.subarray(sent, offset), resolve));
      sent = offset;
      this.sent.set(name, sent);
      await this.passHold(name, index);
    }
    if (endAfter > sent) {
      await new Promise((resolve) => response.write(bytes.subarray(sent, endAfter), resolve));
      this.sent.set(name, endAfter);
    }
    if (endAfter < bytes.length) {
      // Cut: the connection closes short of the length, after what was written has gone out.
      response.socket?.end();
    } else {
      response.end();
    }
  }
}

// Serves webDir at /, captures (name -> file) at /captures/NAME, generated captures
// (name -> generatedCapture()) at /generated/NAME, `held` (a HeldCaptures, optional) at
// /slow/NAME and `pieced` (a PiecedBodies, optional) at /pieces/NAME on 127.0.0.1 at a free
// port. Resolves with {origin, close()}.
export async function startServer(webDir, captures, generated, held = new HeldCaptures(new Map()),
                                  pieced = new PiecedBodies(new Map())) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const pathname = decodeURIComponent(url.pathname);
    const [, top, ...rest] = pathname.split('/');
    const name = rest.join('/');
    if (pathname === '/bvhscope.wasm') {
      held.wasmRequestedAt ??= performance.now();
    }
    if (top === 'captures' && captures.has(name)) {
      sendFile(response, captures.get(name));
    } else if (top === 'slow' && held.has(name)) {
      held.serve(response, name).catch(() => response.destroy());
    } else if (top === 'pieces' && pieced.has(name)) {
      pieced.serve(response, name).catch(() => response.destroy());
    } else if (top === 'generated' && generated.has(name)) {
      sendGenerated(response, generated.get(name)).catch(() => response.destroy());
    } else {
      const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
      const file = path.resolve(webDir, relative);
      if (!file.startsWith(path.resolve(webDir) + path.sep)) {
        response.writeHead(403).end();
        return;
      }
      sendFile(response, file);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(resolve);
    }),
  };
}
