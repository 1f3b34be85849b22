import { performance } from 'node:perf_hooks';
import { log } from '../observability/logger';
import { processMetrics, type MailOutcome } from '../observability/metrics';
import { MailError, MailNotCommitted, type MailTransport } from './mail-message';

// Every message the process hands to its transport, logged and counted
// (docs/decisions/036-metrics-and-logs.md): one line per message — its Message-ID, never its
// address or text — carrying the request and job it was sent for (observability/log-context.ts),
// and lamplight_mail_messages_total by outcome. ./mail.ts puts this around whichever transport runs.

/** How a send ended, as the metrics count it. */
export function mailOutcome(error?: unknown): MailOutcome {
  if (error === undefined || error instanceof MailNotCommitted) return 'sent'; // it went out all the same
  if (!(error instanceof MailError)) return 'failed';
  if (error.unknownOutcome) return 'unknown';
  return error.permanent ? 'bounced' : 'failed';
}

export function observedTransport(transport: MailTransport): MailTransport {
  return {
    description: transport.description,
    async send(mail, options) {
      const started = performance.now();
      const finish = (error?: unknown) => {
        const outcome = mailOutcome(error);
        processMetrics().mailFinished(outcome);
        const line = {
          messageId: mail.messageId,
          outcome,
          durationMs: Math.round(performance.now() - started),
          // The server's answer code; its text may quote the address, so it is left to the caller.
          ...(error instanceof MailError && error.responseCode && { responseCode: error.responseCode }),
        };
        if (outcome === 'sent') log('mail').info(line, 'mail sent');
        else log('mail').warn(line, `mail not sent (${outcome})`);
      };
      try {
        await transport.send(mail, options);
      } catch (error) {
        finish(error);
        throw error;
      }
      finish();
    },
    close: () => transport.close(),
  };
}
