-- Search everything (issue 15 item 7) finds names and titles by their words (the GIN indexes of
-- to_tsvector('simple', ...) below and 0016's of ticket titles), and a typo'd word through the
-- vocabulary `search_word`: the query word is corrected against it by trigram similarity, then the
-- corrections are looked up in the word indexes (at 1M clients and 5M tickets the trigram indexes
-- read every posting list of every trigram of a typo'd query: 50-180 ms a kind). On a large
-- existing database create the word indexes first with CREATE INDEX CONCURRENTLY under these names.
CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_word_trgm" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auth_user_full_name_words_idx" ON "auth_user" USING gin (to_tsvector('simple', "first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_client_name_words_idx" ON "accounts_client" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_contact_person_full_name_words_idx" ON "accounts_contact_person" USING gin (to_tsvector('simple', "full_name"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operations_cost_centre_name_words_idx" ON "operations_cost_centre" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
-- The vocabulary is kept by triggers: the words of the named columns (TG_ARGV) of a row inserted or
-- renamed. Words of three or more letters only (no digits, no punctuation: they are safe inside
-- to_tsquery). Never removed (a stale word only costs a lookup that finds nothing).
CREATE OR REPLACE FUNCTION "search_word_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields jsonb := to_jsonb(NEW);
  body text := '';
  col text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    body := body || ' ' || coalesce(fields ->> col, '');
  END LOOP;
  INSERT INTO "search_word" ("word")
    SELECT t.lexeme FROM unnest(to_tsvector('simple', body)) t
     WHERE t.lexeme ~ '^[[:alpha:]]{3,}$'
     ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_client_search_words" AFTER INSERT OR UPDATE OF "name" ON "accounts_client"
  FOR EACH ROW EXECUTE FUNCTION "search_word_collect"('name');--> statement-breakpoint
CREATE TRIGGER "operations_cost_centre_search_words" AFTER INSERT OR UPDATE OF "name" ON "operations_cost_centre"
  FOR EACH ROW EXECUTE FUNCTION "search_word_collect"('name');--> statement-breakpoint
CREATE TRIGGER "accounts_contact_person_search_words" AFTER INSERT OR UPDATE OF "full_name" ON "accounts_contact_person"
  FOR EACH ROW EXECUTE FUNCTION "search_word_collect"('full_name');--> statement-breakpoint
CREATE TRIGGER "auth_user_search_words" AFTER INSERT OR UPDATE OF "first_name", "last_name" ON "auth_user"
  FOR EACH ROW EXECUTE FUNCTION "search_word_collect"('first_name', 'last_name');--> statement-breakpoint
CREATE TRIGGER "helpdesk_ticket_search_words" AFTER INSERT OR UPDATE OF "title" ON "helpdesk_ticket"
  FOR EACH ROW EXECUTE FUNCTION "search_word_collect"('title');--> statement-breakpoint
-- The planner estimates a word's rows from the expressions' statistics, which only ANALYZE gathers.
ANALYZE "accounts_client";--> statement-breakpoint
ANALYZE "operations_cost_centre";--> statement-breakpoint
ANALYZE "accounts_contact_person";--> statement-breakpoint
ANALYZE "auth_user";--> statement-breakpoint
-- The words already there (the scale seed runs the same statement after loading with triggers off).
INSERT INTO "search_word" ("word")
  SELECT DISTINCT t.lexeme FROM (
    SELECT "name" AS body FROM "accounts_client"
    UNION ALL SELECT "name" FROM "operations_cost_centre"
    UNION ALL SELECT "full_name" FROM "accounts_contact_person"
    UNION ALL SELECT "first_name" || ' ' || "last_name" FROM "auth_user"
    UNION ALL SELECT "title" FROM "helpdesk_ticket"
  ) b, unnest(to_tsvector('simple', b.body)) t
   WHERE t.lexeme ~ '^[[:alpha:]]{3,}$'
ON CONFLICT DO NOTHING;
