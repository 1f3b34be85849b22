import { z } from 'zod';

// What a backup archive says about itself (docs/decisions/035-backup-and-restore.md). The archive is
// one .tar.gz holding, in this order:
//
//   manifest.json                 this object
//   database/pgdata/…             kind "pglite": the embedded database's data folder, as it was at
//                                 one instant (no statement ran while it was copied)
//   database/postgres.dump        kind "postgres": pg_dump's custom format, from one snapshot
//   database/post-restore.sql     kind "postgres": what pg_dump does not carry (migration 0007's
//                                 cost of a built-in function, the database's own settings)
//   uploads/…                     the local upload folder's files (not with S3 storage)
//
// Restore reads the manifest first, before it touches anything.

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'lamplight-backup';
/** The manifest version this code writes and the newest it reads. */
export const MANIFEST_VERSION = 1;

export const PGLITE_DATA_ENTRY = 'database/pgdata';
export const POSTGRES_DUMP_ENTRY = 'database/postgres.dump';
export const POST_RESTORE_ENTRY = 'database/post-restore.sql';
export const UPLOADS_ENTRY = 'uploads';

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.number().int().min(1),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  /** The drizzle-kit migrations the database had applied (journal `when` stamps and tags). */
  migrations: z.object({
    applied: z.number().int().min(0),
    /** The newest applied migration: its tag (null when this code's journal does not know it). */
    latestTag: z.string().nullable(),
    latestWhen: z.number().nullable(),
  }),
  database: z.object({
    /** `SHOW server_version` of the database that was backed up. */
    serverVersion: z.string(),
    /** kind "postgres": the version line of the pg_dump that made the dump. */
    pgDumpVersion: z.string().optional(),
  }),
  /** Rows per table ("schema.table") at the instant of the backup; restore checks them. */
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  /**
   * A checksum of every table's rows at that instant (the md5 of the sorted md5s of the rows' text);
   * restore checks them. Absent from archives written before it was added.
   */
  rowDigests: z.record(z.string(), z.string()).optional(),
  uploads: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('local'), files: z.number().int().min(0), bytes: z.number().min(0) }),
    /** Uploads live in the bucket and are not copied into the archive. */
    z.object({ storage: z.literal('s3'), bucket: z.string(), copied: z.literal(false) }),
  ]),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupKind = BackupManifest['kind'];

/** What a finished backup hands back: the archive's path and its manifest. */
export type BackupResult = { path: string; manifest: BackupManifest };
