// The static page (scripts/static-page.sh OUT_DIR) in a real browser, served by a plain
// file server (Python's http.server) with no lightsout process anywhere: the solver
// runs in the page as WebAssembly. Plays the 5x5 (a puzzle of the top difficulty, a
// press, the coach's proof), a graph drawn with its edges and a built-in game; solves
// 256 x 256 boards of four rules; records the first paint, the solve times and the
// download's compressed size in target/page/static-timings.json.
// Usage: [ONLY=words] node static.test.mjs OUT_DIR   (prints "N passed, M failed")
import { run } from "./harness.mjs";
import { accessible, bigBoardFits, dailyPuzzle, menuStops, hardestOfNullityZero, keys, nearestWayBack, settled, text, themes } from "./both.mjs";
import { spawn, execFileSync } from "node:child_process";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";
import zlib from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const dir = path.resolve(process.argv[2] ?? path.join(root, "target/static"));
const shots = path.join(root, "target/page");
fs.mkdirSync(shots, { recursive: true });
const timings = {};

// No lightsout process may answer: the page must play on its own (a server of an
// earlier test is given 10 s to finish its graceful shutdown).
const anyLightsout = () => execFileSync("ps", ["-eo", "comm"]).toString().split("\n")
  .some((l) => l.trim() === "lightsout");
for (let waited = 0; anyLightsout(); waited += 200) {
  assert.ok(waited < 10000, "a lightsout process is running; the static test needs none");
  await new Promise((done) => setTimeout(done, 200));
}

function startFiles() {
  const server = spawn("python3", ["-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dir],
    { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    const seen = (chunk) => {
      const port = chunk.toString().match(/port (\d+)/)?.[1];
      if (port) resolve({ server, url: `http://127.0.0.1:${port}` });
    };
    server.stdout.on("data", seen);
    server.stderr.on("data", seen);
    server.once("exit", (code) => reject(new Error(`the file server exited with ${code}`)));
  });
}

async function waitFigure(page, want) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="presses"]').textContent === want,
    want, { timeout: 20000 });
}

const tests = [];
const test = (name, body, viewport) => tests.push({ name, body, viewport });
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test("the download is under 1 MB compressed: the page, its bridge and the solver", async () => {
  const files = fs.readdirSync(dir);
  assert.deepEqual(files.sort(), ["favicon.svg", "index.html", "lightsout.wasm", "manifest.webmanifest", "sw.js"]);
  const gzipped = files.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
  timings.download_gzip_bytes = gzipped;
  console.log(`  ${files.length} files, ${gzipped} bytes gzipped`);
  assert.ok(gzipped < 1 << 20, `${gzipped} bytes`);
});

test("installable, and played after a reload with the network off", async (page, url) => {
  // Issue 73, item 5: a web app manifest, and a service worker that keeps the page,
  // its solver and its icon: once loaded, the copy plays with no network at all.
  await page.goto(`${url}/?rows=5&cols=5`);
  await settled(page);
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector("link[rel=manifest]").href)).json());
  assert.equal(manifest.display, "standalone");
  assert.equal(manifest.icons[0].src, "favicon.svg");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await settled(page);
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), "controlled");
  await page.context().setOffline(true);
  await page.goto(`${url}/?rows=6&cols=6&target=off`);
  assert.match(await settled(page), /^\d+$/);
  await page.locator("#board button").first().click();
  assert.equal(await text(page, "moves"), "1");
  await page.context().setOffline(false);
});

test("the 5x5 plays with no server: a link's position, a press, the coach's proof", async (page, url) => {
  await page.goto(`${url}/?rows=5&cols=5&target=on&board=0011101011100011101011100`);
  await waitFigure(page, "3");
  assert.equal(await text(page, "detail"), "(proven the fewest)");
  await page.locator('#board button[data-light="0"]').click();
  await settled(page);
  assert.notEqual(await text(page, "presses"), "3");
  await page.screenshot({ path: path.join(shots, "static-5x5.png") });
});

test("the 5x5's top difficulty, six times in six, each within 200 ms", async (page, url) => {
  await page.goto(`${url}/?rows=5&cols=5&target=off`);
  await settled(page);
  await page.selectOption("#difficulty", "15");
  for (let i = 0; i < 6; i++) {
    const before = await page.evaluate(() => window.puzzleTimes.length);
    await page.locator("#new").click();
    await page.waitForFunction((n) => window.puzzleTimes.length > n, before, { timeout: 10000 });
    await waitFigure(page, "15");
    assert.equal(await text(page, "detail"), "(proven the fewest)");
  }
  const took = (await page.evaluate(() => window.puzzleTimes)).slice(-6);
  timings.top_5x5_puzzle_ms = took.map((ms) => Math.round(ms * 10) / 10);
  for (const ms of took) assert.ok(ms < 200, `a puzzle took ${ms} ms`);
});

test("a graph and a built-in game, drawn and played in the browser", async (page, url) => {
  await page.goto(`${url}/?graph=${encodeURIComponent("IheA@GUAo")}&target=off&board=${"0".repeat(10)}`);
  await waitFigure(page, "0");
  assert.equal(await page.locator("#edges line").count(), 15);
  // Issue 65: a graph's game shows none of the grid's controls, here too.
  for (const id of ["rows", "cols", "topology", "rule"]) {
    assert.equal(await page.locator(`#${id}`).isVisible(), false, id);
  }
  await page.goto(`${url}/?game=merlin`);
  await settled(page);
  assert.equal(await page.locator("#board button").count(), 9);
  // A preset in Edit mode is an edit, not a move.
  await page.locator("#edit").click();
  await page.locator('[data-preset="checkers"]').click();
  assert.equal(await text(page, "moves"), "0");
  await page.locator("#edit").click();
  // 100 rows: the page says its limit and plays 64; Share gives the link.
  await page.goto(`${url}/?rows=5&cols=5`);
  await settled(page);
  await page.fill("#rows", "100");
  await page.locator("#rows").blur(); // the change, as a person's next click makes it
  await page.waitForFunction(() => document.querySelectorAll("#board button").length === 320, null, { timeout: 20000 });
  assert.match(await text(page, "size-note"), /^At most 64 rows and 64 columns here/);
  await page.locator("#share").click();
  await page.waitForFunction(() => !document.getElementById("share-note").hidden);
  assert.match(await text(page, "share-note"), /^(Link copied|Copy this link: http)/);
});

test("250 x 250 boards of four rules are solved in the page, each under 50 ms", async (page, url) => {
  await page.goto(`${url}/?rows=5&cols=5`);
  await settled(page);
  const results = await page.evaluate(async () => {
    const out = {};
    // 250 x 250: the longest URL the server takes is 65,534 bytes (hyper's 414 past it),
    // and the page takes what the server takes.
    for (const rule of ["rows=250&cols=250", "rows=250&cols=250&rule=box", "rows=250&cols=250&topology=torus", "rows=250&cols=250&rule=cross&states=3"]) {
      const board = "1".repeat(62500);
      const times = [];
      let answer;
      for (let i = 0; i < 7; i++) {
        const t = performance.now();
        answer = await window.lightsoutAsk(`/v1/solve?${rule}&board=${board}&target=off`);
        times.push(performance.now() - t);
      }
      out[rule] = { status: answer.status, solvable: answer.body.solvable, fewest: answer.body.fewest, proven: answer.body.proven, times };
    }
    return out;
  });
  timings.solve_250x250_ms = {};
  for (const [rule, r] of Object.entries(results)) {
    assert.equal(r.status, 200, rule);
    const m = Math.round(median(r.times) * 10) / 10;
    timings.solve_250x250_ms[rule] = { median: m, first: Math.round(r.times[0] * 10) / 10, fewest: r.fewest, proven: r.proven };
    console.log(`  ${rule}: median ${m} ms (first, with the solver built: ${r.times[0].toFixed(1)} ms), fewest ${r.fewest}, proven ${r.proven}`);
    assert.ok(median(r.times) < 50, `${rule}: ${median(r.times)} ms`);
  }
  // One byte past the server's longest URL: 414, as the server answers it.
  const past = await page.evaluate(async () =>
    window.lightsoutAsk(`/v1/solve?rows=256&cols=256&board=${"1".repeat(65535 - 34)}`));
  assert.equal(past.status, 414, JSON.stringify(past.body).slice(0, 200));
  assert.match(past.body.error, /^the URL is longer than 65,534 bytes, the most a URL takes here/);
});

test("every request of the table gets the answer or the sentence every door gives", async (page, url) => {
  // Issue 64: tests/data/doors.json, answered by the command line, GET and both bodies
  // (tests/it/doors.rs, held to breadth-first search) and by Python: the static page
  // answers the same URLs alike, in WebAssembly.
  const table = JSON.parse(fs.readFileSync(path.join(root, "tests/data/doors.json"), "utf8"));
  const asked = (c) => {
    const q = new URLSearchParams();
    for (const k of ["rows", "cols", "topology", "rule", "states", "target"]) {
      if (c[k] !== undefined) q.set(k, String(c[k]));
    }
    q.set("board", c.board.join("/"));
    return `/v1/solve?${q}`;
  };
  await page.goto(`${url}/?rows=5&cols=5`);
  await settled(page);
  const answers = await page.evaluate(async (urls) => {
    const out = [];
    for (const u of urls) out.push(await window.lightsoutAsk(u));
    return out;
  }, [...table.good, ...table.bad].map(asked));
  table.good.forEach((c, i) => {
    assert.equal(answers[i].status, 200, JSON.stringify(c));
    assert.deepEqual(answers[i].body, c.answer, JSON.stringify(c));
  });
  table.bad.forEach((c, i) => {
    const got = answers[table.good.length + i];
    assert.equal(got.status, 400, JSON.stringify(c));
    assert.ok(got.body.error.includes(`: ${c.sentence}`), `${JSON.stringify(c)}: ${got.body.error}`);
  });
  // URLs the server answered (tests/it/doors.rs wrote its status and body, and held
  // the puzzles to the command line's): the page answers each alike (hardening seven,
  // item 5: a 130 x 130 board, the refusals' words, a puzzle's seed).
  const urls = await page.evaluate(async (urls) => {
    const out = [];
    for (const u of urls) out.push(await window.lightsoutAsk(u));
    return out;
  }, table.urls.map((u) => u.url));
  table.urls.forEach((u, i) => {
    assert.equal(urls[i].status, u.status, `${u.url.slice(0, 80)}: ${JSON.stringify(urls[i].body).slice(0, 300)}`);
    assert.deepEqual(urls[i].body, u.body, u.url.slice(0, 80));
  });
  // The classic puzzle route, as the server answers it (issue 64: it said "rows:
  // missing" here): 15 presses at most, a board of exactly that many, proven.
  const [past, top] = await page.evaluate(async () => [
    await window.lightsoutAsk("/v1/puzzle?presses=16"),
    await window.lightsoutAsk("/v1/puzzle?presses=15&seed=7"),
  ]);
  assert.equal(past.status, 400);
  assert.equal(past.body.error, "presses: 16 is not in 0..=15; no 5x5 grid needs more than 15");
  assert.equal(top.status, 200, JSON.stringify(top));
  assert.deepEqual([top.body.fewest, top.body.proven, top.body.target], [15, true, "on"]);
  assert.equal(top.body.board.length, 5);
});

test("the difficulty menu stops at the most presses any board needs", menuStops);
test("no serious or critical axe-core violation, in the page", accessible);
test("the board after one Tab and Enter; the terminal game's keys, in the page", keys);
test("forced colours and the dark theme, in the page", (page, url) => themes(page, url));

// The daily's board as the command line draws it (run here before the page, and gone
// before it plays): the same seed, the same board at every door.
const cli = process.env.LIGHTSOUT_BIN ??
  [path.join(dir, "../release/lightsout"), path.join(root, "target/release/lightsout")].find((p) => fs.existsSync(p));
const drawn = JSON.parse(execFileSync(cli, ["puzzles", "--rows", "5", "--cols", "5", "--presses", "4",
  "--seed", "20261207", "--target", "off", "--format", "json", "--count", "1"]).toString());
test("the daily puzzle, the command line's board of its day, in the page", async (page, url) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await dailyPuzzle(page, url, drawn.board);
});

test("an unsolvable position offers the nearest solvable one, one click away, in the page", async (page, url) => {
  await nearestWayBack(page, url);
});

test("a 64 x 64 board fits a 1280 x 800 window, in the page", async (page, url) => {
  await bigBoardFits(page, url);
}, { width: 1280, height: 800 });

test("a 10 x 10 offers puzzles to 100 presses, each proven within a second, in the page", async (page, url) => {
  await hardestOfNullityZero(page, url);
});

test("first paint in a new tab", async (page, url, browser) => {
  const context = await browser.newContext();
  await (await context.newPage()).goto("about:blank");
  // The page, and this file server's own plain answer (its 404 page: the floor of
  // this browser and this server, as the page test measures a plain-text answer).
  const paints = { page: [], plain: [] };
  for (let i = 0; i < 15; i++) {
    for (const [kind, at] of [["page", `${url}/?rows=5&cols=5`], ["plain", `${url}/no-such-file`]]) {
      const fresh = await context.newPage();
      await fresh.goto(at);
      await fresh.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      paints[kind].push(await fresh.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0].startTime));
      await fresh.close();
    }
  }
  await context.close();
  timings.first_contentful_paint_median_ms = Math.round(median(paints.page) * 10) / 10;
  timings.plain_first_paint_median_ms = Math.round(median(paints.plain) * 10) / 10;
  console.log(`  first paint: median ${timings.first_contentful_paint_median_ms} ms ` +
    `(the file server's plain answer: ${timings.plain_first_paint_median_ms} ms)`);
});

test("on a phone: New puzzle in view, cells of 28 px and more up to 12 x 12", async (page, url) => {
  await page.goto(`${url}/?rows=12&cols=12`);
  await settled(page);
  assert.equal(await page.locator("#new").isVisible(), true);
  const cell = await page.locator('#board button[data-light="0"]').evaluate((b) => b.getBoundingClientRect().width);
  assert.ok(cell >= 28, `cells of ${cell} px`);
  await page.screenshot({ path: path.join(shots, "static-phone-12x12.png") });
}, { width: 390, height: 844 });

const { server, url } = await startFiles();
let passed = 0;
let failed = 0;
try {
  [passed, failed] = await run(tests, url, shots, "static-");
} finally {
  server.kill("SIGTERM");
}
fs.writeFileSync(path.join(shots, "static-timings.json"), `${JSON.stringify(timings, null, 2)}\n`);
console.log(`static: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
