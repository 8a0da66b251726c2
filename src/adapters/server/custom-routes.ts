/**
 * Routes of the server's users beside the lobby's (boardgame.io exposes its
 * Koa router as `server.router` for the same purpose): `server.router.get(
 * '/leaderboard/:game', handler)`. Handlers take Node's request and
 * response and the path's parameters; a handler that returns a value
 * without answering gets it sent as JSON. They run behind the lobby's CORS
 * and API_SECRET checks, after the lobby's own routes, as boardgame.io's
 * routes added to its router do.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http-body';

export type RouteHandler = (request: IncomingMessage, response: ServerResponse, params: Record<string, string>) => unknown;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | '*';

interface Route {
  method: Method;
  pattern: RegExp;
  names: string[];
  handler: RouteHandler;
}

/** `/a/:b/c` as a RegExp of whole paths, and its parameters' names. */
function compile(path: string): { pattern: RegExp; names: string[] } {
  if (!path.startsWith('/')) throw new TypeError(`a route's path starts with "/": ${JSON.stringify(path)}`);
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const name = segment.slice(1);
      if (!/^[A-Za-z_$][\w$]*$/.test(name) || names.includes(name)) throw new TypeError(`bad parameter ${JSON.stringify(segment)} in route ${JSON.stringify(path)}`);
      names.push(name);
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

export class Router {
  private readonly routes: Route[] = [];

  get = (path: string, handler: RouteHandler): this => this.add('GET', path, handler);
  post = (path: string, handler: RouteHandler): this => this.add('POST', path, handler);
  put = (path: string, handler: RouteHandler): this => this.add('PUT', path, handler);
  patch = (path: string, handler: RouteHandler): this => this.add('PATCH', path, handler);
  delete = (path: string, handler: RouteHandler): this => this.add('DELETE', path, handler);
  /** Every method. */
  all = (path: string, handler: RouteHandler): this => this.add('*', path, handler);

  private add(method: Method, path: string, handler: RouteHandler): this {
    if (typeof handler !== 'function') throw new TypeError(`the handler of ${method} ${path} is not a function`);
    this.routes.push({ method, ...compile(path), handler });
    return this;
  }

  /** Answer the request if a route's path matches it; false if none does. */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const path = new URL(request.url ?? '/', 'http://server').pathname;
    const matching = this.routes.filter((route) => route.pattern.test(path));
    if (matching.length === 0) return false;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = matching.find((candidate) => candidate.method === '*' || candidate.method === method);
    try {
      if (!route) throw new HttpError(405, 'Method Not Allowed');
      const values = route.pattern.exec(path)!.slice(1);
      const params: Record<string, string> = Object.create(null);
      try {
        route.names.forEach((name, i) => (params[name] = decodeURIComponent(values[i])));
      } catch {
        throw new HttpError(400, 'malformed URL');
      }
      const result = await route.handler(request, response, params);
      if (!response.writableEnded && !response.headersSent) {
        const json = result === undefined ? '' : JSON.stringify(result);
        response.writeHead(
          result === undefined ? 204 : 200,
          result === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) },
        );
        response.end(request.method === 'HEAD' ? undefined : json);
      }
    } catch (error) {
      const known = error instanceof HttpError;
      if (!known) console.error(`turnchart server: route ${request.method} ${path} failed:`, error);
      const message = known ? error.message : 'Internal Server Error';
      if (response.headersSent) {
        response.end();
      } else {
        response.writeHead(known ? error.status : 500, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(message) });
        response.end(message);
      }
    }
    return true;
  }
}
