import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { migrateToLatest } from '../migrate.ts';
import { pgliteOptions } from '../pglite-options.mjs';
import type { Database } from '../schema.ts';
import { dumpTemplate } from './first-start.ts';

/** See first-start.ts: initdb and the migrations on an in-memory database, sent back as a gzipped tar. */
const pglite = new PGlite('memory://', pgliteOptions());
await pglite.waitReady;
const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
await migrateToLatest(db);
const dump = await dumpTemplate(pglite);
await db.destroy();
parentPort?.postMessage(dump, [dump.buffer as ArrayBuffer]);
