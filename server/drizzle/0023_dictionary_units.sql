-- Dictionaries load by unit (spec 7): each key names the unit, its locale file, it loads with.
ALTER TABLE "dictionary_entries" ADD COLUMN "unit" text DEFAULT 'common' NOT NULL;--> statement-breakpoint
CREATE INDEX "dictionary_entries_unit" ON "dictionary_entries" USING btree ("lang_code","unit");