import { spawn } from 'node:child_process';
import path from 'node:path';
import { env } from '../../lib/env';

// pg_dump and pg_restore, run as child processes: from PG_BIN_DIR when set, else from PATH. The
// password of DATABASE_URL goes to them in PGPASSWORD, never on the command line (where `ps` shows it).

export type PgTool = 'pg_dump' | 'pg_restore';

const toolPath = (tool: PgTool) => (env.PG_BIN_DIR ? path.join(env.PG_BIN_DIR, tool) : tool);

type Run = { code: number | null; stdout: string; stderr: string };

function run(tool: PgTool, args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath(tool), args, {
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} was not found${env.PG_BIN_DIR ? ` in PG_BIN_DIR (${env.PG_BIN_DIR})` : ' on PATH'}: install the PostgreSQL client tools (e.g. apt-get install postgresql-client) or set PG_BIN_DIR`,
            )
          : error,
      ),
    );
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `pg_dump (PostgreSQL) 15.20 (Debian …)` and its major version. */
export async function pgToolVersion(tool: PgTool): Promise<{ line: string; major: number }> {
  const result = await run(tool, ['--version']);
  const line = result.stdout.trim().split('\n')[0] ?? '';
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(line);
  if (result.code !== 0 || !match) throw new Error(`${tool} --version did not answer as expected: ${line}`);
  return { line, major: Number(match[1]) };
}

/** The connection string without its password, and the password for PGPASSWORD. */
function connection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { PGAPPNAME: 'lamplight-backup', ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs pg_dump or pg_restore on the database of `url`; fails with the tool's first error line. */
export async function runPgTool(tool: PgTool, url: string, args: string[]): Promise<void> {
  const target = connection(url);
  const result = await run(tool, [...args, `--dbname=${target.dbname}`], target.env);
  if (result.code === 0) return;
  const lines = result.stderr.split('\n').map((line) => line.trim());
  const first = lines.find((line) => /error|fatal/i.test(line)) ?? lines.find(Boolean) ?? '';
  throw new Error(`${tool} failed (exit ${result.code}): ${first}`);
}
