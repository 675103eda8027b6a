// The server's OpenAPI document checked by a real OpenAPI 3.1 validator (the official
// JSON schemas, through @seriousme/openapi-schema-validator), then every example in it
// sent to a running server: each JSON body (with its `x-example-query`) must be
// answered 200 with a proven figure.
// Usage: node openapi.test.mjs [path/to/lightsout]   (prints "openapi: ok ...")
import { Validator } from "@seriousme/openapi-schema-validator";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const binary = process.argv[2] ?? path.join(root, "target/release/lightsout");
const file = path.join(root, "src/app/serve/openapi.json");
const doc = JSON.parse(fs.readFileSync(file, "utf8"));

const validator = new Validator();
const result = await validator.validate(doc);
if (!result.valid) {
  console.error(JSON.stringify(result.errors, null, 2));
  process.exit(1);
}
assert.equal(validator.version, "3.1");

const server = spawn(binary, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once("line", (line) => {
    const found = line.match(/http:\/\/\S+/)?.[0];
    found ? resolve(found) : reject(new Error(`no address in: ${line}`));
  });
});
let sent = 0;
try {
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const example = operation.requestBody?.content?.["application/json"]?.example;
      if (!example) continue;
      const query = operation["x-example-query"] ?? "";
      const response = await fetch(`${url}${route}?${query}`, {
        method: method.toUpperCase(),
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(example),
      });
      assert.equal(response.status, 200, `${method} ${route}`);
      const answer = await response.json();
      assert.equal(typeof answer.answers[0].fewest, "number", `${route}: ${JSON.stringify(answer)}`);
      sent++;
    }
  }
} finally {
  server.kill();
}
assert.ok(sent >= 2, `${sent} examples`);
console.log(`openapi: valid OpenAPI ${validator.version}, ${sent} examples answered`);
