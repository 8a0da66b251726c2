import { RequestMemo } from '../src/machines/chart/request-memo';

test('a request memo answers for the same event and context only, and keeps the last four events', () => {
  const memo = new RequestMemo<object, object, string>();
  const [c1, c2] = [{}, {}];
  const events = Array.from({ length: 5 }, () => ({}));
  memo.set(c1, events[0], 'a');
  expect(memo.get(c1, events[0])).toBe('a');
  expect(memo.get(c2, events[0])).toBeUndefined();
  expect(memo.get(c1, {})).toBeUndefined();
  // The same event in a new context replaces its entry.
  memo.set(c2, events[0], 'b');
  expect(memo.get(c1, events[0])).toBeUndefined();
  expect(memo.get(c2, events[0])).toBe('b');
  for (let i = 1; i < 5; i++) memo.set(c1, events[i], `e${i}`);
  expect(memo.get(c2, events[0])).toBeUndefined();
  expect([1, 2, 3, 4].map((i) => memo.get(c1, events[i]))).toEqual(['e1', 'e2', 'e3', 'e4']);
});
