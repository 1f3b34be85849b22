// Where the set editors find items to add (ItemPicker's `find`), each shaped as a list item.
import { findPublishedStories, findWriters, type StorySummary } from './staff-api';
import type { FindItems } from './item-picker';
import type { ListItem } from './sortable-list';

export const storyItem = (story: Pick<StorySummary, 'id' | 'title' | 'author'>): ListItem => ({
  id: story.id,
  label: story.title.trim() || 'Untitled story',
  detail: story.author.name,
});

/** Published stories by words (the public search: what a reader could be shown). */
export const findStoryItems: FindItems = async (text, signal) =>
  (await findPublishedStories(text, signal)).map(storyItem);

/** Writers by name or handle. */
export const findWriterItems: FindItems = async (text, signal) =>
  (await findWriters(text, signal)).authors.map((author) => ({
    id: author.id,
    label: author.name,
    detail: `@${author.subdomain}`,
  }));

/** A fixed list of candidates (publications, tags, a publication's stories), filtered by the text. */
export const filterItems =
  (candidates: readonly ListItem[]): FindItems =>
  async (text) => {
    const needle = text.toLowerCase();
    return candidates.filter(
      (item) => item.label.toLowerCase().includes(needle) || item.detail?.toLowerCase().includes(needle),
    );
  };
