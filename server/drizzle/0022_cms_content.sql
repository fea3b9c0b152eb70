-- CMS pages and banners are content too: the server keeps their answers (routes/cms.ts), so a
-- published page or a changed banner bumps the content version and notifies every process.
CREATE TRIGGER "cms_pages_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_pages"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "promo_banners_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promo_banners"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();
