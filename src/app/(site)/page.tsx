import Link from 'next/link';
import { WriteButton } from '@/components/layout/write-button';
import { LampMark } from '@/components/ui/icons';
import styles from './home.module.css';

const FEATURES = [
  {
    title: 'Write',
    text: 'A quiet editor for stories, testimonies and reflections. Publish now, schedule for later, or keep a draft.',
  },
  {
    title: 'Publish together',
    text: 'Start a publication, invite authors and editors, and gather stories into collections.',
  },
  {
    title: 'Send newsletters',
    text: 'Bring your best stories to your readers’ inboxes, free, with subscribers managed for you.',
  },
];

export default function HomePage() {
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <h1 id="home-title" className={styles.title}>
              Stories that carry light.
            </h1>
            <p className={styles.lead}>
              Lamplight is a home for Christian writers and readers — stories, devotions and publications
              about faith in everyday life.
            </p>
            <div className={styles.actions}>
              <WriteButton className="button button-dark" showIcon={false}>
                Start writing
              </WriteButton>
              <Link href="/publications" className="button button-outline">
                Explore publications
              </Link>
            </div>
          </div>
          <div className={styles.heroArt} aria-hidden="true">
            <div className={styles.glow} />
            <LampMark size={132} />
          </div>
        </div>
      </section>

      <section className={`container ${styles.features}`} aria-label="What you can do on Lamplight">
        {FEATURES.map((feature) => (
          <div key={feature.title} className={styles.feature}>
            <h2 className={styles.featureTitle}>{feature.title}</h2>
            <p className={styles.featureText}>{feature.text}</p>
          </div>
        ))}
      </section>

      <section className={`container ${styles.devotion}`} aria-labelledby="home-devotion">
        <div className={styles.devotionCard}>
          <h2 id="home-devotion" className={styles.devotionTitle}>
            A word for today
          </h2>
          <blockquote className={styles.verse}>
            <p>&ldquo;Thy word is a lamp unto my feet, and a light unto my path.&rdquo;</p>
            <cite>Psalm 119:105</cite>
          </blockquote>
          <div className={styles.devotionLinks}>
            <Link href="/dailydevotion">Read today&rsquo;s devotion</Link>
            <Link href="/daily-newsletter">Get it by e-mail every morning</Link>
          </div>
        </div>
      </section>
    </>
  );
}
