/**
 * The migration of a boardgame.io game file to turnchart: its imports of
 * `boardgame.io`, `boardgame.io/core` and `boardgame.io/client` point at
 * `turnchart/boardgameio`, and nothing else changes.
 */
export const BOARDGAME_IO_IMPORT = /(from\s+)(['"])boardgame\.io(?:\/core|\/client)?\2/g;

export function migrate(source: string): string {
  return source.replace(BOARDGAME_IO_IMPORT, '$1$2turnchart/boardgameio$2');
}
