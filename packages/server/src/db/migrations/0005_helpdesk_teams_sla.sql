CREATE TABLE "helpdesk_team" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"assignment" varchar(12) DEFAULT 'MANUAL' NOT NULL,
	"rr_counter" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_team_assignment_ck" CHECK ("helpdesk_team"."assignment" in ('MANUAL', 'ROUND_ROBIN', 'LEAST_OPEN')),
	CONSTRAINT "helpdesk_team_name_ck" CHECK (length(btrim("helpdesk_team"."name")) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_team_name_uq" ON "helpdesk_team" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "helpdesk_team_created_idx" ON "helpdesk_team" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "helpdesk_team_member" (
	"team_id" uuid NOT NULL REFERENCES "helpdesk_team"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "auth_user"("id") ON DELETE cascade,
	CONSTRAINT "helpdesk_team_member_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "helpdesk_team_member_user_idx" ON "helpdesk_team_member" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "helpdesk_routing_rule" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"ticket_type" varchar(20),
	"priority" varchar(10),
	"industry_id" uuid REFERENCES "base_industry"("id") ON DELETE cascade,
	"legal_entity_id" uuid REFERENCES "base_legal_entity"("id") ON DELETE cascade,
	"cost_centre_id" uuid REFERENCES "operations_cost_centre"("id") ON DELETE cascade,
	"team_id" uuid NOT NULL REFERENCES "helpdesk_team"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_routing_rule_type_ck" CHECK ("helpdesk_routing_rule"."ticket_type" is null or "helpdesk_routing_rule"."ticket_type" in ('ISSUE', 'SERVICE_REQUEST', 'FEEDBACK', 'INCIDENT', 'PROBLEM', 'ALERTS')),
	CONSTRAINT "helpdesk_routing_rule_priority_ck" CHECK ("helpdesk_routing_rule"."priority" is null or "helpdesk_routing_rule"."priority" in ('LOW', 'MEDIUM', 'HIGH', 'URGENT'))
);
--> statement-breakpoint
CREATE INDEX "helpdesk_routing_rule_position_idx" ON "helpdesk_routing_rule" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "helpdesk_routing_rule_team_idx" ON "helpdesk_routing_rule" USING btree ("team_id");--> statement-breakpoint
CREATE TABLE "helpdesk_sla_policy" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" integer NOT NULL,
	"ticket_type" varchar(20),
	"priority" varchar(10),
	"industry_id" uuid REFERENCES "base_industry"("id") ON DELETE cascade,
	"first_response_minutes" integer NOT NULL,
	"resolution_minutes" integer NOT NULL,
	"business_hours" jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_sla_policy_type_ck" CHECK ("helpdesk_sla_policy"."ticket_type" is null or "helpdesk_sla_policy"."ticket_type" in ('ISSUE', 'SERVICE_REQUEST', 'FEEDBACK', 'INCIDENT', 'PROBLEM', 'ALERTS')),
	CONSTRAINT "helpdesk_sla_policy_priority_ck" CHECK ("helpdesk_sla_policy"."priority" is null or "helpdesk_sla_policy"."priority" in ('LOW', 'MEDIUM', 'HIGH', 'URGENT')),
	CONSTRAINT "helpdesk_sla_policy_minutes_ck" CHECK ("helpdesk_sla_policy"."first_response_minutes" > 0 and "helpdesk_sla_policy"."resolution_minutes" > 0)
);
--> statement-breakpoint
CREATE INDEX "helpdesk_sla_policy_position_idx" ON "helpdesk_sla_policy" USING btree ("position","id");--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "team_id" uuid REFERENCES "helpdesk_team"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "sla_policy_id" uuid REFERENCES "helpdesk_sla_policy"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "sla_status" varchar(10) DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "sla_risk_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "sla_breach_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "sla_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD COLUMN "sla_paused_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket" ADD CONSTRAINT "helpdesk_ticket_sla_status_ck" CHECK ("helpdesk_ticket"."sla_status" in ('NONE', 'ON_TRACK', 'AT_RISK', 'PAUSED', 'BREACHED', 'MET'));--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_team_idx" ON "helpdesk_ticket" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_sla_policy_idx" ON "helpdesk_ticket" USING btree ("sla_policy_id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_due_idx" ON "helpdesk_ticket" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_first_response_due_idx" ON "helpdesk_ticket" USING btree ("first_response_due_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_sla_status_due_idx" ON "helpdesk_ticket" USING btree ("sla_status","due_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_assignee_open_idx" ON "helpdesk_ticket" USING btree ("assignee_id") WHERE "ticket_status" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_sla_sweep_idx" ON "helpdesk_ticket" USING btree ("sla_risk_at") WHERE "sla_status" in ('ON_TRACK', 'AT_RISK');
--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_history" ADD COLUMN "reason" text;
