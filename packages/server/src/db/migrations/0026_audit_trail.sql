CREATE TABLE "audit_retention" (
	"action" varchar(20) PRIMARY KEY NOT NULL,
	"days" integer,
	CONSTRAINT "audit_retention_days_ck" CHECK ("audit_retention"."days" is null or "audit_retention"."days" between 1 and 36500)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_ck";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "record_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "action" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_ck" CHECK ("audit_log"."action" in ('create', 'update', 'delete', 'login', 'login_failed', 'logout', 'export', 'permission_change', 'mfa_change', 'erase'));