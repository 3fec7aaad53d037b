import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A request the receiver got: its Standard Webhooks headers, raw body, and whether the signature verified. */
export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, any> };
  verified: boolean;
}

/** How a path answers: a status (and body), or held open until `release` is called. */
type Behaviour = { status: number; body?: string } | { hold: true };

/**
 * A webhook receiver on 127.0.0.1 for the e2e suites: each path is one subscription's endpoint,
 * answers as told (200 by default), and verifies each request with the Standard Webhooks reference
 * code (`Webhook.verify`) against the secret registered for the path.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly behaviours = new Map<string, Behaviour>();
  private readonly secrets = new Map<string, string>();
  private readonly held: ServerResponse[] = [];
  private readonly waiters: (() => void)[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => void receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  secret(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  answer(path: string, behaviour: Behaviour): void {
    this.behaviours.set(path, behaviour);
  }

  /** Answers every held request with 200. */
  release(): void {
    for (const res of this.held.splice(0)) res.writeHead(200).end('released');
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Waits until `path` has received at least `count` requests. */
  async until(path: string, count: number): Promise<Received[]> {
    while (this.at(path).length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.at(path);
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const path = req.url ?? '/';
    const headers = {
      'webhook-id': String(req.headers['webhook-id']),
      'webhook-timestamp': String(req.headers['webhook-timestamp']),
      'webhook-signature': String(req.headers['webhook-signature']),
    };
    let verified = false;
    const secret = this.secrets.get(path);
    try {
      if (secret) verified = Boolean(new Webhook(secret).verify(body, headers));
    } catch {
      verified = false;
    }
    this.received.push({
      path,
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      body,
      payload: JSON.parse(body),
      verified,
    });
    for (const wake of this.waiters.splice(0)) wake();
    const behaviour = this.behaviours.get(path) ?? { status: 200 };
    if ('hold' in behaviour) this.held.push(res);
    else res.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end(behaviour.body ?? 'ok');
  }
}
