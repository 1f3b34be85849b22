import styles from './onboarding.module.css';

/** Where the user is in the three onboarding steps (SPEC §2: profile, subdomain, all set). */
export function StepDots({ step }: { step: 1 | 2 | 3 }) {
  return (
    <div className={styles.dots} role="img" aria-label={`Step ${step} of 3`}>
      {[1, 2, 3].map((n) => (
        <span key={n} className={styles.dot} data-done={n <= step} />
      ))}
    </div>
  );
}
