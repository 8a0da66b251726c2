/**
 * turnchart/server: an authoritative match server that boardgame.io 0.50's
 * own clients (`SocketIO` multiplayer, `LobbyClient`) use unchanged, with
 * turnchart's engine and a SQLite store.
 */
export { Server, portOf } from './server';
export type { ServerOptions, RunConfig, RunningServers, TurnchartServer } from './server';
export type { MatchClock } from '../boardgameio/master/match-deadlines';
export { SqliteStore, defaultDatabaseFile } from './sqlite-store';
export type { SqliteStoreOptions } from './sqlite-store';
export { MemoryStore } from '../boardgameio/master/memory-store';
export { PostgresStore } from './postgres-store';
export type { PostgresStoreOptions } from './postgres-store';
export { RedisBus } from './redis-bus';
export type { RedisBusOptions } from './redis-bus';
export type { MatchBus, BusHandlers } from './match-bus';
export { MatchExistsError, StaleVersionError } from './versioned-store';
export type { VersionedStore, VersionedMatch } from './versioned-store';
export { MissingPeerError } from './optional-peer';
export { BoardgameioStorage } from './boardgameio-storage';
export type { BoardgameioStorageAPI } from './boardgameio-storage';
export { StaleStateError } from '../boardgameio/master/match-store';
export { StoreTimeoutError } from './store-timeout';
export type {
  MatchStore,
  StoredMatch,
  StateWrite,
  ListMatchesOptions,
  MatchDeadline,
} from '../boardgameio/master/match-store';
export type { StoredState } from '../boardgameio/master/match-snapshot';
export { HttpError } from './http-error';
export { Origins } from './origins';
export type { OriginRule } from './origins';
export type {
  MatchMetadata,
  PlayerMetadata,
  FilteredMetadata,
  SyncInfo,
  ChatMessage,
  LobbyMatch,
  ServerGame,
  AuthenticateCredentials,
  GenerateCredentials,
} from '../boardgameio/master/types';
