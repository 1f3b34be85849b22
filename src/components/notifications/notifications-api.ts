// Calls behind the notifications UI (docs/decisions/055-notifications.md).
import { abortable, api, call } from '@/lib/api-client';
import type { Cursor } from '@/server/lib/cursor';
import type { NotificationSettings } from '@/server/modules/users/users.schema';

/** GET /api/notifications?lastKey&limit — mine, newest first, with the unread count. */
export const fetchNotifications = (lastKey: Cursor | null, limit: number | undefined, signal?: AbortSignal) =>
  call(
    api.notifications.$get(
      {
        query: {
          ...(lastKey ? { lastKey: JSON.stringify(lastKey) } : {}),
          ...(limit ? { limit: String(limit) } : {}),
        },
      },
      abortable(signal),
    ),
  );

/** POST /api/notifications/read — some of mine, or all. */
export const markNotificationsRead = (body: { ids: string[] } | { all: true }) =>
  call(api.notifications.read.$post({ json: body }));

/** GET /api/notifications/settings */
export const fetchNotificationSettings = (signal?: AbortSignal) =>
  call(api.notifications.settings.$get({}, abortable(signal)));

/** PATCH /api/users/{id} {notifications} — the settings live on the user. */
export const saveNotificationSettings = (userId: string, settings: Partial<NotificationSettings>) =>
  call(api.users[':id'].$patch({ param: { id: userId }, json: { notifications: settings } }));

/** POST /api/notifications/digest/unsubscribe?token — the digest-off page's button. */
export const turnDigestOff = (token: string) =>
  call(api.notifications.digest.unsubscribe.$post({ query: { token } }));
