import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

// Validation against the sitemaps.org schemas (vendored in tests/fixtures) by libxml2 itself,
// compiled to WebAssembly (the xmllint-wasm devDependency): `npm install && npm test` needs no
// system xmllint. Used by the API tests and the browser tests alike.

export type SitemapSchema = 'sitemap' | 'siteindex';

const schemas = new Map<SitemapSchema, string>();
function schemaText(schema: SitemapSchema): string {
  let text = schemas.get(schema);
  if (text === undefined) {
    text = readFileSync(path.resolve('tests/fixtures', `${schema}.xsd`), 'utf8');
    schemas.set(schema, text);
  }
  return text;
}

/** libxml2's verdict on the document against the schema: '' when valid, else its complaints. */
export async function schemaProblems(xml: string, schema: SitemapSchema): Promise<string> {
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: `${schema}.xsd`, contents: schemaText(schema) }],
    // 256 pages (16 MiB) by default; a full part of 50,000 addresses is ~5 MB of text.
    initialMemoryPages: 1024,
    maxMemoryPages: 8192,
  });
  if (result.valid) return '';
  return result.errors.map((error) => error.rawMessage).join('\n') || result.rawOutput || 'invalid';
}
