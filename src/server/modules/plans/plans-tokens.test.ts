import { describe, expect, it } from 'vitest';
import { readerToken, verifyReaderToken } from './plans-tokens';
import { unsubscribeToken } from '../newsletters/newsletters-tokens';

const READER = '3f0c2a55-8a43-4d57-9f9f-2f1e0a2b6c11';

describe('a plan mail’s reader token', () => {
  it('names its reader, and nothing else passes for it', () => {
    expect(verifyReaderToken(readerToken(READER))).toEqual({ ok: true, readerId: READER });
    const token = readerToken(READER);
    const [kind, id, expires, sig] = token.split('.');
    const other = '3f0c2a55-8a43-4d57-9f9f-2f1e0a2b6c12';
    expect(verifyReaderToken([kind, other, expires, sig].join('.')).ok).toBe(false);
    expect(verifyReaderToken([kind, id, String(Number(expires) + 1), sig].join('.')).ok).toBe(false);
    expect(verifyReaderToken(`${token}x`).ok).toBe(false);
    expect(verifyReaderToken(`${token}.extra`).ok).toBe(false);
    // A newsletter's token, signed under another key, is not one.
    expect(verifyReaderToken(unsubscribeToken(READER, null)).ok).toBe(false);
    expect(verifyReaderToken('').ok).toBe(false);
  });

  it('expires', () => {
    expect(verifyReaderToken(readerToken(READER, -10))).toEqual({ ok: false, problem: 'expired' });
  });
});
