ALTER TABLE "jobs_job_target" ADD COLUMN "version" integer;--> statement-breakpoint
-- A ticket's version counts the changes people make, not the SLA clock's bookkeeping: the SLA sweep
-- and the clock rewrite sla_status and the due instants on their own, and raising the version there
-- would answer a 412 to someone who only edited the title while the clock moved.
CREATE OR REPLACE FUNCTION "helpdesk_ticket_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - '{version,sla_policy_id,first_response_due_at,first_responded_at,due_at,sla_status,sla_risk_at,sla_breach_at,sla_paused_at,sla_paused_minutes}'::text[])
     IS DISTINCT FROM (to_jsonb(OLD) - '{version,sla_policy_id,first_response_due_at,first_responded_at,due_at,sla_status,sla_risk_at,sla_breach_at,sla_paused_at,sla_paused_minutes}'::text[]) THEN
    NEW."version" := OLD."version" + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "helpdesk_ticket_version" ON "helpdesk_ticket";--> statement-breakpoint
CREATE TRIGGER "helpdesk_ticket_version" BEFORE UPDATE ON "helpdesk_ticket" FOR EACH ROW EXECUTE FUNCTION "helpdesk_ticket_version_bump"();
