import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from './env';
import { composeMail, MailError, MailNotCommitted, type MailTransport } from './mail-message';
import { observedTransport } from './mail-observed';
import { smtpTransport } from './mail-smtp';

/*
 * The one mail transport (DESIGN §1 "mail", §10): SMTP when SMTP_URL is set, otherwise one `.eml`
 * file per message under DATA_DIR/outbox. Both take a `commit` step, started in the same instant the
 * message becomes final. SMTP: once the server has accepted the envelope and the body has streamed,
 * `commit()` is called (it writes its database statement on its socket before its first await) and
 * the closing "." follows at once, through the stream's next ticks with nothing waiting on I/O in
 * between (the body is already in the kernel's buffer). A process killed at any moment outside that
 * instant has then either written both (the kernel still delivers what was written: the server gets
 * the ".", the database runs the UPDATE) or neither (no "." — the server drops the message — and no
 * mark). The newsletter sender marks its delivery row sent there (docs/decisions/024-newsletters.md).
 * Outbox: the file has a fixed name per message, so writing it again replaces it; commit follows it.
 */

export * from './mail-message';
export { parseSmtpUrl, smtpTransport } from './mail-smtp';

// ---------------------------------------------------------------------------------------------------
// The outbox: DATA_DIR/outbox/<message id>.eml, written whole to a temporary name and renamed, so a
// reader never sees half a file and a message written twice is still one file.
// ---------------------------------------------------------------------------------------------------

const fileName = (messageId: string) => `${messageId.replace(/[^A-Za-z0-9._-]+/g, '_')}.eml`;

export function outboxTransport(dir: string): MailTransport {
  return {
    description: `no SMTP_URL: mail is written as .eml files to ${dir}`,
    async send(mail, options = {}) {
      await mkdir(dir, { recursive: true });
      const final = path.join(dir, fileName(mail.messageId));
      const temporary = `${final}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, composeMail(mail)).catch(async (error: unknown) => {
        await rm(temporary, { force: true });
        throw new MailError(`Writing ${final} failed: ${(error as Error).message}`, false);
      });
      // Renamed first: a crash before the commit sends it again, into the same file.
      await rename(temporary, final);
      if (options.commit && !(await options.commit())) throw new MailNotCommitted();
    },
    async close() {},
  };
}

// ---------------------------------------------------------------------------------------------------
// The process's transport, from the configuration; tests and the bench point it at their own sink.
// ---------------------------------------------------------------------------------------------------

let current: MailTransport | null = null;

/** The process's transport, each message logged and counted (./mail-observed.ts). */
export function mailTransport(): MailTransport {
  current ??= observedTransport(
    env.SMTP_URL ? smtpTransport(env.SMTP_URL) : outboxTransport(path.resolve(env.DATA_DIR, 'outbox')),
  );
  return current;
}

/** Replaces the process's transport (tests and the bench: an in-process SMTP sink); closes the old one. */
export async function setMailTransport(transport: MailTransport): Promise<void> {
  await swapTransport(observedTransport(transport));
}

/** Closes the process's transport and forgets it: the next message takes the configured one again (tests). */
export async function resetMailTransport(): Promise<void> {
  await swapTransport(null);
}

async function swapTransport(next: MailTransport | null): Promise<void> {
  const previous = current;
  current = next;
  await previous?.close();
}

/** The start-up banner's line: where mail goes. */
export function describeMailTransport(): string {
  return mailTransport().description;
}
