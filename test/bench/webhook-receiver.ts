/**
 * Child process: the `webhooks` scenario's receiver on 127.0.0.1. It answers 204 to every delivery
 * and keeps, per delivery, the time from the event's append (its payload `timestamp`) to its
 * receipt. In a process of its own, so the load generator's event loop (the appenders, the `write`
 * scenario beside them) does not delay receipts and inflate the figures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reply } from './ipc';

export interface Receipts {
  latencies: number[];
  firstAt: number;
  lastAt: number;
  malformed: number;
}

const receipts: Receipts = { latencies: [], firstAt: 0, lastAt: 0, malformed: 0 };

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const now = Date.now();
    try {
      const occurred = Date.parse((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string }).timestamp);
      receipts.latencies.push(now - occurred);
      receipts.firstAt ||= now;
      receipts.lastAt = now;
    } catch {
      receipts.malformed++;
    }
    response.writeHead(204).end();
  });
});

process.on('message', (message: { type: string; id: number }) => {
  if (message.type === 'count') reply({ type: 'count', id: message.id, data: receipts.latencies.length });
  else if (message.type === 'receipts') reply({ type: 'receipts', id: message.id, data: receipts });
  else if (message.type === 'stop') server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => reply({ type: 'ready', data: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } }));
