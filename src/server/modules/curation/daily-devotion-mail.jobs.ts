import { defineSweep } from '../../jobs/registry';
import { startDailyDevotional } from './daily-devotion-mail.service';

// The daily devotional's mail (docs/decisions/051-daily-devotional-mail.md): every worker process
// looks once a minute (and at start) whether the day's edition is due and not yet made, and makes it;
// the newsletter sender's job and sweep then send it. A day the site was down is caught up when it
// starts again that same day; a day gone by is not sent late.

export const dailyDevotionalSweep = defineSweep({
  name: 'curation.daily-devotional',
  everySeconds: 60,
  run: async () => ((await startDailyDevotional()) === 'started' ? 1 : 0),
});
