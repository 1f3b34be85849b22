// The browser tests' mail: one SMTP sink for the whole run, on the port playwright.config.ts gives
// the server as SMTP_URL (smtp-port.ts), started by the run's global setup (global-setup.ts) in the
// runner's process. Each message it accepts is written as one file into the run's mailbox folder;
// every worker process reads that folder (`e2eMailSink()`), so tests in parallel workers all see
// the mail the server sent. Every spec that signs up reads its confirmation mail here (fixtures.ts
// `signUp`), newsletters.spec.ts and reading-plans.spec.ts their subscription mails. Recipients are
// unique per test (fixtures.ts `uniqueEmail`), so one worker's mail never answers another's wait.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseMail, startSmtpSink, type SmtpSink, type SunkMail } from '../helpers/smtp-sink';
import { e2eSmtpPort } from './smtp-port';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** One mailbox per app port, as one data folder per port (playwright.config.ts). */
const MAILBOX = path.resolve(`data/e2e-${PORT}-mailbox`);

type StoredMail = { to: string[]; remotePort?: number; raw: string };

/** What a test reads: every message so far, in the order the sink accepted them, and a wait. */
export type E2eMailbox = Pick<SmtpSink, 'messages' | 'waitFor'>;

/** Starts the run's sink (global setup): an empty mailbox, and a file per accepted message. */
export async function startE2eMailSink(): Promise<SmtpSink> {
  rmSync(MAILBOX, { recursive: true, force: true });
  mkdirSync(MAILBOX, { recursive: true });
  let sequence = 0;
  return startSmtpSink({
    port: e2eSmtpPort(PORT),
    onMessage: (mail) => {
      const stored: StoredMail = { to: mail.to, remotePort: mail.remotePort, raw: mail.raw };
      // Written whole, then renamed in: a reader never sees half a message.
      const name = `${String(++sequence).padStart(8, '0')}.json`;
      writeFileSync(path.join(MAILBOX, `.${name}`), JSON.stringify(stored));
      renameSync(path.join(MAILBOX, `.${name}`), path.join(MAILBOX, name));
    },
  });
}

const read: SunkMail[] = [];
/** The mailbox as this process has read it so far, brought up to date. */
function messages(): SunkMail[] {
  const names = readdirSync(MAILBOX)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort();
  for (const name of names.slice(read.length)) {
    const stored = JSON.parse(readFileSync(path.join(MAILBOX, name), 'utf8')) as StoredMail;
    read.push({ ...parseMail(stored.raw, stored.to), remotePort: stored.remotePort });
  }
  return read;
}

const mailbox: E2eMailbox = {
  get messages() {
    return messages();
  },
  async waitFor(predicate, { count = 1, timeoutMs = 15_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = messages();
      const found = all.filter(predicate);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(`Timed out waiting for ${count} mail(s); ${all.length} received`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  },
};

/** The run's mailbox, as this worker reads it. */
export async function e2eMailSink(): Promise<E2eMailbox> {
  return mailbox;
}

/**
 * Waits for the first mail to `address` that arrived after `since` messages (sink.messages.length
 * taken before the action that sends it) and matches `where`.
 */
export async function nextMailTo(
  address: string,
  since: number,
  where: (mail: SunkMail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<SunkMail> {
  const sink = await e2eMailSink();
  // The live list (it only grows), read once per look rather than once per message looked at.
  const all = sink.messages;
  const [mail] = await sink.waitFor(
    (m) => all.indexOf(m) >= since && m.to.includes(address.toLowerCase()) && where(m),
    { timeoutMs },
  );
  return mail!;
}
