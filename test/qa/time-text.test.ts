import { timeText } from '../../src/adapters/qa/time-text';

test('a remaining time reads as a clock: seconds under a minute, then m:ss.s, then h:mm:ss', () => {
  expect(timeText(0)).toBe('0.0 s');
  expect(timeText(-250)).toBe('0.0 s');
  expect(timeText(8_549)).toBe('8.5 s');
  expect(timeText(59_999)).toBe('59.9 s');
  expect(timeText(60_000)).toBe('1:00.0');
  expect(timeText(179_950)).toBe('2:59.9');
  expect(timeText(3_599_900)).toBe('59:59.9');
  expect(timeText(3_600_000)).toBe('1:00:00');
  expect(timeText(86_399_000)).toBe('23:59:59');
});
