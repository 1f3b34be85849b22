import { afterAll } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
// Not a React hook, whatever its name says: renamed here so the hooks lint rule does not take it for one.
import { useTestDatabase as openTestDatabase } from './test-db';

// The set-up of a test file that reads what the app mails: its database and an SMTP sink the app's
// mail transport sends to. The closing is registered at import time (as test-db.ts does), so it
// belongs to the file's root suite and runs however deep the set-up was called.

const opened: SmtpSink[] = [];
afterAll(async () => {
  if (opened.length === 0) return;
  await resetMailTransport();
  for (const sink of opened.splice(0)) await sink.close();
});

/** A fresh migrated database (test-db.ts's useTestDatabase) and a sink the app mails to, over 2 connections. */
export async function openDatabaseAndMailSink(): Promise<{ db: Db; sink: SmtpSink }> {
  const { db } = await openTestDatabase();
  const sink = await startSmtpSink();
  opened.push(sink);
  await setMailTransport(smtpTransport(sink.url, 2));
  return { db, sink };
}
