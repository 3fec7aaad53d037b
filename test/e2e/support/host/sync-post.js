// The worker thread behind `controlSync` (host-client.ts): one POST to an e2e host's control route,
// answered synchronously to the test through synckit (the test's thread waits on Atomics; no
// process is started per call, which cost some 300 ms each).
'use strict';
const { runAsWorker } = require('synckit');

runAsWorker(async (url, body) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { ok: response.ok, text: await response.text() };
});
