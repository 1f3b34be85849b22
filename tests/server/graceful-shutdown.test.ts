// The front server's stop (scripts/graceful-shutdown.mjs, docs/decisions/033-health-and-shutdown.md),
// in a real process sent a real SIGTERM: scripts/server.mjs itself needs a Next.js build, so the
// fixture is a plain node:http server wired the same way (tests/server/fixtures/drain-server.mjs).
// Requests are raw HTTP/1.1 on sockets the test holds, so what happens to each connection shows.
import http from 'node:http';
import net from 'node:net';
import { describe, it, type TestContext } from 'vitest';
import { drainable } from '../../scripts/graceful-shutdown.mjs';
import { killChild, runTs, type Child } from '../jobs/fixtures/helpers';

const FIXTURE = 'tests/server/fixtures/drain-server.mjs';
const STEP_MS = 20_000;

async function startFixture({ onTestFinished }: TestContext, drainMs: number) {
  const child = runTs(FIXTURE, { DRAIN_MS: String(drainMs) });
  onTestFinished(() => killChild(child));
  const [, port] = await child.waitForLine(/LISTENING (\d+)/, STEP_MS);
  return { child, port: Number(port) };
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes the connection. */
function readUntilClosed(socket: net.Socket): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => {
      const [head, body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase(), body });
    });
  });
}

const closed = (socket: net.Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

/**
 * A request the fixture has begun to answer (it prints `STARTED <path>`) on a connection of its own;
 * `answer` settles with what the server sent once it closes that connection.
 */
async function requestUnderWay(child: Child, port: number, target: string) {
  const socket = await connect(port);
  const answer = readUntilClosed(socket);
  socket.write(get(target));
  await child.waitForLine(new RegExp(`STARTED ${target.split('?')[0]}`), STEP_MS);
  return { answer };
}

async function signalled(child: Child) {
  child.process.kill('SIGTERM');
  await child.waitForLine(/SIGTERM: draining requests/, STEP_MS);
}

describe.concurrent('graceful shutdown of the front server', () => {
  it('lets a request in flight finish, refuses new connections, then stops and exits 0', async (context) => {
    const { expect } = context;
    const { child, port } = await startFixture(context, 10_000);

    // A keep-alive connection that answered once and now sits idle.
    const idle = await connect(port);
    const firstAnswer = new Promise<void>((resolve) => idle.once('data', () => resolve()));
    idle.write(get('/'));
    await firstAnswer;
    const idleClosed = closed(idle);

    // A slow request, under way when the signal comes.
    const { answer: slowAnswer } = await requestUnderWay(child, port, '/slow?ms=1500');

    // A request half sent when the signal comes: its connection is busy, so it is not closed.
    const late = await connect(port);
    const lateAnswer = readUntilClosed(late);
    late.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\n');

    const signalledAt = Date.now();
    await signalled(child);

    // The idle connection is closed at once, and no new connection is taken.
    await idleClosed;
    await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The half-sent request completes during the drain: not ready, and its connection closes.
    late.write('\r\n');
    const readiness = await lateAnswer;
    expect(readiness.status).toBe(503);
    expect(readiness.head).toContain('connection: close');

    // The slow request finishes with its 200, told the connection closes after it.
    const answer = await slowAnswer;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('slow done');
    expect(answer.head).toContain('connection: close');

    // Then the runtime stops, and the process exits 0 long before the 10 s deadline.
    expect((await child.exited).code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(8_000);
    const output = child.output();
    expect(output.indexOf('RUNTIME STOPPING')).toBeGreaterThan(-1);
    expect(output.indexOf('RUNTIME STOPPED')).toBeLessThan(output.indexOf('[lamplight] stopped'));
    expect(output).not.toMatch(/cut off/);
  });

  it('cuts off a request still running at the deadline, then stops and exits 0', async (context) => {
    const { expect } = context;
    const { child, port } = await startFixture(context, 500);
    const { answer: hungAnswer } = await requestUnderWay(child, port, '/hang');

    const signalledAt = Date.now();
    await signalled(child);
    // The connection is destroyed without an answer once the deadline passes.
    expect(await hungAnswer).toMatchObject({ head: '', body: '' });
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(400);
    expect((await child.exited).code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(child.output()).toMatch(/cut off[\s\S]*RUNTIME STOPPED/);
  });

  it('a second signal does not cut the drain short', async (context) => {
    const { expect } = context;
    const { child, port } = await startFixture(context, 10_000);
    const { answer: slowAnswer } = await requestUnderWay(child, port, '/slow?ms=800');
    await signalled(child);
    child.process.kill('SIGINT'); // Ctrl+C passed on by npm as well as the terminal
    expect((await slowAnswer).status).toBe(200);
    expect((await child.exited).code).toBe(0);
  });
});

describe('drainable', () => {
  it('with no connection open, drains at once; asked twice, answers the same drain', async ({ expect }) => {
    const server = http.createServer((_req, res) => res.end('ok'));
    const drain = drainable(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    expect(drain.draining).toBe(false);
    const first = drain.drain(5_000);
    expect(drain.draining).toBe(true);
    expect(drain.drain(5_000)).toBe(first);
    await expect(first).resolves.toEqual({ forced: false });
    expect(server.listening).toBe(false);
  });
});
