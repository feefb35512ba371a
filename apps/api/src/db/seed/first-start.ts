import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

const repoRoot = join(import.meta.dirname, '../../../../..');

/** Whether an embedded data folder holds no database yet (PGlite writes PG_VERSION first). */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * An empty, migrated database as a gzipped tar (PGlite's `dumpDataDir`), kept per PGlite version
 * and set of migrations (decision 0013): a new data folder unpacks it in under a second, where
 * initdb and the migrations take three to five. A cache in node_modules/.cache, safe to delete.
 */
export function pgliteTemplatePath(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const migrations = join(import.meta.dirname, '../migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(join(migrations, file)));
  return join(repoRoot, 'node_modules/.cache/beesang', `pglite-${version}-${hash.digest('hex').slice(0, 12)}.tar.gz`);
}

/** Writes `dump` as the template; a read-only cache folder is no error (the next new database makes it again). */
export function savePgliteTemplate(dump: Uint8Array): void {
  const path = pgliteTemplatePath();
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.${process.pid}`, dump);
    renameSync(`${path}.${process.pid}`, path);
  } catch {
    // no cache
  }
}

export async function dumpTemplate(pglite: PGlite): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
}

/**
 * The template for a new data folder: from the cache, or made now in a worker thread (initdb and
 * the migrations on an in-memory database), whose memory (two PGlite instances, some 400 MB) goes
 * back to the system when it ends instead of staying in the server's heap for good.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const dump = await new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    const worker = new Worker(new URL('./template-worker.ts', import.meta.url));
    let result: Uint8Array<ArrayBuffer> | undefined;
    worker.on('message', (message: Uint8Array<ArrayBuffer>) => {
      result = message;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (result && code === 0) resolve(result);
      else reject(new Error(`빈 데이터베이스를 만들지 못했습니다 (the template worker exited with ${code})`));
    });
  });
  savePgliteTemplate(dump);
  return new Blob([dump]);
}
