'use client';

// The Report control (issue 25, docs/decisions/054-reports.md), under a story and in each response's
// actions: a reader tells site staff something is wrong, with a reason and, if they like, a few
// words. A guest is asked to sign in first; a reader sees no Report on what they wrote (for a story,
// from its `can` flags in the page's personal call; for a response, `own` from the response list).
import { useSession } from 'next-auth/react';
import { usePathname } from 'next/navigation';
import { useId, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { usePageState } from '@/components/viewer/use-page-state';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@/server/modules/reports/reports.limits';
import { fileReport } from './reports-api';
import styles from './reports.module.css';

// A flag on a pole, 24×24 outline.
const FLAG_ICON = 'M6 20.5v-16M6 5h11l-2.5 4 2.5 4H6';

type ReportButtonProps = {
  kind: 'response' | 'story';
  id: string;
  /** The reader wrote it (a response list knows from its own flags): no Report. */
  own?: boolean;
};

export function ReportButton({ kind, id, own = false }: ReportButtonProps) {
  if (own) return null;
  return kind === 'story' ? <StoryReportButton id={id} /> : <ReportControl kind={kind} id={id} />;
}

/** A story's writer may edit it (its `can` flags, from the page's one personal call): no Report. */
function StoryReportButton({ id }: { id: string }) {
  const state = usePageState({ story: id });
  if (state?.story?.id === id && state.story.can.canEdit) return null;
  return <ReportControl kind="story" id={id} />;
}

function ReportControl({ kind, id }: { kind: 'response' | 'story'; id: string }) {
  const { status } = useSession();
  const { openDialog } = useDialog();
  const callbackUrl = usePathname() ?? '/';
  const [open, setOpen] = useState(false);
  if (status === 'loading') return null;

  const label = kind === 'story' ? 'Report this story' : 'Report this response';
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-label={label}
        title={label}
        onClick={() => (status === 'authenticated' ? setOpen(true) : openDialog('sso', { callbackUrl }))}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={FLAG_ICON}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
        <span>Report</span>
      </button>
      {open ? <ReportDialog kind={kind} id={id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({
  kind,
  id,
  onClose,
}: {
  kind: 'response' | 'story';
  id: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [done, setDone] = useState(false);
  const [missing, setMissing] = useState(false);
  const detailsId = useId();
  const what = kind === 'story' ? 'story' : 'response';
  // A second report of the same thing while the first is open answers the first: thanked alike.
  const send = useMutation(() => fileReport(kind, id, reason!, details.trim()), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: () => setDone(true),
  });

  if (done) {
    return (
      <Dialog title="Thank you for telling us" onClose={onClose} size="small">
        <p className={styles.thanks} role="status">
          Site staff will look at this {what}. The person who wrote it is not told who reported it.
        </p>
        <div className={styles.actions}>
          <Button onClick={onClose}>Done</Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={kind === 'story' ? 'Report story' : 'Report response'}
      description={`What is wrong with this ${what}? Site staff read every report.`}
      onClose={onClose}
      busy={send.busy}
      size="small"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) {
            setMissing(true);
            return;
          }
          void send.run();
        }}
      >
        <fieldset
          className={styles.reasons}
          disabled={send.busy}
          aria-describedby={missing ? `${detailsId}-missing` : undefined}
        >
          <legend>Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissing(false);
                }}
              />
              <span>{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        {missing ? (
          <p id={`${detailsId}-missing`} className="field-error" role="alert">
            Please choose a reason
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={detailsId}>Details (optional)</label>
          <textarea
            id={detailsId}
            className="input"
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            disabled={send.busy}
            onChange={(event) => setDetails(event.target.value)}
          />
          <p className={styles.counter} aria-live="polite">
            {details.length}/{REPORT_DETAILS_MAX}
          </p>
        </div>
        {send.error ? (
          <p className="field-error" role="alert">
            {send.error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="button" variant="outline" disabled={send.busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={send.busy}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
