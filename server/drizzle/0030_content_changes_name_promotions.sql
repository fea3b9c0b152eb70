-- A content change names the promotions it wrote (issue 41, decision 044): a page cache then drops
-- the pages of those promotions (and the pages that read any list), not every page. The payload
-- of content_changed is JSON for a write of promotions or of their titles:
--   {"v":<version>,"promotions":[<id>,...],"slugs":["<slug>",...]}
-- the ids and slugs of every row the statement inserted, updated (before and after) or deleted. Any
-- other content write, a TRUNCATE, or more than 100 ids or slugs, stays the version number alone
-- (0019): "everything changed". Still one version bump and one notification per statement (an
-- INSERT ... ON CONFLICT DO UPDATE fires its INSERT and its UPDATE triggers, each one).
-- PostgreSQL refuses transition tables on a trigger of more than one event: one trigger per event.

-- Bumps the content version and tells every process what changed: the promotions named, or the
-- version alone (everything) when asked, or when the lists are long (a notification carries at
-- most 8000 bytes; a long list is a bulk write, which may as well empty the caches).
CREATE FUNCTION "content_change_notify"("p_everything" boolean, "p_ids" integer[], "p_slugs" text[]) RETURNS void
	LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
	payload text;
BEGIN
	UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
	payload := json_build_object('v', next_version, 'promotions', coalesce(p_ids, '{}'), 'slugs', coalesce(p_slugs, '{}'))::text;
	IF p_everything OR coalesce(cardinality(p_ids), 0) > 100 OR coalesce(cardinality(p_slugs), 0) > 100
		OR octet_length(payload) >= 7900 THEN
		payload := next_version::text;
	END IF;
	PERFORM pg_notify('content_changed', payload);
END
$$;--> statement-breakpoint

-- A statement on promotions: the ids and slugs of its rows, before and after.
CREATE FUNCTION "promotions_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids integer[];
	slugs text[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT r.id ORDER BY r.id), array_agg(DISTINCT r.slug COLLATE "C" ORDER BY r.slug COLLATE "C")
		INTO ids, slugs FROM new_rows r;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(DISTINCT r.id ORDER BY r.id), array_agg(DISTINCT r.slug COLLATE "C" ORDER BY r.slug COLLATE "C")
		INTO ids, slugs FROM old_rows r;
	ELSE
		SELECT array_agg(DISTINCT r.id ORDER BY r.id), array_agg(DISTINCT r.slug COLLATE "C" ORDER BY r.slug COLLATE "C")
		INTO ids, slugs FROM (SELECT o.id, o.slug FROM old_rows o UNION ALL SELECT n.id, n.slug FROM new_rows n) r;
	END IF;
	PERFORM content_change_notify(false, ids, slugs);
	RETURN NULL;
END
$$;--> statement-breakpoint

-- Whether a dictionary row is a promotion's title, and the slug it is the title of.
CREATE FUNCTION "content_is_promotion_title"("p_unit" text, "p_key" text) RETURNS boolean
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT p_unit = 'promotions' AND p_key ~ '^promo_title_[a-z0-9]+(_[a-z0-9]+)*$'
$$;--> statement-breakpoint
CREATE FUNCTION "promotion_title_slug"("p_key" text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT replace(substr(p_key, 13), '_', '-') $$;--> statement-breakpoint

-- A statement on dictionary_entries: when every row it wrote is a promotion's title (the rows a
-- publication writes, domain/promotion-versions.ts: unit promotions, key promo_title_ plus the slug
-- with dashes as underscores), it names those promotions and their rows; any other text changed
-- everything.
CREATE FUNCTION "dictionary_entries_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	others boolean;
	slugs text[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT bool_or(NOT content_is_promotion_title(c.unit, c.key)),
			array_agg(DISTINCT promotion_title_slug(c.key) COLLATE "C" ORDER BY promotion_title_slug(c.key) COLLATE "C")
		INTO others, slugs FROM new_rows c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT bool_or(NOT content_is_promotion_title(c.unit, c.key)),
			array_agg(DISTINCT promotion_title_slug(c.key) COLLATE "C" ORDER BY promotion_title_slug(c.key) COLLATE "C")
		INTO others, slugs FROM old_rows c;
	ELSE
		SELECT bool_or(NOT content_is_promotion_title(c.unit, c.key)),
			array_agg(DISTINCT promotion_title_slug(c.key) COLLATE "C" ORDER BY promotion_title_slug(c.key) COLLATE "C")
		INTO others, slugs FROM (SELECT o.unit, o.key FROM old_rows o UNION ALL SELECT n.unit, n.key FROM new_rows n) c;
	END IF;
	PERFORM content_change_notify(coalesce(others, false),
		(SELECT array_agg(p.id ORDER BY p.id) FROM "promotions" p WHERE p.slug = ANY (slugs)), slugs);
	RETURN NULL;
END
$$;--> statement-breakpoint

-- The triggers of 0019 and 0021 give way to one per event, each calling its table's function above
-- (`<table>_content_changed`); a TRUNCATE still changes everything.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['promotions', 'dictionary_entries'] LOOP
		EXECUTE format('DROP TRIGGER %I ON %I', t || '_content_changed', t);
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
			'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_content_inserted', t, t || '_content_changed');
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
			'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_content_updated', t, t || '_content_changed');
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
			'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_content_deleted', t, t || '_content_changed');
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_changed()',
			t || '_content_truncated', t);
	END LOOP;
END
$$;
