/**
 * What a game's own functions say about its flow, read from their source
 * (`Function.prototype.toString`, parsed with acorn) without running them:
 *
 * - the values a function can return, where every returned expression is a
 *   literal, a conditional of literals or nothing (`({ G }) => (G.round > 3 ?
 *   'scoring' : 'pick')` → `scoring`, `pick`, complete); any other returned
 *   expression makes the set incomplete;
 * - the flow events a function calls (`events.setActivePlayers({ others:
 *   'discard', maxMoves: 1 })`), each with the string literals in its
 *   arguments and the keys of its object arguments.
 *
 * A function whose source cannot be parsed (native, or minified past
 * recognition) reads as returning anything and calling nothing known.
 */
import { parse, type Node } from 'acorn';

/** What a function returns: the literal values found, and whether they are all it can return. */
export interface Returned {
  values: unknown[];
  complete: boolean;
}

/** A flow event a function calls: its name, the strings in its arguments, and its object arguments' keys. */
export interface EventCall {
  event: string;
  strings: string[];
  keys: string[];
  /** Called with at least one argument. */
  withArgs: boolean;
}

const FLOW_EVENTS = new Set([
  'endTurn',
  'pass',
  'endPhase',
  'setPhase',
  'endStage',
  'setStage',
  'setActivePlayers',
  'endGame',
]);

type AnyNode = Node & Record<string, unknown>;

/** The function's syntax tree: its source as an expression, else as an object's method (`next({ G }) { … }`). */
function functionNode(fn: unknown): AnyNode | undefined {
  if (typeof fn !== 'function') return undefined;
  const source = Function.prototype.toString.call(fn);
  for (const text of [`(${source})`, `({${source}})`]) {
    try {
      const program = parse(text, { ecmaVersion: 'latest' }) as unknown as AnyNode;
      const expression = ((program.body as AnyNode[])[0] as AnyNode).expression as AnyNode;
      if (expression.type === 'ObjectExpression')
        return ((expression.properties as AnyNode[])[0] as AnyNode).value as AnyNode;
      return expression;
    } catch {
      // Not this shape: try the next.
    }
  }
  return undefined;
}

/** Every node under `node` (not into nested functions when `shallow`). */
function walk(node: unknown, visit: (node: AnyNode) => void, shallow: boolean, top = true): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit, shallow, false);
    return;
  }
  if (node === null || typeof node !== 'object' || typeof (node as AnyNode).type !== 'string') return;
  const current = node as AnyNode;
  if (!top && shallow && /Function/.test(current.type)) return;
  visit(current);
  for (const [key, value] of Object.entries(current)) if (key !== 'type') walk(value, visit, shallow, false);
}

/** The literal values an expression may have, or undefined when one of them is not a literal. */
function literals(node: AnyNode | null | undefined): unknown[] | undefined {
  if (!node) return [undefined];
  switch (node.type) {
    case 'Literal':
      return [node.value];
    case 'TemplateLiteral':
      return (node.expressions as AnyNode[]).length === 0
        ? [((node.quasis as AnyNode[])[0].value as { cooked: string }).cooked]
        : undefined;
    case 'Identifier':
      return node.name === 'undefined' ? [undefined] : undefined;
    case 'UnaryExpression':
      return node.operator === 'void' ? [undefined] : undefined;
    case 'ConditionalExpression': {
      const yes = literals(node.consequent as AnyNode);
      const no = literals(node.alternate as AnyNode);
      return yes && no ? [...yes, ...no] : undefined;
    }
    case 'ObjectExpression': {
      // `{ next: 'x' }`: an endIf's result, kept as the object of its literal properties.
      const entries: [string, unknown][] = [];
      for (const property of node.properties as AnyNode[]) {
        const key = property.key as AnyNode | undefined;
        const name = key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? key.value : undefined;
        const value = literals(property.value as AnyNode);
        if (typeof name !== 'string' || !value || value.length !== 1) return undefined;
        entries.push([name, value[0]]);
      }
      return [Object.fromEntries(entries)];
    }
    default:
      return undefined;
  }
}

/** The values `fn` can return, as far as its source says. */
export function returnedValues(fn: unknown): Returned {
  const node = functionNode(fn);
  if (!node) return { values: [], complete: false };
  const body = node.body as AnyNode;
  const returned: (AnyNode | null)[] = [];
  if (body.type !== 'BlockStatement') returned.push(body);
  else {
    walk(body, (inner) => inner.type === 'ReturnStatement' && returned.push(inner.argument as AnyNode | null), true);
    // Falling off the end returns undefined.
    returned.push(null);
  }
  const values: unknown[] = [];
  let complete = true;
  for (const expression of returned) {
    const found = literals(expression);
    if (found) values.push(...found);
    else {
      complete = false;
      // Literals inside an expression that is not all literals (`x ?? 'pick'`) are still possible values.
      walk(
        expression,
        (inner) => inner.type === 'Literal' && typeof inner.value === 'string' && values.push(inner.value),
        true,
      );
    }
  }
  return { values: [...new Set(values)], complete };
}

/** The flow events `fn` calls (`events.endTurn()`, `setStage('x')` after destructuring), in source order. */
export function eventCalls(fn: unknown): EventCall[] {
  const node = functionNode(fn);
  if (!node) return [];
  const calls: EventCall[] = [];
  walk(
    node,
    (inner) => {
      if (inner.type !== 'CallExpression') return;
      const callee = inner.callee as AnyNode;
      const name =
        callee.type === 'Identifier'
          ? callee.name
          : callee.type === 'MemberExpression' && (callee.property as AnyNode).type === 'Identifier'
            ? (callee.property as AnyNode).name
            : undefined;
      if (typeof name !== 'string' || !FLOW_EVENTS.has(name)) return;
      const strings: string[] = [];
      const keys: string[] = [];
      const args = inner.arguments as AnyNode[];
      walk(
        args,
        (part) => {
          if (part.type === 'Literal' && typeof part.value === 'string') strings.push(part.value);
          if (part.type === 'TemplateLiteral' && (part.expressions as AnyNode[]).length === 0)
            strings.push(((part.quasis as AnyNode[])[0].value as { cooked: string }).cooked);
          if (part.type === 'Property' && !part.computed && (part.key as AnyNode).type === 'Identifier')
            keys.push((part.key as AnyNode).name as string);
        },
        false,
      );
      calls.push({ event: name, strings, keys, withArgs: args.length > 0 });
    },
    false,
  );
  return calls;
}
