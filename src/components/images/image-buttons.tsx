type ImageButtonsProps = {
  /** 'Upload photo', 'Change logo', 'Change image' … */
  pickLabel: string;
  onPick: () => void;
  /** Given when there is an image to take away: shows 'Remove'. */
  onRemove?: () => void;
  busy: boolean;
  /** The id of the hint that says what files are taken. */
  describedBy?: string;
};

/** An image's buttons: choose a file, and 'Remove' while it has one. */
export function ImageButtons({ pickLabel, onPick, onRemove, busy, describedBy }: ImageButtonsProps) {
  return (
    <>
      <button
        type="button"
        className="button button-outline button-small"
        disabled={busy}
        aria-describedby={describedBy}
        onClick={onPick}
      >
        {pickLabel}
      </button>
      {onRemove ? (
        <button type="button" className="button button-ghost button-small" disabled={busy} onClick={onRemove}>
          Remove
        </button>
      ) : null}
    </>
  );
}
