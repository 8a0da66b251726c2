/**
 * Runs the real Mermaid parser (mermaid-parse.mjs, in its own Node process)
 * on diagram texts and returns what the parser made of each.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { HUNG_MS } from '../../support/hung';

export interface ParsedNode {
  id: string;
  label: string;
  parentId?: string;
  isGroup: boolean;
  description: string[];
}

export interface ParsedEdge {
  start: string;
  end: string;
  label: string;
}

export type ParseResult =
  { ok: true; type: string; nodes: ParsedNode[]; edges: ParsedEdge[] } | { ok: false; error: string };

export function parseMermaid(texts: string[]): ParseResult[] {
  const result = spawnSync(process.execPath, [join(__dirname, 'mermaid-parse.mjs')], {
    input: JSON.stringify(texts),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: HUNG_MS,
  });
  if (result.status !== 0) throw new Error(`mermaid parser process failed: ${result.stderr || result.error}`);
  return JSON.parse(result.stdout) as ParseResult[];
}
