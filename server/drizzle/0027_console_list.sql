-- The console's list at scale (issue 40): each sort (update, title, start, end; ties by slug) walks
-- its index, and a one-row revision, bumped by every write of promotion_heads, tells a process its
-- cached counts are still right.
CREATE TABLE "console_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promotion_heads_updated_slug" ON "promotion_heads" USING btree ("updated_at","slug");--> statement-breakpoint
CREATE INDEX "promotion_heads_title_slug" ON "promotion_heads" USING btree ("title","slug");--> statement-breakpoint
CREATE INDEX "promotion_heads_starts_slug" ON "promotion_heads" USING btree ("starts_at","slug");--> statement-breakpoint
CREATE INDEX "promotion_heads_ends_slug" ON "promotion_heads" USING btree ("ends_at","slug");--> statement-breakpoint
ALTER TABLE "console_revision" ADD CONSTRAINT "console_revision_one_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "console_revision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "console_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "console_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "promotion_heads_console_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotion_heads"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changed"();
