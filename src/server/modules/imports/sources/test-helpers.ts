import { fileURLToPath } from 'node:url';
import type { ImportEntry, ImportedStory, SkippedEntry } from './import-entries';

// Shared by the readers' tests: where the fixtures are, and entries gathered into arrays.

export const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../tests/fixtures/imports/${name}`, import.meta.url));

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

export const stories = (entries: ImportEntry[]) =>
  entries.filter((e): e is ImportedStory => e.kind === 'story');
export const skips = (entries: ImportEntry[]) => entries.filter((e): e is SkippedEntry => e.kind === 'skip');

export function storyById(entries: ImportEntry[], id: string): ImportedStory {
  const found = stories(entries).find((e) => e.externalId === id);
  if (!found) throw new Error(`no story ${id}`);
  return found;
}
