import styles from './toolbar.module.css';

/** The bar shown while an image uploads (issue 4: "an upload shows a progress bar"). */
export function UploadProgress({ value, label = 'Uploading image' }: { value: number; label?: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className={styles.progress}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.progressBar} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.progressText} aria-hidden="true">
        {label}… {percent}%
      </span>
    </div>
  );
}
