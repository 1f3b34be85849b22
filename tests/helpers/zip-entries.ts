import yauzl from 'yauzl';

// Reads a whole zip archive back as its user would (issue 23 exports, docs/decisions/043-exports.md).
// Plain Node (no vitest), so the API tests and the Playwright specs share it.

/** Every entry of a zip, by name: from its bytes, or from a file's path. */
export function zipEntries(source: Buffer | string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip?: yauzl.ZipFile) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    };
    const options = { lazyEntries: true, strictFileNames: true };
    if (typeof source === 'string') yauzl.open(source, options, opened);
    else yauzl.fromBuffer(source, options, opened);
  });
}
