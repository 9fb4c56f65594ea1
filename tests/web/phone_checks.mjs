// The page on a phone (issue 42): a 390x844 touch screen (CDP's touch emulation, a mobile
// viewport), touched through CDP touch events as a finger would:
//   p. the compact layout: the 3D view gets at least half of the page, and the figure stands at
//      least 0.3 of the page tall in a screenshot;
//   q. tapping a tab opens its panel in a drawer (the view keeps half of the page); a touch held
//      on a tab for many frames acts once, when let go; a finger dragged in a drawer scrolls it;
//      tapping the lit tab closes it;
//   r. one finger dragged over the view orbits; two fingers spread apart zoom in (the camera's
//      distance falls) and, moved together, pan (its target moves, its distance stays);
//   s. turning the phone (844x390) resizes the canvas, and the layout stays compact with the
//      view on at least half of the page;
//   t. View > Hide panels, tapped in the Files drawer's menu, shows a "Show panels" button;
//      tapping it brings them back.
// Screenshots: tests/web/out/web_phone*.png.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';

import { measureScreenshot } from './screenshot_pixels.mjs';

const kPhone = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const kTimeoutMs = 60000; // a hang guard: every wait ends on the state it waits for

const center = ([x, y, width, height]) => ({ x: x + width / 2, y: y + height / 2 });
const area = (rect) => rect[2] * rect[3];

// A finger (or two) through CDP: each step is one touch event with every finger's position.
// session.touchesSent counts them, for afterInput.
async function touch(session, type, points) {
  await session.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((point, id) => ({ x: point.x, y: point.y, id })),
  });
  session.touchesSent = (session.touchesSent ?? 0) + 1;
}

// The state once the page has handled every touch sent so far, the viewer has applied every
// input event it had then (a tap's press and release reach ImGui a frame apart, input_queue.h),
// and one more frame is drawn (a tab chosen in a frame opens its drawer in the next one's
// layout), or the page has gone to sleep (a move within the tap's slop makes no event, and
// the page may have slept before it came). Not a count of frames from before the touch: on a
// loaded machine the frames drawn while CDP delivered the touch used them up, and the check
// read the frame that took the release, its drawer chosen and not yet laid out.
async function afterInput(context, page, session, what) {
  const handled = await context.waitForState(
    page, (s) => s.input.touches >= (session.touchesSent ?? 0), `the page to handle ${what}`,
    kTimeoutMs);
  const applied = await context.waitForState(
    page, (s) => s.input.applied >= handled.input.received, `the viewer to apply ${what}`,
    kTimeoutMs);
  return context.waitForState(page, (s) => s.framesDrawn > applied.framesDrawn || s.asleep,
                              `a frame after ${what}`, kTimeoutMs);
}

// Moves fingers from `from` to `to` (arrays of points, one per finger) in `steps` events, each
// after the viewer has applied the previous one's input. Returns the state once the lift is
// applied.
async function dragFingers(context, page, session, from, to, steps = 8) {
  await touch(session, 'touchStart', from);
  for (let step = 1; step <= steps; ++step) {
    const at = from.map((point, finger) => ({
      x: point.x + ((to[finger].x - point.x) * step) / steps,
      y: point.y + ((to[finger].y - point.y) * step) / steps,
    }));
    await touch(session, 'touchMove', at);
    await afterInput(context, page, session, 'a move');
  }
  await touch(session, 'touchEnd', []);
  return afterInput(context, page, session, 'the fingers lifted');
}

async function tap(context, page, session, point) {
  await touch(session, 'touchStart', [point]);
  await touch(session, 'touchEnd', []);
  return afterInput(context, page, session, 'a tap');
}

// p: the layout and the figure at 390x844.
async function checkPhoneLayout(context, page, outDir) {
  const { check, waitForState, browser } = context;
  const current = await waitForState(page, (s) => s.files.length > 0 && s.files.every(
    (file) => !file.loading) && s.layout?.compact && s.asleep, 'the sample, framed, on a phone',
                                     kTimeoutMs);
  const shot = await page.screenshot({ type: 'png' });
  const shotFile = path.join(outDir, 'web_phone.png');
  await writeFile(shotFile, shot);
  const pageArea = kPhone.width * kPhone.height;
  const measured = await measureScreenshot(browser, shot, current.files[0].color,
                                           current.layout.view, {});
  check(current.layout.compact && area(current.layout.view) >= 0.5 * pageArea &&
          measured.figure.height >= 0.3 * kPhone.height,
        `p. at 390x844 the layout is compact, the view ${JSON.stringify(current.layout.view)} ` +
        `is ${(area(current.layout.view) / pageArea).toFixed(2)} of the page (at least 0.5), ` +
        `the figure ${measured.figure.height} px tall: ` +
        `${(measured.figure.height / kPhone.height).toFixed(2)} of the page (at least 0.3) ` +
        `(${shotFile})`);
  return current;
}

// q: tabs, a held touch, closing.
async function checkTabs(context, page, session, outDir) {
  const { check, waitForState } = context;
  let current = await context.state(page);
  const infoTab = current.items['tabs:Info'];
  await tap(context, page, session, center(infoTab));
  current = await waitForState(page, (s) => area(s.layout.info) > 0, 'the Info drawer',
                               kTimeoutMs).catch(() => null);
  await page.screenshot({ path: path.join(outDir, 'web_phone_info.png') });
  check(current !== null && area(current.layout.info) > 0 &&
          current.layout.view[3] >= 0.5 * kPhone.height,
        `q. tapping Info opens it in a drawer ${JSON.stringify(current?.layout.info)}; the view ` +
        `keeps ${JSON.stringify(current?.layout.view)} (at least half the page tall)`);

  // Held on the Files tab for 20 drawn frames (playing, so that frames are drawn while the
  // finger rests), then let go: one toggle, to Files.
  // Counted from the frame after the touch went down was applied, and read once its lift is.
  const filesTab = center(current?.items['tabs:Files'] ?? infoTab);
  await page.keyboard.press('Space');
  await touch(session, 'touchStart', [filesTab]);
  const touched = await afterInput(context, page, session, 'the touch on Files');
  const whileHeld = await waitForState(page, (s) => s.framesDrawn > touched.framesDrawn + 20,
                                       '20 frames with a touch held', kTimeoutMs);
  await touch(session, 'touchEnd', []);
  const released = await afterInput(context, page, session, 'the held touch let go');
  current = await waitForState(page, (s) => s.layout.drawer === 'files' &&
                               area(s.layout.files) > 0, 'the Files drawer', kTimeoutMs)
    .catch(() => released);
  await page.keyboard.press('k');
  check(whileHeld.layout.drawer === 'info' && current.layout.drawer === 'files' &&
          area(current.layout.files) > 0,
        `q. a touch held on Files for 20 frames does nothing while held (drawer ` +
        `'${whileHeld.layout.drawer}', frames ${touched.framesDrawn}-${whileHeld.framesDrawn}) ` +
        `and opens Files once let go ('${released.layout.drawer}' ` +
        `${JSON.stringify(released.layout.files)} at frame ${released.framesDrawn}; ` +
        `'${current.layout.drawer}' ${JSON.stringify(current.layout.files)} at ` +
        `${current.framesDrawn})`);

  await checkDragScrolls(context, page, session, current);

  await tap(context, page, session, center(current.items['tabs:Joints']));
  current = await waitForState(page, (s) => s.layout.drawer === '' && area(s.layout.joints) === 0,
                               'the drawer to close', kTimeoutMs).catch(() => null);
  check(current !== null && area(current.layout.joints) === 0,
        'q. tapping the lit Joints tab closes its drawer');
}

// q: a finger dragged up 48 px in the Joints drawer scrolls the tree by as much (48/65 of a wheel
// step of ImGui's 65 px; the sample's tree, its arms closed, scrolls 68 px at most), and the
// drawer stays open.
async function checkDragScrolls(context, page, session, current) {
  const { check, waitForState } = context;
  await tap(context, page, session, center(current.items['tabs:Joints']));
  const opened = await waitForState(page, (s) => area(s.layout.joints) > 0, 'the Joints drawer',
                                    kTimeoutMs);
  const drawer = opened.layout.joints;
  // The lowest row inside the drawer: it stays in the tree's list after the scroll.
  const rowName = Object.keys(opened.items)
    .filter((name) => name.startsWith('tree:0:') && opened.items[name][1] < drawer[1] + drawer[3])
    .sort((a, b) => opened.items[b][1] - opened.items[a][1])[0];
  const from = { x: drawer[0] + drawer[2] / 2, y: drawer[1] + drawer[3] - 20 };
  const scrolled = await dragFingers(context, page, session, [from],
                                     [{ x: from.x, y: from.y - 48 }]);
  const shift = opened.items[rowName]?.[1] - (scrolled.items[rowName]?.[1] ?? NaN);
  check(Math.abs(shift - 48) <= 1 && scrolled.layout.drawer === 'joints',
        `q. a finger dragged up 48 px in the Joints drawer scrolls the tree 48 px ` +
        `(${rowName} moved up ${shift} px), the drawer staying open`);
}

// r: orbit, pinch, pan over the view.
async function checkGestures(context, page, session) {
  const { check } = context;
  const start = await context.state(page);
  const view = center(start.layout.view);
  const orbited = await dragFingers(context, page, session, [{ x: view.x - 60, y: view.y }],
                                    [{ x: view.x + 60, y: view.y }]);
  check(Math.abs(orbited.camera.yaw - start.camera.yaw) > 0.05,
        `r. one finger dragged 120 px across the view orbits: yaw ` +
        `${start.camera.yaw.toFixed(3)} -> ${orbited.camera.yaw.toFixed(3)}`);

  const pinched = await dragFingers(
    context, page, session, [{ x: view.x - 40, y: view.y }, { x: view.x + 40, y: view.y }],
    [{ x: view.x - 120, y: view.y }, { x: view.x + 120, y: view.y }]);
  check(pinched.camera.distance < 0.8 * orbited.camera.distance,
        `r. two fingers spread from 80 to 240 px apart zoom in: distance ` +
        `${orbited.camera.distance.toFixed(3)} -> ${pinched.camera.distance.toFixed(3)}`);

  const panned = await dragFingers(
    context, page, session, [{ x: view.x - 60, y: view.y }, { x: view.x + 60, y: view.y }],
    [{ x: view.x - 60, y: view.y + 120 }, { x: view.x + 60, y: view.y + 120 }]);
  const moved = Math.hypot(...panned.camera.target.map((value, axis) =>
    value - pinched.camera.target[axis]));
  check(moved > 0.02 * pinched.camera.distance &&
          Math.abs(panned.camera.distance - pinched.camera.distance) <
            0.05 * pinched.camera.distance,
        `r. two fingers moved 120 px down together pan: the target moves ` +
        `${moved.toFixed(3)}, the distance stays (${pinched.camera.distance.toFixed(3)} -> ` +
        `${panned.camera.distance.toFixed(3)})`);
}

// s: the phone turned.
async function checkRotation(context, page, outDir) {
  const { check, waitForState } = context;
  await page.setViewport({ ...kPhone, width: kPhone.height, height: kPhone.width });
  const turned = await waitForState(page, (s) => s.canvas[0] === kPhone.height &&
                                    s.canvas[1] === kPhone.width &&
                                    s.layout.timeline[2] === kPhone.height,
                                    'the canvas to follow the turn', kTimeoutMs).catch(() => null);
  await page.screenshot({ path: path.join(outDir, 'web_phone_landscape.png') });
  const pageArea = kPhone.width * kPhone.height;
  check(turned !== null && turned.layout.compact && area(turned.layout.view) >= 0.5 * pageArea,
        `s. turned to 844x390, the canvas is ${JSON.stringify(turned?.canvas)}, the layout ` +
        `compact, the view ${JSON.stringify(turned?.layout.view)} at least half the page`);
  // Back upright, waited for until the viewer has laid out the panels at the new size, both
  // sides of it: the page resizes the canvas before the next frame lays them out, and a state
  // read between the two holds the landscape layout's tabs (Files at [4,238,160.8,31]: in the
  // upright view), which check t taps; a canvas whose height is still the landscape one lays the
  // tabs out again on the frame after, between t's press and release, where ImGui (judging the
  // release on the previous frame's rectangles) would lose the tap.
  await page.setViewport(kPhone);
  await waitForState(page, (s) => s.canvas[0] === kPhone.width &&
                     s.canvas[1] === kPhone.height && s.layout.timeline[2] === kPhone.width,
                     'the phone turned back', kTimeoutMs);
}

// Where CDP's touches land against the page's CSS pixels: a touch point is in the visual
// viewport's pixels, the viewer's rects in the layout viewport's; they differ while the page is
// zoomed or scrolled (a turned phone), and a tap at a rect's centre would land elsewhere.
function viewportOf(page) {
  return page.evaluate(() => {
    const visual = window.visualViewport;
    return `visual viewport scale ${visual?.scale} at [${visual?.offsetLeft},${visual?.offsetTop}] ` +
      `${visual?.width}x${visual?.height}, scroll [${window.scrollX},${window.scrollY}], ` +
      `window ${window.innerWidth}x${window.innerHeight}`;
  });
}

// t: the panels hidden by touch (the Files tab, its View menu, Hide panels), and brought back
// by touch.
async function checkShowPanels(context, page, session, outDir) {
  const { check, waitForState } = context;
  const start = await context.state(page);
  const viewportBefore = await viewportOf(page);
  const tapped = await tap(context, page, session, center(start.items['tabs:Files']));
  const files = await waitForState(page, (s) => area(s.layout.files) > 0 && s.items['menu:View'],
                                   'the Files drawer and its View menu', kTimeoutMs)
    .catch(() => null);
  if (!check(files !== null, `t. tapping Files (at ${JSON.stringify(start.items['tabs:Files'])} ` +
             `in frame ${start.framesDrawn}'s layout) opens its drawer with the View menu ` +
             `(after the tap: frame ${tapped.framesDrawn}, drawer '${tapped.layout.drawer}', ` +
             `input ${JSON.stringify(tapped.input)}, before ${JSON.stringify(start.input)}; ` +
             `${viewportBefore})`)) {
    return;
  }
  await tap(context, page, session, center(files.items['menu:View']));
  const menu = await waitForState(page, (s) => s.items['menu:View>Hide panels'],
                                  'the View menu to open', kTimeoutMs).catch(() => null);
  await page.screenshot({ path: path.join(outDir, 'web_phone_menu.png') });
  if (!check(menu !== null, 't. tapping View in the Files drawer opens the View menu')) {
    return;
  }
  await tap(context, page, session, center(menu.items['menu:View>Hide panels']));
  const hidden = await waitForState(page, (s) => s.panelsHidden && s.items['panels:show'],
                                    'the Show panels button', kTimeoutMs).catch(() => null);
  await page.screenshot({ path: path.join(outDir, 'web_phone_hidden.png') });
  if (!check(hidden !== null, 't. View > Hide panels, tapped, hides the panels and draws a Show ' +
                       'panels button')) {
    return;
  }
  await tap(context, page, session, center(hidden.items['panels:show']));
  const shown = await waitForState(page, (s) => !s.panelsHidden && area(s.layout.tabs) > 0,
                                   'the panels to come back', kTimeoutMs).catch(() => null);
  check(shown !== null, 't. tapping Show panels brings the panels and the tabs back');
}

export async function checkPhone(context, outDir) {
  const page = await context.openPage('', (fresh) => fresh.setViewport(kPhone));
  try {
    const session = await page.createCDPSession();
    await session.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    // The sample plays once loaded; stopped, the checks wait on settled frames.
    await context.waitForState(page, (s) => s.files.length > 0 &&
                               s.files.every((file) => !file.loading), 'the sample', kTimeoutMs);
    await page.keyboard.press('k');
    await checkPhoneLayout(context, page, outDir);
    await checkTabs(context, page, session, outDir);
    await checkGestures(context, page, session);
    await checkRotation(context, page, outDir);
    await checkShowPanels(context, page, session, outDir);
  } finally {
    await page.close();
  }
}
