/**
 * The part of better-sqlite3 the store uses, and its loading. better-sqlite3
 * is an optional peer dependency (a native addon: a prebuilt binary, or
 * built from source at install), added by projects that serve on the SQLite
 * default; without it, only the SQLite store says what to install.
 */
import { createRequire } from 'node:module';
import { loadPeer } from './optional-peer';

export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as the database driver returns it (pg and better-sqlite3 type it so): columns by name
  get(...params: unknown[]): any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as the database driver returns it (pg and better-sqlite3 type it so): columns by name
  all(...params: unknown[]): any[];
}

export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  pragma(sql: string, options?: { simple?: boolean }): unknown;
  close(): void;
  readonly inTransaction: boolean;
}

export type SqliteDatabaseClass = new (file: string, options?: { timeout?: number }) => SqliteDatabase;

export const loadSqlite = (): Promise<SqliteDatabaseClass> =>
  loadPeer<SqliteDatabaseClass>('better-sqlite3', "turnchart/server's SQLite store (its default)");

/** Where better-sqlite3 is, for a worker thread to load it (from this module's own place). */
export function sqliteModulePath(): string {
  const base = typeof __filename === 'string' ? __filename : import.meta.url;
  return createRequire(base).resolve('better-sqlite3');
}
