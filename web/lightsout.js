// The static page's bridge to the solver compiled to WebAssembly (web/src/lib.rs):
// `window.lightsoutAsk(url)` answers the page's questions (`/v1/game?...`) as the
// server would, `{status, body}`, with no server.
"use strict";
(() => {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const imports = { env: { lightsout_now_ms: () => performance.now() } };
  // Fetched at the first question (the page asks after its first paint), compiled
  // while it downloads; a host that serves it as another type than application/wasm
  // gets it compiled from its bytes instead.
  let module = null;
  const load = () => WebAssembly.instantiateStreaming(fetch("lightsout.wasm"), imports)
    .catch(() => fetch("lightsout.wasm").then((r) => r.arrayBuffer())
      .then((bytes) => WebAssembly.instantiate(bytes, imports)))
    .then(({ instance }) => instance.exports);
  // Installable and played offline: the service worker keeps the files (web/sw.js).
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", () => navigator.serviceWorker.register("sw.js").catch(() => {}));
  }
  window.lightsoutAsk = async (url) => {
    module ??= load();
    const x = await module;
    const request = encoder.encode(url);
    const at = x.alloc(request.length);
    new Uint8Array(x.memory.buffer, at, request.length).set(request);
    const packed = x.ask(at, request.length);
    x.free(at, request.length);
    const address = Number(packed >> 32n);
    const length = Number(packed & 0xffffffffn);
    const text = decoder.decode(new Uint8Array(x.memory.buffer, address, length));
    x.free(address, length);
    return JSON.parse(text);
  };
})();
