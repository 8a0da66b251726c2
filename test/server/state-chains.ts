/**
 * Chains of states that share objects the way drafts make them share:
 * random JSON, then random changes through mutative (objects without a
 * prototype too, as turnchart drafts them). For the encoders that rely on
 * that sharing (reusing-json.ts, state-delta.ts).
 */
import fc from 'fast-check';
import { create, markSimpleObject } from 'mutative';

export const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, 'a"\u2028', -0, 1.5e300),
    fc.string(),
    fc.integer(),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 6 }),
})).object;

/** Steps of a chain: where to change (picks) and the value put there. */
export const steps = fc.array(fc.tuple(fc.array(fc.nat(), { maxLength: 5 }), json), { maxLength: 8 });

/**
 * The next state: `value` put at a place inside `root` that `picks` choose,
 * through a draft. In an array it replaces an item or is pushed; in an
 * object it replaces a value, is added under a new key, or a key is deleted.
 */
export function change(root: any, picks: number[], value: unknown): any {
  return create(
    root,
    (draft: any) => {
      let node = draft;
      for (const pick of picks) {
        const keys = Object.keys(node).filter((key) => node[key] !== null && typeof node[key] === 'object');
        if (keys.length === 0) break;
        node = node[keys[pick % keys.length]];
      }
      const keys = Object.keys(node);
      const how = picks.length % 3;
      if (Array.isArray(node)) {
        if (how === 1 && node.length > 0) node[picks[0] % node.length] = value;
        else node.push(value);
      } else if (how === 2 && keys.length > 0) delete node[keys[keys.length - 1]];
      else node[keys.length > 0 && how === 0 ? keys[0] : `k${picks.length}`] = value;
    },
    { mark: markSimpleObject },
  );
}
