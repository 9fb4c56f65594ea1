// What a screenshot of the page shows, measured in a blank page of the same browser (its image
// decoder, no PNG library): how tall the figure drawn in a character's colour stands, and
// whether panels hold drawn content.

// Runs in the browser. `png` is base64; `color` the character's [r, g, b] in 0..1; `view` and
// `panels` rectangles [x, y, width, height] in screenshot pixels.
async function measureInPage(png, color, view, panels) {
  const blob = await (await fetch(`data:image/png;base64,${png}`)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  context.drawImage(bitmap, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);

  const hsv = (r, g, b) => {
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const delta = max - min;
    let hue = 0;
    if (delta > 0) {
      if (max === r) hue = ((g - b) / delta) % 6;
      else if (max === g) hue = (b - r) / delta + 2;
      else hue = (r - g) / delta + 4;
    }
    return { hue: (hue * 60 + 360) % 360, saturation: max === 0 ? 0 : delta / max, value: max };
  };
  const target = hsv(color[0], color[1], color[2]);
  // A figure pixel: the character's hue, lit or shaded, clearly away from the grey background
  // and grid (the grid's red and blue axis lines have other hues).
  const isFigure = (index) => {
    const pixel = hsv(data[index] / 255, data[index + 1] / 255, data[index + 2] / 255);
    const hueDistance = Math.min(Math.abs(pixel.hue - target.hue),
                                 360 - Math.abs(pixel.hue - target.hue));
    return pixel.saturation >= 0.35 && pixel.value >= 0.2 && hueDistance <= 25;
  };

  const [vx, vy, vw, vh] = view.map(Math.round);
  const mask = new Uint8Array(width * height);
  for (let y = Math.max(0, vy); y < Math.min(height, vy + vh); ++y) {
    for (let x = Math.max(0, vx); x < Math.min(width, vx + vw); ++x) {
      mask[y * width + x] = isFigure((y * width + x) * 4) ? 1 : 0;
    }
  }
  // The largest group of figure pixels, neighbours within 2 pixels (shading leaves small gaps
  // between capsules and joints): the figure, not the file name label above it.
  const seen = new Uint8Array(width * height);
  let best = { pixels: 0, top: 0, bottom: -1, left: 0, right: -1 };
  for (let start = 0; start < mask.length; ++start) {
    if (!mask[start] || seen[start]) continue;
    const group = { pixels: 0, top: height, bottom: -1, left: width, right: -1 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop();
      const x = at % width;
      const y = (at - x) / width;
      ++group.pixels;
      group.top = Math.min(group.top, y);
      group.bottom = Math.max(group.bottom, y);
      group.left = Math.min(group.left, x);
      group.right = Math.max(group.right, x);
      for (let dy = -2; dy <= 2; ++dy) {
        for (let dx = -2; dx <= 2; ++dx) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (mask[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    if (group.pixels > best.pixels) best = group;
  }

  // Per panel: the spread of luminance inside it (text and widgets drawn give a wide one; an
  // empty or missing panel a flat one).
  const contrast = {};
  for (const [name, rect] of Object.entries(panels)) {
    const [px, py, pw, ph] = rect.map(Math.round);
    let sum = 0;
    let sumSquares = 0;
    let count = 0;
    for (let y = Math.max(0, py); y < Math.min(height, py + ph); ++y) {
      for (let x = Math.max(0, px); x < Math.min(width, px + pw); ++x) {
        const index = (y * width + x) * 4;
        const luminance = 0.299 * data[index] + 0.587 * data[index + 1] + 0.114 * data[index + 2];
        sum += luminance;
        sumSquares += luminance * luminance;
        ++count;
      }
    }
    const mean = count > 0 ? sum / count : 0;
    contrast[name] = count > 0 ? Math.sqrt(Math.max(0, sumSquares / count - mean * mean)) : 0;
  }
  return {
    width,
    height,
    figure: { pixels: best.pixels, top: best.top, bottom: best.bottom, left: best.left,
              right: best.right, height: best.bottom - best.top + 1 },
    contrast,
  };
}

export async function measureScreenshot(browser, png, color, view, panels) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(measureInPage, png.toString('base64'), color, view, panels);
  } finally {
    await page.close();
  }
}
