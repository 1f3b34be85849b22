type Operation = {
  summary?: string;
  tags?: string[];
  /** A reference is X-Request-Id's, on every operation: the page's introduction says it once. */
  parameters?: ({ name: string; in: string } | { $ref: string })[];
  requestBody?: unknown;
};
type Document = { info: { title: string; description?: string }; paths?: object };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** A plain HTML page listing every operation of the OpenAPI document, grouped by tag. */
export function renderApiReference(doc: Document): string {
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(
    (doc.paths ?? {}) as Record<string, Record<string, Operation>>,
  )) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      const params = (op.parameters ?? [])
        .flatMap((p) => ('name' in p ? [`${p.name} (${p.in})`] : []))
        .join(', ');
      const row =
        `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td>` +
        `<td>${escapeHtml(op.summary ?? '')}${params ? `<br><small>${escapeHtml(params)}</small>` : ''}` +
        `${op.requestBody ? '<br><small>JSON body</small>' : ''}</td></tr>`;
      groups.set(tag, [...(groups.get(tag) ?? []), row]);
    }
  }
  const sections = [...groups]
    .map(([tag, rows]) => `<h2>${escapeHtml(tag)}</h2><table>${rows.join('')}</table>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td{border-top:1px solid #eee;padding:.4rem;vertical-align:top}
.m{font-weight:700;width:5rem}.get{color:#2b6cb0}.post{color:#2f855a}.patch,.put{color:#b7791f}.delete{color:#c53030}</style>
</head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}
The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>. Every error answers
<code>{"error":{"code","message","detail"}}</code>.</p>${sections}</body></html>`;
}
