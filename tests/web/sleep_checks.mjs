// The page sleeps (issue 44): when nothing moves it asks the browser for no animation frames and
// draws nothing; the events that change what it shows wake it.
//   l. once the bundled sample has loaded and framing settled, the page reports asleep and,
//      over 1.5 s, neither draws a frame nor asks for one (requestAnimationFrame is counted from
//      before the page's scripts run);
//   m. a pointer move over the canvas wakes it: it draws, then sleeps again; Space plays (frames
//      are drawn, the frame number advances, it stays awake), Space again pauses and it sleeps;
//   n. a wheel notch over the view wakes it and zooms one desktop step;
//   o. a window resize wakes it: the canvas follows the new size, then it sleeps.
// Figure: the CPU the whole browser (every chromium process) used over 10 s with the page
// asleep, in % of one core, beside the same figure while it plays.
import { readFile } from 'node:fs/promises';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// How long a wait for the page's state gives up after: a hang guard (every wait ends on the state
// it waits for), far beyond what a loaded machine needs.
const kSettleTimeoutMs = 60000;

// Counts the page's requestAnimationFrame calls (window.rafRequests), installed before any of
// its scripts run.
export async function countAnimationFrames(page) {
  await page.evaluateOnNewDocument(() => {
    window.rafRequests = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      window.rafRequests += 1;
      return request(callback);
    };
  });
}

const rafRequests = (page) => page.evaluate(() => window.rafRequests);

// CPU seconds (user + system) of `pid` and every process below it, from /proc.
export async function treeCpuSeconds(pid) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop();
    const stat = await readFile(`/proc/${current}/stat`, 'utf8').catch(() => null);
    if (stat === null) {
      continue;
    }
    // Fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    const children = await readFile(`/proc/${current}/task/${current}/children`, 'utf8')
      .catch(() => '');
    pending.push(...children.split(' ').filter((child) => child !== '').map(Number));
  }
  return total;
}

// % of one core the browser's processes used over `milliseconds`.
async function browserCpuPercent(browser, milliseconds) {
  const pid = browser.process()?.pid;
  if (!pid) {
    return NaN;
  }
  const before = await treeCpuSeconds(pid);
  const started = Date.now();
  await sleep(milliseconds);
  const after = await treeCpuSeconds(pid);
  return (100 * (after - before)) / ((Date.now() - started) / 1000);
}

// l, m, n, and the paused page's CPU.
export async function checkSleeping(context) {
  const { browser, check, figure, openPage, waitForState } = context;
  const page = await openPage('', countAnimationFrames);
  try {
    // The sample plays once loaded, as a file opened on the desktop does; K stops it.
    await waitForState(page, (s) => s.files.length > 0 && s.files.every((f) => !f.loading),
                       'the bundled sample', kSettleTimeoutMs);
    await page.keyboard.press('k');
    const settled = await waitForState(page, (s) => s.asleep, 'the page to pause and sleep',
                                       kSettleTimeoutMs);
    const framesBefore = settled.framesDrawn;
    const requestsBefore = await rafRequests(page);
    await sleep(1500); // nothing may happen: this is the time it must stay quiet
    const quiet = await page.evaluate(() => window.bvhscope.state());
    const requestsAfter = await rafRequests(page);
    check(quiet.asleep && quiet.framesDrawn === framesBefore && requestsAfter === requestsBefore,
          `l. the paused page sleeps: over 1.5 s it drew ${quiet.framesDrawn - framesBefore} ` +
          `frame(s) and asked for ${requestsAfter - requestsBefore} animation frame(s) (none)`);

    const idleCpu = await browserCpuPercent(browser, 10000);

    await page.mouse.move(400, 300);
    await page.mouse.move(420, 310);
    const woken = await waitForState(page, (s) => s.framesDrawn > quiet.framesDrawn,
                                     'a pointer move to wake the page', kSettleTimeoutMs);
    const asleepAgain = await waitForState(page, (s) => s.asleep, 'the page to sleep again',
                                           kSettleTimeoutMs).catch(() => null);
    check(woken.framesDrawn > quiet.framesDrawn && asleepAgain !== null,
          `m. a pointer move wakes the page (${woken.framesDrawn - quiet.framesDrawn} frame(s) ` +
          `drawn), and it sleeps again${asleepAgain ? '' : ': it did not within ${kSettleTimeoutMs / 1000} s'}`);

    await page.keyboard.press('Space');
    const playing = await waitForState(page, (s) => s.frame > asleepAgain?.frame + 10,
                                       'Space to play', kSettleTimeoutMs).catch(() => null);
    const whilePlaying = await page.evaluate(() => window.bvhscope.state());
    const stillAwake = playing !== null && !whilePlaying.asleep;
    const playingCpu = await browserCpuPercent(browser, 3000);
    await page.keyboard.press('Space');
    const paused = await waitForState(page, (s) => s.asleep, 'Space to pause and the page to sleep',
                                      kSettleTimeoutMs).catch(() => null);
    check(playing !== null && stillAwake && paused !== null,
          `m. Space plays (the frame advances to ${playing?.frame}, the page stays awake), ` +
          `Space again pauses and the page sleeps${paused ? '' : ': it did not within ${kSettleTimeoutMs / 1000} s'}`);

    // A wheel notch (Chrome's 100 px) over the view: the page hands it on as the desktop's one
    // step, which zooms by 0.85 (render/math/camera.cpp); emscripten's GLFW alone passed 100
    // steps the wrong way, and the camera flew to its farthest.
    const beforeWheel = await page.evaluate(() => window.bvhscope.state());
    await page.mouse.move(640, 300);
    await page.mouse.wheel({ deltaY: -100 });
    const wheeled = await waitForState(
      page, (s) => s.camera.distance !== beforeWheel.camera.distance, 'a wheel notch to zoom',
      kSettleTimeoutMs).catch(() => null);
    const ratio = wheeled ? wheeled.camera.distance / beforeWheel.camera.distance : NaN;
    check(Math.abs(ratio - 0.85) < 1e-3,
          `n. a wheel notch up over the view wakes the page and zooms in one step: distance ` +
          `x${ratio.toFixed(4)} (0.85)`);
    await waitForState(page, (s) => s.asleep, 'sleep after the wheel', kSettleTimeoutMs).catch(() => null);

    await page.setViewport({ width: 1000, height: 640 });
    const resized = await waitForState(page, (s) => s.canvas[0] === 1000 && s.canvas[1] === 640 &&
                                       s.layout.timeline[2] === 1000,
                                       'the canvas to follow a resize', kSettleTimeoutMs).catch(() => null);
    const resizedAsleep = await waitForState(page, (s) => s.asleep, 'sleep after the resize',
                                             kSettleTimeoutMs).catch(() => null);
    check(resized !== null && resizedAsleep !== null,
          `o. a resize to 1000x640 wakes the page: the canvas is ` +
          `${JSON.stringify(resized?.canvas)} and the timeline ` +
          `${resized?.layout.timeline[2]} wide; ` +
          `then it sleeps${resizedAsleep ? '' : ': it did not within ${kSettleTimeoutMs / 1000} s'}`);
    figure(`the paused page: the browser (all its processes) uses ${idleCpu.toFixed(2)} % of a ` +
           `core over 10 s (${playingCpu.toFixed(0)} % while playing, over 3 s)`);
  } finally {
    await page.close();
  }
}
