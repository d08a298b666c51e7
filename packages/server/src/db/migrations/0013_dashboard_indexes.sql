-- Home's dashboard (issue 22 item 7) reads the newest client audit entries across all clients in
-- scope: this index walks one model's entries newest first instead of sorting the whole trail.
CREATE INDEX IF NOT EXISTS "audit_log_model_at_idx" ON "audit_log" USING btree ("model","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
