// The page of `lightsout serve` in a real browser: Debian's chromium, driven by
// playwright-core. Starts the server, opens a position, presses cells, checks the
// lights and the coach's figure, uses Hint and New puzzle, and saves a screenshot.
// Usage: node page.test.mjs [path/to/lightsout]   (prints "N passed, M failed")
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const binary = process.argv[2] ?? path.join(root, "target/release/lightsout");
const shots = path.join(root, "target/page");
fs.mkdirSync(shots, { recursive: true });

function startServer() {
  const server = spawn(binary, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    lines.once("line", (line) => {
      const url = line.match(/http:\/\/\S+/)?.[0];
      url ? resolve({ server, url }) : reject(new Error(`no address in: ${line}`));
    });
    server.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

const cell = (page, r, c) => page.locator(`#board button[data-row="${r}"][data-col="${c}"]`);
const lit = async (page, r, c) => (await cell(page, r, c).getAttribute("aria-pressed")) === "true";
const figure = (page) => page.getByTestId("presses");

async function waitFigure(page, text) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="presses"]').textContent === want,
    text,
    { timeout: 10000 },
  );
}

const tests = [];
const test = (name, body) => tests.push({ name, body });

test("a position from the URL shows its fewest presses", async (page, url) => {
  await page.goto(`${url}/?grid=0011101011100011101011100`);
  await waitFigure(page, "3");
  assert.equal(await lit(page, 1, 1), false);
  assert.equal(await lit(page, 1, 3), true);
  assert.equal(await page.locator("#board button").count(), 25);
});

test("pressing a cell toggles it and its neighbours, and the figure follows", async (page, url) => {
  await page.goto(`${url}/?grid=0011101011100011101011100`);
  await waitFigure(page, "3");
  // Rows 1 and 2 are 00111 and 01011: (1,1), (1,2), (2,1) are dark, (2,2) lit.
  await cell(page, 1, 1).click();
  assert.equal(await lit(page, 1, 1), true);
  assert.equal(await lit(page, 1, 2), true);
  assert.equal(await lit(page, 2, 1), true);
  assert.equal(await lit(page, 2, 2), true); // not a neighbour: unchanged
  assert.equal(await lit(page, 1, 3), true); // not a neighbour: unchanged
  await waitFigure(page, "2");
  assert.equal(await page.locator("#moves").textContent(), "1");
  await page.locator("#undo").click();
  await waitFigure(page, "3");
  assert.equal(await lit(page, 1, 1), false);
});

test("the keyboard presses a focused cell", async (page, url) => {
  await page.goto(`${url}/?grid=0011101011100011101011100`);
  await waitFigure(page, "3");
  await cell(page, 3, 3).focus();
  await page.keyboard.press("Enter");
  await waitFigure(page, "2");
});

test("Hint marks one optimal press, and pressing it brings the figure down", async (page, url) => {
  await page.goto(`${url}/?grid=0011101011100011101011100`);
  await waitFigure(page, "3");
  await page.locator("#hint").click();
  await page.waitForSelector("#board button.marked");
  const marked = page.locator("#board button.marked");
  assert.equal(await marked.count(), 1);
  await marked.first().click();
  await waitFigure(page, "2");
  await page.locator("#solution").click();
  await page.waitForFunction(() => document.querySelectorAll("#board button.marked").length === 2);
});

test("New puzzle makes a position of the chosen difficulty", async (page, url) => {
  await page.goto(`${url}/?grid=1111111111111111111111111`);
  await waitFigure(page, "0");
  await page.selectOption("#difficulty", "9");
  await page.locator("#new").click();
  await waitFigure(page, "9");
  await page.screenshot({ path: path.join(shots, "page.png") });
});

test("a 12 x 12 board is solved through /v1/solve", async (page, url) => {
  await page.goto(`${url}/?grid=1111111111111111111111111`);
  await waitFigure(page, "0");
  await page.selectOption("#size", "12");
  await waitFigure(page, "0");
  assert.equal(await page.locator("#board button").count(), 144);
  await cell(page, 6, 6).click();
  await waitFigure(page, "1");
  await page.locator("#solution").click();
  await page.waitForSelector('#board button.marked[data-row="6"][data-col="6"]');
});

const { server, url } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let passed = 0;
let failed = 0;
try {
  for (const { name, body } of tests) {
    const page = await browser.newPage();
    try {
      await body(page, url);
      passed++;
      console.log(`ok - ${name}`);
    } catch (err) {
      failed++;
      console.log(`not ok - ${name}\n  ${String(err.stack ?? err).split("\n").join("\n  ")}`);
      await page.screenshot({ path: path.join(shots, `failed-${passed + failed}.png`) }).catch(() => {});
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
