-- A story's revision kept in one round trip (docs/decisions/058-write-path.md): what
-- src/server/modules/revisions/revisions.repository.ts did in a transaction of five statements when
-- the revision is a new one whatever the history holds — a publish, a restore, a story's first save.
-- The story's row is locked first (as there: two saves of one story keep their revisions in turn),
-- each statement after it sees what committed before it (PL/pgSQL in READ COMMITTED), the new
-- revision is never before the newest one (+1 ms), and the history keeps its newest p_keep. Answers
-- p_id, or NULL when the story is gone.
CREATE FUNCTION keep_new_post_revision(
	p_id uuid,
	p_post_id text,
	p_actor_id uuid,
	p_kind text,
	p_restored_from_id uuid,
	p_now timestamptz,
	p_keep integer
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
	v_at timestamptz;
BEGIN
	PERFORM 1 FROM posts WHERE id = p_post_id FOR NO KEY UPDATE;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	SELECT greatest(p_now, max(created_at) + interval '1 millisecond') INTO v_at
		FROM post_revisions WHERE post_id = p_post_id;
	INSERT INTO post_revisions (id, post_id, actor_id, kind, restored_from_id, title, excerpt, body_json,
			body_html, tags, feature_image_url, language_code, status, word_count, created_at, updated_at)
		SELECT p_id, p.id, p_actor_id, p_kind, p_restored_from_id, p.title, p.excerpt, p.body_json,
			p.body_html,
			coalesce((SELECT array_agg(t.name ORDER BY pt.position) FROM post_tags pt
				JOIN tags t ON t.slug = pt.tag_slug WHERE pt.post_id = p.id), '{}'::text[]),
			p.feature_image_url, p.language_code, p.status, p.word_count, v_at, v_at
		FROM posts p WHERE p.id = p_post_id;
	DELETE FROM post_revisions WHERE post_id = p_post_id AND id NOT IN (
		SELECT id FROM post_revisions WHERE post_id = p_post_id
			ORDER BY created_at DESC, id DESC LIMIT p_keep);
	RETURN p_id;
END
$$;
