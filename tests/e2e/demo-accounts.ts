// The seeded site staff the browser tests sign in as (src/server/seed/demo-content.ts). The server
// under test is started with SEED_ADMIN_PASSWORD = DEMO_STAFF_PASSWORD (playwright.config.ts), which
// the first-run seed gives every demo account.
export const DEMO_STAFF_PASSWORD = 'Lamplight-demo-2026';
export const DEMO_ADMIN = { email: 'admin@lamplight.local', password: DEMO_STAFF_PASSWORD };
export const DEMO_SITE_EDITOR = { email: 'editor@lamplight.local', password: DEMO_STAFF_PASSWORD };
/** Grace Whitfield, owner of the demo publication /daily-bread (its newsletter is on). */
export const DEMO_OWNER = { email: 'grace@lamplight.local', password: DEMO_STAFF_PASSWORD };
/** The SUPPORT_EMAIL the server under test is started with: /contact shows it. */
export const E2E_SUPPORT_EMAIL = 'help@lamplight.test';
