-- An uploaded import runs once (spec platform §13.2): the job it started, so that starting it again answers
-- that job instead of queueing a second one; and created_at indexed for the periodic sweep of files.
ALTER TABLE "jobs_import" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs_import" ADD CONSTRAINT "jobs_import_job_id_jobs_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_import_job_idx" ON "jobs_import" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "jobs_import_created_at_idx" ON "jobs_import" USING btree ("created_at");
