// u. The WebGL state the page answers itself (bvhscope_page.js, "WebGL state the page answers
// itself"): Dear ImGui's backend asks for the scissor box and the blend settings every frame, and
// Chrome asks the GPU process for them, which waits for the frame's drawing. Over frames drawn
// while the sample plays, the page answers them with the values the GPU process holds, and asks
// the GPU process for each at most once.

// The parameters the page keeps: GL_SCISSOR_BOX, the four blend factors, the two equations.
const kKeptParameters = [0x0C10, 0x80C9, 0x80C8, 0x80CB, 0x80CA, 0x8009, 0x883D];
const kFramesWatched = 30;

// Before the page's scripts run: counts the queries that reach the browser's own getParameter,
// by parameter, and keeps it as window.browserGetParameter.
async function countBrowserQueries(page) {
  await page.evaluateOnNewDocument(() => {
    const proto = WebGL2RenderingContext.prototype;
    const original = proto.getParameter;
    window.browserQueries = {};
    window.browserGetParameter = original;
    proto.getParameter = function getParameter(parameter) {
      window.browserQueries[parameter] = (window.browserQueries[parameter] ?? 0) + 1;
      return original.call(this, parameter);
    };
  });
}

export async function checkGlStateAnswers(context) {
  const { check, openPage, waitForState } = context;
  const page = await openPage('', countBrowserQueries);
  try {
    // 60 s: a hang guard, the wait ends on the state.
    const start = (await waitForState(page, (s) => s.framesDrawn > 0, 'a drawn frame', 60000))
      .framesDrawn;
    // The sample plays: every frame is drawn, with the panels.
    await waitForState(page, (s) => s.framesDrawn >= start + kFramesWatched,
                       `${kFramesWatched} more drawn frames`, 60000, 50);
    const result = await page.evaluate((parameters) => {
      const gl = document.getElementById('canvas').getContext('webgl2');
      const asText = (value) => JSON.stringify(ArrayBuffer.isView(value) ? Array.from(value) :
        value);
      const queriesBefore = parameters.map((p) => window.browserQueries[p] ?? 0);
      const answered = parameters.map((p) => asText(gl.getParameter(p)));
      const queriesAfter = parameters.map((p) => window.browserQueries[p] ?? 0);
      const truth = parameters.map((p) => asText(window.browserGetParameter.call(gl, p)));
      return { answered, truth, asked: queriesBefore,
               askedNow: queriesAfter.map((count, i) => count - queriesBefore[i]) };
    }, kKeptParameters);
    const named = (list) => kKeptParameters.map((p, i) => `0x${p.toString(16)} ${list[i]}`)
      .join(', ');
    check(result.answered.every((value, i) => value === result.truth[i]) &&
            result.asked.every((count) => count <= 1) &&
            result.askedNow.every((count) => count === 0),
          `u. over ${kFramesWatched}+ drawn frames the page answers the scissor box and blend ` +
          `state itself, as the GPU process holds them (${named(result.answered)}; the GPU ` +
          `process: ${named(result.truth)}), asking the GPU process at most once each ` +
          `(${result.asked.join(', ')} times), and not for this query`);
  } finally {
    await page.close();
  }
}
