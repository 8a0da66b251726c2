/**
 * Reading a lobby request's body: JSON or a URL-encoded form (what
 * boardgame.io's koa-body accepted), at most `limit` bytes, parsed into a
 * plain object. Anything else is an HttpError the router answers with.
 */
import type { IncomingMessage } from 'node:http';
import { isPlainJson } from './message-guards';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const DEFAULT_BODY_LIMIT = 100_000;

function readRaw(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new HttpError(413, 'request body too large'));
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, 'request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => reject(new HttpError(400, 'request body could not be read')));
  });
}

/** The body as a plain object (`{}` when empty). */
export async function readBody(request: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Record<string, unknown>> {
  const raw = await readRaw(request, limit);
  if (raw.trim() === '') return {};
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  let body: unknown;
  if (type === 'application/x-www-form-urlencoded') {
    body = Object.fromEntries(new URLSearchParams(raw));
  } else {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new HttpError(400, 'request body must be JSON');
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !isPlainJson(body))
    throw new HttpError(400, 'request body must be a JSON object');
  return body as Record<string, unknown>;
}
