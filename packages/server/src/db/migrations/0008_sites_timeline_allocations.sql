-- Issue 16: allocation sources (manual or derived by the payroll and directory syncs) and the timeline's indexes.
ALTER TABLE "records_allocation" ADD COLUMN "source" varchar(10) DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "records_allocation" ADD CONSTRAINT "records_allocation_source_ck" CHECK ("records_allocation"."source" in ('MANUAL', 'PAYROLL', 'DIRECTORY'));--> statement-breakpoint
DROP INDEX IF EXISTS "records_allocation_legal_entity_uq";--> statement-breakpoint
DROP INDEX IF EXISTS "records_allocation_client_uq";--> statement-breakpoint
DROP INDEX IF EXISTS "records_allocation_cost_centre_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "records_allocation_legal_entity_uq" ON "records_allocation" USING btree ("user_id","legal_entity_id","source") WHERE "records_allocation"."legal_entity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_allocation_client_uq" ON "records_allocation" USING btree ("user_id","client_id","source") WHERE "records_allocation"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "records_allocation_cost_centre_uq" ON "records_allocation" USING btree ("user_id","cost_centre_id","source") WHERE "records_allocation"."cost_centre_id" is not null;--> statement-breakpoint
CREATE INDEX "records_allocation_source_idx" ON "records_allocation" USING btree ("source","user_id");--> statement-breakpoint
CREATE INDEX "records_allocation_created_idx" ON "records_allocation" USING btree ("created_at","id");--> statement-breakpoint
-- Allocation management is for Admins only by default (existing databases: other groups lose the grants they got at first start).
DELETE FROM "auth_group_permission" gp USING "auth_group" g, "auth_permission" p
  WHERE gp."group_id" = g."id" AND gp."permission_id" = p."id" AND p."model" = 'allocation' AND g."user_type" IS NOT NULL AND g."user_type" <> 1;--> statement-breakpoint
-- Timeline sources, each read newest first for one site.
CREATE INDEX "dynamics_vend_spend_site_idx" ON "dynamics_vend_spend" USING btree ("site_id","invoice_posting_date","id");--> statement-breakpoint
CREATE INDEX "dynamics_vend_spend_invoice_site_idx" ON "dynamics_vend_spend" USING btree ("data_area_id","invoice_account","invoice_id","site_id");--> statement-breakpoint
CREATE INDEX "buylink_invoice_header_cc_date_idx" ON "buylink_invoice_header" USING btree ("cost_centre_code","invoice_date","id");--> statement-breakpoint
CREATE INDEX "adp_employee_cost_centre_start_idx" ON "adp_employee" USING btree ("cost_centre_code","start_date","id");--> statement-breakpoint
CREATE INDEX "adp_employee_cost_centre_end_idx" ON "adp_employee" USING btree ("cost_centre_code","termination_date","id");--> statement-breakpoint
CREATE INDEX "adp_employee_email_lower_idx" ON "adp_employee" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "google_directory_user_cost_centre_email_idx" ON "google_directory_user" USING btree ("cost_centre",lower("primary_email"));
