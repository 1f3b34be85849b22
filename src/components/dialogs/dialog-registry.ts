// Maps SPEC §2 dialog keys to their components, loaded on first open. Each later issue adds its own line.
// A key without an entry renders nothing and logs a warning (see dialog-host.tsx).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DialogKey } from './dialog-keys';

// Dialogs receive the props given to openDialog(key, props); the registry cannot know each shape.
type DialogComponent = LazyExoticComponent<ComponentType<any>>;

export const dialogRegistry: Partial<Record<DialogKey, DialogComponent>> = {
  sso: lazy(() => import('@/components/auth/sso-dialog')),
  'return-message': lazy(() => import('./return-message-dialog')),
  'story-settings': lazy(() => import('@/components/stories/story-settings-dialog')),
  'story-update': lazy(() => import('@/components/stories/story-update-dialog')),
  'share-widget': lazy(() => import('@/components/share/share-widget-dialog')),
  'story-actions': lazy(() => import('@/components/studio/story-actions-dialog')),
  'story-filter': lazy(() => import('@/components/studio/story-filter-dialog')),
  'schedule-story': lazy(() => import('@/components/studio/schedule-story-dialog')),
  'reschedule-story': lazy(() => import('@/components/studio/reschedule-story-dialog')),
  'cancel-schedule-story': lazy(() => import('@/components/studio/cancel-schedule-story-dialog')),
  'reject-story': lazy(() => import('@/components/publications/studio/reject-story-dialog')),
  confirmation: lazy(() => import('@/components/publications/studio/confirmation-dialog')),
  'delete-confirmation': lazy(() => import('@/components/studio/delete-confirmation-dialog')),
  'create-list': lazy(() => import('@/components/lists/create-list-dialog')),
  'edit-list': lazy(() => import('@/components/lists/edit-list-dialog')),
  'list-settings': lazy(() => import('@/components/lists/list-settings-dialog')),
  'save-to': lazy(() => import('@/components/lists/save-to-dialog')),
  'language-reign': lazy(() => import('@/components/home/language-reign-dialog')),
  'onboard-profile': lazy(() => import('@/components/onboarding/onboard-profile-dialog')),
  'onboard-subdomain': lazy(() => import('@/components/onboarding/onboard-subdomain-dialog')),
  'onboard-all-set': lazy(() => import('@/components/onboarding/onboard-all-set-dialog')),
  writers: lazy(() => import('@/components/search/writers-dialog')),
  'new-publication': lazy(() => import('@/components/publications/public/new-publication-dialog')),
  'publication-popup': lazy(() => import('@/components/publications/public/publication-popup-dialog')),
  'publication-links': lazy(() => import('@/components/publications/manage/publication-links-dialog')),
  'add-author': lazy(() => import('@/components/publications/manage/add-author-dialog')),
  'add-editor': lazy(() => import('@/components/publications/manage/add-editor-dialog')),
  'publication-editor': lazy(() => import('@/components/publications/manage/publication-editor-dialog')),
  'publication-author': lazy(() => import('@/components/publications/manage/publication-author-dialog')),
  'publication-role': lazy(() => import('@/components/publications/manage/publication-role-dialog')),
  'remove-author': lazy(() => import('@/components/publications/manage/remove-contributor-dialog')),
  'delete-publication-user': lazy(
    () => import('@/components/publications/manage/delete-publication-user-dialog'),
  ),
  'delete-publication-admin': lazy(
    () => import('@/components/publications/manage/delete-publication-admin-dialog'),
  ),
  'author-ban': lazy(() => import('@/components/staff/author-ban-dialog')),
  'subtopic-edit': lazy(() => import('@/components/staff/subtopic-edit-dialog')),
  'subscribe-email': lazy(() => import('@/components/subscriptions/subscribe-email-dialog')),
  'publication-subscription': lazy(
    () => import('@/components/subscriptions/publication-subscription-dialog'),
  ),
  'publicationArticle-subscription': lazy(
    () => import('@/components/subscriptions/publication-subscription-dialog'),
  ),
  'add-newsletter': lazy(() => import('@/components/newsletters/add-newsletter-dialog')),
  'remove-from-newsletter': lazy(() => import('@/components/newsletters/remove-from-newsletter-dialog')),
  'newsletter-operations': lazy(() => import('@/components/newsletters/newsletter-operations-dialog')),
  'newsletter-confirmation': lazy(() => import('@/components/newsletters/newsletter-confirmation-dialog')),
  'schedule-newsletter': lazy(() => import('@/components/newsletters/schedule-newsletter-dialog')),
  'reschedule-newsletter': lazy(() => import('@/components/newsletters/reschedule-newsletter-dialog')),
  'cancel-schedule-newsletter': lazy(
    () => import('@/components/newsletters/cancel-schedule-newsletter-dialog'),
  ),
};
