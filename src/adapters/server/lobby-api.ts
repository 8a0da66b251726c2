/**
 * boardgame.io 0.50's lobby REST API, on Node's own HTTP server: list
 * games, create, list matches, get, join, leave, update a player (and the
 * deprecated rename), play again — same routes, bodies, answers and
 * status codes, and its credential rules. Changes to one match run in that
 * match's queue, so two joins cannot take the same seat. Seats are looked
 * up as own properties only (boardgame.io's `players[playerID]` reads
 * `__proto__`).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Auth } from './credentials';
import { HttpError, readBody } from './http-body';
import type { LiveMatches } from './live-matches';
import { createMatch } from './match-setup';
import { StoreTimeoutError } from './store-timeout';
import type { LobbyMatch, MatchMetadata, PlayerMetadata } from './types';

export interface LobbyOptions {
  matches: LiveMatches;
  auth: Auth;
  gameNames: readonly string[];
  uuid?: () => string;
  bodyLimit?: number;
}

type Handler = (request: IncomingMessage, params: string[], query: URLSearchParams) => Promise<unknown>;

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

export function lobbyRoutes(
  options: LobbyOptions,
): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const { matches, auth, gameNames } = options;
  const uuid = options.uuid ?? defaultUuid;
  const body = (request: IncomingMessage) => readBody(request, options.bodyLimit);

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
    const created = createMatch(bound, { numPlayers, setupData, unlisted });
    if ('error' in created) throw new HttpError(400, created.error);
    const matchID = uuid();
    await matches.run(matchID, () => matches.create(matchID, bound, created));
    return matchID;
  };

  const createRoute: Handler = async (request, [name]) => {
    const input = await body(request);
    if (!gameNames.includes(name)) throw new HttpError(404, `Game ${name} not found`);
    const numPlayers = Number.parseInt(String(input.numPlayers));
    if (input.numPlayers !== undefined && Number.isNaN(numPlayers)) throw new HttpError(400, 'Invalid numPlayers');
    return {
      matchID: await newMatch(name, Number.isNaN(numPlayers) ? undefined : numPlayers, input.setupData, input.unlisted),
    };
  };

  const listRoute: Handler = async (_request, [name], query) => {
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

  const getRoute: Handler = async (_request, [name, matchID]) => {
    const metadata = await found(matchID);
    if (metadata.gameName !== name) throw new HttpError(404, `Match ${matchID} not found`);
    return lobbyMatch(matchID, metadata);
  };

  const joinRoute: Handler = async (request, [, matchID]) => {
    const input = await body(request);
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
      const playerCredentials = String(await auth.generateCredentials(request));
      player.credentials = playerCredentials;
      await matches.commitMetadata(matchID, metadata);
      return { playerID: String(playerID), playerCredentials };
    });
  };

  const leaveRoute: Handler = async (request, [, matchID]) => {
    const input = await body(request);
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

  const playAgainRoute: Handler = async (request, [name, matchID]) => {
    const input = await body(request);
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

  const updateRoute: Handler = async (request, [, matchID]) => {
    const input = await body(request);
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

  const routes: [method: string, pattern: RegExp, handler: Handler][] = [
    ['GET', /^\/games$/, async () => [...gameNames]],
    ['POST', /^\/games\/([^/]+)\/create$/, createRoute],
    ['GET', /^\/games\/([^/]+)$/, listRoute],
    ['GET', /^\/games\/([^/]+)\/([^/]+)$/, getRoute],
    ['POST', /^\/games\/([^/]+)\/([^/]+)\/join$/, joinRoute],
    ['POST', /^\/games\/([^/]+)\/([^/]+)\/leave$/, leaveRoute],
    ['POST', /^\/games\/([^/]+)\/([^/]+)\/playAgain$/, playAgainRoute],
    ['POST', /^\/games\/([^/]+)\/([^/]+)\/update$/, updateRoute],
    ['POST', /^\/games\/([^/]+)\/([^/]+)\/rename$/, updateRoute],
  ];

  /** Answer the request if it is a lobby route; false if it is not one. */
  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://lobby');
    const matching = routes
      .map(([method, pattern, handler]) => ({ method, match: pattern.exec(url.pathname), handler }))
      .filter(({ match }) => match);
    if (matching.length === 0) return false;
    const route = matching.find(
      ({ method }) => method === request.method || (method === 'GET' && request.method === 'HEAD'),
    );
    try {
      if (!route) throw new HttpError(405, 'Method Not Allowed');
      let params: string[];
      try {
        params = route.match!.slice(1).map(decodeURIComponent);
      } catch {
        throw new HttpError(400, 'malformed URL');
      }
      const result = await route.handler(request, params, url.searchParams);
      const json = JSON.stringify(result);
      response.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(json),
      });
      response.end(request.method === 'HEAD' ? undefined : json);
    } catch (error) {
      // A match with too many requests waiting refuses more (live-matches.ts), a store may not answer: 503.
      const busy = (error as { error?: unknown } | null)?.error === 'busy';
      const stuck = error instanceof StoreTimeoutError;
      const status = error instanceof HttpError ? error.status : busy || stuck ? 503 : 500;
      const message =
        error instanceof HttpError
          ? error.message
          : busy
            ? 'Service Unavailable: too many requests for this match'
            : stuck
              ? 'Service Unavailable: the match store did not answer in time'
              : 'Internal Server Error';
      if (stuck) console.error(`turnchart server: lobby request failed: ${error.message}`);
      else if (!(error instanceof HttpError) && !busy) console.error('turnchart server: lobby request failed:', error);
      if (!response.headersSent)
        response.writeHead(status, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': Buffer.byteLength(message),
        });
      response.end(message);
    }
    return true;
  };
}
