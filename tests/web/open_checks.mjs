// The page's open() and ?url= against hostile timing (issue 45), each in a fresh page:
//   h. a file opened while another of the same name still loads (held after its header by the
//      page's test hold): both load, each under a name of its own, and neither reads "changed
//      while it was being read";
//   i. every open() settles with its own outcome: a 404, then a malformed capture (whose
//      messages used to land before the page's and were never seen), then a sound the page
//      refuses, then a good capture;
//   j. six ?url= captures whose server holds every response: the page starts all the same
//      (they are fetched once the runtime runs, at most 2 at a time, so bvhscope.js and .wasm
//      find a free connection), then loads all six in order once they are let go;
//   k. a capture just over the size limit is refused with sizes whose figures differ;
//   o. the page's Open (what open(), a drop and the file picker hand files over with) is applied
//      in the call: before it returns the file is being read, with no command left for a frame.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// How long a wait for something that must happen gives up after: a hang guard (each wait ends
// on the state it waits for), far beyond what a loaded machine needs.
const kHangGuardMs = 60000;

// window.bvhscope.open(url) in the page, settled: {state, error} (error: the rejection's
// message, null when it resolved), or {timedOut: true, state} when it did neither in timeoutMs.
export async function openUrl(page, url, timeoutMs = 120000) {
  return page.evaluate((address, limit) => Promise.race([
    window.bvhscope.open(address).then(
      (state) => ({ state, error: null, timedOut: false }),
      (error) => ({ state: error.state ?? window.bvhscope.state(),
                    error: String(error.message ?? error), timedOut: false })),
    new Promise((resolve) => setTimeout(
      () => resolve({ state: window.bvhscope.state(), error: null, timedOut: true }), limit)),
  ]), url, timeoutMs);
}

const loadedFile = (current, name) =>
  current.files.find((file) => file.name === name && !file.loading);

// Whether `name` is listed loading, stopped after its header by holdLoadsForTests.
const heldFile = (current, name) =>
  current.files.find((file) => file.name === name && file.loading && file.held);

// Whether the second open of `same_name.bvh` shows in `current`, under whatever name: a second
// file of that name, a finished load, a message.
const secondOfOneNameShows = (current) =>
  current.files.filter((file) => file.name.startsWith('same_name')).length >= 2 ||
  current.loads.some((load) => load.name.startsWith('same_name')) ||
  current.messages.some((line) => line.includes('same_name'));

// h: `same_name.bvh`, held by the page after its header (holdLoadsForTests, so its load lasts
// however fast the page reads), and meanwhile a smaller capture served as
// `again/same_name.bvh`; both are then let go.
async function checkLoadsOfOneName(context, generated) {
  const { check, openPage, waitForState } = context;
  const page = await openPage('');
  try {
    const first = generated.get('same_name.bvh');
    const second = generated.get('again/same_name.bvh');
    await page.evaluate(() => {
      window.bvhscope.holdLoadsForTests(true);
      window.openSettled = (url) => window.bvhscope.open(url).then(
        (state) => ({ state, error: null }), (error) => ({ state: error.state, error: error.message }));
      window.loadsOfOneName = [window.openSettled('generated/same_name.bvh')];
    });
    // Held, or failed: a load that ends is listed under loads.
    const firstHeld = await waitForState(
      page, (s) => Boolean(heldFile(s, 'same_name.bvh')) ||
                   s.loads.some((load) => load.name === 'same_name.bvh'),
      'same_name.bvh to be held after its header', 60000).catch(() => null);
    await page.evaluate(() => {
      window.loadsOfOneName.push(window.openSettled('generated/again/same_name.bvh'));
    });
    const bothThere = await waitForState(page, secondOfOneNameShows,
                                         'again/same_name.bvh to show in the state', 60000)
      .catch(() => null);
    await page.evaluate(() => window.bvhscope.holdLoadsForTests(false));
    const [firstOpened, secondOpened] = await page.evaluate((limit) => Promise.race([
      Promise.all(window.loadsOfOneName),
      new Promise((resolve) => setTimeout(() => resolve([{ error: 'it never settled' },
                                                         { error: 'it never settled' }]), limit)),
    ]), 120000);
    const current = await page.evaluate(() => window.bvhscope.state());
    const firstFile = loadedFile(current, 'same_name.bvh');
    const secondFile = loadedFile(current, 'same_name (2).bvh');
    const changed = current.messages.filter((line) => line.includes('changed while'));
    const bothHeld = Boolean(bothThere && heldFile(bothThere, 'same_name.bvh') &&
                             heldFile(bothThere, 'same_name (2).bvh'));
    const firstWasHeld = Boolean(firstHeld && heldFile(firstHeld, 'same_name.bvh'));
    check(firstWasHeld && bothHeld &&
            firstOpened.error === null && secondOpened.error === null &&
            firstFile?.frames === first.frameCount && secondFile?.frames === second.frameCount &&
            changed.length === 0,
          `h. same_name.bvh (${first.frameCount} frames), held after its header, opened again: ` +
          `both are held (${bothHeld ? 'yes' : `no: ${JSON.stringify(bothThere?.files)}`}), ` +
          `then both load, as same_name.bvh (${firstFile?.frames} frames) and same_name (2).bvh ` +
          `(${secondFile?.frames} of ${second.frameCount})` +
          `${firstWasHeld ? '' : '; the first was never held loading'}` +
          `${firstOpened.error ? `; the first: ${firstOpened.error}` : ''}` +
          `${secondOpened.error ? `; the second: ${secondOpened.error}` : ''}` +
          `${changed.length ? `; ${JSON.stringify(changed)}` : ''}`);
    const memfs = await page.evaluate(() => {
      const fs = window.Module.FS ?? window.FS;
      return fs.readdir('/files').filter((name) => name !== '.' && name !== '..');
    });
    check(memfs.length === 0,
          `h. the bytes of finished loads leave MEMFS: /files holds ${JSON.stringify(memfs)}`);
  } finally {
    // Never leaves a load held, whatever failed above.
    await page.evaluate(() => window.bvhscope.holdLoadsForTests(false)).catch(() => {});
    await page.close();
  }
}

// i: each open() settles, with its own error.
async function checkEveryOpenSettles(context, captures) {
  const { check, openPage, nativeCheckLines } = context;
  const page = await openPage('');
  try {
    const missing = await openUrl(page, 'captures/missing.bvh', kHangGuardMs);
    check(!missing.timedOut && /captures\/missing\.bvh: error: HTTP 404/.test(missing.error ?? ''),
          `i. open() of a missing URL rejects with its HTTP status: ${JSON.stringify(missing.error)}` +
          `${missing.timedOut ? ' (it never settled)' : ''}`);

    const malformedName = path.basename(captures.malformed);
    const expected = nativeCheckLines(captures.malformed).join('\n');
    const malformed = await openUrl(page, `captures/${malformedName}`, kHangGuardMs);
    check(!malformed.timedOut && malformed.error === expected,
          `i. open() of ${malformedName} after the 404 rejects with bvhscope check's lines ` +
          `${JSON.stringify(expected)}: ${malformed.timedOut ? 'it never settled' :
            JSON.stringify(malformed.error)}`);

    const sound = await openUrl(page, 'generated/tone.wav', kHangGuardMs);
    check(!sound.timedOut && /^tone\.wav: error: a sound plays with the capture/.test(
      sound.error ?? ''),
          `i. open() of a sound the page does not play rejects with the viewer's refusal: ` +
          `${sound.timedOut ? 'it never settled' : JSON.stringify(sound.error)}`);

    const sampleName = path.basename(captures.warning);
    const good = await openUrl(page, `captures/${sampleName}`, kHangGuardMs);
    check(!good.timedOut && good.error === null && Boolean(loadedFile(good.state, sampleName)),
          `i. open() of ${sampleName} after them resolves with it loaded` +
          `${good.error ? `: ${good.error}` : ''}${good.timedOut ? ': it never settled' : ''}`);
  } finally {
    await page.close();
  }
}

// j: six held ?url= captures.
async function checkHeldStartUrls(context, held) {
  const { check, openPageUnready, waitForState } = context;
  const names = held.names();
  const query = `?${names.map((name) => `url=slow/${name}`).join('&')}`;
  held.wasmRequestedAt = null; // this page's request, not an earlier page's
  const page = await openPageUnready(query);
  try {
    const started = await waitForState(page, (s) => s.ready, 'the viewer to start', 30000)
      .then(() => true, () => false);
    // Every capture fetching or queued for a slot (the page's state), and the server holding
    // each one fetched: none can start now until they are let go, so the count is final.
    const accounted = await waitForState(
      page, (s) => s.fetches.running + s.fetches.queued === names.length &&
                   held.waiting >= s.fetches.running,
      `the ${names.length} ?url= fetches to run or queue`, 30000).catch(() => null);
    const mostWaiting = held.mostWaiting;
    const beforeRuntime = held.firstRequestAt !== null &&
                          (held.wasmRequestedAt === null ||
                           held.firstRequestAt < held.wasmRequestedAt);
    held.release();
    const loaded = await waitForState(
      page, (s) => names.every((name) => loadedFile(s, name)), 'the six held captures', 60000)
      .then((s) => s, () => null);
    const order = loaded ? loaded.files.map((file) => file.name).join(', ') : '';
    check(started && accounted !== null && mostWaiting >= 1 && mostWaiting <= 2 &&
            !beforeRuntime && loaded !== null && order === names.join(', '),
          `j. with ${names.length} ?url= captures held by the server, the page starts ` +
          `(${started ? 'yes' : 'no, not in 30 s'}), fetches at most 2 at once (${mostWaiting}; ` +
          `${accounted ? `${accounted.fetches.running} fetching, ${accounted.fetches.queued} ` +
            'queued' : 'the six never all ran or queued'}), ` +
          `none before bvhscope.wasm (${beforeRuntime ? 'one did' : 'none did'}), and once let go ` +
          `loads them in order: ${loaded ? order : 'they did not all load'}`);
  } finally {
    held.release();
    await page.close();
  }
}

// k: 2 MiB over the limit.
async function checkSizeMessage(context) {
  const { check, openPage } = context;
  const page = await openPage('');
  try {
    const over = await openUrl(page, 'generated/just_over.bvh', kHangGuardMs);
    const refusal = over.state.messages.find((line) => line.startsWith('just_over.bvh:')) ?? '';
    const figures = [...refusal.matchAll(/([0-9.]+) GiB \(([0-9]+) bytes\)/g)];
    check(figures.length === 2 && figures[0][1] !== figures[1][1] &&
            figures[1][2] === String(2 ** 30) && over.error === refusal &&
            !over.state.files.some((file) => file.name === 'just_over.bvh'),
          'k. a capture 2 MiB over the 1 GiB limit is refused, open() rejecting, with figures ' +
          `that differ: ${JSON.stringify(refusal)}`);
  } finally {
    await page.close();
  }
}

// o: the Open applied in the call. Waiting for the next animation frame to apply it cost 20-70
// ms of each open() on a software renderer (tests/web/open_trace.mjs).
async function checkOpenAppliedAtOnce(context, captures) {
  const { check, openPage, waitForState } = context;
  const name = 'applied_at_once.bvh';
  const text = await readFile(captures.sample, 'utf8');
  const page = await openPage('');
  try {
    const [before, after] = await page.evaluate((fileName, contents) => {
      (window.Module.FS ?? window.FS).writeFile(`/files/${fileName}`, contents);
      const framesBefore = window.bvhscope.state().framesDrawn;
      window.Module.ccall('bvhscope_web_open', 'number', ['string'], [fileName]);
      return [framesBefore, window.bvhscope.state()];
    }, name, text);
    const loaded = await waitForState(page, (s) => Boolean(loadedFile(s, name)),
                                      `${name} to load`, kHangGuardMs).catch(() => null);
    check(after.busy && !after.commandsPending && after.framesDrawn === before &&
            Boolean(loaded) && loadedFile(loaded, name).frames > 0,
          `o. the page's Open of ${name} is applied in the call: right after it, in the same ` +
          `task, the file is being read (busy ${after.busy}, a command left for a frame ` +
          `${after.commandsPending}, frames drawn meanwhile ${after.framesDrawn - before}), and ` +
          `it loads (${loaded ? `${loadedFile(loaded, name).frames} frames` : 'not in 20 s'})`);
  } finally {
    await page.close();
  }
}

// Runs h, i, j, k and o. `context`: {check, openPage(query), openPageUnready(query),
// waitForState(page, done, what, timeoutMs, pollMs), nativeCheckLines(file)}.
export async function checkOpening(context, captures, generated, held) {
  await checkEveryOpenSettles(context, captures);
  await checkLoadsOfOneName(context, generated);
  await checkSizeMessage(context);
  await checkHeldStartUrls(context, held);
  await checkOpenAppliedAtOnce(context, captures);
}
