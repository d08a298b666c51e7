CREATE TABLE "sitechecks_answer" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"key" varchar(64) NOT NULL,
	"value" jsonb,
	"ok" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_id" uuid,
	"photo_key" varchar(300),
	"photo_name" varchar(255),
	"photo_type" varchar(10),
	"photo_size" integer,
	"answered_by_id" uuid,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitechecks_run" (
	"id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"schedule_id" uuid,
	"cost_centre_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" varchar(12) DEFAULT 'DUE' NOT NULL,
	"failed_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_by_id" uuid,
	"completed_at" timestamp with time zone,
	"ticket_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitechecks_run_status_ck" CHECK ("sitechecks_run"."status" in ('DUE', 'IN_PROGRESS', 'DONE', 'FAILED', 'MISSED'))
);
--> statement-breakpoint
CREATE TABLE "sitechecks_schedule" (
	"id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"cost_centre_id" uuid NOT NULL,
	"rrule" varchar(500) NOT NULL,
	"timezone" varchar(64) NOT NULL,
	"window_minutes" integer DEFAULT 120 NOT NULL,
	"assignees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"generated_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitechecks_schedule_window_ck" CHECK ("sitechecks_schedule"."window_minutes" between 1 and 10080)
);
--> statement-breakpoint
CREATE TABLE "sitechecks_template_version" (
	"id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitechecks_template" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sitechecks_answer" ADD CONSTRAINT "sitechecks_answer_run_id_sitechecks_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sitechecks_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_answer" ADD CONSTRAINT "sitechecks_answer_answered_by_id_auth_user_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_run" ADD CONSTRAINT "sitechecks_run_template_id_sitechecks_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sitechecks_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_run" ADD CONSTRAINT "sitechecks_run_schedule_id_sitechecks_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."sitechecks_schedule"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_run" ADD CONSTRAINT "sitechecks_run_cost_centre_id_operations_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."operations_cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_run" ADD CONSTRAINT "sitechecks_run_completed_by_id_auth_user_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_run" ADD CONSTRAINT "sitechecks_run_ticket_id_helpdesk_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_schedule" ADD CONSTRAINT "sitechecks_schedule_template_id_sitechecks_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sitechecks_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_schedule" ADD CONSTRAINT "sitechecks_schedule_cost_centre_id_operations_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."operations_cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitechecks_template_version" ADD CONSTRAINT "sitechecks_template_version_template_id_sitechecks_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sitechecks_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sitechecks_answer_run_key_uq" ON "sitechecks_answer" USING btree ("run_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sitechecks_run_schedule_due_uq" ON "sitechecks_run" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "sitechecks_run_cost_centre_due_idx" ON "sitechecks_run" USING btree ("cost_centre_id","due_at");--> statement-breakpoint
CREATE INDEX "sitechecks_run_open_closes_idx" ON "sitechecks_run" USING btree ("closes_at") WHERE "sitechecks_run"."status" in ('DUE', 'IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "sitechecks_run_template_idx" ON "sitechecks_run" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "sitechecks_schedule_cost_centre_idx" ON "sitechecks_schedule" USING btree ("cost_centre_id");--> statement-breakpoint
CREATE INDEX "sitechecks_schedule_template_idx" ON "sitechecks_schedule" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "sitechecks_schedule_due_extension_idx" ON "sitechecks_schedule" USING btree ("generated_until") WHERE "sitechecks_schedule"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "sitechecks_template_version_uq" ON "sitechecks_template_version" USING btree ("template_id","version");