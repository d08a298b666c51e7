CREATE INDEX "helpdesk_ticket_status_priority_idx" ON "helpdesk_ticket" USING btree ("ticket_status","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "auth_user_last_name_idx" ON "auth_user" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "auth_user_type_idx" ON "auth_user" USING btree ("user_type","id");--> statement-breakpoint
CREATE INDEX "auth_user_joined_idx" ON "auth_user" USING btree ("date_joined","id");--> statement-breakpoint
CREATE INDEX "auth_user_reporting_manager_idx" ON "auth_user" USING btree ("reporting_manager_id");--> statement-breakpoint
CREATE INDEX "records_address_created_idx" ON "records_address" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_client_legal_entity_industry_idx" ON "accounts_client" USING btree ("legal_entity_id","industry_id","name","id");--> statement-breakpoint
CREATE INDEX "records_contact_created_idx" ON "records_contact" USING btree ("created_at","id");