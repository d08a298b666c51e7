CREATE TABLE "identity_view" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"page" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"settings" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_view_page_ck" CHECK ("identity_view"."page" ~ '^[A-Z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "identity_view_default" (
	"user_id" uuid NOT NULL,
	"page" varchar(100) NOT NULL,
	"view_id" uuid NOT NULL,
	CONSTRAINT "identity_view_default_user_id_page_pk" PRIMARY KEY("user_id","page")
);
--> statement-breakpoint
ALTER TABLE "identity_view" ADD CONSTRAINT "identity_view_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_view_default" ADD CONSTRAINT "identity_view_default_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_view_default" ADD CONSTRAINT "identity_view_default_view_id_identity_view_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."identity_view"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_view_user_page_name_uq" ON "identity_view" USING btree ("user_id","page",lower("name"));--> statement-breakpoint
CREATE INDEX "identity_view_page_shared_idx" ON "identity_view" USING btree ("page","name","id") WHERE "identity_view"."shared";--> statement-breakpoint
CREATE INDEX "identity_view_default_view_idx" ON "identity_view_default" USING btree ("view_id");--> statement-breakpoint
CREATE INDEX "auth_user_full_name_trgm" ON "auth_user" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auth_user_email_trgm" ON "auth_user" USING gin ("email" gin_trgm_ops);
