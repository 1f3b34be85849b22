import { env } from '../../lib/env';
import { escapeHtml } from '../../lib/escape-html';
import type { OutgoingMail } from '../../lib/mail';

// The notice to a hook's owner that the deliverer switched it off (docs/decisions/040-webhooks.md).

const base = () => env.PUBLIC_URL.replace(/\/+$/, '');

export function webhookDisabledMail(input: {
  to: string;
  name: string;
  hookId: string;
  url: string;
  reason: string;
  /** The publication whose admin page manages it; null for a site-wide hook. */
  publication: { id: string; name: string } | null;
}): OutgoingMail {
  const manage = input.publication
    ? `${base()}/publications/admin/${input.publication.id}#webhooks`
    : `${base()}/admin?section=roles#webhooks`;
  const where = input.publication ? `of ${input.publication.name}` : 'of the whole site';
  const domain = new URL(base()).hostname || 'lamplight.local';
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  return {
    to: input.to,
    subject: `A webhook ${where} was switched off`,
    messageId: `<webhook-disabled.${input.hookId}.${Date.now()}@${domain}>`,
    html:
      `<!doctype html><html><body style="font-family:Georgia,serif;color:#1f1f1f">` +
      `<p>${escapeHtml(greeting)}</p>` +
      `<p>The webhook ${escapeHtml(where)} that sends events to <strong>${escapeHtml(input.url)}</strong> ` +
      `has been switched off: ${escapeHtml(input.reason)}.</p>` +
      `<p>No more events are sent to it. When the endpoint works again, switch the webhook back on ` +
      `in the <a href="${escapeHtml(manage)}">admin page</a>; its recent deliveries can be resent from there.</p>` +
      `</body></html>`,
    text:
      `${greeting}\n\nThe webhook ${where} that sends events to ${input.url} has been switched off: ${input.reason}.\n\n` +
      `No more events are sent to it. When the endpoint works again, switch the webhook back on in the admin page: ${manage}\n` +
      `Its recent deliveries can be resent from there.\n`,
  };
}
