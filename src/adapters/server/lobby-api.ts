/**
 * boardgame.io 0.50's lobby REST API as a @koa/router router: list games,
 * create, list matches, get, join, leave, update a player (and the
 * deprecated rename), play again — same routes, bodies (JSON or URL-encoded
 * forms, as koa-body took them in boardgame.io), answers and status codes,
 * and its credential rules. Changes to one match run in that match's queue,
 * so two joins cannot take the same seat. Seats are looked up as own
 * properties only (boardgame.io's `players[playerID]` reads `__proto__`).
 */
import { randomBytes } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Auth } from '../boardgameio/master/credentials';
import { HttpError } from './http-error';
import type { LiveMatches } from '../boardgameio/master/live-matches';
import { createMatch } from '../boardgameio/master/match-setup';
import { isPlainJson } from '../boardgameio/master/message-guards';
import type { LobbyMatch, MatchMetadata, PlayerMetadata } from '../boardgameio/master/types';

export interface LobbyOptions {
  matches: LiveMatches;
  auth: Auth;
  gameNames: readonly string[];
  uuid?: () => string;
  bodyLimit?: number;
  /** The server's clock: a new match of a game with time limits starts at its time. */
  now?: () => number;
}

/** The largest lobby request body, in bytes. */
export const DEFAULT_BODY_LIMIT = 100_000;

type Handler = (ctx: Context, body: Record<string, unknown>) => Promise<unknown>;

const defaultUuid = () => randomBytes(9).toString('base64url').slice(0, 11);

function lobbyMatch(matchID: string, metadata: MatchMetadata): LobbyMatch {
  return {
    ...metadata,
    matchID,
    players: Object.values(metadata.players).map(({ credentials: _credentials, ...seat }) => seat),
  };
}

function seat(metadata: MatchMetadata, playerID: unknown): PlayerMetadata | undefined {
  const key = typeof playerID === 'number' ? String(playerID) : playerID;
  if (typeof key !== 'string' || !Object.prototype.hasOwnProperty.call(metadata.players, key)) return undefined;
  return metadata.players[key as unknown as number];
}

const positive = (value: string | null) => {
  const parsed = value ? Number.parseInt(value, 10) : NaN;
  return parsed > 0 ? parsed : undefined;
};

/** The request body (parsed by @koa/bodyparser) as a plain JSON object, `{}` when there is none. */
function plainBody(ctx: Context): Record<string, unknown> {
  const body: unknown = (ctx.request as { body?: unknown }).body ?? {};
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !isPlainJson(body))
    throw new HttpError(400, 'request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function lobbyRouter(options: LobbyOptions): Router {
  const { matches, auth, gameNames } = options;
  const uuid = options.uuid ?? defaultUuid;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const parseBody = bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: limit,
    formLimit: limit,
    onError: (error) => {
      if ((error as { status?: unknown }).status === 413) throw new HttpError(413, 'request body too large');
      throw new HttpError(400, 'request body must be JSON or a URL-encoded form');
    },
  });

  const found = async (matchID: string): Promise<MatchMetadata> => {
    const metadata = await matches.metadata(matchID);
    if (!metadata) throw new HttpError(404, `Match ${matchID} not found`);
    return structuredClone(metadata);
  };
  const authorized = async (metadata: MatchMetadata, playerID: unknown, credentials: unknown) => {
    if (!(await auth.authenticate(metadata, typeof playerID === 'number' ? String(playerID) : playerID, credentials))) {
      throw new HttpError(403, `Invalid credentials ${String(credentials)}`);
    }
  };
  const newMatch = async (
    gameName: string,
    numPlayers: number | undefined,
    setupData: unknown,
    unlisted: unknown,
  ): Promise<string> => {
    const bound = matches.gameNamed(gameName);
    if (!bound) throw new HttpError(404, `Game ${gameName} not found`);
    const created = createMatch(bound, { numPlayers, setupData, unlisted, now: (options.now ?? Date.now)() });
    if ('error' in created) throw new HttpError(400, created.error);
    const matchID = uuid();
    await matches.run(matchID, () => matches.create(matchID, bound, created));
    return matchID;
  };

  const createRoute: Handler = async (ctx, input) => {
    const { name } = ctx.params;
    if (!gameNames.includes(name)) throw new HttpError(404, `Game ${name} not found`);
    const numPlayers = Number.parseInt(String(input.numPlayers));
    if (input.numPlayers !== undefined && Number.isNaN(numPlayers)) throw new HttpError(400, 'Invalid numPlayers');
    return {
      matchID: await newMatch(name, Number.isNaN(numPlayers) ? undefined : numPlayers, input.setupData, input.unlisted),
    };
  };

  const listRoute: Handler = async (ctx) => {
    const { name } = ctx.params;
    const query = new URLSearchParams(ctx.querystring);
    const flag = query.get('isGameover')?.toLowerCase();
    const where = {
      isGameover: flag === 'true' ? true : flag === 'false' ? false : undefined,
      updatedBefore: positive(query.get('updatedBefore')),
      updatedAfter: positive(query.get('updatedAfter')),
    };
    const list: LobbyMatch[] = [];
    for (const matchID of await matches.store.listMatches({ gameName: name, where })) {
      const metadata = await matches.metadata(matchID);
      if (metadata && !metadata.unlisted) list.push(lobbyMatch(matchID, metadata));
    }
    return { matches: list };
  };

  const getRoute: Handler = async (ctx) => {
    const { name, matchID } = ctx.params;
    const metadata = await found(matchID);
    if (metadata.gameName !== name) throw new HttpError(404, `Match ${matchID} not found`);
    return lobbyMatch(matchID, metadata);
  };

  const joinRoute: Handler = async (ctx, input) => {
    const { matchID } = ctx.params;
    if (!input.playerName || typeof input.playerName !== 'string') throw new HttpError(403, 'playerName is required');
    return matches.run(matchID, async () => {
      const metadata = await found(matchID);
      let playerID = input.playerID;
      if (playerID === undefined || playerID === null) {
        playerID = Object.keys(metadata.players).find(
          (id) =>
            metadata.players[id as unknown as number].name === undefined ||
            metadata.players[id as unknown as number].name === null,
        );
        if (playerID === undefined)
          throw new HttpError(
            409,
            `Match ${matchID} reached maximum number of players (${Object.keys(metadata.players).length})`,
          );
      }
      const player = seat(metadata, playerID);
      if (!player) throw new HttpError(404, `Player ${String(playerID)} not found`);
      if (player.name) throw new HttpError(409, `Player ${String(playerID)} not available`);
      if (input.data) player.data = input.data;
      player.name = input.playerName as string;
      const playerCredentials = String(await auth.generateCredentials(ctx.req));
      player.credentials = playerCredentials;
      await matches.commitMetadata(matchID, metadata);
      return { playerID: String(playerID), playerCredentials };
    });
  };

  const leaveRoute: Handler = async (ctx, input) => {
    const { matchID } = ctx.params;
    return matches.run(matchID, async () => {
      if (input.playerID === undefined || input.playerID === null) throw new HttpError(403, 'playerID is required');
      const metadata = await found(matchID);
      const player = seat(metadata, input.playerID);
      if (!player) throw new HttpError(404, `Player ${String(input.playerID)} not found`);
      await authorized(metadata, input.playerID, input.credentials);
      delete player.name;
      delete player.credentials;
      const hasPlayers = Object.values(metadata.players).some(({ name }) => name);
      await (hasPlayers ? matches.commitMetadata(matchID, metadata) : matches.wipe(matchID));
      return {};
    });
  };

  const playAgainRoute: Handler = async (ctx, input) => {
    const { name, matchID } = ctx.params;
    return matches.run(matchID, async () => {
      if (input.playerID === undefined || input.playerID === null) throw new HttpError(403, 'playerID is required');
      const metadata = await found(matchID);
      if (!seat(metadata, input.playerID)) throw new HttpError(404, `Player ${String(input.playerID)} not found`);
      await authorized(metadata, input.playerID, input.credentials);
      if (metadata.nextMatchID) return { nextMatchID: metadata.nextMatchID };
      const numPlayers = Number.parseInt(String(input.numPlayers)) || Object.keys(metadata.players).length;
      const nextMatchID = await newMatch(name, numPlayers, input.setupData || metadata.setupData, input.unlisted);
      metadata.nextMatchID = nextMatchID;
      await matches.commitMetadata(matchID, metadata);
      return { nextMatchID };
    });
  };

  const updateRoute: Handler = async (ctx, input) => {
    const { matchID } = ctx.params;
    return matches.run(matchID, async () => {
      const { playerID, credentials, newName, data } = input;
      if (playerID === undefined) throw new HttpError(403, 'playerID is required');
      if (data === undefined && !newName) throw new HttpError(403, 'newName or data is required');
      if (newName && typeof newName !== 'string')
        throw new HttpError(403, `newName must be a string, got ${typeof newName}`);
      const metadata = await found(matchID);
      const player = seat(metadata, playerID);
      if (!player) throw new HttpError(404, `Player ${String(playerID)} not found`);
      await authorized(metadata, playerID, credentials);
      if (newName) player.name = newName as string;
      if (data) player.data = data;
      await matches.commitMetadata(matchID, metadata);
      return {};
    });
  };

  /** A route's handler: its result is the JSON answer. */
  const answer =
    (handler: Handler) =>
    async (ctx: Context): Promise<void> => {
      ctx.body = await handler(ctx, ctx.method === 'POST' ? plainBody(ctx) : {});
    };
  const posted = (handler: Handler) => [(ctx: Context, next: Next) => parseBody(ctx, next), answer(handler)];

  return new Router()
    .get(
      '/games',
      answer(async () => [...gameNames]),
    )
    .post('/games/:name/create', ...posted(createRoute))
    .get('/games/:name', answer(listRoute))
    .get('/games/:name/:matchID', answer(getRoute))
    .post('/games/:name/:matchID/join', ...posted(joinRoute))
    .post('/games/:name/:matchID/leave', ...posted(leaveRoute))
    .post('/games/:name/:matchID/playAgain', ...posted(playAgainRoute))
    .post('/games/:name/:matchID/update', ...posted(updateRoute))
    .post('/games/:name/:matchID/rename', ...posted(updateRoute));
}
