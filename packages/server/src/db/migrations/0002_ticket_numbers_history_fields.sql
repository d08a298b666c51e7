CREATE SEQUENCE "public"."helpdesk_ticket_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" DROP CONSTRAINT "helpdesk_ticket_history_status_ck";--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ALTER COLUMN "to_status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD COLUMN "field" varchar(20) DEFAULT 'ticket_status' NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD COLUMN "from_value" text;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD COLUMN "to_value" text;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "number" integer DEFAULT nextval('helpdesk_ticket_number_seq') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_ticket_number_uq" ON "helpdesk_ticket" USING btree ("number");--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD CONSTRAINT "helpdesk_ticket_history_field_ck" CHECK ("helpdesk_ticket_history"."field" in ('ticket_status', 'priority', 'assignee', 'title', 'team', 'client', 'cost_centre') and ("helpdesk_ticket_history"."field" <> 'ticket_status' or "helpdesk_ticket_history"."to_status" is not null));--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD CONSTRAINT "helpdesk_ticket_history_status_ck" CHECK (("helpdesk_ticket_history"."to_status" is null or "helpdesk_ticket_history"."to_status" in ('OPEN', 'ON_HOLD', 'IN_PROGRESS', 'REOPENED', 'CLOSED')) and ("helpdesk_ticket_history"."from_status" is null or "helpdesk_ticket_history"."from_status" in ('OPEN', 'ON_HOLD', 'IN_PROGRESS', 'REOPENED', 'CLOSED')));