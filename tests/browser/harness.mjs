// The browser tests' one runner: Debian's chromium through playwright-core, each test a
// fresh page (desktop size unless it asks for another), no console error and no failed
// request on any page (a test that makes one on purpose names it in page.expected),
// a screenshot of each failure. ONLY=words runs the tests whose names hold them.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import path from "node:path";

// Runs `tests` ({name, body, viewport}) against `url`; returns [passed, failed].
export async function run(tests, url, shots, prefix) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  let passed = 0;
  let failed = 0;
  try {
    for (const { name, body, viewport } of tests.filter((t) => t.name.includes(process.env.ONLY ?? ""))) {
      const page = await browser.newPage({ viewport: viewport ?? { width: 1200, height: 900 } });
      const problems = [];
      page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
      page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
      page.on("response", (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
      try {
        await body(page, url, browser);
        const unexpected = problems.filter((p) => !(page.expected ?? []).some((re) => re.test(p)));
        assert.deepEqual(unexpected, [], "console errors or failed requests");
        passed++;
        console.log(`ok - ${name}`);
      } catch (err) {
        failed++;
        console.log(`not ok - ${name}\n  ${String(err.stack ?? err).split("\n").join("\n  ")}`);
        await page.screenshot({ path: path.join(shots, `${prefix}failed-${passed + failed}.png`) }).catch(() => {});
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  return [passed, failed];
}
