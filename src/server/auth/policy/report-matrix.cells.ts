// The policy matrix, reports (issue 25; docs/decisions/054-reports.md): every report action × every kind
// of actor × the kind of subject, each cell written out below ('Y' allowed, '.' refused).
// report-matrix.test.ts tests each cell; matrix-coverage.test.ts checks every action has a row somewhere.
import { can, type Action, type Actor, type ReportSubjectResource } from './index';
import { cells, covered, user, type Case } from './test-support';

// The subject (a response or a story) was written by 'u-author'.
const reportKinds: [string, Actor][] = [
  ['anonymous', null],
  ['banned reader', user('u-banned', [], 'banned')],
  ['author', user('u-author')],
  ['other reader', user('u-other')],
  ['site editor', user('u-se', ['editor'])],
  ['site admin', user('u-sa', ['admin'])],
  ['site admin, author', user('u-author', ['admin'])],
];

const SUBJECTS: [string, ReportSubjectResource][] = [
  ['response', { kind: 'response', authorId: 'u-author' }],
  ['story', { kind: 'story', authorId: 'u-author' }],
];

// Columns:  anon banned · author other · siteEditor siteAdmin siteAdmin-author
// prettier-ignore
const REPORT: [Action, string[]][] = [
  //                  response       story
  ['report.create', ['.. .Y YY.', '.. .Y YY.']],
  ['report.hide',   ['.. .. YYY', '.. .. .YY']],
  ['report.ban',    ['.. .. .Y.', '.. .. .Y.']],
];

// report.review (the queue, dismissing): site staff, about no one subject.
const REVIEW_ROW = '.. .. YYY';

export function reportCases(): Case[] {
  const out: Case[] = [];
  for (const [action, rows] of REPORT) {
    covered.add(action);
    rows.forEach((row, i) => {
      const [state, subject] = SUBJECTS[i];
      cells(row, reportKinds.length).forEach((expected, k) => {
        const [who, actor] = reportKinds[k];
        out.push([`${action} · ${state} · ${who}`, expected, () => can(actor, action, subject)]);
      });
    });
  }
  covered.add('report.review');
  cells(REVIEW_ROW, reportKinds.length).forEach((expected, k) => {
    const [who, actor] = reportKinds[k];
    out.push([`report.review · ${who}`, expected, () => can(actor, 'report.review')]);
  });
  return out;
}
