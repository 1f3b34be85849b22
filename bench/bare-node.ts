// Issue 21, item 5: what this machine gives the same bytes without the app — bare Node `http`
// answering every request with one story page, as the front server's cache answers it (gzip, the
// same headers). The app's cached story page is measured beside it, so the ratio is the app's cost.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The server runs in a process of its own: in the bench's process it would share a core with the
// load generator.
const SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const [bodyFile, headersFile, port] = process.argv.slice(1);
const body = fs.readFileSync(bodyFile);
const headers = JSON.parse(fs.readFileSync(headersFile, 'utf8'));
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(Number(port), () => process.send && process.send('ready'));
`;

/** Starts bare Node serving the page at `url` (fetched once, gzipped) on `port`; stop() ends it. */
export async function startBareNode(
  url: string,
  port: number,
): Promise<{ origin: string; stop: () => void }> {
  const page = await fetch(url, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
  // fetch() decompresses: compress again, as the cache keeps it.
  const { gzipSync } = await import('node:zlib');
  const body = gzipSync(Buffer.from(await page.arrayBuffer()));
  const headers: Record<string, string> = {};
  for (const [key, value] of page.headers) {
    if (
      ![
        'content-length',
        'content-encoding',
        'transfer-encoding',
        'connection',
        'date',
        'keep-alive',
      ].includes(key)
    )
      headers[key] = value;
  }
  headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(body.length);
  const dir = mkdtempSync(path.join(tmpdir(), 'lamplight-bare-'));
  writeFileSync(path.join(dir, 'body'), body);
  writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', SERVER, path.join(dir, 'body'), path.join(dir, 'headers.json'), String(port)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare Node exited with ${code}`)));
  });
  return { origin: `http://localhost:${port}`, stop: () => void child.kill('SIGTERM') };
}
