-- Conditional writes (issue 36 item 1, platform.md 14.6): every record table and helpdesk_ticket keep a
-- row version; a detail GET answers the ETag "<table>-<id>-<version>" and PUT/PATCH/DELETE with If-Match
-- compare it on the locked row. The version is raised by a BEFORE UPDATE trigger, not by the API's
-- writes, so every UPDATE (sync, import, bulk change, SLA sweep, a hand-run statement) makes held tags stale.
ALTER TABLE "helpdesk_ticket" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "records_address" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations_brand" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts_client_contact_role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts_client" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts_contact_person" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts_contact_relation" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "records_contact" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations_contact_relation" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations_cost_centre" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "base_industry" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "base_legal_entity" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operations_contact_role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "base_sub_industry" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "helpdesk_ticket_version" BEFORE UPDATE ON "helpdesk_ticket" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "records_address_version" BEFORE UPDATE ON "records_address" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "operations_brand_version" BEFORE UPDATE ON "operations_brand" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "accounts_client_contact_role_version" BEFORE UPDATE ON "accounts_client_contact_role" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "accounts_client_version" BEFORE UPDATE ON "accounts_client" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "accounts_contact_person_version" BEFORE UPDATE ON "accounts_contact_person" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "accounts_contact_relation_version" BEFORE UPDATE ON "accounts_contact_relation" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "records_contact_version" BEFORE UPDATE ON "records_contact" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "operations_contact_relation_version" BEFORE UPDATE ON "operations_contact_relation" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "operations_cost_centre_version" BEFORE UPDATE ON "operations_cost_centre" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "base_industry_version" BEFORE UPDATE ON "base_industry" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "base_legal_entity_version" BEFORE UPDATE ON "base_legal_entity" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "operations_contact_role_version" BEFORE UPDATE ON "operations_contact_role" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();--> statement-breakpoint
CREATE TRIGGER "base_sub_industry_version" BEFORE UPDATE ON "base_sub_industry" FOR EACH ROW EXECUTE FUNCTION "row_version_bump"();
