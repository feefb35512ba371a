/**
 * npm run lint:openapi — the API document as a client generator sees it (issue 13 §6):
 * 1. builds the app in process on an empty embedded database and takes /api/docs/json;
 * 2. lints it with Redocly's `recommended` rules: any error fails the run;
 * 3. generates TypeScript types from it with openapi-typescript and type-checks client-check.ts,
 *    a few of the web's own calls written against those types, with the repository's compiler.
 * Everything is written to a temporary folder, removed at the end (KEEP_OPENAPI_TMP=1 keeps it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp } from '../../apps/api/src/test/test-app.ts';

const root = join(import.meta.dirname, '../..');
const fromRoot = createRequire(join(root, 'package.json'));

/**
 * Warnings accepted with a reason; any other warning is printed for someone to fix. (Errors are
 * never accepted.) Pointers are Redocly's, as `redocly lint --generate-ignore-file` writes them.
 */
const ACCEPTED: Array<{ rule: string; pointer: string; why: string }> = [
  { rule: 'info-license', pointer: '#/info', why: 'a private product: the API is offered under no licence, and naming one would be wrong' },
  {
    rule: 'no-server-example.com',
    pointer: '#/servers/0/url',
    why: 'the server is PUBLIC_URL, which is localhost only where the document is built locally, as here',
  },
  {
    rule: 'operation-2xx-response',
    pointer: '#/paths/~1api~1auth~1social~1{provider}~1authorize/get/responses',
    why: "a browser navigation whose success is the 302 to the provider's sign-in page",
  },
  {
    rule: 'operation-2xx-response',
    pointer: '#/paths/~1api~1auth~1social~1apple~1callback/post/responses',
    why: "Apple's form post through the browser, whose answer is always the 303 to the web's callback page",
  },
];

class StepFailed extends Error {}

function run(step: string, command: string, args: string[], cwd: string): void {
  console.log(`\n== ${step}`);
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd,
    stdio: 'inherit',
    // No telemetry and no update check: CI reaches no network but the package registry.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.status !== 0) throw new StepFailed(step);
}

async function apiDocument(): Promise<Record<string, unknown>> {
  // The document of a local run (`npm start`): every route that a server may document, the
  // development ones included.
  const t = await createTestApp({ seed: false });
  try {
    const res = await t.app.inject('/api/docs/json');
    if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
    return res.json() as Record<string, unknown>;
  } finally {
    await t.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'beesang-openapi-'));
try {
  const document = await apiDocument();
  writeFileSync(join(dir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  // One key per rule: YAML refuses a key given twice.
  const rules = [...new Set(ACCEPTED.map((a) => a.rule))];
  const ignored = rules
    .map(
      (rule) =>
        `  ${rule}:\n${ACCEPTED.filter((a) => a.rule === rule)
          .map((a) => `    # ${a.why}\n    - '${a.pointer}'\n`)
          .join('')}`,
    )
    .join('');
  writeFileSync(join(dir, '.redocly.lint-ignore.yaml'), `openapi.json:\n${ignored}`);

  const redocly = fromRoot.resolve('@redocly/cli/bin/cli.js');
  run('redocly lint --extends recommended', redocly, ['lint', 'openapi.json', '--extends', 'recommended', '--max-problems', '200'], dir);

  console.log('\n== openapi-typescript');
  const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true }));
  writeFileSync(join(dir, 'api.d.ts'), types);
  // The calls are checked with the repository's TypeScript (7); openapi-typescript brings its own 5.
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, 'tsconfig.base.json'),
      compilerOptions: { lib: ['ES2023', 'DOM'], types: [], paths: { 'beesang-api': [join(dir, 'api.d.ts')] } },
      files: [join(import.meta.dirname, 'client-check.ts')],
    }),
  );
  const tsc = join(dirname(fromRoot.resolve('typescript/package.json')), 'bin/tsc');
  run('tsc: client-check.ts against the generated types', tsc, ['-p', join(dir, 'tsconfig.json')], dir);
  console.log('\nAPI 문서 검사 통과 (openapi lint passed)');
} catch (error) {
  if (!(error instanceof StepFailed)) throw error;
  console.error(`\nAPI 문서 검사 실패 (openapi lint failed): ${error.message}`);
  process.exitCode = 1;
} finally {
  if (process.env.KEEP_OPENAPI_TMP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
