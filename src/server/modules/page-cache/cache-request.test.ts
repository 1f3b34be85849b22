import { describe, expect, it } from 'vitest';
import { memberHintUpdate } from './cache-request';

// The member hint comes with the page when it disagrees with the session, so the page's inline
// script lays out a member's page from its first paint (decision 031).
describe('memberHintUpdate', () => {
  const session = 'next-auth.session-token=abc';
  it('sets the hint for a session without one, and leaves a right hint alone', () => {
    expect(memberHintUpdate({ cookie: session })).toMatch(
      /^lamplight-member=1; Path=\/; Max-Age=\d+; SameSite=Lax$/,
    );
    expect(memberHintUpdate({ cookie: `${session}; lamplight-member=1` })).toBeNull();
    expect(
      memberHintUpdate({ cookie: `__Secure-next-auth.session-token.0=x; lamplight-member=1` }),
    ).toBeNull();
  });
  it('clears a hint left without a session, and leaves a guest without one alone', () => {
    expect(memberHintUpdate({ cookie: 'theme=dark; lamplight-member=1' })).toMatch(
      /^lamplight-member=; Path=\/; Max-Age=0;/,
    );
    expect(memberHintUpdate({ cookie: 'theme=dark' })).toBeNull();
    expect(memberHintUpdate({})).toBeNull();
    // Another cookie whose name ends the same is no hint.
    expect(memberHintUpdate({ cookie: 'not-lamplight-member=1' })).toBeNull();
  });
});
