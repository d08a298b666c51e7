ALTER TABLE "sitechecks_schedule" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sitechecks_template" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Conditional writes of site check templates and schedules (issue 36, platform.md 14.6): a row version
-- apart from a template's `version` (which counts its steps' versions). It is raised on every UPDATE
-- that changes the row, except the job's own mark of how far a schedule's runs reach (generated_until,
-- written every minute), which must not make an editor's held tag stale.
CREATE OR REPLACE FUNCTION "sitechecks_row_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - '{row_version,generated_until}'::text[]) IS DISTINCT FROM (to_jsonb(OLD) - '{row_version,generated_until}'::text[]) THEN
    NEW."row_version" := OLD."row_version" + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sitechecks_template_row_version" BEFORE UPDATE ON "sitechecks_template" FOR EACH ROW EXECUTE FUNCTION "sitechecks_row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "sitechecks_schedule_row_version" BEFORE UPDATE ON "sitechecks_schedule" FOR EACH ROW EXECUTE FUNCTION "sitechecks_row_version_bump"();
