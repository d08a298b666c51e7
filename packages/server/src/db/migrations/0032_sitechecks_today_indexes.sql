DROP INDEX "sitechecks_schedule_due_extension_idx";--> statement-breakpoint
CREATE INDEX "sitechecks_run_open_site_due_idx" ON "sitechecks_run" USING btree ("cost_centre_id","due_at") WHERE "sitechecks_run"."status" in ('DUE', 'IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "sitechecks_run_open_due_idx" ON "sitechecks_run" USING btree ("due_at","id") WHERE "sitechecks_run"."status" in ('DUE', 'IN_PROGRESS');--> statement-breakpoint
-- The job marks how far each schedule's runs reach (generated_until) on every schedule it extends.
-- Without an index on that column (dropped above) the mark can be a HOT update, which needs room on
-- the row's page: half of each page is left free (all the rows of a page are marked in one batch),
-- new and moved rows only; existing pages fill that way as the first marks move their rows.
ALTER TABLE "sitechecks_schedule" SET (fillfactor = 50);--> statement-breakpoint
-- The schedules' row version (0030) is raised by a row trigger that compares the whole row as JSON
-- except generated_until; the job writes generated_until of every schedule it extends, so each mark
-- ran the plpgsql function and two to_jsonb for nothing (about half the time of marking 200,000
-- schedules, bench/RESULTS.md). Fired only by an UPDATE that sets another column: every column but
-- generated_until and row_version (sitechecks.conditional.routes.test.ts checks that the list names
-- every other column, so a new column must join it).
DROP TRIGGER "sitechecks_schedule_row_version" ON "sitechecks_schedule";--> statement-breakpoint
CREATE TRIGGER "sitechecks_schedule_row_version" BEFORE UPDATE OF "id", "template_id", "cost_centre_id", "rrule", "timezone", "window_minutes", "assignees", "active", "created_at", "updated_at" ON "sitechecks_schedule" FOR EACH ROW EXECUTE FUNCTION "sitechecks_row_version_bump"();
