import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, openDatabase } from './database.ts';

/** Issue 11 §1: one process per embedded data directory, told clearly; a crashed owner's lock does not block forever. */
const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'beesang-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('holds the owner pid; a second open is refused with the owner named; close releases it', async () => {
    const dir = fresh();
    const handle = await openDatabase({ dataDir: dir });
    expect(readFileSync(join(dir, 'beesang.lock'), 'utf8')).toBe(String(process.pid));
    const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as DataDirLockedError).pid).toBe(process.pid);
    expect((error as Error).message).toContain('DATABASE_URL');
    await handle.close();
    expect(existsSync(join(dir, 'beesang.lock'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = fresh();
    // A pid above the kernel's maximum (2^22) belongs to no process.
    writeFileSync(join(dir, 'beesang.lock'), '9999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'beesang.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'beesang.lock'))).toBe(false);
  });

  it('an in-memory database takes no lock', async () => {
    const a = await openDatabase({});
    const b = await openDatabase({});
    await a.close();
    await b.close();
  });
});
