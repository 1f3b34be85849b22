import type { UndumpedSettings } from './backups.repository';

// database/post-restore.sql of a PostgreSQL backup: what pg_dump leaves out, as SQL an operator
// can also run by hand with psql after pg_restore. Every statement is wrapped so that a server
// refusing it (a managed server's user is no superuser) raises a notice instead of failing the
// restore — as migration 0007 itself does: search is then slower, never wrong.

/** Settings whose value is a list, stored quoted element by element (PostgreSQL's GUC_LIST_QUOTE). */
const LIST_SETTINGS = new Set([
  'search_path',
  'temp_tablespaces',
  'session_preload_libraries',
  'shared_preload_libraries',
  'local_preload_libraries',
]);

const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)*$/;
const SIGNATURE = /^[A-Za-z_][A-Za-z0-9_.]*\([A-Za-z0-9_ ,.[\]]*\)$/;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `"$user", public` → ['$user', 'public'], as PostgreSQL's SplitGUCList reads a stored list. */
export function splitSettingList(value: string): string[] {
  const items: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (value[i] === ' ' || value[i] === ',') i++;
    if (i >= value.length) break;
    let item = '';
    if (value[i] === '"') {
      i++;
      while (i < value.length) {
        if (value[i] === '"' && value[i + 1] === '"') {
          item += '"';
          i += 2;
        } else if (value[i] === '"') {
          i++;
          break;
        } else item += value[i++];
      }
    } else {
      while (i < value.length && value[i] !== ',') item += value[i++];
      item = item.trim();
    }
    items.push(item);
    while (i < value.length && value[i] !== ',') i++;
  }
  return items;
}

/** A dollar-quote tag that does not occur in `text`. */
function dollarTag(base: string, text: string): string {
  for (let n = 0; ; n++) {
    const tag = `$${base}${n === 0 ? '' : n}$`;
    if (!text.includes(tag)) return tag;
  }
}

function guarded(statement: string, failure: string): string {
  const tag = dollarTag('lamplight', statement + failure);
  return [
    `DO ${tag}`,
    'BEGIN',
    `\t${statement}`,
    'EXCEPTION WHEN insufficient_privilege THEN',
    `\tRAISE NOTICE '%: %', ${literal(failure)}, SQLERRM;`,
    'END',
    `${tag};`,
  ].join('\n');
}

function databaseSetting(setting: string): string | null {
  const at = setting.indexOf('=');
  const name = setting.slice(0, at);
  if (at <= 0 || !SETTING_NAME.test(name)) return null;
  const value = setting.slice(at + 1);
  const valueSql = LIST_SETTINGS.has(name.toLowerCase())
    ? splitSettingList(value).map(literal).join(', ')
    : literal(value);
  if (!valueSql) return null;
  const quoted = dollarTag('v', valueSql);
  return guarded(
    `EXECUTE format('ALTER DATABASE %I SET ${name} TO %s', current_database(), ${quoted}${valueSql}${quoted});`,
    `the database setting ${name} was not restored`,
  );
}

/** The post-restore script for what the source database had. */
export function postRestoreSql(settings: UndumpedSettings): string {
  const parts = [
    '-- Lamplight backup: what pg_dump does not carry, run after pg_restore on the restored database',
    '-- (`npm run restore` does; docs/decisions/035-backup-and-restore.md).',
    '',
    '-- Costs of built-in functions set by migrations (0007: ts_match_vq); pg_catalog is not dumped.',
  ];
  for (const { signature, cost } of settings.functionCosts) {
    if (!SIGNATURE.test(signature) || !(Number.isFinite(cost) && cost > 0)) continue;
    parts.push(guarded(`ALTER FUNCTION ${signature} COST ${cost};`, `${signature} keeps its default cost`));
  }
  parts.push(
    '',
    "-- The database's own settings (ALTER DATABASE … SET): pg_dump writes them only with --create.",
  );
  for (const setting of settings.databaseSettings) {
    const statement = databaseSetting(setting);
    parts.push(
      statement ?? `-- skipped, not a setting this script can write: ${setting.replace(/[\r\n]/g, ' ')}`,
    );
  }
  return `${parts.join('\n')}\n`;
}
