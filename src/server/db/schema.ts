// Every Drizzle table of the app, gathered for the client, drizzle-kit and the migrator.
// Each domain owns its tables in modules/<domain>/<domain>.table.ts.
export * from '../modules/users/users.table';
export * from '../modules/users/moderation.table';
export * from '../modules/users/signups.table';
export * from '../modules/publications/publications.table';
export * from '../modules/posts/posts.table';
export * from '../modules/posts/posts-tags.table';
export * from '../modules/scripture/scripture.table';
export * from '../modules/scripture/daily-verses.table';
export * from '../modules/lists/lists.table';
export * from '../modules/pins/pins.table';
export * from '../modules/follows/follows.table';
export * from '../modules/responses/responses.table';
export * from '../modules/reports/reports.table';
export * from '../modules/notifications/notifications.table';
export * from '../modules/subtopics/subtopics.table';
export * from '../modules/newsletters/newsletters.table';
export * from '../modules/curation/curation.table';
export * from '../modules/stats/stats.table';
export * from '../modules/subdomains/subdomains.table';
export * from '../modules/rate-limits/rate-limits.table';
export * from '../modules/revisions/revisions.table';
export * from '../modules/imports/imports.table';
export * from '../modules/exports/exports.table';
export * from '../modules/webhooks/webhooks.table';
export * from '../modules/plans/plans.table';
