// Props of the publication management dialogs (registered in dialog-keys.ts under SPEC §2's keys).
import type { PublicationCapabilities, PublicationMember } from './manage-api';

/** What a dialog needs to name the publication. */
export type PublicationRef = { id: string; name: string; subdomain: string; image: string | null };

/** 'publication-links': the menu of the publication's management pages (SPEC §2). */
export type PublicationLinksDialogProps = {
  publication: PublicationRef;
  capabilities: PublicationCapabilities;
  /** Where Help & support goes (the contact address the server knows). */
  supportHref: string;
};

/** 'add-author' and 'add-editor': a user-id input and Save. */
export type AddContributorDialogProps = {
  publication: PublicationRef;
  /** Told after a member was added, so the lists refresh. */
  onDone?: () => void;
};

/** What the member dialogs may offer: the server's flags for the publication. */
export type MemberActions = Pick<PublicationCapabilities, 'canChangeRoles' | 'canManageContributors'>;

/** 'publication-editor', 'publication-author', 'publication-role' and 'remove-author'. */
export type MemberDialogProps = {
  publication: PublicationRef;
  member: PublicationMember;
  actions: MemberActions;
  onDone?: () => void;
};

/** 'delete-publication-user' and 'delete-publication-admin'. */
export type DeletePublicationDialogProps = {
  publication: PublicationRef;
  supportHref: string;
};
