-- Promotions are content too: the server keeps their rows by id (the wheel's spin reads its
-- promotion from there), so a change of any promotion bumps the content version and notifies
-- every process, like the site settings, languages and dictionaries of 0019.
CREATE TRIGGER "promotions_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotions"
	FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();
