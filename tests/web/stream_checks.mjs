// The page reads a download while it arrives (issue 44, item 2: app/web/web_streams.cpp), each
// check in a fresh page, the server sending pieces when the check lets it (PiecedBodies):
//   u. a body held after its first part: the file shows loading with frames while the rest is
//      held, then ends identical to the same capture loaded whole (frames, positions);
//   v. a body cut mid-line once it shows (the connection closed short of its Content-Length):
//      open() rejects with an error at the line and column where it stopped, and the viewer
//      keeps the files it had before;
//   w. a body with no Content-Length loads whole.
import { openUrl } from './open_checks.mjs';

const loadedFile = (current, name) =>
  current.files.find((file) => file.name === name && !file.loading);

// The bodies the server sends in pieces, made from `capture` (a generatedCapture()).
export function piecedBodies(capture) {
  const bytes = Buffer.concat([...capture.chunks()]);
  const half = bytes.indexOf('\n', Math.floor(bytes.length / 2)) + 1;
  // Into the middle of a row: 5 bytes past a line feed near two thirds of the body.
  const cut = bytes.indexOf('\n', Math.floor((bytes.length * 2) / 3)) + 1 + 5;
  return new Map([
    ['held.bvh', { bytes, heldAfter: half }],
    // Held 5 bytes into a row, then cut 5 bytes into another.
    ['cut.bvh', { bytes, heldAfter: half + 5, endAfter: cut }],
    ['no_length.bvh', { bytes, withLength: false }],
    ['whole.bvh', { bytes }],
  ]);
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

// u: held after half its body, then let go; compared with the same bytes loaded whole.
async function checkShownWhileArriving(context, pieced, frameCount) {
  const { check, openPage, waitForState } = context;
  const page = await openPage('');
  try {
    const whole = await openUrl(page, 'pieces/whole.bvh', 60000);
    await page.evaluate(() => {
      window.heldOpen = window.bvhscope.open('pieces/held.bvh').then(
        () => null, (error) => error.message);
    });
    const partial = await waitForState(
      page, (s) => s.files.some((file) => file.name === 'held.bvh' && file.frames > 0),
      'held.bvh to show frames while the rest of it is held', 60000).catch(() => null);
    const shown = partial?.files.find((file) => file.name === 'held.bvh');
    const stillLoading = Boolean(shown?.loading);
    pieced.release('held.bvh');
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
    check(whole.error === null && stillLoading && shown.frames < frameCount && error === null &&
            loadedFile(current, 'held.bvh')?.frames === frameCount && samePositions,
          `u. a body held after its first half shows while it arrives (${shown?.frames} of ` +
          `${frameCount} frames, ${stillLoading ? 'still loading' : 'not loading'}), then ` +
          `loads whole (${loadedFile(current, 'held.bvh')?.frames} frames${error ? `: ${error}` :
            ''}) with the positions of the same bytes loaded whole at frames ` +
          `${frames.join(', ')} (${samePositions ? 'equal' : 'they differ'})`);
  } finally {
    pieced.release('held.bvh');
    await page.close();
  }
}

// v: cut mid-line, once the file shows (held after its first half, then sent on to the cut).
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
          `v. a body cut mid-line (${heldAfter} to ${endAfter} bytes sent), shown while it ` +
          `arrived (${shown ? 'yes' : 'no'}), rejects open() with ${JSON.stringify(expected)}: ` +
          `${JSON.stringify(error)}; the viewer keeps what it had: ${filesAfter} (before: ` +
          `${filesBefore})`);
  } finally {
    pieced.release('cut.bvh');
    await page.close();
  }
}

// w: no Content-Length.
async function checkWithoutLength(context, frameCount) {
  const { check, openPage } = context;
  const page = await openPage('');
  try {
    const opened = await openUrl(page, 'pieces/no_length.bvh', 60000);
    check(opened.error === null && loadedFile(opened.state, 'no_length.bvh')?.frames === frameCount,
          `w. a body with no Content-Length loads whole: ` +
          `${opened.error ?? `${loadedFile(opened.state, 'no_length.bvh')?.frames} frames of ` +
            `${frameCount}`}`);
  } finally {
    await page.close();
  }
}

// Runs u, v and w. `context` as checkOpening's; `pieced` the server's PiecedBodies made by
// piecedBodies(capture).
export async function checkStreaming(context, pieced, frameCount) {
  await checkShownWhileArriving(context, pieced, frameCount);
  await checkCutShort(context, pieced);
  await checkWithoutLength(context, frameCount);
}
