import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BenchConnection } from '../../bench/http-connection.ts';

// The bench's clients read answers on bare sockets (bench/http-connection.ts): a request taken
// as answered before its last byte, or never taken as answered, would make every figure wrong.
// This server sends each answer in the pieces a test gives, so the reads split where TCP may;
// 'HOLD' waits for the test's release, 'CLOSE' closes the connection.

type Pieces = (path: string) => (string | Buffer)[];

async function answering(pieces: Pieces) {
  const sockets: net.Socket[] = [];
  const requests: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  async function send(socket: net.Socket, path: string) {
    for (const piece of pieces(path)) {
      if (piece === 'CLOSE') {
        socket.destroy();
        return;
      }
      if (piece === 'HOLD') await released;
      else {
        socket.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
  }
  const server = net.createServer((socket) => {
    sockets.push(socket);
    let buffered = '';
    let sending = Promise.resolve();
    socket.on('data', (data) => {
      buffered += data.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) !== -1) {
        const head = buffered.slice(0, end);
        buffered = buffered.slice(end + 4);
        requests.push(head);
        sending = sending.then(() => send(socket, head.split(' ')[1]!));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    requests,
    release,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const body = 'é'.repeat(3000);
const bodyBytes = Buffer.byteLength(body);

describe('a bench client’s connection', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('reads an answer of known length to its last byte, then sends the next on the same connection', async () => {
    let answered = 0;
    const server = await answering(() => {
      answered += 1;
      const head = `HTTP/1.1 200 OK\r\nContent-Length: ${bodyBytes}\r\nServer-Timing: cache;desc="hit"\r\n\r\n`;
      const bytes = Buffer.concat([Buffer.from(head), Buffer.from(body)]);
      return [
        bytes.subarray(0, 20),
        bytes.subarray(20, head.length + 1000),
        bytes.subarray(head.length + 1000),
      ];
    });
    stop = server.close;
    const connection = new BenchConnection('127.0.0.1', server.port);

    const first = connection.get('/un', { cookie: 'session=1', 'accept-encoding': 'gzip' });
    const second = await first.then(() => connection.get('/deux', {}));
    connection.close();

    expect(await first).toEqual({ status: 200, kept: true });
    expect(second).toEqual({ status: 200, kept: true });
    expect(answered).toBe(2);
    expect(server.connections()).toBe(1);
    expect(server.requests[0]).toContain('GET /un HTTP/1.1');
    expect(server.requests[0]).toContain('cookie: session=1');
    expect(server.requests[0]).toContain('accept-encoding: gzip');
  });

  it('reads a chunked answer whose size lines and data split anywhere', async () => {
    const server = await answering(() => [
      'HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n5',
      `dc\r`,
      `\n${'a'.repeat(1000)}`,
      `${'a'.repeat(500)}\r\n3;note\r\nabc`,
      '\r\n0\r\n',
      'HOLD',
      '\r\n',
    ]);
    stop = server.close;
    const connection = new BenchConnection('127.0.0.1', server.port);

    let settled = false;
    const answer = connection.get('/liste', {}).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // All but the blank line after the last chunk has come: the answer is not read yet.
    expect(settled).toBe(false);
    server.release();

    expect(await answer).toEqual({ status: 404, kept: false });
    connection.close();
  });

  it('opens a new connection after the server says it closes this one', async () => {
    const server = await answering(() => ['HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n']);
    stop = server.close;
    const connection = new BenchConnection('127.0.0.1', server.port);

    expect(await connection.get('/a', {})).toEqual({ status: 204, kept: false });
    expect(await connection.get('/b', {})).toEqual({ status: 204, kept: false });
    connection.close();

    expect(server.connections()).toBe(2);
  });

  it('fails a request whose answer is cut short, and reads the next on a new connection', async () => {
    const server = await answering((path) =>
      path === '/coupe'
        ? ['HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n', 'trop court', 'CLOSE']
        : ['HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'],
    );
    stop = server.close;
    const connection = new BenchConnection('127.0.0.1', server.port);

    await expect(connection.get('/coupe', {})).rejects.toThrow('connexion fermée avant la fin de la réponse');
    expect(await connection.get('/suite', {})).toEqual({ status: 200, kept: false });
    connection.close();
  });

  it('reads an answer of no stated length until the server closes', async () => {
    const server = await answering(() => ['HTTP/1.1 200 OK\r\n\r\n', 'tout', ' le reste', 'CLOSE']);
    stop = server.close;
    const connection = new BenchConnection('127.0.0.1', server.port);

    expect(await connection.get('/', {})).toEqual({ status: 200, kept: false });
    connection.close();
  });
});
