import type { OnboardingProps } from '@/components/onboarding/onboarding-types';
import type {
  AddContributorDialogProps,
  DeletePublicationDialogProps,
  MemberDialogProps,
  PublicationLinksDialogProps,
} from '@/components/publications/manage/manage-dialog-types';
import type { ConfirmationDialogProps } from '@/components/publications/studio/confirmation-dialog-types';
import type { ShareTarget } from '@/components/share/share-links';
import type { AuthorBanDialogProps, SubtopicEditDialogProps } from '@/components/staff/staff-dialog-types';
import type { StoryDialogProps } from '@/components/stories/story-api';
import type { StorySettingsState } from '@/components/stories/story-settings-actions';
import type {
  StoryActionsDialogProps,
  StoryFilterDialogProps,
  StudioStoryDialogProps,
} from '@/components/studio/studio-dialog-types';
import type { List, ListRef } from '@/components/lists/lists-api';
import type { SubscribeEmailDialogProps } from '@/components/subscriptions/subscribe-dialog-types';

// Every dialog key of SPEC §2, spelled exactly as there. A null key means no dialog is open.
export const DIALOG_KEYS = [
  'site-links',
  'sso',
  'story-settings',
  'writers',
  'language-reign',
  'save-to',
  'user-links',
  'story-actions',
  'story-filter',
  'story-update',
  'share-widget',
  'return-message',
  'confirmation',
  'author-ban',
  'create-list',
  'edit-list',
  'list-settings',
  'onboard-profile',
  'onboard-subdomain',
  'onboard-all-set',
  'subtopic-edit',
  'delete-confirmation',
  'delete-publication-admin',
  'delete-publication-user',
  'subscribe-email',
  'new-publication',
  'add-author',
  'remove-author',
  'add-editor',
  'schedule-story',
  'reschedule-story',
  'cancel-schedule-story',
  // DESIGN §3 (not a SPEC §2 key): a publication editor rejects a story under review, with a reason.
  'reject-story',
  'publication-links',
  'add-newsletter',
  'remove-from-newsletter',
  'newsletter-operations',
  'newsletter-confirmation',
  'schedule-newsletter',
  'reschedule-newsletter',
  'cancel-schedule-newsletter',
  'publication-subscription',
  'publicationArticle-subscription',
  'publication-editor',
  'publication-author',
  'publication-role',
  'publication-popup',
] as const;

export type DialogKey = (typeof DIALOG_KEYS)[number];

export function isDialogKey(value: string): value is DialogKey {
  return (DIALOG_KEYS as readonly string[]).includes(value);
}

/**
 * Props each dialog takes, by key. A dialog that needs typed props adds its entry here
 * (e.g. `'story-settings': { postId: string }`); keys without an entry take any plain object.
 */
export interface DialogPropsMap {
  sso: { mode?: 'signin' | 'signup'; callbackUrl?: string };
  'return-message': Record<string, never>;
  'story-settings': StoryDialogProps & {
    /** The settings as the opener keeps them between openings (tags, placement, schedule). */
    settings?: StorySettingsState;
    onSettingsChange?: (settings: StorySettingsState) => void;
  };
  /** SPEC §2 share widget: the story's public address, title, excerpt and feature image. */
  'share-widget': ShareTarget;
  'story-update': StoryDialogProps & {
    postId: string;
    /** Opens story-settings for this story (topics, publication, schedule of an unpublished story). */
    openSettings?: () => void;
    /** Where to be after a save, instead of the story (or the studio): the staff area stays put. */
    returnPath?: string;
  };
  'create-list': { onCreated?: (list: List) => void };
  'edit-list': { list: ListRef };
  'list-settings': { list: ListRef };
  /** Tick or untick the story in each of the user's lists. */
  'save-to': { postId: string };
  /** The reader's language for the home page; signed in (userId), it is saved in the profile. */
  'language-reign': { current: 'en' | 'zh'; userId: string | null };
  'story-actions': StoryActionsDialogProps;
  'story-filter': StoryFilterDialogProps;
  'schedule-story': StudioStoryDialogProps;
  'reschedule-story': StudioStoryDialogProps;
  'cancel-schedule-story': StudioStoryDialogProps;
  'reject-story': StudioStoryDialogProps;
  /** Asks before an action (the publication studio's Unpublish), then runs it. */
  confirmation: ConfirmationDialogProps;
  'delete-confirmation': StudioStoryDialogProps;
  /** Onboarding: the profile as the previous step saved it (loaded for the session user when absent). */
  'onboard-profile': OnboardingProps;
  'onboard-subdomain': OnboardingProps;
  'onboard-all-set': OnboardingProps;
  /** The new-publication form and the promotional popup need nothing from their opener. */
  'new-publication': Record<string, never>;
  'publication-popup': Record<string, never>;
  /** The publication's management menu and member management (the admin area, the edit page). */
  'publication-links': PublicationLinksDialogProps;
  'add-author': AddContributorDialogProps;
  'add-editor': AddContributorDialogProps;
  'publication-editor': MemberDialogProps;
  'publication-author': MemberDialogProps;
  'publication-role': MemberDialogProps;
  'remove-author': MemberDialogProps;
  'delete-publication-user': DeletePublicationDialogProps;
  'delete-publication-admin': DeletePublicationDialogProps;
  /** Site admins: ban or unban a story's author (SPEC §2). */
  'author-ban': AuthorBanDialogProps;
  'subtopic-edit': SubtopicEditDialogProps;
  /** The anxiety topic without props; a site topic from /daily-newsletter. */
  'subscribe-email': SubscribeEmailDialogProps;
}

export type DialogPropsOf<K extends DialogKey> = K extends keyof DialogPropsMap
  ? DialogPropsMap[K]
  : Record<string, unknown>;

/** SPEC §2 return message: an object's message or a plain string. */
export type Notice = string | { message: string };

export function noticeText(notice: Notice | null | undefined): string {
  if (!notice) return '';
  return typeof notice === 'string' ? notice : notice.message;
}
