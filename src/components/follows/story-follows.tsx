'use client';

// The story page's Follow buttons (issue 25), beside the byline: the writer, and the publication when
// the story is in one. Their state comes with the page's one personal call (decision 031).
import { FollowButton } from './follow-button';
import styles from './follows.module.css';

type StoryFollowsProps = {
  author: { id: string; name: string };
  publication: { id: string; name: string } | null;
};

export function StoryFollows({ author, publication }: StoryFollowsProps) {
  return (
    <div className={styles.storyFollows}>
      <FollowButton kind="user" id={author.id} name={author.name} />
      {publication ? <FollowButton kind="publication" id={publication.id} name={publication.name} /> : null}
    </div>
  );
}
