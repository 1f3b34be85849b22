// The browser tests' SMTP sink: one per worker process, on the port playwright.config.ts gives the
// server as SMTP_URL (smtp-port.ts). Every spec that signs up reads its confirmation mail here
// (fixtures.ts `signUp`), and newsletters.spec.ts its subscription mails; started once, on first use
// or by the worker fixture `mailSink`, and closed when the worker ends.
import { startSmtpSink, type SmtpSink, type SunkMail } from '../helpers/smtp-sink';
import { e2eSmtpPort } from './smtp-port';

const PORT = Number(process.env.E2E_PORT ?? 3100);
let started: Promise<SmtpSink> | null = null;

export function e2eMailSink(): Promise<SmtpSink> {
  started ??= startSmtpSink({ port: e2eSmtpPort(PORT) }).catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

export async function closeE2eMailSink(): Promise<void> {
  const sink = started;
  started = null;
  await (await sink)?.close();
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
  const [mail] = await sink.waitFor(
    (m) => sink.messages.indexOf(m) >= since && m.to.includes(address.toLowerCase()) && where(m),
    { timeoutMs },
  );
  return mail!;
}
