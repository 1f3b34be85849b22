import { processSlot } from '../../lib/process-slot';

// What the story page shows besides the story can change too: its responses (issue 25) are carried in
// the page's JSON-LD. The responses module sits above the story core and may not be imported by it, so
// the runtime puts here the SQL expressions (over the story row `p`) that the fingerprint appends —
// each a cheap indexed lookup of a version counter whose table sends change notices (decision 032).
// The fingerprint's statement is built once, on its first use: the runtime fills this before then.
// Without it (a script) the fingerprint is the story's alone.
export const storyPageFingerprintPartsSlot = processSlot<readonly string[]>('story-page-fingerprint-parts');
