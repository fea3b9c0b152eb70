-- The console's list at scale on PGlite (issue 40). Whether the latest version lacks each language's
-- texts, kept by the database from "languages" as plain columns: the "missing" filter reads a boolean
-- the planner has statistics of instead of unpacking every row's array. The index on "updated_at"
-- alone goes: "promotion_heads_updated_slug" (0027) serves the same order, and with both the planner
-- walked the narrower one for a selective filter and then read the whole table to close a group of
-- equal times before its sort by slug could end.
DROP INDEX "promotion_heads_updated";--> statement-breakpoint
ALTER TABLE "promotion_heads" ADD COLUMN "missing_en" boolean GENERATED ALWAYS AS (not ('en' = any("languages"))) STORED;--> statement-breakpoint
ALTER TABLE "promotion_heads" ADD COLUMN "missing_ru" boolean GENERATED ALWAYS AS (not ('ru' = any("languages"))) STORED;--> statement-breakpoint
ALTER TABLE "promotion_heads" ADD COLUMN "missing_ar" boolean GENERATED ALWAYS AS (not ('ar' = any("languages"))) STORED;