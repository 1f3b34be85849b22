import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A throw-away PostgreSQL database, for tests that need several processes on one database and for
// the cluster check (scripts/cluster/check.ts), which runs outside vitest: nothing here imports it.

/** A database named `<prefix>_<random>` on the server of `baseUrl`, dropped by `drop()`. */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'lamplight_jobs',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
