import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { parseDate, unreadable } from './html-text';
import type { ImportedSubscriber, SkippedSubscriber } from './import-entries';

// Subscriber lists as the two services export them, read as a stream one row at a time:
// - Substack (Subscribers → Export; also email_list.*.csv in the full export): email,
//   active_subscription, expiry, plan, email_disabled, created_at, first_payment_at… — every row
//   signed up to the newsletter; email_disabled=true means they turned its mail off. (As read by
//   TryGhost/migrate, packages/mg-substack-members-csv.)
// - Ghost (Members → Export): id, email, name, note, subscribed_to_emails, complimentary_plan,
//   stripe_customer_id, created_at, deleted_at, labels, tiers. (TryGhost/Ghost,
//   ghost/members-csv/lib/unparse.js.)
// Consent is what the file records: Ghost's subscribed_to_emails=true, Substack's
// email_disabled≠true. Anything else is imported without consent (the import then sends the
// double opt-in mail). A CSV with only an email column is read the same way, without consent.

/** The simple shape most mail systems accept: one @, no spaces, a dotted domain, ≤ 254 chars. */
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;
/** A cell a spreadsheet would run as a formula (=HYPERLINK(…), +1, -1, @SUM). */
const FORMULA = /^[=+\-@\t\r]/;

type Flavour = 'ghost' | 'substack' | 'plain';

export async function* readSubscribersCsv(
  filePath: string,
): AsyncGenerator<ImportedSubscriber | SkippedSubscriber> {
  const stream = createReadStream(filePath);
  const rows = stream.pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
    }),
  );
  // pipe() does not pass a read error on; without this a failed read would leave the loop waiting.
  stream.on('error', (error) => rows.destroy(error));
  let header: string[] | null = null;
  let flavour: Flavour = 'plain';
  let row = 1;
  const seen = new Set<string>();
  try {
    for await (const record of rows as AsyncIterable<string[]>) {
      if (!header) {
        header = record.map((h) => h.trim().toLowerCase());
        if (!header.includes('email')) {
          throw unreadable(
            'This CSV has no “email” column; export the subscribers from Substack or the members from Ghost.',
          );
        }
        flavour =
          header.includes('subscribed_to_emails') || header.includes('subscribed')
            ? 'ghost'
            : header.includes('email_disabled') || header.includes('active_subscription')
              ? 'substack'
              : 'plain';
        continue;
      }
      row += 1;
      const cells: Record<string, string> = {};
      header.forEach((name, i) => (cells[name] = (record[i] ?? '').trim()));
      yield toSubscriber(cells, row, flavour, seen);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw unreadable(
      'The subscriber CSV could not be read.',
      error instanceof Error ? error.message : String(error),
    );
  } finally {
    stream.destroy();
  }
  if (!header) throw unreadable('The subscriber CSV is empty.');
}

function toSubscriber(
  cells: Record<string, string>,
  row: number,
  flavour: Flavour,
  seen: Set<string>,
): ImportedSubscriber | SkippedSubscriber {
  const email = (cells.email ?? '').trim();
  if (!email) return { kind: 'skip', row, reason: 'No email address.' };
  if (FORMULA.test(email))
    return { kind: 'skip', row, reason: 'The email cell is a spreadsheet formula, not an address.' };
  if (email.length > 254 || !EMAIL.test(email)) {
    return { kind: 'skip', row, reason: `“${email.slice(0, 80)}” is not a valid email address.` };
  }
  const key = email.toLowerCase();
  if (seen.has(key)) return { kind: 'skip', row, reason: `${email} appears earlier in the file.` };
  seen.add(key);
  if (/@deletion-request\.substack\.com$/i.test(email)) {
    return { kind: 'skip', row, reason: 'A Substack deletion request, not an address.' };
  }
  if (flavour === 'ghost' && cells.deleted_at) return { kind: 'skip', row, reason: 'Deleted in Ghost.' };

  const rawName = (cells.name ?? '').trim();
  const name = rawName && !FORMULA.test(rawName) ? rawName : null;
  let consented = false;
  if (flavour === 'ghost') consented = truthy(cells.subscribed_to_emails ?? cells.subscribed);
  else if (flavour === 'substack') consented = !truthy(cells.email_disabled);
  return { kind: 'subscriber', email, name, createdAt: parseDate(cells.created_at), consented };
}

const truthy = (value: string | undefined) => /^(?:true|yes|1)$/i.test((value ?? '').trim());
