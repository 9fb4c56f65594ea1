// The page's open() and ?url= against hostile timing (issue 45), each in a fresh page:
//   h. a file opened while another of the same name still loads: both load, each under a name
//      of its own, and neither reads "changed while it was being read";
//   i. every open() settles with its own outcome: a 404, then a malformed capture (whose
//      messages used to land before the page's and were never seen), then a sound the page
//      refuses, then a good capture;
//   j. six ?url= captures whose server holds every response: the page starts all the same
//      (they are fetched once the runtime runs, at most 2 at a time, so bvhscope.js and .wasm
//      find a free connection), then loads all six in order once they are let go;
//   k. a capture just over the size limit is refused with sizes whose figures differ.
import path from 'node:path';

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

// h: `same_name.bvh` (tens of MB, so its load lasts) and, while it loads, a small capture served
// as `again/same_name.bvh`.
async function checkLoadsOfOneName(context, generated) {
  const { check, openPage, waitForState } = context;
  const page = await openPage('');
  try {
    const big = generated.get('same_name.bvh');
    const small = generated.get('again/same_name.bvh');
    await page.evaluate(() => {
      window.firstOfOneName = window.bvhscope.open('generated/same_name.bvh').then(
        (state) => ({ state, error: null }), (error) => ({ state: error.state, error: error.message }));
    });
    const whileLoading = await waitForState(
      page, (s) => s.files.some((file) => file.name === 'same_name.bvh' && file.loading) ||
                   Boolean(loadedFile(s, 'same_name.bvh')),
      'same_name.bvh to start loading', 60000, 20);
    const stillLoading = !loadedFile(whileLoading, 'same_name.bvh');
    const second = await openUrl(page, 'generated/again/same_name.bvh');
    const first = await page.evaluate(() => window.firstOfOneName);
    const current = await page.evaluate(() => window.bvhscope.state());
    const firstFile = loadedFile(current, 'same_name.bvh');
    const secondFile = loadedFile(current, 'same_name (2).bvh');
    const changed = current.messages.filter((line) => line.includes('changed while'));
    check(stillLoading && first.error === null && second.error === null &&
            firstFile?.frames === big.frameCount && secondFile?.frames === small.frameCount &&
            changed.length === 0,
          `h. same_name.bvh (${big.frameCount} frames) opened again while it loads: both load, ` +
          `as same_name.bvh (${firstFile?.frames} frames) and same_name (2).bvh ` +
          `(${secondFile?.frames} of ${small.frameCount})` +
          `${stillLoading ? '' : '; the first had finished before the second came'}` +
          `${first.error ? `; the first: ${first.error}` : ''}` +
          `${second.error ? `; the second: ${second.error}` : ''}` +
          `${changed.length ? `; ${JSON.stringify(changed)}` : ''}`);
    const memfs = await page.evaluate(() => {
      const fs = window.Module.FS ?? window.FS;
      return fs.readdir('/files').filter((name) => name !== '.' && name !== '..');
    });
    check(memfs.length === 0,
          `h. the bytes of finished loads leave MEMFS: /files holds ${JSON.stringify(memfs)}`);
  } finally {
    await page.close();
  }
}

// i: each open() settles, with its own error.
async function checkEveryOpenSettles(context, captures) {
  const { check, openPage, nativeCheckLines } = context;
  const page = await openPage('');
  try {
    const missing = await openUrl(page, 'captures/missing.bvh', 20000);
    check(!missing.timedOut && /captures\/missing\.bvh: error: HTTP 404/.test(missing.error ?? ''),
          `i. open() of a missing URL rejects with its HTTP status: ${JSON.stringify(missing.error)}` +
          `${missing.timedOut ? ' (it never settled)' : ''}`);

    const malformedName = path.basename(captures.malformed);
    const expected = nativeCheckLines(captures.malformed).join('\n');
    const malformed = await openUrl(page, `captures/${malformedName}`, 20000);
    check(!malformed.timedOut && malformed.error === expected,
          `i. open() of ${malformedName} after the 404 rejects with bvhscope check's lines ` +
          `${JSON.stringify(expected)}: ${malformed.timedOut ? 'it never settled' :
            JSON.stringify(malformed.error)}`);

    const sound = await openUrl(page, 'generated/tone.wav', 20000);
    check(!sound.timedOut && /^tone\.wav: error: a sound plays with the capture/.test(
      sound.error ?? ''),
          `i. open() of a sound the page does not play rejects with the viewer's refusal: ` +
          `${sound.timedOut ? 'it never settled' : JSON.stringify(sound.error)}`);

    const sampleName = path.basename(captures.warning);
    const good = await openUrl(page, `captures/${sampleName}`, 20000);
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
    // Let the page take what it would while they are held, then count.
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline && held.waiting < 2) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mostWaiting = held.mostWaiting;
    const beforeRuntime = held.firstRequestAt !== null &&
                          (held.wasmRequestedAt === null ||
                           held.firstRequestAt < held.wasmRequestedAt);
    held.release();
    const loaded = await waitForState(
      page, (s) => names.every((name) => loadedFile(s, name)), 'the six held captures', 60000)
      .then((s) => s, () => null);
    const order = loaded ? loaded.files.map((file) => file.name).join(', ') : '';
    check(started && mostWaiting >= 1 && mostWaiting <= 2 && !beforeRuntime &&
            loaded !== null && order === names.join(', '),
          `j. with ${names.length} ?url= captures held by the server, the page starts ` +
          `(${started ? 'yes' : 'no, not in 30 s'}), fetches at most 2 at once (${mostWaiting}), ` +
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
    const over = await openUrl(page, 'generated/just_over.bvh', 20000);
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

// Runs h, i, j and k. `context`: {check, openPage(query), openPageUnready(query),
// waitForState(page, done, what, timeoutMs, pollMs), nativeCheckLines(file)}.
export async function checkOpening(context, captures, generated, held) {
  await checkEveryOpenSettles(context, captures);
  await checkLoadsOfOneName(context, generated);
  await checkSizeMessage(context);
  await checkHeldStartUrls(context, held);
}
