'use client';

// /publications/admin/{publicationId} (SPEC §2): the publication-links menu, the owners, editors and
// authors with adding (by user id), role changes and removal, and deleting the publication. What is
// offered comes from the server's capability flags only.
import { useDialog } from '@/components/dialogs/dialog-provider';
import { PublicationNewsletters } from '@/components/newsletters/publication-newsletters';
import { ResponsesSetting } from '@/components/responses/responses-setting';
import { Button } from '@/components/ui/button';
import type { MemberLists, PublicationCapabilities } from './manage-api';
import type { PublicationRef } from './manage-dialog-types';
import { ManageHeader } from './manage-header';
import { MemberList } from './member-list';
import { useMembers } from './use-members';
import styles from './publication-admin.module.css';

type Props = {
  publication: PublicationRef;
  capabilities: PublicationCapabilities;
  members: MemberLists;
  supportHref: string;
};

export function PublicationAdmin({ publication, capabilities, members: initial, supportHref }: Props) {
  const { openDialog } = useDialog();
  const { members, reload } = useMembers(publication.id, initial);
  const actions = {
    canChangeRoles: capabilities.canChangeRoles,
    canManageContributors: capabilities.canManageContributors,
  };
  const addProps = { publication, onDone: () => void reload() };
  // The owner deletes their own publication (with a contact-support note, then /me); whoever else may
  // delete it without running it is site staff, who get the permanent-deletion warning.
  const deleteKey = capabilities.canManageContributors
    ? 'delete-publication-user'
    : 'delete-publication-admin';

  return (
    <div className={styles.page}>
      <ManageHeader
        section="Publication admin"
        publication={publication}
        capabilities={capabilities}
        supportHref={supportHref}
      />
      <section className={styles.section} aria-labelledby="members-heading">
        <div className={styles.sectionHead}>
          <h2 id="members-heading" className={styles.sectionTitle}>
            Members
          </h2>
          <p className={styles.sectionLead}>
            {capabilities.canManageContributors
              ? 'Add writers by their user id, change what they may do, or remove them.'
              : 'Who writes for and runs this publication.'}
          </p>
        </div>
        <MemberList
          id="owners-heading"
          title="Owners"
          lead="Created the publication; adds and removes people and may delete it."
          empty="No owner is listed."
          members={members.owners}
          publication={publication}
          menu={null}
          actions={actions}
          onChange={reload}
        />
        <MemberList
          id="editors-heading"
          title="Editors"
          lead="Review, publish and schedule stories; edit the profile and collections."
          empty="No editors yet."
          members={members.editors}
          publication={publication}
          menu="publication-editor"
          actions={actions}
          onChange={reload}
          addButton={
            capabilities.canManageContributors ? (
              <Button variant="outline" size="small" onClick={() => openDialog('add-editor', addProps)}>
                Add editor
              </Button>
            ) : null
          }
        />
        <MemberList
          id="authors-heading"
          title="Authors"
          lead="Write stories and submit them for review."
          empty="No authors yet."
          members={members.authors}
          publication={publication}
          menu="publication-author"
          actions={actions}
          onChange={reload}
          addButton={
            capabilities.canManageContributors ? (
              <Button variant="outline" size="small" onClick={() => openDialog('add-author', addProps)}>
                Add author
              </Button>
            ) : null
          }
        />
      </section>
      {capabilities.canManageNewsletters ? <PublicationNewsletters publicationId={publication.id} /> : null}
      {/* Responses on or off for every story (decision 053): the same people as its newsletters. */}
      {capabilities.canManageNewsletters ? (
        <section className={styles.section} aria-labelledby="responses-heading">
          <div className={styles.sectionHead}>
            <h2 id="responses-heading" className={styles.sectionTitle}>
              Responses
            </h2>
          </div>
          <ResponsesSetting kind="publication" publicationId={publication.id} />
        </section>
      ) : null}
      {capabilities.canDelete ? (
        <section className={`${styles.section} ${styles.dangerZone}`} aria-labelledby="delete-heading">
          <div className={styles.sectionHead}>
            <h2 id="delete-heading" className={styles.sectionTitle}>
              Delete this publication
            </h2>
            <p className={styles.sectionLead}>
              Deleting it removes the publication and all its articles for good, with its collections and
              members.
            </p>
          </div>
          <div>
            <Button variant="danger" onClick={() => openDialog(deleteKey, { publication, supportHref })}>
              Delete publication
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
