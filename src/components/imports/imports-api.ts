// The import calls the import panels make (docs/decisions/042-imports.md). The uploads are
// multipart (the typed client does not build those), sent with fetch; every call throws ApiError,
// whose message already reads 'ERROR: …' (SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type {
  ImportPreview,
  ImportStatusAnswer,
  SubscriberImportAnswer,
} from '@/server/modules/imports/imports.schema';

export type { ImportPreview, ImportStatusAnswer, SubscriberImportAnswer };
export type ImportTargetChoice = { targetUserId: string } | { targetPublicationId: string } | null;

type Sent = Parameters<typeof call>[0];

function postForm<T>(path: string, form: FormData): Promise<T> {
  return call(
    fetch(path, { method: 'POST', body: form, credentials: 'same-origin' }) as unknown as Sent,
  ) as Promise<T>;
}

/** POST /api/imports: the export's dry run. */
export function uploadExport(file: File, target: ImportTargetChoice, useOriginalUrlAsCanonical: boolean) {
  const form = new FormData();
  if (target && 'targetUserId' in target) form.set('targetUserId', target.targetUserId);
  if (target && 'targetPublicationId' in target) form.set('targetPublicationId', target.targetPublicationId);
  form.set('useOriginalUrlAsCanonical', String(useOriginalUrlAsCanonical));
  form.set('file', file, file.name);
  return postForm<ImportPreview>('/api/imports', form);
}

/** POST /api/imports/{id}/confirm */
export const confirmImport = (id: string): Promise<ImportStatusAnswer> =>
  call(api.imports[':id'].confirm.$post({ param: { id } }));

/** GET /api/imports/{id} */
export const getImport = (id: string, signal?: AbortSignal): Promise<ImportStatusAnswer> =>
  call(api.imports[':id'].$get({ param: { id } }, abortable(signal)));

/** POST /api/imports/subscribers */
export function uploadSubscribers(file: File, publicationId: string) {
  const form = new FormData();
  form.set('publicationId', publicationId);
  form.set('file', file, file.name);
  return postForm<SubscriberImportAnswer>('/api/imports/subscribers', form);
}

/** What each platform calls its export, for the file chooser's hint. */
export const SOURCE_NAMES: Record<ImportPreview['source'], string> = {
  wordpress: 'WordPress (WXR)',
  ghost: 'Ghost (JSON)',
  medium: 'Medium (zip)',
  substack: 'Substack (zip)',
};
