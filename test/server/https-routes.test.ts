/**
 * The `https` option and routes of one's own (boardgame.io's `https` and
 * `server.router`): boardgame.io's client plays over HTTPS and a secure
 * WebSocket with a certificate made for the test by the openssl binary (the
 * HTTPS test is skipped where there is none: Node cannot make
 * certificates); custom routes answer beside the lobby, with their
 * parameters, bodies, errors and the lobby's API_SECRET rule.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:https';
import { join } from 'node:path';
import * as turnchart from 'turnchart/boardgameio';
import { HttpError, portOf, Server } from 'turnchart/server';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import {
  bgioClient,
  bgioCore,
  bgioMultiplayer,
  removeDir,
  silenceConsole,
  startServer,
  tempDir,
  waitFor,
} from './support';

silenceConsole();

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

/** A self-signed certificate for 127.0.0.1, valid for a day. */
function selfSigned(dir: string): { cert: Buffer; key: Buffer } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(cert), key: readFileSync(key) };
}

function httpsGet(url: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { ca }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    }).on('error', reject);
  });
}

(hasOpenssl ? test : test.skip)(
  "boardgame.io's client plays over HTTPS, and the lobby and custom routes answer there",
  async () => {
    const dir = tempDir();
    const tls = selfSigned(dir);
    const running = await startServer({ games: [ticTacToe(turnchart as any)], https: tls }, dir);
    running.server.router.get('/status', (ctx) => {
      ctx.body = { secure: true };
    });
    const url = `https://127.0.0.1:${running.port}`;
    try {
      expect(await httpsGet(`${url}/games`, tls.cert)).toEqual({ status: 200, body: '["tic-tac-toe"]' });
      expect(await httpsGet(`${url}/status`, tls.cert)).toEqual({ status: 200, body: '{"secure":true}' });
      const seat = (playerID: string) => {
        const multiplayer = bgioMultiplayer.SocketIO({
          server: url,
          socketOpts: { transports: ['websocket'], reconnection: false, ca: tls.cert },
        });
        const client = bgioClient.Client({
          game: ticTacToe(bgioCore),
          multiplayer,
          matchID: 'secure',
          playerID,
          debug: false,
        });
        client.start();
        return client;
      };
      const [a, b] = [seat('0'), seat('1')];
      await waitFor(() => a.getState() && b.getState(), 'sync over wss');
      a.moves.clickCell(4);
      await waitFor(() => b.getState().G.cells[4] === '0', 'the move reaches the other seat');
      a.stop();
      b.stop();
    } finally {
      await running.stop();
      removeDir(dir);
    }
  },
);

test('custom routes answer beside the lobby, with parameters, bodies and errors', async () => {
  const running = await startServer({ games: [ticTacToe(turnchart as any)] });
  const { router } = running.server;
  router
    .get('/hello/:name', (ctx) => {
      ctx.body = { hello: ctx.params.name };
    })
    .post('/echo', async (ctx) => {
      let body = '';
      for await (const chunk of ctx.req) body += chunk;
      ctx.status = 201;
      ctx.type = 'text/plain';
      ctx.body = body.toUpperCase();
    })
    .get('/boom', () => {
      throw new Error('boom');
    })
    .get('/teapot', () => {
      throw new HttpError(418, 'short and stout');
    })
    .get('/koa-throw', (ctx) => ctx.throw(409, 'taken'));
  const call = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${running.url}${path}`, init);
    return { status: response.status, body: await response.text() };
  };
  try {
    expect(await call('/hello/ada%20l')).toEqual({ status: 200, body: '{"hello":"ada l"}' });
    expect(await call('/echo', { method: 'POST', body: 'quiet' })).toEqual({ status: 201, body: 'QUIET' });
    expect((await call('/echo')).status).toBe(405);
    expect(await call('/boom')).toEqual({ status: 500, body: 'Internal Server Error' });
    expect(await call('/teapot')).toEqual({ status: 418, body: 'short and stout' });
    expect(await call('/koa-throw')).toEqual({ status: 409, body: 'taken' });
    expect((await call('/hello/%E0%A4%A')).status).toBe(400);
    expect((await call('/nowhere')).status).toBe(404);
    expect(await call('/games')).toEqual({ status: 200, body: '["tic-tac-toe"]' });
    // Added while the server runs: routes are looked up on each request.
    router.all('/late', (ctx) => {
      ctx.body = { method: ctx.method };
    });
    expect(await call('/late', { method: 'PUT' })).toEqual({ status: 200, body: '{"method":"PUT"}' });
    process.env.API_SECRET = 'sesame';
    try {
      expect((await call('/hello/x')).status).toBe(403);
      expect((await call('/hello/x', { headers: { 'api-secret': 'sesame' } })).status).toBe(200);
    } finally {
      delete process.env.API_SECRET;
    }
  } finally {
    await running.stop();
    removeDir(running.dir);
  }
});

test("middleware added to `server.app` before run() is served after the routes, as boardgame.io's", async () => {
  const server = Server({ games: [ticTacToe(turnchart as any)], db: ':memory:', origins: [] });
  server.app.use((ctx) => {
    if (ctx.path === '/fallback') ctx.body = 'fallback';
  });
  const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${portOf(appServer)}`;
  try {
    const fallback = await fetch(`${url}/fallback`);
    expect({ status: fallback.status, body: await fallback.text() }).toEqual({ status: 200, body: 'fallback' });
    expect(await (await fetch(`${url}/games`)).json()).toEqual(['tic-tac-toe']);
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
  } finally {
    await server.kill();
  }
});
