DROP INDEX "accounts_client_legal_entity_idx";--> statement-breakpoint
DROP INDEX "accounts_client_industry_idx";--> statement-breakpoint
CREATE INDEX "accounts_client_abn_trgm" ON "accounts_client" USING gin ("abn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_client_legal_entity_idx" ON "accounts_client" USING btree ("legal_entity_id","name","id");--> statement-breakpoint
CREATE INDEX "accounts_client_industry_idx" ON "accounts_client" USING btree ("industry_id","name","id");