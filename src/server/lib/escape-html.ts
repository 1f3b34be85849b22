// The five characters HTML gives meaning to, as entities: for text put into HTML this server writes
// itself (a story's body, search highlights, mail bodies). Attribute values are quoted with ".
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
