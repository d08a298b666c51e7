CREATE TABLE "jobs_job" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"resource" varchar(40) NOT NULL,
	"status" varchar(10) DEFAULT 'QUEUED' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"undo_result" jsonb,
	"failure" text,
	"claim" uuid,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_job_status_ck" CHECK ("jobs_job"."status" in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'UNDONE')),
	CONSTRAINT "jobs_job_progress_ck" CHECK ("jobs_job"."done" >= 0 and "jobs_job"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jobs_job" ADD CONSTRAINT "jobs_job_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "jobs_job_owner_idx" ON "jobs_job" USING btree ("created_by_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "jobs_job_queue_idx" ON "jobs_job" USING btree ("status","created_at") WHERE "jobs_job"."status" in ('QUEUED', 'RUNNING');
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_job_one_running_uq" ON "jobs_job" USING btree ("created_by_id","resource") WHERE "jobs_job"."status" = 'RUNNING';
--> statement-breakpoint
CREATE TABLE "jobs_job_target" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"record_id" uuid NOT NULL,
	CONSTRAINT "jobs_job_target_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "jobs_job_target" ADD CONSTRAINT "jobs_job_target_job_id_jobs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs_job"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "jobs_job_change" (
	"job_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"action" varchar(10) NOT NULL,
	"before" jsonb,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_job_change_pk" PRIMARY KEY("job_id","record_id"),
	CONSTRAINT "jobs_job_change_action_ck" CHECK ("jobs_job_change"."action" in ('create', 'update'))
);
--> statement-breakpoint
ALTER TABLE "jobs_job_change" ADD CONSTRAINT "jobs_job_change_job_id_jobs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs_job"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "jobs_import" (
	"id" uuid PRIMARY KEY NOT NULL,
	"resource" varchar(40) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_type" varchar(10) NOT NULL,
	"storage_path" varchar(500) NOT NULL,
	"columns" jsonb NOT NULL,
	"rows" integer NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_import_file_type_ck" CHECK ("jobs_import"."file_type" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "jobs_import" ADD CONSTRAINT "jobs_import_created_by_id_auth_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "jobs_import_owner_idx" ON "jobs_import" USING btree ("created_by_id","created_at");
