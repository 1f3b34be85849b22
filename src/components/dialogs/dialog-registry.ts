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
};
