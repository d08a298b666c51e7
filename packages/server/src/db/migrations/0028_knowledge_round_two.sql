CREATE TABLE "knowledge_suggestion_open" (
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"session" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_suggestion_open_article_id_user_id_session_pk" PRIMARY KEY("article_id","user_id","session")
);
--> statement-breakpoint
DROP INDEX "knowledge_article_words_idx";--> statement-breakpoint
ALTER TABLE "knowledge_article" ADD COLUMN "words" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', "knowledge_article"."title"), 'A') || setweight(to_tsvector('simple', "knowledge_article"."body_text"), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_suggestion_open" ADD CONSTRAINT "knowledge_suggestion_open_article_id_knowledge_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_suggestion_open" ADD CONSTRAINT "knowledge_suggestion_open_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_suggestion_open_user_idx" ON "knowledge_suggestion_open" USING btree ("user_id","opened_at");--> statement-breakpoint
CREATE INDEX "knowledge_article_words_idx" ON "knowledge_article" USING gin ("words");--> statement-breakpoint
-- In a BEFORE trigger a stored generated column is not yet computed (NEW.words is null), so the
-- row version compares the rest: words follow title and body_text, which are compared.
CREATE OR REPLACE FUNCTION "knowledge_article_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - '{version,review_notified_for,words}'::text[]) IS DISTINCT FROM (to_jsonb(OLD) - '{version,review_notified_for,words}'::text[]) THEN
    NEW."version" := OLD."version" + 1;
  END IF;
  RETURN NEW;
END;
$$;
