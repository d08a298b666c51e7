CREATE TABLE "notifications_preference" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"quiet_start" varchar(5),
	"quiet_end" varchar(5),
	"digest" varchar(10) DEFAULT 'NONE' NOT NULL,
	"digest_time" varchar(5) DEFAULT '08:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_preference_digest_ck" CHECK ("notifications_preference"."digest" in ('NONE', 'DAILY', 'WEEKLY'))
);
--> statement-breakpoint
ALTER TABLE "notifications_preference" ADD CONSTRAINT "notifications_preference_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;