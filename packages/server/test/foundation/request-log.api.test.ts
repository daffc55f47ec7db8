import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverLogger } from '../../src/lib/request-log.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describe('the request log', () => {
  let t: TestApp;
  let written: string[] = [];
  const lines = () => written.map((line) => JSON.parse(line) as LogLine);
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      { logger: { ...serverLogger('info'), stream: { write: (line: string) => written.push(line) } } },
    );
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    written = [];
  });

  it('writes one line per request: what was asked, from where, the status and the time', async () => {
    await t.app.inject({ url: '/api/health' });
    const requestLines = lines().filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('logs refused and unknown requests with their status, and never the session cookie', async () => {
    const cookie = 'coulisses_session=jeton-qui-ne-doit-pas-sortir';
    await t.app.inject({ url: '/api/videos/mine', headers: { cookie } });
    await t.app.inject({ method: 'DELETE', url: '/api/nulle-part' });
    const answered = lines()
      .filter((line) => line.reqId !== undefined)
      .map((line) => [line.msg, line.req?.method, line.req?.url, line.res?.statusCode]);
    expect(answered).toEqual([
      ['request completed', 'GET', '/api/videos/mine', 401],
      ['request completed', 'DELETE', '/api/nulle-part', 404],
    ]);
    expect(written.join('')).not.toContain('jeton-qui-ne-doit-pas-sortir');
  });
});
