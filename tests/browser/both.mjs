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
