/**
 * The inspector page's connections, in a real browser: the Stately
 * inspection stream it gets and hands to Stately Inspector (or says
 * stately.ai cannot be reached), the --stately bridge page, and a socket
 * that takes only its own page. The page itself: inspector-page.test.ts.
 */
import { createServer, type AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { describeInBrowser, standInForStately, useInspectorBrowser, waitForPosition } from './support/inspector-page';

describeInBrowser('test/inspect/inspector-connections.test.ts')('inspector page (Chromium)', () => {
  const ui = useInspectorBrowser();

  test('the page gets the Stately inspection stream (@xstate.actor, @xstate.event, @xstate.snapshot) and hands the same events to Stately Inspector', async () => {
    const { page, server } = await ui.openDiscard('page-stream');
    await page.click('button[data-type="move.playCard"][data-player="0"]');
    await waitForPosition(page, 1, 1);
    const stream = (await (await fetch(`${server.url}stream.json`)).json()) as {
      type: string;
      event?: { type: string };
      _version?: string;
    }[];
    const stately = stream.filter((message) => message.type.startsWith('@xstate.'));
    expect(new Set(stately.map((message) => message.type))).toEqual(
      new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot']),
    );
    expect(stately.every((message) => typeof message._version === 'string')).toBe(true);
    expect(stately.filter((message) => message.type === '@xstate.event').map((message) => message.event!.type)).toEqual(
      ['xstate.init', 'move.playCard'],
    );

    // "Stately Inspector ↗" hands the same events to Stately's window (createBrowserInspector); a local stand-in plays stately.ai here.
    const unroute = await standInForStately(ui.context, 'opener');
    const [popup] = await Promise.all([ui.context.waitForEvent('page'), page.click('#stately')]);
    // The popup opens on about:blank before the stand-in's page (and its `received`) is there.
    await popup.waitForFunction(
      (count) => ((window as unknown as { received?: unknown[] }).received?.length ?? 0) >= count,
      stately.length,
    );
    const seen = (await popup.evaluate(
      () => (window as unknown as { received: unknown[] }).received,
    )) as typeof stately;
    const summary = (events: typeof stately) =>
      events.map((e) => `${e.type} ${(e as { sessionId?: string }).sessionId} ${e.event?.type ?? ''}`);
    expect(summary(seen)).toEqual(summary(stately));
    await popup.close();
    await unroute();
  });

  test('offline, "Stately Inspector ↗" says stately.ai cannot be reached, in its window and on the page', async () => {
    const { page } = await ui.openDiscard('page-offline');
    await ui.context.route('https://stately.ai/**', (route) => route.abort('internetdisconnected'));
    try {
      const [popup] = await Promise.all([ui.context.waitForEvent('page'), page.click('#stately')]);
      await popup.waitForFunction(() => document.title === 'Stately Inspector cannot be reached');
      expect(await popup.textContent('h1')).toBe('Stately Inspector cannot be reached');
      await page.waitForSelector('#banner:not([hidden])');
      expect(await page.textContent('#banner .text')).toMatch(
        /^Stately Inspector: https:\/\/stately\.ai\/inspect cannot be reached/,
      );
      await popup.close();
    } finally {
      await ui.context.unroute('https://stately.ai/**');
    }
  });

  test('--stately: the bridge page relays the match to Stately Inspector, or says stately.ai cannot be reached', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const server = await ui.start([
      'examples/discard/game.ts',
      '--players',
      '4',
      '--seed',
      'bridge',
      '--stately',
      String(free),
    ]);
    expect(server.output()).toContain(`http://localhost:${free}/`);
    const bridge = await ui.context.newPage();
    try {
      await ui.context.route('https://stately.ai/**', (route) => route.abort('internetdisconnected'));
      await bridge.goto(`http://localhost:${free}/`);
      await bridge.waitForSelector('h1');
      expect(await bridge.textContent('h1')).toBe('Stately Inspector cannot be reached');
      expect(await bridge.$('iframe')).toBeNull();
      await ui.context.unroute('https://stately.ai/**');

      // Online (a local stand-in plays stately.ai): the frame says it is connected and gets the match's events.
      await standInForStately(ui.context, 'parent');
      await bridge.reload();
      const frame = await (await bridge.waitForSelector('iframe')).contentFrame();
      await frame!.waitForFunction(() =>
        (window as unknown as { received: { type: string }[] }).received.some((e) => e.type === '@xstate.snapshot'),
      );
    } finally {
      await ui.context.unroute('https://stately.ai/**');
      await bridge.close();
    }
  });

  test('the socket takes only its own page (or a non-browser client), not another site open in the browser', async () => {
    const server = await ui.start(['examples/discard/game.ts', '--players', '4', '--seed', 'origin']);
    const socketUrl = `${server.url.replace('http:', 'ws:')}ws`;
    const attempt = (origin?: string) =>
      new Promise<string>((done) => {
        const socket = new WebSocket(socketUrl, origin ? { origin } : {});
        socket.once('message', (data) => {
          done(JSON.parse(String(data)).type);
          socket.close();
        });
        socket.once('unexpected-response', (_request, response) => done(`refused ${response.statusCode}`));
        socket.once('error', (error) => done(`error ${error.message}`));
      });
    expect(await attempt('http://evil.example')).toBe('refused 401');
    expect(await attempt(server.url.replace(/\/$/, ''))).toBe('turnchart.match');
    expect(await attempt()).toBe('turnchart.match');
  });
});
