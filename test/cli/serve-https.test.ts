/** `turnchart serve --https-cert --https-key`: both files read, or one clear error. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../../src/adapters/cli/cli-error';
import { httpsOf } from '../../src/adapters/cli/commands/serve';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'turnchart-https-'));
  writeFileSync(join(dir, 'cert.pem'), 'CERT');
  writeFileSync(join(dir, 'key.pem'), 'KEY');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('neither flag: plain http', () => {
  expect(httpsOf({}, dir)).toBeUndefined();
});

test('both flags: the files, read relative to the working directory', () => {
  const https = httpsOf({ httpsCert: 'cert.pem', httpsKey: 'key.pem' }, dir)!;
  expect(https.cert.toString()).toBe('CERT');
  expect(https.key.toString()).toBe('KEY');
});

test('one flag alone is refused, naming both', () => {
  expect(() => httpsOf({ httpsCert: 'cert.pem' }, dir)).toThrow(CliError);
  expect(() => httpsOf({ httpsKey: 'key.pem' }, dir)).toThrow(/--https-cert and --https-key/);
});

test('a missing file names the flag and the file', () => {
  expect(() => httpsOf({ httpsCert: 'nope.pem', httpsKey: 'key.pem' }, dir)).toThrow('--https-cert nope.pem: ENOENT');
});
