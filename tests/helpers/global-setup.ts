import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import type { TestProject } from 'vitest/node';
import { testPostgresServer } from './postgres-server';

/**
 * Migrates once per run: a PGlite dump every test file loads (< 1 s), or, with TEST_DATABASE_URL,
 * a PostgreSQL template database every test file copies. Also names the PostgreSQL server for the
 * tests that need one whatever the database (several processes on one database): without
 * TEST_DATABASE_URL, this machine's if it answers, else an embedded one started for the run.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('postgresServerUrl', url);
    const template = `lamplight_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), max: 1 });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  // The server (an embedded one takes an initdb, ~2 s) while PGlite migrates.
  const [server, template] = await Promise.allSettled([testPostgresServer(), pgliteTemplate()]);
  if (template.status === 'rejected') {
    if (server.status === 'fulfilled') await server.value.stop?.();
    throw template.reason;
  }
  if (server.status === 'rejected') throw server.reason;
  project.provide('postgresServerUrl', server.value.url);
  project.provide('pgliteTemplate', template.value);
  return server.value.stop;
}

async function pgliteTemplate(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = path.resolve('data/test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
    /** The PostgreSQL server for tests of several processes on one database (tests/jobs/fixtures). */
    postgresServerUrl?: string;
  }
}
