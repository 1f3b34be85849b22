'use client';

// The home page's story lists: Latest for everyone, and for members a Following tab beside it
// (issue 25). One HTML for every reader (decision 026, 031): the tabs are in it for all, and the
// viewer hint shows them to members only before the first paint; a guest sees the Latest heading.
// The Following list is asked for only when its tab is opened.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { FollowingStories } from '@/components/follows/following-stories';
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import { LatestStories } from './latest-stories';
import styles from './home-feeds.module.css';

type Tab = 'latest' | 'following';

type HomeStoryTabsProps = { languageCode: string; latest: StoryPage; languageSwitch: ReactNode };

export function HomeStoryTabs({ languageCode, latest, languageSwitch }: HomeStoryTabsProps) {
  const [tab, setTab] = useState<Tab>('latest');
  const tabButton = (value: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`home-tab-${value}`}
      aria-selected={tab === value}
      aria-controls="home-tab-panel"
      className={`${styles.tab} ${tab === value ? styles.tabSelected : ''}`}
      onClick={() => setTab(value)}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className={styles.latestHead}>
        <h2 id="home-latest" className={`${styles.sectionTitle} ${styles.guestTitle}`}>
          Latest stories
        </h2>
        <div role="tablist" aria-label="Stories" className={styles.tabs}>
          {tabButton('latest', 'Latest')}
          {tabButton('following', 'Following')}
        </div>
        {tab === 'latest' ? languageSwitch : null}
      </div>
      <div id="home-tab-panel" role="tabpanel" aria-labelledby={`home-tab-${tab}`}>
        {tab === 'latest' ? (
          <LatestStories languageCode={languageCode} firstPage={latest} />
        ) : (
          <FollowingStories dateLocale={languageCode} />
        )}
      </div>
    </>
  );
}
