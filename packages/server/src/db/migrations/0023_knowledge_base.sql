-- The knowledge base (issue 32, platform.md 14.2): categories, articles with their versions and
-- acknowledgements. An article's row version (ETag) is raised by a trigger on every UPDATE (as 0018's);
-- its title and body text join the search vocabulary like other searchable names (0017).
CREATE TABLE "knowledge_acknowledgement" (
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_acknowledgement_article_id_user_id_version_pk" PRIMARY KEY("article_id","user_id","version")
);
--> statement-breakpoint
CREATE TABLE "knowledge_category" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_category_name_ck" CHECK (length(btrim("knowledge_category"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "knowledge_article_version" (
	"article_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" jsonb NOT NULL,
	"edited_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_article_version_article_id_version_pk" PRIMARY KEY("article_id","version")
);
--> statement-breakpoint
CREATE TABLE "knowledge_article" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" jsonb NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"status" varchar(10) DEFAULT 'DRAFT' NOT NULL,
	"audience_user_types" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"audience_legal_entities" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audience_clients" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audience_cost_centres" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"review_by" date,
	"review_notified_for" date,
	"acknowledgement_required" boolean DEFAULT false NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "knowledge_article_title_ck" CHECK (length(btrim("knowledge_article"."title")) > 0),
	CONSTRAINT "knowledge_article_status_ck" CHECK ("knowledge_article"."status" in ('DRAFT', 'PUBLISHED', 'ARCHIVED'))
);
--> statement-breakpoint
ALTER TABLE "knowledge_acknowledgement" ADD CONSTRAINT "knowledge_acknowledgement_article_id_knowledge_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_acknowledgement" ADD CONSTRAINT "knowledge_acknowledgement_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_version" ADD CONSTRAINT "knowledge_article_version_article_id_knowledge_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_version" ADD CONSTRAINT "knowledge_article_version_edited_by_auth_user_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article" ADD CONSTRAINT "knowledge_article_category_id_knowledge_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."knowledge_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article" ADD CONSTRAINT "knowledge_article_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_acknowledgement_user_idx" ON "knowledge_acknowledgement" USING btree ("user_id","article_id");--> statement-breakpoint
CREATE INDEX "knowledge_category_position_idx" ON "knowledge_category" USING btree ("position","name","id");--> statement-breakpoint
CREATE INDEX "knowledge_article_status_idx" ON "knowledge_article" USING btree ("status","title","id");--> statement-breakpoint
CREATE INDEX "knowledge_article_category_idx" ON "knowledge_article" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "knowledge_article_words_idx" ON "knowledge_article" USING gin (to_tsvector('simple', "title" || ' ' || "body_text"));--> statement-breakpoint
-- The row version counts the changes people make: the review reminder's mark (review_notified_for)
-- raises no version, so it never answers 412 to an editor holding the article's tag.
CREATE OR REPLACE FUNCTION "knowledge_article_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - '{version,review_notified_for}'::text[]) IS DISTINCT FROM (to_jsonb(OLD) - '{version,review_notified_for}'::text[]) THEN
    NEW."version" := OLD."version" + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "knowledge_article_version" BEFORE UPDATE ON "knowledge_article" FOR EACH ROW EXECUTE FUNCTION "knowledge_article_version_bump"();--> statement-breakpoint
CREATE TRIGGER "knowledge_article_search_words" AFTER INSERT OR UPDATE OF "title", "body_text" ON "knowledge_article"
  FOR EACH ROW EXECUTE FUNCTION "search_word_collect"('title', 'body_text');
