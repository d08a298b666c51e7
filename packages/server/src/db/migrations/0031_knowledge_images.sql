CREATE TABLE "knowledge_attachment" (
	"id" uuid PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_type" varchar(10) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_attachment_type_ck" CHECK ("knowledge_attachment"."file_type" in ('jpeg', 'png')),
	CONSTRAINT "knowledge_attachment_size_ck" CHECK ("knowledge_attachment"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "knowledge_attachment" ADD CONSTRAINT "knowledge_attachment_article_id_knowledge_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_attachment" ADD CONSTRAINT "knowledge_attachment_uploaded_by_id_auth_user_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_attachment_article_idx" ON "knowledge_attachment" USING btree ("article_id","uploaded_at","id");