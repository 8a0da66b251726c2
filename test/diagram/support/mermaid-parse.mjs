/**
 * Parses Mermaid texts with the real `mermaid` package, in a plain Node
 * process: mermaid is ESM-only and needs a DOM (DOMPurify), neither of which
 * jest's CommonJS environment offers. Reads a JSON array of diagram texts on
 * stdin; writes a JSON array of results: { ok, error } plus, for a parsed
 * state diagram, the parser's own view of it: its nodes (id, label,
 * parentId, isGroup) and edges (start, end, label).
 */
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false });

/**
 * Mermaid keeps `#code;` entities as placeholders until it renders; decode
 * them the way its renderer does, so labels compare with the real names.
 */
const decoder = dom.window.document.createElement('textarea');
function decode(text) {
  if (typeof text !== 'string') return text;
  decoder.innerHTML = text.replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';');
  return decoder.value;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = [];
for (const text of JSON.parse(input)) {
  try {
    await mermaid.parse(text);
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const data = diagram.db.getData();
    results.push({
      ok: true,
      type: diagram.type,
      nodes: data.nodes.map((n) => ({
        id: n.id,
        label: decode(n.label),
        parentId: n.parentId,
        isGroup: n.isGroup,
        description: (n.description ?? []).map(decode),
      })),
      edges: data.edges.map((e) => ({ start: e.start, end: e.end, label: decode(e.label) })),
    });
  } catch (error) {
    results.push({ ok: false, error: String(error && error.message ? error.message : error) });
  }
}
process.stdout.write(JSON.stringify(results));
