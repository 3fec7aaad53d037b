// One synchronous call to an e2e host's control route (test/e2e/support/processes.ts runs the
// operator CLI through it): reads { url, body } as JSON on stdin, prints the answer on stdout.
'use strict';
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const { url, body } = JSON.parse(input);
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) {
    process.stderr.write(text);
    process.exit(1);
  }
  process.stdout.write(text);
});
