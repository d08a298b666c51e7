-- Rate limits shared by every instance (issue 20 item 7): one fixed window per key (limiter and
-- address), counted with one upsert per hit on the primary. UNLOGGED: counters need no WAL, are not
-- replicated, and a crash that empties them only forgives the current window.
CREATE UNLOGGED TABLE "rate_limit_window" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
