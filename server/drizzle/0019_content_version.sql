CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row only: the version every content write bumps.
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_one_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Per statement, not per row: seeding a dictionary of 500 keys is one bump and one notification.
-- The notification is delivered when the writing transaction commits, so a listener that reads
-- again on it reads the change (and none is sent for a rolled-back write).
CREATE FUNCTION "content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
	PERFORM pg_notify('content_changed', next_version::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "site_settings_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "languages_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "languages"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "dictionary_entries_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dictionary_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();
