/**
 * The HTTP side of the server, a Koa app as boardgame.io's: boardgame.io's
 * CORS rule for the lobby's origins (@koa/cors) and its `API_SECRET`
 * check, then the lobby's routes, then the routes users add to
 * `server.router` (a @koa/router router, as boardgame.io hands out). Every
 * failure is answered as http-error.ts says; a path with malformed
 * percent-encoding gets 400.
 */
import cors from '@koa/cors';
import type Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import { httpFailure } from './http-error';
import { isOriginAllowed, type OriginRule } from './origins';

async function answerFailures(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const failure = httpFailure(error, `${ctx.method} ${ctx.path}`);
    if (failure.log) console.error(failure.log);
    ctx.status = failure.status;
    ctx.type = 'text/plain';
    ctx.body = failure.message;
  }
}

async function wellFormedPath(ctx: Context, next: Next): Promise<void> {
  try {
    decodeURIComponent(ctx.path);
  } catch {
    ctx.throw(400, 'malformed URL');
  }
  await next();
}

async function apiSecret(ctx: Context, next: Next): Promise<void> {
  const secret = process.env.API_SECRET;
  if (secret && ctx.get('api-secret') !== secret) ctx.throw(403, 'Invalid API secret');
  await next();
}

export function httpApp(lobby: Router, routes: Router, apiOrigins: OriginRule | undefined): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(answerFailures);
  app.use(wellFormedPath);
  app.use(cors({ origin: (ctx) => (isOriginAllowed(ctx.get('origin'), apiOrigins) ? ctx.get('origin') : '') }));
  app.use(apiSecret);
  app.use(lobby.routes());
  app.use(lobby.allowedMethods());
  // Looked up on each request: routes added after `run()` answer too.
  app.use(routes.routes());
  app.use(routes.allowedMethods());
  return app;
}
