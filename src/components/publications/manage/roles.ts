// SPEC §2 change-role dialog: radio choices spelled 'publication-author' and 'publication-editor';
// SPEC §7 sends the chosen one with the hyphen replaced by an underscore.
import type { AssignableRole } from '@/server/modules/publications/publications.limits';
import type { PublicationMember } from '@/server/modules/publications/publications.schema';

export const ROLE_CHOICES = ['publication-author', 'publication-editor'] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

export const ROLE_LABELS: Record<RoleChoice, { label: string; hint: string }> = {
  'publication-author': {
    label: 'Publication author',
    hint: 'Writes stories and submits them to the editors for review.',
  },
  'publication-editor': {
    label: 'Publication editor',
    hint: 'Reviews, publishes and schedules stories; edits the profile and collections.',
  },
};

/** The wire word for a radio choice: 'publication-editor' → 'publication_editor'. */
export const toWireRole = (choice: RoleChoice): AssignableRole => choice.replace('-', '_') as AssignableRole;

/** The radio choice matching a member's stored role, or null for one the dialog does not offer. */
export function toRoleChoice(role: PublicationMember['userRole']): RoleChoice | null {
  const choice = role.replace('_', '-');
  return (ROLE_CHOICES as readonly string[]).includes(choice) ? (choice as RoleChoice) : null;
}
