CREATE TABLE "sitechecks_answer_key" (
	"run_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"step_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitechecks_answer_key_pk" PRIMARY KEY("run_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "sitechecks_answer_key" ADD CONSTRAINT "sitechecks_answer_key_run_id_sitechecks_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sitechecks_run"("id") ON DELETE cascade ON UPDATE no action;