// The publication page (SPEC §2 /{subdomain} and /publications/{id}): background banner, logo, name
// and description; the member links the reader's flags allow (after the page: decision 031); collections as tabs; the published
// stories a page at a time; the trending stories the site's staff chose (issue 19); its reading plans
// (decision 050); the owners, editors and authors.
import Image from 'next/image';
import Link from '@/components/ui/link';
import { ReaderDate } from '@/components/dates/reader-date';
import { storyPath } from '@/lib/slug';
import type { StoryPage, StorySummary } from '@/server/modules/posts/posts.schema';
import type {
  CollectionSummary,
  Publication,
  PublicationMember,
} from '@/server/modules/publications/publications.schema';
import { FollowButton } from '@/components/follows/follow-button';
import { SubscribeButton } from '@/components/subscriptions/subscribe-button';
import { PublicationLogo } from './publication-logo';
import { EmptyStories, MemberLinks } from './publication-member-parts';
import { PublicationPeople } from './publication-people';
import { PublicationStories } from './publication-stories';
import styles from './publication-home.module.css';

export type PublicationHomeProps = {
  publication: Publication;
  owners: PublicationMember[];
  editors: PublicationMember[];
  authors: PublicationMember[];
  /** The chosen collection tab (null: All). */
  collection: CollectionSummary | null;
  firstPage: StoryPage;
  pageSize: number;
  /** The page's own address, which the tabs add ?collection= to. */
  basePath: string;
  /** The publication's trending set as the staff curated it (empty: none curated, nothing shown). */
  trending: StorySummary[];
  /** Its reading plans, newest first (empty: none, nothing shown). */
  plans: PublicationPlanLink[];
};

export type PublicationPlanLink = { id: string; title: string; totalDays: number };

/** The publication's reading plans, each linking to its page (/plans/{id}) where a reader starts it. */
function ReadingPlans({ plans }: { plans: PublicationPlanLink[] }) {
  if (plans.length === 0) return null;
  return (
    <section className={styles.plans} aria-labelledby="publication-plans">
      <h2 id="publication-plans" className={styles.sectionTitle}>
        Reading plans
      </h2>
      <ul className={styles.planList}>
        {plans.map((plan) => (
          <li key={plan.id} className={styles.planItem}>
            <Link href={`/plans/${plan.id}`} className={styles.planTitle}>
              {plan.title}
            </Link>
            <span className={styles.planDays}>
              {plan.totalDays} {plan.totalDays === 1 ? 'day' : 'days'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The curated trending stories, in the staff's order: a numbered rail beside the latest stories. */
function TrendingStories({ stories }: { stories: StorySummary[] }) {
  if (stories.length === 0) return null;
  return (
    <section className={styles.trending} aria-labelledby="publication-trending">
      <h2 id="publication-trending" className={styles.sectionTitle}>
        Trending
      </h2>
      <ol className={styles.trendingList}>
        {stories.map((story, index) => (
          <li key={story.id} className={styles.trendingItem}>
            <span className={styles.trendingRank} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <div className={styles.trendingText}>
              <Link href={storyPath(story)} className={styles.trendingTitle}>
                {story.title || 'Untitled story'}
              </Link>
              <span className={styles.trendingByline}>{story.author.name}</span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function CollectionTabs({
  collections,
  chosen,
  basePath,
}: {
  collections: CollectionSummary[];
  chosen: CollectionSummary | null;
  basePath: string;
}) {
  if (collections.length === 0) return null;
  const tabs = [
    { id: null, name: 'All', href: basePath },
    ...collections.map((c) => ({
      id: c.id,
      name: c.name,
      href: `${basePath}?collection=${encodeURIComponent(c.id)}`,
    })),
  ];
  return (
    <nav className={styles.tabs} aria-label="Collections">
      <ul className={styles.tabList}>
        {tabs.map((tab) => {
          const current = (chosen?.id ?? null) === tab.id;
          return (
            <li key={tab.id ?? 'all'}>
              <Link
                href={tab.href}
                className={styles.tab}
                aria-current={current ? 'page' : undefined}
                scroll={false}
              >
                {tab.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function PublicationHome({
  publication,
  owners,
  editors,
  authors,
  collection,
  firstPage,
  pageSize,
  basePath,
  trending,
  plans,
}: PublicationHomeProps) {
  const storiesTitle = collection ? collection.name : 'Latest stories';
  return (
    <div className={styles.page}>
      <div className={styles.banner} data-has-image={publication.backgroundImage ? true : undefined}>
        {publication.backgroundImage ? (
          <Image
            src={publication.backgroundImage}
            alt=""
            fill
            sizes="100vw"
            className={styles.bannerImage}
            priority
            unoptimized
          />
        ) : null}
      </div>
      <div className="container">
        <header className={styles.identity}>
          <PublicationLogo
            name={publication.name}
            image={publication.image}
            size={112}
            className={styles.logo}
          />
          <div className={styles.identityText}>
            <h1 className={styles.name}>{publication.name}</h1>
            {publication.description ? <p className={styles.description}>{publication.description}</p> : null}
            <p className={styles.since}>
              Publishing on Lamplight since <ReaderDate value={publication.createdTime} />
            </p>
            <MemberLinks publicationId={publication.id} />
            {/* Followers and Follow (issue 25): after the page, from the page-state call or the public counts. */}
            <FollowButton kind="publication" id={publication.id} name={publication.name} showCount />
            {publication.hasNewsletters ? (
              <SubscribeButton
                publicationId={publication.id}
                publicationName={publication.name}
                from="publication"
              />
            ) : null}
          </div>
        </header>

        <CollectionTabs collections={publication.collections} chosen={collection} basePath={basePath} />

        <div className={styles.columns}>
          <section className={styles.stories} aria-labelledby="publication-stories">
            <h2 id="publication-stories" className={styles.sectionTitle}>
              {storiesTitle}
            </h2>
            {collection?.description ? (
              <p className={styles.collectionText}>{collection.description}</p>
            ) : null}
            <PublicationStories
              key={collection?.id ?? 'all'}
              publicationId={publication.id}
              collectionId={collection?.id ?? null}
              firstPage={firstPage}
              pageSize={pageSize}
              empty={
                <EmptyStories
                  publicationId={publication.id}
                  publicationName={publication.name}
                  collection={collection}
                />
              }
            />
          </section>
          <div className={styles.sideColumn}>
            <TrendingStories stories={trending} />
            <ReadingPlans plans={plans} />
            <aside className={styles.side} aria-label="People of this publication">
              <PublicationPeople owners={owners} editors={editors} authors={authors} />
            </aside>
          </div>
        </div>
      </div>
    </div>
  );
}
