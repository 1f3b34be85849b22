import { isSaneRequestId } from '../observability/request-id';

// What a job carries besides its payload (docs/decisions/036-metrics-and-logs.md): the id of the
// request that enqueued it, so the job's log lines, and the mails it sends, name that request.
// pg-boss keeps nothing but the job's data, so it travels there under one reserved key, put in
// after the payload was validated and taken out before it is validated again: no job's schema
// knows of it, and a `.strict()` one would still pass. No payload may have a field of this name.

export const JOB_META_KEY = '_meta';

export type JobMeta = { requestId?: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The payload as stored: with the meta when there is any (and the payload is an object). */
export function withJobMeta(payload: unknown, meta: JobMeta): unknown {
  if (!meta.requestId || !isRecord(payload)) return payload;
  return { ...payload, [JOB_META_KEY]: { requestId: meta.requestId } };
}

/** The stored data split back into the payload and its meta (a meta not of our making is dropped). */
export function splitJobMeta(data: unknown): { payload: unknown; meta: JobMeta } {
  if (!isRecord(data) || !(JOB_META_KEY in data)) return { payload: data, meta: {} };
  const { [JOB_META_KEY]: raw, ...payload } = data;
  const requestId = isRecord(raw) && isSaneRequestId(raw.requestId) ? raw.requestId : undefined;
  return { payload, meta: requestId ? { requestId } : {} };
}
