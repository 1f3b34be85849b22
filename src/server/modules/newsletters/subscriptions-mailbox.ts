// The mailbox an e-mail address delivers to, as far as we can tell from the address alone: the key of
// the per-address subscribe limit (docs/decisions/024-newsletters.md). Without it, a+1@…, a+2@… are
// eight "addresses" and eight confirmation mails in one inbox. Only the limit uses it: the
// subscription keeps the address as typed, because the reader may filter on their +tag.

/** Google delivers both domains to one mailbox and ignores dots in its local parts. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * `A.B+news@GoogleMail.com` → `ab@gmail.com`; `a+1@example.com` → `a@example.com`.
 * Lower case; the `+tag` dropped (nearly every provider delivers `local+anything` to `local`, and a
 * larger key only weakens the limit); Gmail's dots dropped. An address without a usable `@` is
 * answered as it is (the schema has refused those before anything counts them).
 */
export function mailboxKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1).replace(/\.$/, '');
  // A '+' that starts the local part is the whole name, not a tag.
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '') || local;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
