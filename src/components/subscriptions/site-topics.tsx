// The site's newsletter topics besides the daily devotional (SPEC §9), each with its name, what it
// brings and a subscribe control: the list /daily-newsletter shows below its own form, so every site
// topic can be found and subscribed to.
import { SITE_TOPICS, TOPIC_DAILY_DEVOTIONAL } from '@/lib/topics';
import styles from './site-topics.module.css';
import { TopicSubscribeButton } from './topic-subscribe-button';

export function SiteTopics() {
  const topics = SITE_TOPICS.filter((t) => t.topic !== TOPIC_DAILY_DEVOTIONAL);
  return (
    <section id="letters" className={styles.section} aria-labelledby="letters-title">
      <h2 id="letters-title" className={styles.title}>
        More letters from Lamplight
      </h2>
      <p className={styles.intro}>
        Choose the ones you want. Each is free, asks you to confirm your address once, and has its own link to
        unsubscribe.
      </p>
      <ul className={styles.topics}>
        {topics.map((topic) => (
          <li key={topic.topic} className={styles.topic}>
            <div className={styles.text}>
              <h3 className={styles.name}>{topic.name}</h3>
              <p className={styles.description}>{topic.description}</p>
            </div>
            <TopicSubscribeButton {...topic} />
          </li>
        ))}
      </ul>
    </section>
  );
}
