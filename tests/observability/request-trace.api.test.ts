import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../src/server/jobs/registry';
import { JOB_META_KEY } from '../../src/server/jobs/job-meta';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import { sendConfirmationJob } from '../../src/server/modules/newsletters/newsletters.jobs';
import { runWithLogContext } from '../../src/server/observability/log-context';
import { getRuntime } from '../../src/server/runtime';
import { call } from '../helpers/api-client';
import { captureLogs, type LogCapture, type LogLine } from '../helpers/log-capture';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';
import { waitFor } from '../jobs/fixtures/helpers';

// A request's id follows its work (docs/decisions/036-metrics-and-logs.md): it comes back in
// X-Request-Id, names the API's access log line, travels with the jobs the request enqueued and names
// their log lines and the log lines of the mails they send. Against the test database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL), a job worker in this process and the in-process SMTP sink.

/** A job whose payload schema refuses any key it does not name: the request id must not reach it. */
const strictPayloads: unknown[] = [];
const strictJob = defineJob({
  name: 'tests.strict-payload',
  payload: z.strictObject({ id: z.string() }),
  handler: async (payload) => {
    strictPayloads.push(payload);
  },
  retryLimit: 0,
});

let sink: SmtpSink;
let logs: LogCapture;
const email = () => `trace-${randomUUID().slice(0, 8)}@example.test`;
const subscribe = (address: string, headers: Record<string, string>) =>
  call('PUT', '/api/subscribe', {
    body: { email: address, topic: 'daily-devotional', timezone: 'UTC' },
    headers: {
      'x-lamplight-socket-address': `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
      ...headers,
    },
  });
const linesOf = (requestId: string) => logs.lines.filter((line) => line.requestId === requestId);
const rawLinesOf = (requestId: string) => logs.raw.filter((line) => line.includes(requestId));

beforeAll(async () => {
  logs = captureLogs('info');
  await useTestDatabase({
    jobs: { jobs: [sendConfirmationJob, strictJob], work: true, pollingIntervalSeconds: 0.5 },
  });
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 1));
});
afterAll(async () => {
  await (await getRuntime()).jobs?.stop();
  await resetMailTransport(); // QUIT first: the sink waits for open connections when it closes
  await sink.close();
  logs.restore();
});

describe('a request id', () => {
  it("is found in its API log line, its job's log lines and its mail's log line", async () => {
    const requestId = 'trace-7f3a.req_42';
    const address = email();
    const res = await subscribe(address, { 'x-request-id': requestId });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);

    const [mail] = await sink.waitFor((m) => m.to.includes(address), { timeoutMs: 20_000 });
    const messageId = mail!.headers.get('message-id');
    const mailLine = await waitFor('the mail line', () =>
      linesOf(requestId).find((line) => line.component === 'mail' && line.msg === 'mail sent'),
    );
    const jobDone = await waitFor('the job line', () =>
      linesOf(requestId).find((line) => line.msg === 'job newsletters.send-confirmation completed'),
    );

    // The API's one access line: method, route pattern, status, time; no body, query or address.
    const apiLines = linesOf(requestId).filter((line) => line.component === 'api');
    expect(apiLines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'api request',
        method: 'PUT',
        route: '/api/subscribe',
        status: 200,
        durationMs: expect.any(Number),
      }),
    ]);
    // The job's start and finish, named by the job and its pg-boss id.
    const jobLines = linesOf(requestId).filter((line) => line.component === 'jobs');
    expect(jobLines.map((line) => line.msg)).toEqual([
      'job newsletters.send-confirmation started',
      'job newsletters.send-confirmation completed',
    ]);
    expect(jobDone).toMatchObject({ job: 'newsletters.send-confirmation', jobId: expect.any(String) });
    // The mail's line: the job that sent it, its Message-ID, never its address.
    expect(mailLine).toMatchObject({
      level: 'info',
      job: 'newsletters.send-confirmation',
      jobId: jobDone.jobId,
      messageId,
      outcome: 'sent',
    });
    for (const line of rawLinesOf(requestId)) {
      expect(line).not.toContain(address);
      expect(line).not.toMatch(/cookie|session-token/i);
    }
  });

  it('is made anew when the caller sends none, or one that is not a sane token', async () => {
    for (const sent of [undefined, 'has spaces', 'x'.repeat(65), 'semi;colon', '']) {
      const res = await call('GET', '/api/tags/does-not-exist', {
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(id!)).toEqual([
        expect.objectContaining({ msg: 'api request', route: '/api/tags/:slug', status: 404 }),
      ]);
    }
    // 64 characters of the allowed ones are kept as they are.
    const longest = `${'a'.repeat(60)}.-_9`;
    expect(
      (await call('GET', '/api/tags', { headers: { 'x-request-id': longest } })).headers.get('x-request-id'),
    ).toBe(longest);
  });

  it('names a route no API route takes "unmatched", never by its path', async () => {
    const res = await call('GET', '/api/no/such/route?email=someone@example.test', {
      headers: { 'x-request-id': 'unmatched-1' },
    });
    expect(res.status).toBe(404);
    expect(linesOf('unmatched-1')).toEqual([
      expect.objectContaining({ msg: 'api request', method: 'GET', route: 'unmatched', status: 404 }),
    ]);
    expect(rawLinesOf('unmatched-1').join('\n')).not.toContain('example.test');
  });

  it('behind the front server, takes its id and leaves the access line to it', async () => {
    const res = await call('GET', '/api/tags', {
      headers: { 'x-lamplight-request-id': 'front-given-1', 'x-request-id': 'client-sent' },
    });
    expect(res.headers.get('x-request-id')).toBe('front-given-1');
    expect(linesOf('front-given-1')).toEqual([]);
    expect(linesOf('client-sent')).toEqual([]);
  });

  it('travels with a job outside the payload its schema checks, and is logged with it', async () => {
    const runtime = await getRuntime();
    const id = randomUUID();
    await runWithLogContext({ requestId: 'strict-job-1' }, () => runtime.jobs!.enqueue(strictJob, { id }));
    await waitFor('the strict job', () => strictPayloads.length > 0, { timeoutMs: 15_000 });
    // The handler got its payload exactly: the request id was kept beside it, under JOB_META_KEY.
    expect(strictPayloads).toEqual([{ id }]);
    const [stored] = await runtime.jobs!.boss.findJobs(strictJob.name);
    expect(stored?.data).toEqual({ id, [JOB_META_KEY]: { requestId: 'strict-job-1' } });
    await waitFor('its completed line', () =>
      linesOf('strict-job-1').find((line: LogLine) => line.msg === 'job tests.strict-payload completed'),
    );
    expect(linesOf('strict-job-1').every((line) => line.job === 'tests.strict-payload')).toBe(true);

    // Enqueued outside any request: no id at all, in the job or its lines.
    const plain = randomUUID();
    await runtime.jobs!.enqueue(strictJob, { id: plain });
    await waitFor('the plain job', () => strictPayloads.length > 1, { timeoutMs: 15_000 });
    const jobs = await runtime.jobs!.boss.findJobs(strictJob.name);
    expect(jobs.find((job) => (job.data as { id: string }).id === plain)?.data).toEqual({ id: plain });
  });
});
