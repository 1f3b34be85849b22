import type { Db } from '@/server/db/client';
import { responses, type ResponseRow } from '@/server/db/schema';
import { newUuid } from '@/server/lib/ids';

/** Inserts a response (or, with `parent`, a reply) directly: for lists and paging, past the rate limits. */
export async function createResponse(
  db: Db,
  input: {
    post: { id: string };
    author: { id: string };
    parent?: { id: string } | null;
    text?: string;
    createdAt?: Date;
  },
): Promise<ResponseRow> {
  const [row] = await db
    .insert(responses)
    .values({
      id: newUuid(),
      postId: input.post.id,
      authorId: input.author.id,
      parentId: input.parent?.id ?? null,
      text: input.text ?? 'Praying for you.',
      ...(input.createdAt && { createdAt: input.createdAt }),
    })
    .returning();
  return row!;
}
