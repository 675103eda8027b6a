// The server's OpenAPI document checked by a real OpenAPI 3.1 validator (the official
// JSON schemas, through @seriousme/openapi-schema-validator), then used as a client
// uses it: every operation has an operationId (one of its own) and a tag the document
// defines; there is a `servers` entry; every parameter, request body and response has
// an example. Each operation's example request (`x-example-query`, and each body's
// example) is sent to a running server: the answer must be its documented example
// (where `x-example-partial`, begin with it, or hold its keys) and valid against the
// documented schema (Ajv, JSON Schema 2020-12). Each parameter's example is then sent
// in that request: answered 200, or a 4xx whose body is the Error schema.
// Usage: node openapi.test.mjs [path/to/lightsout]   (prints "openapi: ok ...")
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
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

// What generated clients and readers need, present on every operation.
assert.ok(doc.servers?.length >= 1, "a servers entry");
const tags = new Set((doc.tags ?? []).map((t) => t.name));
const ids = new Set();
for (const [route, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    const name = `${method.toUpperCase()} ${route}`;
    assert.ok(op.operationId, `${name}: an operationId`);
    assert.ok(!ids.has(op.operationId), `${name}: ${op.operationId} twice`);
    ids.add(op.operationId);
    assert.ok(op.tags?.length && op.tags.every((t) => tags.has(t)), `${name}: a defined tag`);
    for (const p of op.parameters ?? []) assert.notEqual(p.example, undefined, `${name}: ${p.name}'s example`);
    for (const [kind, c] of Object.entries(op.requestBody?.content ?? {})) {
      assert.notEqual(c.example, undefined, `${name}: its ${kind} body's example`);
    }
    for (const [kind, c] of Object.entries(op.responses["200"].content ?? {})) {
      assert.notEqual(c.example, undefined, `${name}: its ${kind} answer's example`);
    }
    assert.equal(op.responses["4XX"]?.$ref, "#/components/responses/Error", `${name}: its 4xx`);
  }
}
assert.notEqual(doc.components.responses.Error.content["application/json"].example, undefined);

// The document's schemas as JSON Schema, each reached by its pointer.
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...doc, $id: "openapi" }, "openapi");
const valid = (schema, value) => {
  const check = ajv.compile(rebased(schema));
  assert.ok(check(value), `${JSON.stringify(check.errors)}: ${JSON.stringify(value).slice(0, 300)}`);
};
// The checks can fail: an answer without its fields is no Error.
assert.throws(() => valid({ $ref: "#/components/schemas/Error" }, { answers: [] }));
// A schema of the document with its local references made absolute.
function rebased(schema) {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"openapi#/components'));
}

const server = spawn(binary, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once("line", (line) => {
    const found = line.match(/http:\/\/\S+/)?.[0];
    found ? resolve(found) : reject(new Error(`no address in: ${line}`));
  });
});

// One request, its answer checked against the documented one.
async function holds(name, op, method, target, body) {
  const init = { method: method.toUpperCase() };
  if (body) init.headers = { "Content-Type": body.kind };
  if (body) init.body = body.kind === "text/plain" ? body.example : JSON.stringify(body.example);
  const response = await fetch(target, init);
  const text = await response.text();
  assert.equal(response.status, 200, `${name}: ${text.slice(0, 300)}`);
  const kind = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  const documented = op.responses["200"].content[kind];
  assert.ok(documented, `${name}: answered ${kind}, which the document does not give`);
  if (kind === "application/json") {
    const answer = JSON.parse(text);
    if (documented.schema) valid(documented.schema, answer);
    if (op["x-example-partial"]) {
      for (const [k, v] of Object.entries(documented.example)) assert.deepEqual(answer[k], v, `${name}: ${k}`);
    } else {
      assert.deepEqual(answer, documented.example, name);
    }
  } else if (op["x-example-partial"]) {
    assert.ok(text.startsWith(documented.example), `${name}: ${text.slice(0, 80)}`);
  } else {
    assert.equal(text, documented.example, name);
  }
}

let sent = 0;
let parameters = 0;
let refused = 0;
try {
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${route}`;
      const query = op["x-example-query"] ?? "";
      const target = `${url}${route}${query ? `?${query}` : ""}`;
      const bodies = Object.entries(op.requestBody?.content ?? {}).map(([kind, c]) => ({ kind, example: c.example }));
      for (const body of bodies.length ? bodies : [null]) {
        await holds(body ? `${name} (${body.kind})` : name, op, method, target, body);
        sent++;
      }
      // Each parameter's example in the example request: answered, or refused in the
      // Error schema (some go with others only: `game` with no shape, say).
      for (const p of op.parameters ?? []) {
        const q = new URLSearchParams(query);
        q.set(p.name, String(p.example));
        const init = { method: method.toUpperCase() };
        if (bodies.length) {
          init.headers = { "Content-Type": bodies[0].kind };
          init.body = bodies[0].kind === "text/plain" ? bodies[0].example : JSON.stringify(bodies[0].example);
        }
        const response = await fetch(`${url}${route}?${q}`, init);
        const text = await response.text();
        parameters++;
        if (response.status === 200) continue;
        assert.ok(response.status >= 400 && response.status < 500, `${name} ${p.name}=${p.example}: ${response.status} ${text}`);
        valid({ $ref: "#/components/schemas/Error" }, JSON.parse(text));
        refused++;
      }
    }
  }
} finally {
  server.kill();
}
assert.ok(sent >= 16, `${sent} examples`);
assert.ok(refused * 2 < parameters, `${refused} of ${parameters} parameter examples refused`);
console.log(`openapi: valid OpenAPI ${validator.version}, ${ids.size} operations, ${sent} example requests answered as documented, ${parameters} parameter examples sent (${refused} refused in the Error schema)`);
