CREATE TABLE "automation_event" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event" varchar(40) NOT NULL,
	"model" varchar(40) NOT NULL,
	"subject_id" uuid NOT NULL,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"origin_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule_id" uuid,
	"status" varchar(10) DEFAULT 'QUEUED' NOT NULL,
	"claim" uuid,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_event_status_ck" CHECK ("automation_event"."status" in ('QUEUED', 'RUNNING', 'DONE'))
);
--> statement-breakpoint
CREATE TABLE "automation_rule_version" (
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"edited_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rule_version_rule_id_version_pk" PRIMARY KEY("rule_id","version")
);
--> statement-breakpoint
CREATE TABLE "automation_rule" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"event" varchar(40) NOT NULL,
	"model" varchar(40),
	"cron" varchar(120),
	"timezone" varchar(64),
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "automation_rule_name_ck" CHECK (length(btrim("automation_rule"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "automation_run" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid,
	"rule_id" uuid NOT NULL,
	"rule_version" integer NOT NULL,
	"event" varchar(40) NOT NULL,
	"subject_model" varchar(40) NOT NULL,
	"subject_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "automation_run_outcome_ck" CHECK ("automation_run"."outcome" in ('SUCCEEDED', 'FAILED', 'SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "automation_webhook_delivery" (
	"id" uuid PRIMARY KEY NOT NULL,
	"webhook_id" uuid NOT NULL,
	"message_id" varchar(60) NOT NULL,
	"event" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"at" timestamp with time zone,
	"status_code" integer,
	"duration_ms" integer,
	"response_excerpt" text,
	"claim" uuid,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "automation_webhook_delivery_status_ck" CHECK ("automation_webhook_delivery"."status" in ('PENDING', 'SUCCEEDED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "automation_webhook" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_webhook_name_ck" CHECK (length(btrim("automation_webhook"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "automation_rule_version" ADD CONSTRAINT "automation_rule_version_rule_id_automation_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule_version" ADD CONSTRAINT "automation_rule_version_edited_by_auth_user_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rule" ADD CONSTRAINT "automation_rule_updated_by_auth_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_run" ADD CONSTRAINT "automation_run_rule_id_automation_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_webhook_delivery" ADD CONSTRAINT "automation_webhook_delivery_webhook_id_automation_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."automation_webhook"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_event_queue_idx" ON "automation_event" USING btree ("status","created_at") WHERE "automation_event"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "automation_rule_event_idx" ON "automation_rule" USING btree ("event","active");--> statement-breakpoint
CREATE INDEX "automation_rule_next_run_idx" ON "automation_rule" USING btree ("next_run_at") WHERE "automation_rule"."event" = 'schedule' and "automation_rule"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "automation_run_event_rule_uq" ON "automation_run" USING btree ("event_id","rule_id","subject_id");--> statement-breakpoint
CREATE INDEX "automation_run_rule_idx" ON "automation_run" USING btree ("rule_id","at");--> statement-breakpoint
CREATE INDEX "automation_run_at_idx" ON "automation_run" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "automation_webhook_delivery_due_idx" ON "automation_webhook_delivery" USING btree ("next_attempt_at") WHERE "automation_webhook_delivery"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "automation_webhook_delivery_webhook_idx" ON "automation_webhook_delivery" USING btree ("webhook_id","first_at","id");