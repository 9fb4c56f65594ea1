// The page reads a download while it arrives (issue 44, item 2: app/web/web_streams.cpp), each
// check in a fresh page, the server sending pieces when the check lets it (PiecedBodies):
//   v. a body sent slowly, held at a quarter, a half and three quarters: the file shows loading
//      with every row that arrived whole at each hold, then ends identical to the same capture
//      loaded whole (frames, positions);
//   w. a body cut mid-line once it shows (the connection closed short of its Content-Length):
//      open() rejects with an error at the line and column where it stopped, and the viewer
//      keeps the files it had before;
//   x. a body with no Content-Length loads whole;
//   y. a body whose load ends long before it does (the capture, then four copies of it
//      appended; the server holds it after two): the first capture loads, and the page stops the
//      download (the server sees its response closed before the end) instead of waiting to
//      read tens of megabytes nobody reads;
//   z. a body that stalls just after its load ended (the capture and the first line of a second
//      one, then nothing more until the check lets it go): the page cancels the download while
//      its read waits for bytes that are not coming, not once the next ones arrive.
import { openUrl } from './open_checks.mjs';

const loadedFile = (current, name) =>
  current.files.find((file) => file.name === name && !file.loading);

// The bodies the server sends in pieces, made from `capture` (a generatedCapture()).
export function piecedBodies(capture) {
  const bytes = Buffer.concat([...capture.chunks()]);
  const lineAfter = (fraction) => bytes.indexOf('\n', Math.floor(bytes.length * fraction)) + 1;
  const half = lineAfter(1 / 2);
  // Into the middle of a row: 5 bytes past a line feed near two thirds of the body.
  const cut = bytes.indexOf('\n', Math.floor((bytes.length * 2) / 3)) + 1 + 5;
  return new Map([
    // Held mid-row at each quarter: the page may show only the whole lines before it.
    ['held.bvh', { bytes, heldAfter: [lineAfter(1 / 4) + 3, half + 3, lineAfter(3 / 4) + 3] }],
    // Held 5 bytes into a row, then cut 5 bytes into another.
    ['cut.bvh', { bytes, heldAfter: half + 5, endAfter: cut }],
    ['no_length.bvh', { bytes, withLength: false }],
    ['whole.bvh', { bytes }],
    // Held after two of its five copies: a localhost socket buffers tens of megabytes, so a
    // server that could send on would have sent it all before the page could stop it.
    ['appended.bvh', { bytes: Buffer.concat([bytes, bytes, bytes, bytes, bytes]),
                       heldAfter: 2 * bytes.length }],
    // Held after the first line of its second copy, far less than the page reads ahead: the
    // page's read() waits there while the load, having read that line, ends.
    ['stalled.bvh', { bytes: Buffer.concat([bytes, bytes]),
                      heldAfter: bytes.length + bytes.indexOf('\n') + 1 }],
  ]);
}

// Line feeds in `bytes` (a Buffer).
function linesIn(bytes) {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) {
    ++count;
  }
  return count;
}

// LINE:COL just after the first `count` bytes of `bytes`, as the reader numbers them.
function positionAfter(bytes, count) {
  const text = bytes.subarray(0, count);
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf(10); at !== -1; at = text.indexOf(10, at + 1)) {
    ++line;
    lineStart = at + 1;
  }
  return `${line}:${count - lineStart + 1}`;
}

const positionsOf = (page, fileIndex, frame) =>
  page.evaluate((index, at) => window.bvhscope.positions(index, at), fileIndex, frame);

// v: held at each quarter, let go once the file shows more frames; compared with the same bytes
// loaded whole.
async function checkShownWhileArriving(context, pieced, frameCount) {
  const { check, openPage, waitForState } = context;
  const page = await openPage('');
  try {
    const whole = await openUrl(page, 'pieces/whole.bvh', 60000);
    await page.evaluate(() => {
      window.heldOpen = window.bvhscope.open('pieces/held.bvh').then(
        () => null, (error) => error.message);
    });
    // Frames shown at each hold, while still loading (0 when it did not show them all): every
    // row whose line arrived whole, the last block's included (its rows are merged without
    // waiting for the next block's text).
    const { bytes, heldAfter } = pieced.bodies.get('held.bvh');
    const headerLines = linesIn(bytes.subarray(0, bytes.indexOf('Frame Time:'))) + 1;
    const wholeRowsAtHolds = [heldAfter].flat().map((held) =>
      linesIn(bytes.subarray(0, held)) - headerLines);
    const shownAtHolds = [];
    for (const wholeRows of wholeRowsAtHolds) {
      const partial = await waitForState(
        page, (s) => s.files.some((file) => file.name === 'held.bvh' && file.loading &&
                                            file.frames >= wholeRows),
        `held.bvh to show its ${wholeRows} whole rows while the rest is held`, 60000)
        .catch(() => null);
      shownAtHolds.push(partial?.files.find((file) => file.name === 'held.bvh')?.frames ?? 0);
      pieced.release('held.bvh');
    }
    const progressive = shownAtHolds.every((frames, at) => frames === wholeRowsAtHolds[at]);
    const error = await page.evaluate(() => window.heldOpen);
    const current = await page.evaluate(() => window.bvhscope.state());
    const index = current.files.findIndex((file) => file.name === 'held.bvh');
    const wholeIndex = current.files.findIndex((file) => file.name === 'whole.bvh');
    const frames = [0, Math.floor(frameCount / 2), frameCount - 1];
    let samePositions = index >= 0 && wholeIndex >= 0;
    for (const frame of frames) {
      if (!samePositions) break;
      const streamed = JSON.stringify(await positionsOf(page, index, frame));
      samePositions = streamed !== '[]' &&
                      streamed === JSON.stringify(await positionsOf(page, wholeIndex, frame));
    }
    check(whole.error === null && progressive && error === null &&
            loadedFile(current, 'held.bvh')?.frames === frameCount && samePositions,
          `v. a body held at each quarter shows every row that arrived whole while it arrives ` +
          `(${shownAtHolds.join(', ')} of ${wholeRowsAtHolds.join(', ')}; ${frameCount} in all, ` +
          `loading), then ` +
          `loads whole (${loadedFile(current, 'held.bvh')?.frames} frames${error ? `: ${error}` :
            ''}) with the positions of the same bytes loaded whole at frames ` +
          `${frames.join(', ')} (${samePositions ? 'equal' : 'they differ'})`);
  } finally {
    // Every hold let go, whatever failed: the server's response ends.
    for (const _ of [pieced.bodies.get('held.bvh').heldAfter].flat()) pieced.release('held.bvh');
    await page.close();
  }
}

// w: cut mid-line, once the file shows (held after its first half, then sent on to the cut).
async function checkCutShort(context, pieced) {
  const { check, openPage, waitForState } = context;
  const page = await openPage('');
  try {
    const before = await openUrl(page, 'pieces/whole.bvh', 60000);
    const filesBefore = JSON.stringify(before.state.files.map((file) => file.name));
    const { bytes, heldAfter, endAfter } = pieced.bodies.get('cut.bvh');
    // The page reports the text it read: a browser may drop what it had buffered, not yet
    // read, when the connection closes early, so the end lies between the hold and the cut.
    const expectedFor = (arrived) => `cut.bvh:${positionAfter(bytes, arrived)}: error: the ` +
      `download ended after ${arrived} of ${bytes.length} bytes (the response was cut short); ` +
      'nothing was loaded';
    await page.evaluate(() => {
      window.cutOpen = window.bvhscope.open('pieces/cut.bvh').then(
        () => null, (error) => error.message);
    });
    const shown = await waitForState(
      page, (s) => s.files.some((file) => file.name === 'cut.bvh' && file.frames > 0),
      'cut.bvh to show frames before it is cut', 60000).then(() => true, () => false);
    pieced.release('cut.bvh');
    const error = await page.evaluate(() => window.cutOpen);
    const current = await page.evaluate(() => window.bvhscope.state());
    const filesAfter = JSON.stringify(current.files.map((file) => file.name));
    const arrived = Number(/ended after (\d+) of/.exec(error ?? '')?.[1]);
    const expected = expectedFor(arrived);
    check(before.error === null && shown && arrived >= heldAfter && arrived <= endAfter &&
            error === expected && filesAfter === filesBefore,
          `w. a body cut mid-line (${heldAfter} to ${endAfter} bytes sent), shown while it ` +
          `arrived (${shown ? 'yes' : 'no'}), rejects open() with ${JSON.stringify(expected)}: ` +
          `${JSON.stringify(error)}; the viewer keeps what it had: ${filesAfter} (before: ` +
          `${filesBefore})`);
  } finally {
    pieced.release('cut.bvh');
    await page.close();
  }
}

// x: no Content-Length.
async function checkWithoutLength(context, frameCount) {
  const { check, openPage } = context;
  const page = await openPage('');
  try {
    const opened = await openUrl(page, 'pieces/no_length.bvh', 60000);
    check(opened.error === null && loadedFile(opened.state, 'no_length.bvh')?.frames === frameCount,
          `x. a body with no Content-Length loads whole: ` +
          `${opened.error ?? `${loadedFile(opened.state, 'no_length.bvh')?.frames} frames of ` +
            `${frameCount}`}`);
  } finally {
    await page.close();
  }
}

// Opens pieces/NAME in a fresh page and waits for its response to close (a hang guard of 60 s:
// the page's cancel reaches the server once the connection closes), then lets the server's
// holds go whatever happened. Resolves with {opened, frames, closed}: the open's result, the
// frames loaded, and how the response closed ('early', 'finished' or what kept it open).
async function openAndWatchClose(context, pieced, name) {
  const page = await context.openPage('');
  try {
    const opened = await openUrl(page, `pieces/${name}`, 60000);
    const closed = await Promise.race([
      pieced.whenClosed(name),
      new Promise((resolve) => setTimeout(() => resolve('still open after 60 s'), 60000))]);
    return { opened, frames: loadedFile(opened.state, name)?.frames, closed };
  } finally {
    pieced.release(name); // whatever failed: the server's response ends
    await page.close();
  }
}

const describeClose = (closed) =>
  closed === 'early' ? 'closed early' : closed === 'finished' ? 'every byte was sent' : closed;

// y: a load that ends at a second capture's HIERARCHY, long before its body ends.
async function checkStopsReadingWhatIsNotRead(context, pieced, frameCount) {
  const { opened, frames, closed } = await openAndWatchClose(context, pieced, 'appended.bvh');
  const total = pieced.bodies.get('appended.bvh').bytes.length;
  context.check(opened.error === null && frames === frameCount && closed === 'early',
                `y. a body whose load ends at a second capture (${total} bytes, the first ` +
                `capture ${total / 5}) loads the first (${frames} frames of ${frameCount}` +
                `${opened.error ? `: ${opened.error}` : ''}) and stops its download before the ` +
                `end: ${describeClose(closed)}`);
}

// z: a body stalled right after the line that ends its load: nothing more is sent until the
// check lets it go, so the page's cancel alone closes the connection.
async function checkCancelsAStalledBodyItDoesNotRead(context, pieced, frameCount) {
  const { opened, frames, closed } = await openAndWatchClose(context, pieced, 'stalled.bvh');
  const held = pieced.bodies.get('stalled.bvh').heldAfter;
  context.check(opened.error === null && frames === frameCount && closed === 'early',
                `z. a body that stalls after ${held} bytes, just after the line that ends its ` +
                `load, loads (${frames} frames of ${frameCount}` +
                `${opened.error ? `: ${opened.error}` : ''}) and the page cancels its download ` +
                `while its read waits: ${describeClose(closed)}`);
}

// Runs v, w, x, y and z. `context` as checkOpening's; `pieced` the server's PiecedBodies made by
// piecedBodies(capture).
export async function checkStreaming(context, pieced, frameCount) {
  await checkShownWhileArriving(context, pieced, frameCount);
  await checkCutShort(context, pieced);
  await checkWithoutLength(context, frameCount);
  await checkStopsReadingWhatIsNotRead(context, pieced, frameCount);
  await checkCancelsAStalledBodyItDoesNotRead(context, pieced, frameCount);
}
