CREATE TABLE "notifications_push_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payload" text NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_push_outbox_status_ck" CHECK ("notifications_push_outbox"."status" in ('PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "notifications_push_subscription" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" varchar(2048) NOT NULL,
	"p256dh" varchar(200) NOT NULL,
	"auth" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications_server_key" (
	"id" smallint PRIMARY KEY NOT NULL,
	"vapid_public_key" varchar(200) NOT NULL,
	"vapid_private_key" varchar(200) NOT NULL,
	"unsubscribe_secret" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_server_key_one_ck" CHECK ("notifications_server_key"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "notifications_watch" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"model" varchar(20) NOT NULL,
	"object_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_watch_model_ck" CHECK ("notifications_watch"."model" in ('ticket', 'client', 'cost_centre'))
);
--> statement-breakpoint
ALTER TABLE "notifications_email_outbox" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "notifications_email_outbox" ADD COLUMN "list_unsubscribe" varchar(1000);--> statement-breakpoint
ALTER TABLE "notifications_preference" ADD COLUMN "digest_period" varchar(10);--> statement-breakpoint
ALTER TABLE "notifications_notification" ADD COLUMN "kind" varchar(30);--> statement-breakpoint
ALTER TABLE "notifications_push_outbox" ADD CONSTRAINT "notifications_push_outbox_subscription_id_notifications_push_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."notifications_push_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_push_subscription" ADD CONSTRAINT "notifications_push_subscription_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_watch" ADD CONSTRAINT "notifications_watch_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_push_outbox_due_idx" ON "notifications_push_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_push_subscription_endpoint_uq" ON "notifications_push_subscription" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "notifications_push_subscription_user_idx" ON "notifications_push_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_watch_user_object_uq" ON "notifications_watch" USING btree ("user_id","model","object_id");--> statement-breakpoint
CREATE INDEX "notifications_watch_object_idx" ON "notifications_watch" USING btree ("model","object_id");