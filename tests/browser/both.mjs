// Checks the served page (page.test.mjs) and the static copy (static.test.mjs) share:
// one page, the same play whether the server or the WebAssembly answers.
import assert from "node:assert/strict";

/** The text of the element of this id. */
export const text = (page, id) => page.locator(`#${id}`).textContent();
/** The figure once the coach has answered (not "…"). */
export async function settled(page) {
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="presses"]').textContent;
    return t !== "…" && t !== "";
  }, null, { timeout: 20000 });
  return text(page, "presses");
}
const aNumber = (page) => page.waitForFunction(
  () => /^\d+$/.test(document.querySelector('[data-testid="presses"]').textContent));

/** An unsolvable position offers the nearest solvable one, one click away. */
export async function nearestWayBack(page, url) {
  // Issue 65, item 3: one corner light of the 5 x 5 cannot be solved (one of its two
  // quiet patterns lights it, the other not); the way back is one light away.
  await page.goto(`${url}/?rows=5&cols=5&target=off&board=1${"0".repeat(24)}`);
  assert.equal(await settled(page), "none");
  assert.equal(await text(page, "nearest"), "Nearest solvable position: 1 light away");
  await page.locator("#nearest").click();
  await aNumber(page);
  assert.equal(await page.locator("#nearest").isVisible(), false);
  // The 3 x 3 torus of 4 states: the nearest sets the light to 2 (Z_4: a class of order
  // 2), then a number; Undo goes back.
  await page.goto(`${url}/?rows=3&cols=3&topology=torus&states=4&target=off&board=100000000`);
  assert.equal(await settled(page), "none");
  assert.equal(await text(page, "nearest"), "Nearest solvable position: 1 light away");
  await page.locator("#nearest").click();
  await aNumber(page);
  await page.locator("#undo").click();
  assert.equal(await settled(page), "none");
  // 62 x 62, of nullity 24 (2^24 classes, past the search of every class): a near one,
  // by information sets, said as not proven unless one light away.
  const lights = Array.from({ length: 62 * 62 }, (_, i) => (i * 7919 % 13 < 6 ? "1" : "0")).join("");
  await page.goto(`${url}/?rows=62&cols=62&target=off&board=${lights}`);
  assert.equal(await settled(page), "none");
  assert.match(await text(page, "nearest"),
    /^(Nearest solvable position: 1 light away|A solvable position: \d+ lights away \(perhaps not the nearest\))$/);
  await page.locator("#nearest").click();
  // Solvable now: the fewest found (its proof may be past the page's search budget).
  await page.waitForFunction(
    () => /^(at most )?\d+$/.test(document.querySelector('[data-testid="presses"]').textContent));
}

/** Issue 65, item 2: a 64 x 64 board in a 1280 x 800 window, whole and in view. */
export async function bigBoardFits(page, url) {
  await page.goto(`${url}/?rows=64&cols=64&target=off`);
  await page.waitForFunction(() => document.querySelectorAll("#board button").length === 64 * 64,
    null, { timeout: 20000 });
  const box = await page.evaluate(() => {
    const r = document.getElementById("board").getBoundingClientRect();
    const cell = document.querySelector("#board button").getBoundingClientRect().width;
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, cell,
      width: window.innerWidth, height: window.innerHeight };
  });
  assert.ok(box.top >= 0 && box.left >= 0, JSON.stringify(box));
  assert.ok(box.bottom <= box.height && box.right <= box.width, JSON.stringify(box));
  assert.ok(box.cell >= 10, `cells of ${box.cell} px`);
}

/** Issue 65, item 1: a 10 x 10 (nullity 0: one solution a board) offers every
 * difficulty to its God's number (all 100 buttons), and the hardest comes proven at once. */
export async function hardestOfNullityZero(page, url) {
  await page.goto(`${url}/?rows=10&cols=10&target=off`);
  await settled(page);
  const most = await page.locator("#difficulty option").evaluateAll(
    (os) => Math.max(...os.map((o) => Number(o.value)).filter((v) => !Number.isNaN(v))));
  assert.ok(most >= 50, `top difficulty ${most}`);
  for (const presses of [String(most), "50", String(most)]) {
    await page.selectOption("#difficulty", presses);
    const started = Date.now();
    await page.locator("#new").click();
    await figure(page, presses);
    assert.ok(Date.now() - started < 1000, `${presses} presses in ${Date.now() - started} ms`);
    assert.equal(await text(page, "detail"), "(proven the fewest)");
  }
}

async function figure(page, want) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="presses"]').textContent === want,
    want, { timeout: 10000 });
}

/** The serious and critical violations axe-core (from the npm registry) finds. */
async function axeViolations(page) {
  await page.addScriptTag({ path: new URL("./node_modules/axe-core/axe.min.js", import.meta.url).pathname });
  const found = await page.evaluate(async () => (await window.axe.run(document)).violations);
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/** Issue 73, item 1: no serious or critical axe-core violation on a 5 x 5, a graph game
 *  (the Petersen graph) and Edit mode, in the light and the dark theme. */
export async function accessible(page, url) {
  for (const [where, query] of [["5 x 5", "?rows=5&cols=5"], ["a graph", "?graph=IheA@GUAo"]]) {
    await page.goto(`${url}/${query}`);
    await settled(page);
    assert.deepEqual(await axeViolations(page), [], where);
  }
  await page.locator("#edit").click();
  assert.deepEqual(await axeViolations(page), [], "Edit mode");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${url}/?rows=5&cols=5`);
  await settled(page);
  assert.deepEqual(await axeViolations(page), [], "the dark theme");
}

/** Issue 73, items 1 and 2: the board after one Tab (the skip link) and Enter; a
 *  light says its state in words, never "pressed"; the terminal game's keys (h hint,
 *  u undo, r redo, x reset, n new puzzle) with focus anywhere but in a text field. */
export async function keys(page, url) {
  await page.goto(`${url}/?rows=5&cols=5&target=off&board=${"0".repeat(12)}1${"0".repeat(12)}`);
  assert.match(await settled(page), /^\d+$/); // the centre alone: 11 presses
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "skip");
  await page.keyboard.press("Enter");
  const focused = () => page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  assert.equal(await focused(), "row 1, column 1, dark");
  assert.equal(await page.locator("#board [aria-pressed]").count(), 0);
  assert.equal(await page.locator('#board [role="row"]').count(), 5);
  assert.equal(await page.locator('#board [role="row"] > [role="gridcell"] > button').count(), 25);
  assert.equal(
    await page.locator('#board button[data-row="3"][data-col="3"]').getAttribute("aria-label"), "row 3, column 3, lit");
  await page.keyboard.press("Space"); // (1,1) pressed: 3 lights changed, a move
  assert.equal(await text(page, "moves"), "1");
  await page.keyboard.press("h");
  assert.equal(await page.locator("#board button.marked").count(), 1);
  await page.keyboard.press("u");
  assert.equal(await text(page, "moves"), "0");
  await page.keyboard.press("r");
  assert.equal(await text(page, "moves"), "1");
  await page.locator("#board button").nth(7).click();
  await page.keyboard.press("x");
  assert.equal(await text(page, "moves"), "0");
  // In a text field a letter is a letter.
  await page.locator("#rows").focus();
  await page.keyboard.press("n");
  assert.equal(await page.locator("#board button[data-state='1']").count(), 1, "n in a text field");
  await page.locator("#board button").first().focus();
  await page.keyboard.press("n");
  await page.waitForFunction(() => document.querySelectorAll("#board button[data-state='1']").length !== 1 ||
    document.querySelector("#board button[data-state='1']")?.dataset.light !== "12");
}

/** Issue 73, item 3: under forced colours a lit light differs from a dark one by more
 *  than colour (its border), the goal chosen is filled; a dark theme under
 *  prefers-color-scheme: dark, and the Theme switch. */
export async function themes(page, url, shots) {
  const style = (sel) => page.locator(sel).first().evaluate((b) => {
    const s = getComputedStyle(b);
    return { border: `${s.borderTopStyle} ${s.borderTopWidth}`, background: s.backgroundColor, color: s.color };
  });
  await page.emulateMedia({ forcedColors: "active" });
  await page.goto(`${url}/?rows=5&cols=5&target=off&board=1${"0".repeat(24)}`);
  await settled(page);
  const lit = await style('#board button[data-state="1"]');
  const dark = await style('#board button[data-state="0"]');
  assert.notEqual(lit.border, dark.border, "forced colours: a border apart");
  assert.notEqual(lit.background, dark.background);
  const chosen = await style('.goal button[aria-checked="true"]');
  const other = await style('.goal button[aria-checked="false"]');
  assert.notEqual(chosen.background, other.background, "the goal chosen is seen");
  if (shots) await page.screenshot({ path: `${shots}/forced-colours.png` });
  await page.emulateMedia({ forcedColors: "none", colorScheme: "dark" });
  await page.goto(`${url}/?rows=5&cols=5`);
  await settled(page);
  const luminance = () => page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
  assert.ok(await luminance() < 0.2, "a dark background");
  if (shots) await page.screenshot({ path: `${shots}/dark.png` });
  await page.locator("#theme").click(); // the system's -> light
  assert.ok(await luminance() > 0.8, "the switch: light");
  await page.reload();
  await settled(page);
  assert.ok(await luminance() > 0.8, "kept on reload");
  await page.locator("#theme").click(); // light -> dark
  assert.ok(await luminance() < 0.2, "the switch: dark");
}

/** Issue 73, item 4: the daily puzzle of a day is the board `lightsout puzzles --seed
 *  YYYYMMDD` draws (`expected`: its rows), the same on reload; a timer runs; a win
 *  keeps the day's best and a streak in the browser, and a result to share that gives
 *  nothing away. 2026-12-07 is a Monday: 4 presses. */
export async function dailyPuzzle(page, url, expected, shots) {
  await page.goto(`${url}/?daily=2026-12-07`);
  assert.equal(await settled(page), "4");
  const board = () => page.locator("#board button").evaluateAll((bs) =>
    bs.sort((a, b) => a.dataset.light - b.dataset.light).map((b) => b.dataset.state).join(""));
  assert.equal(await board(), expected.join(""));
  assert.equal(await text(page, "daily-date"), "2026-12-07");
  const before = await text(page, "timer");
  await page.waitForFunction((t) => document.getElementById("timer").textContent !== t, before, { timeout: 3000 });
  await page.reload();
  assert.equal(await settled(page), "4");
  assert.equal(await board(), expected.join(""), "the same board on reload");
  // Won by the Solution marks: the fewest, perfect; the day kept; a streak of one.
  await page.locator("#solution").click();
  await page.waitForFunction(() => document.querySelectorAll("#board button.marked").length > 0);
  while (await page.locator("#board button.marked").count() > 0) {
    await page.locator("#board button.marked").first().click();
  }
  await page.waitForFunction(() => !document.getElementById("daily-won").hidden);
  assert.match(await text(page, "daily-won"),
    /^Daily 2026-12-07 in \d+:\d\d\. Your best today: 4 presses, \d+:\d\d; your best time: \d+:\d\d; a streak of 1 day\.$/);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("lightsout-daily")));
  assert.equal(kept["2026-12-07"].presses, 4);
  await page.locator("#daily-share").click();
  await page.waitForFunction(() => !document.getElementById("share-note").hidden);
  const note = await text(page, "share-note");
  assert.match(note, /Lights Out, daily 2026-12-07: 4 presses \(the fewest: 4\), \d+:\d\d, perfect$/);
  if (shots) await page.screenshot({ path: `${shots}/daily.png` });
  // Today's: the button starts it, its presses the weekday's.
  await page.locator("#daily").click();
  const today = new Date();
  const want = [15, 4, 6, 8, 10, 12, 14][today.getUTCDay()];
  const date = today.toISOString().slice(0, 10);
  await page.waitForFunction((d) => new URLSearchParams(location.search).get("daily") === d, date);
  await page.waitForFunction((w) => document.querySelector('[data-testid="presses"]').textContent === w,
    String(want), { timeout: 10000 });
  // A new puzzle ends the daily.
  await page.locator("#new").click();
  await page.waitForFunction(() => document.getElementById("daily-line").hidden);
}

/** Issue 73, item 6: the 6 x 6 torus's difficulty menu stops at the most presses any
 *  board needs (God's number, 14, where proven in time; else the clock-free bound, 17,
 *  `most_presses`): never 20, whose draws could only fail. */
export async function menuStops(page, url) {
  await page.goto(`${url}/?rows=6&cols=6&topology=torus`);
  await settled(page);
  const last = await page.locator("#difficulty option").last().getAttribute("value");
  assert.ok(["14", "17"].includes(last), `the menu stops at ${last}`);
}
