import { config } from 'zod/v4/core';

// Next.js runs this in the browser before the app's own code. zod compiles fast object parsers with
// `new Function` when it may, and finds out by trying once: under our Content-Security-Policy
// (no 'unsafe-eval', src/server/lib/security-headers.ts) that try is refused and reported as a
// policy violation, caught or not. jitless skips the try; the parsers are plain code instead.
config({ jitless: true });
