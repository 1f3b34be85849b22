// npm run bench:gzip — what gzipping one API answer costs, in process: a page of ten story cards
// (~3.8 KB of JSON) through Hono's streaming compress alone (as before decision 057) and with
// gzipJson in front of it (src/server/api/gzip-json.ts), 20,000 answers each after a warm-up, twice
// in turn. Prints answers per second and microseconds per answer.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { gzipJson } from '../src/server/api/gzip-json';

const card = (i: number) => ({
  id: `story-${i}`,
  title: `A story about grace and prayer, number ${i}`,
  excerpt: 'Short devotions for busy people: one passage, one thought, one prayer a day. '.repeat(3),
  author: { id: 'writer', name: 'Grace Whitfield' },
  tags: ['faith', 'prayer'],
});
const page = { posts: Array.from({ length: 10 }, (_, i) => card(i)) };
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const WARM_UP = 2_000;
const ANSWERS = 20_000;

function app(withGzipJson: boolean): Hono {
  const outer = new Hono();
  outer.use('*', compress());
  if (withGzipJson) outer.use('*', gzipJson());
  outer.get('/page', (c) => c.json(page));
  return outer;
}

async function measure(label: string, server: Hono): Promise<void> {
  const answer = async () => (await server.request('/page', { headers: HEADERS })).arrayBuffer();
  for (let i = 0; i < WARM_UP; i++) await answer();
  const started = performance.now();
  for (let i = 0; i < ANSWERS; i++) await answer();
  const ms = performance.now() - started;
  const sent = (await answer()).byteLength;
  console.log(
    `${label.padEnd(34)} ${Math.round(ANSWERS / (ms / 1000)).toLocaleString('en')} answers/s, ` +
      `${((ms * 1000) / ANSWERS).toFixed(0)} µs each (${JSON.stringify(page).length} B of JSON, ${sent} B sent)`,
  );
}

for (let round = 0; round < 2; round++) {
  await measure("Hono's compress (a stream)", app(false));
  await measure('gzipJson (one zlib call)', app(true));
}
