/**
 * A load generator that costs the machine little (the scale bench, issue 18): one keep-alive
 * socket per request in flight, each request written as one buffer, the answer read with just
 * enough HTTP/1.1 to know where it ends (Content-Length or chunked). node:http's client spends
 * about 0.12 ms of CPU per request — a fifth of this 2-core machine at 3,000 req/s — which the
 * servers under test then lack; browsers do not run on the server's machine.
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface LeanRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface LeanAnswer {
  status: number;
  ms: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** Where an answer that starts at 0 of `buf` ends, or -1 while it is incomplete. */
function answerEnd(buf: Buffer): { end: number; status: number } | null {
  const head = buf.indexOf(CRLF2);
  if (head === -1) return null;
  const text = buf.toString('latin1', 0, head);
  const status = Number(text.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
  if (length) {
    const end = head + 4 + Number(length[1]);
    return buf.length >= end ? { end, status } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(text)) return { end: head + 4, status };
  let at = head + 4;
  for (;;) {
    const line = buf.indexOf('\r\n', at, 'latin1');
    if (line === -1) return null;
    const size = parseInt(buf.toString('latin1', at, line), 16);
    if (Number.isNaN(size)) throw new Error('bad chunk');
    at = line + 2 + size + 2;
    if (buf.length < at) return null;
    if (size === 0) return { end: at, status };
  }
}

/** One keep-alive connection that sends a request when the previous one has been answered. */
export class LeanConnection {
  private socket: Socket | null = null;
  private pending: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: LeanAnswer) => void; t0: number } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
      const done = answerEnd(this.pending);
      if (!done || !this.waiting) return;
      this.pending = this.pending.subarray(done.end);
      const { resolve, t0 } = this.waiting;
      this.waiting = null;
      resolve({ status: done.status, ms: performance.now() - t0 });
    });
    const fail = () => {
      this.socket = null;
      this.pending = Buffer.alloc(0);
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.resolve({ status: 0, ms: performance.now() - waiting.t0 });
    };
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', fail);
    socket.on('close', fail);
    return socket;
  }

  send(req: LeanRequest): Promise<LeanAnswer> {
    const head = [`${req.method} ${req.path} HTTP/1.1`, `host: ${this.host}:${this.port}`, 'connection: keep-alive'];
    for (const [name, value] of Object.entries(req.headers)) head.push(`${name}: ${value}`);
    if (req.body) head.push(`content-length: ${req.body.length}`);
    const bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), req.body ?? Buffer.alloc(0)]);
    return new Promise((resolve) => {
      this.waiting = { resolve, t0: performance.now() };
      this.socket ??= this.open();
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}
