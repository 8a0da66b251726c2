/**
 * boardgame.io's `PlayerView.STRIP_SECRETS` in the legacy signature
 * `(G, ctx, playerID)`: drops `G.secret` and every entry of `G.players` but
 * the viewer's.
 */
type Loose = Record<string, any>;

export const PlayerView = {
  STRIP_SECRETS: (G: Loose, _ctx: unknown, playerID: string | null | undefined): Loose => {
    const view: Loose = { ...G };
    delete view.secret;
    if (view.players)
      view.players =
        playerID !== null && playerID !== undefined && playerID !== '' ? { [playerID]: view.players[playerID] } : {};
    return view;
  },
};
