import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { HomeFeeds } from '@/components/home/home-feeds';
import { CuratedSetsPanel } from '@/components/staff/curated-sets-panel';
import { ModerationLogPanel } from '@/components/staff/moderation-log-panel';
import { PublicationSetsPanel } from '@/components/staff/publication-sets-panel';
import { ReportsPanel } from '@/components/staff/reports-panel';
import { SiteRolesPanel } from '@/components/staff/site-roles-panel';
import { StaffNav, sectionsFor, type StaffSection } from '@/components/staff/staff-nav';
import { StaffStoriesPanel } from '@/components/staff/staff-stories-panel';
import { SubtopicsPanel } from '@/components/staff/subtopics-panel';
import { WebhooksSection } from '@/components/webhooks/webhooks-section';
import { DailyVersesPanel } from '@/components/scripture/daily-verses-panel';
import { LocalePicker, PublicationPicker } from '@/components/staff/staff-pickers';
import styles from '@/components/staff/staff.module.css';
import type { Actor } from '@/server/auth/actor';
import { getPageActor } from '@/server/auth/page-actor';
import { env } from '@/server/lib/env';
import { toReaderLanguage } from '@/server/lib/reader-language';
import {
  getCurationCandidates,
  getCuratedSetEditor,
  getPublicationStories,
  type EditorItem,
} from '@/server/modules/curation/curation.service';
import { HOME_PAGE_SIZE, listLatestHomePosts } from '@/server/modules/reading/home-feed.service';
import { listReports } from '@/server/modules/reports/reports.service';
import { listVisibleStorySummaries } from '@/server/modules/posts/posts-read.service';
import { listPublicationPosts } from '@/server/modules/reading/publication-stories.service';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import { listAllSubtopics, listSubtopicPostIds } from '@/server/modules/subtopics/subtopics.service';
import { siteDayOf } from '@/server/modules/scripture/daily-verses.choice';
import { listDailyVerses, todaysVerses } from '@/server/modules/scripture/daily-verses.service';
import {
  listModerationLog,
  listSiteStaff,
  staffAreaCapabilitiesOf,
} from '@/server/modules/users/moderation.service';

export const metadata: Metadata = { title: 'Staff area', robots: { index: false } };

// /admin (issue 13): the staff area, for site editors and site admins; anyone else gets the 404 page
// (staff.openArea). Each section is one address (?section=…); what a section shows and offers comes
// from the actor's staff capabilities, and every write goes through the API, which asks the policy again.

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

const storyItem = (story: StorySummary): EditorItem => ({
  id: story.id,
  label: story.title.trim() || 'Untitled story',
  detail: `${story.author.name} · ${story.status}`,
});

export default async function StaffPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await getPageActor();
  const can = staffAreaCapabilitiesOf(actor);
  if (!can.canOpen) notFound();
  const params = await searchParams;
  const sections = sectionsFor(can);
  const asked = one(params.section) as StaffSection;
  const section = sections.includes(asked) ? asked : 'stories';

  return (
    <div className={`container ${styles.page}`}>
      <div>
        <h1 className={styles.title}>Staff area</h1>
        <StaffNav sections={sections} current={section} />
      </div>
      <div className={styles.section}>
        {section === 'stories' ? <StaffStoriesPanel canSearchAll={can.canSearchAllPosts} /> : null}
        {section === 'curated' ? <CuratedSection actor={actor} params={params} /> : null}
        {section === 'publications' ? <PublicationSection actor={actor} params={params} /> : null}
        {section === 'subtopics' ? <SubtopicSection actor={actor} params={params} /> : null}
        {section === 'verses' ? <VersesSection actor={actor} /> : null}
        {section === 'reports' ? (
          <>
            <h2 className={styles.sectionTitle}>Reports</h2>
            <ReportsPanel initial={await firstReportsPage(actor)} />
          </>
        ) : null}
        {section === 'log' ? (
          <>
            <h2 className={styles.sectionTitle}>Moderation log</h2>
            <ModerationLogPanel initial={await firstLogPage(actor)} canBan={can.canBanUsers} />
          </>
        ) : null}
        {section === 'roles' ? (
          <>
            <h2 className={styles.sectionTitle}>Site roles</h2>
            <SiteRolesPanel staff={await listSiteStaff(actor)} canManage={can.canManageSiteRoles} />
          </>
        ) : null}
        {section === 'roles' ? <WebhooksSection /> : null}
      </div>
    </div>
  );
}

async function firstReportsPage(actor: Actor) {
  const page = await listReports(actor, { status: 'open' });
  return { items: page.reports, lastKey: page.lastKey };
}

async function firstLogPage(actor: Actor) {
  const page = await listModerationLog(actor);
  return { items: page.entries, lastKey: page.lastKey };
}

type SectionProps = { actor: Actor; params: Awaited<SearchParams> };

async function CuratedSection({ actor, params }: SectionProps) {
  const languageCode = toReaderLanguage(one(params.lang)) ?? 'en';
  const country = one(params.country).toUpperCase();
  const countryCode = /^[A-Z]{2}$/.test(country) ? country : env.DEFAULT_COUNTRY;
  const locale = { languageCode, countryCode };
  const [editor, candidates, latest] = await Promise.all([
    getCuratedSetEditor(actor, locale),
    getCurationCandidates(actor, languageCode),
    listLatestHomePosts(null, languageCode, { limit: HOME_PAGE_SIZE }),
  ]);
  return (
    <>
      <h2 className={styles.sectionTitle}>Curated sets</h2>
      <LocalePicker languageCode={languageCode} countryCode={countryCode} />
      <CuratedSetsPanel
        languageCode={languageCode}
        countryCode={countryCode}
        items={editor.items}
        candidates={{
          publications: candidates.publications.map((p) => ({
            id: p.id,
            label: p.name,
            detail: p.subdomain,
          })),
          tags: candidates.tags.map((t) => ({ id: t.slug, label: t.name })),
        }}
      />
      <section aria-labelledby="home-preview">
        <h2 id="home-preview" className={styles.sectionTitle}>
          Home page preview ({languageCode}, {countryCode})
        </h2>
        <p className={styles.hint}>What a reader who is not signed in sees, after the last save.</p>
        <div className={styles.preview} data-testid="home-preview" inert>
          <div className={styles.previewInner}>
            <HomeFeeds languageCode={languageCode} sets={editor.home} latest={latest} />
          </div>
        </div>
      </section>
    </>
  );
}

async function PublicationSection({ actor, params }: SectionProps) {
  const candidates = await getCurationCandidates(actor, 'en');
  // The one asked for, else the first: the editors show at once.
  const chosen =
    candidates.publications.find((p) => p.id === one(params.publication)) ?? candidates.publications[0];
  const publicationId = chosen?.id ?? null;
  const sets = publicationId
    ? await Promise.all([
        getPublicationStories(actor, 'devotion', publicationId),
        getPublicationStories(actor, 'trending', publicationId),
        listPublicationPosts(actor, publicationId, { limit: 50 }),
      ])
    : null;
  return (
    <>
      <h2 className={styles.sectionTitle}>Devotion &amp; trending</h2>
      <PublicationPicker publications={candidates.publications} current={publicationId} />
      {publicationId && sets ? (
        <PublicationSetsPanel
          publicationId={publicationId}
          devotion={sets[0].curated ? sets[0].posts.map(storyItem) : []}
          trending={sets[1].curated ? sets[1].posts.map(storyItem) : []}
          candidates={sets[2].posts.map(storyItem)}
        />
      ) : null}
    </>
  );
}

async function SubtopicSection({ actor, params }: SectionProps) {
  const subtopics = await listAllSubtopics(actor);
  const chosen = subtopics.find((s) => s.id === one(params.subtopic));
  let stories: EditorItem[] = [];
  if (chosen) {
    // Every story it holds, as staff see them (readers see the published ones).
    const ids = await listSubtopicPostIds(actor, chosen.id);
    stories = (await listVisibleStorySummaries(actor, ids)).map(storyItem);
  }
  return (
    <>
      <h2 className={styles.sectionTitle}>Subtopics</h2>
      <SubtopicsPanel subtopics={subtopics} chosen={chosen ? { subtopic: chosen, stories } : null} />
    </>
  );
}

async function VersesSection({ actor }: { actor: Actor }) {
  const now = new Date();
  const [list, today] = await Promise.all([listDailyVerses(actor), todaysVerses(actor, now)]);
  return (
    <>
      <h2 className={styles.sectionTitle}>Verse of the day</h2>
      <p className={styles.hint}>
        Shown on <Link href="/dailydevotion">/dailydevotion</Link> and at the top of the daily
        devotional&rsquo;s newsletter, in each reader&rsquo;s language.
      </p>
      <DailyVersesPanel
        scheduled={list.scheduled}
        rotation={list.rotation}
        today={today}
        todayDate={siteDayOf(now).date}
      />
    </>
  );
}
