// THE permission policy (DESIGN §3–§5, SPEC §4–§6, CONVENTIONS 6). Every "may X do Y to Z" question in
// Lamplight and every state rule behind one is answered here: services call assertCan, and the server
// sends the UI capability flags computed from the same matrix. Pure TypeScript on purpose (no db, hono,
// next or node:*). Read matrix.ts first: one screen, every action. Words: docs/glossary.md; choices
// made where DESIGN and SPEC were silent or ambiguous: docs/decisions/002-policy.md.
//
//   resources.ts     the actions and the resource each concerns
//   relations.ts     how the actor stands to the resource (the matrix's "who")
//   rules.ts         state rules (the matrix's "only when"), each with its message, and the two
//                    story states services branch on (isOutStatus, isScheduledStatus)
//   matrix.ts        THE MATRIX
//   decide.ts        decide / can / why / assertCan
//   capabilities.ts  flags for the UI (storyCapabilities) and the read scope of list queries

export type { Actor } from '../actor';
export type { PublicationRole } from '../roles';
export {
  ACTIONS,
  type AccountResource,
  type AccountStatus,
  type Action,
  type FollowResource,
  type ListResource,
  type NewsletterCandidate,
  type NewsletterEntryResource,
  type NewsletterStatus,
  type PolicyContext,
  type PublicationResource,
  type ReportSubjectResource,
  type ResourceFor,
  type ResponseResource,
  type ResponseTargetResource,
  type SiteRoleChangeResource,
  type StoryResource,
  type StoryStatus,
  type UserResource,
} from './resources';
export { POLICY } from './matrix';
export {
  isAccountBanned,
  isAccountShown,
  isActiveAdminAfter,
  isOutStatus,
  isScheduledStatus,
  RESPONSE_EDIT_WINDOW_MS,
  siteRolesAfterChange,
  statusAfterBanToggle,
} from './rules';
export { assertCan, can, decide, why, type PolicyDecision } from './decide';
export {
  accountCapabilities,
  newsletterEntryCapabilities,
  placementCapabilities,
  publicationCapabilities,
  readScopeOf,
  staffCapabilities,
  storyCapabilities,
  type LockableStoryAction,
  type NewsletterEntryCapabilities,
  type StoryNewsletterFacts,
  type PlacementCapabilities,
  type PublicationCapabilities,
  type ReadScope,
  type StaffCapabilities,
  type StoryCapabilities,
} from './capabilities';
