// After each build: every script, style sheet and SVG under the build's static folder gets a
// Brotli and a gzip copy beside it (`x.js.br`, `x.js.gz`), which scripts/server.mjs serves to
// browsers that accept them (sirv's precompressed files). Next.js compressed each of these files
// again for every request (~2 ms of CPU each, and a page view asks for about twenty): the build
// does it once, at the best ratio (docs/decisions/060-precompressed-static-files.md).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Below this, the compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes the .br and .gz copies of the build's static files that have none yet (a build made before
 * this step existed gets them at the next start); returns how many files it compressed.
 */
export function compressStaticFiles(distDir) {
  const folder = path.join(distDir, 'static');
  if (!existsSync(folder)) return 0;
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter(
      (file) =>
        COMPRESSIBLE.test(file) &&
        statSync(file).size >= MIN_BYTES &&
        !(existsSync(`${file}.br`) && existsSync(`${file}.gz`)),
    );
  for (const file of files) {
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
  }
  return files.length;
}
