import { createGameMachine } from 'turnchart';
import { largeFlow } from '../bench/large-flow';
test('build', () => {
  for (let i = 0; i < 20; i++) createGameMachine(largeFlow(), { numPlayers: 6 });
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) createGameMachine(largeFlow(), { numPlayers: 6 });
  console.log('ms per build', (performance.now() - t0) / 50);
});
