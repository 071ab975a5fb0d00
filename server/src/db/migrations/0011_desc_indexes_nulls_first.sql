DROP INDEX "access_history_user_at_idx";--> statement-breakpoint
DROP INDEX "app_group_status_created_idx";--> statement-breakpoint
DROP INDEX "app_user_status_created_idx";--> statement-breakpoint
DROP INDEX "application_status_created_idx";--> statement-breakpoint
DROP INDEX "bank_status_created_idx";--> statement-breakpoint
DROP INDEX "beneficiary_status_created_idx";--> statement-breakpoint
DROP INDEX "billing_status_created_idx";--> statement-breakpoint
DROP INDEX "billing_construction_idx";--> statement-breakpoint
DROP INDEX "company_status_created_idx";--> statement-breakpoint
DROP INDEX "construction_status_created_idx";--> statement-breakpoint
DROP INDEX "construction_item_status_created_idx";--> statement-breakpoint
DROP INDEX "constructor_status_created_idx";--> statement-breakpoint
DROP INDEX "constructor_type_status_created_idx";--> statement-breakpoint
DROP INDEX "contract_status_created_idx";--> statement-breakpoint
DROP INDEX "contract_construction_idx";--> statement-breakpoint
DROP INDEX "contract_type_status_created_idx";--> statement-breakpoint
DROP INDEX "credit_customer_idx";--> statement-breakpoint
DROP INDEX "customer_status_created_idx";--> statement-breakpoint
DROP INDEX "department_status_created_idx";--> statement-breakpoint
DROP INDEX "document_attachment_status_created_idx";--> statement-breakpoint
DROP INDEX "email_config_status_created_idx";--> statement-breakpoint
DROP INDEX "endpoint_status_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_idx";--> statement-breakpoint
DROP INDEX "menu_status_created_idx";--> statement-breakpoint
DROP INDEX "payment_date_status_created_idx";--> statement-breakpoint
DROP INDEX "payment_history_payment_idx";--> statement-breakpoint
DROP INDEX "payment_history_at_idx";--> statement-breakpoint
DROP INDEX "payment_method_status_created_idx";--> statement-breakpoint
DROP INDEX "payment_transaction_status_created_idx";--> statement-breakpoint
DROP INDEX "payment_construction_created_idx";--> statement-breakpoint
DROP INDEX "payment_construction_status_idx";--> statement-breakpoint
DROP INDEX "payment_user_created_idx";--> statement-breakpoint
DROP INDEX "payment_waiting_idx";--> statement-breakpoint
DROP INDEX "payment_construction_unpaid_idx";--> statement-breakpoint
DROP INDEX "payment_construction_waiting_idx";--> statement-breakpoint
DROP INDEX "payment_type_status_created_idx";--> statement-breakpoint
DROP INDEX "privilege_status_created_idx";--> statement-breakpoint
DROP INDEX "project_status_created_idx";--> statement-breakpoint
DROP INDEX "record_history_entity_record_idx";--> statement-breakpoint
DROP INDEX "role_status_created_idx";--> statement-breakpoint
DROP INDEX "tax_status_created_idx";--> statement-breakpoint
DROP INDEX "ticket_status_created_idx";--> statement-breakpoint
DROP INDEX "ticket_state_idx";--> statement-breakpoint
DROP INDEX "transaction_type_status_created_idx";--> statement-breakpoint
CREATE INDEX "access_history_user_at_idx" ON "access_history" USING btree ("user_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "app_group_status_created_idx" ON "app_group" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "app_user_status_created_idx" ON "app_user" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "application_status_created_idx" ON "application" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bank_status_created_idx" ON "bank" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "beneficiary_status_created_idx" ON "beneficiary" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "billing_status_created_idx" ON "billing" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "billing_construction_idx" ON "billing" USING btree ("construction_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "company_status_created_idx" ON "company" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "construction_status_created_idx" ON "construction" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "construction_item_status_created_idx" ON "construction_item" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "constructor_status_created_idx" ON "constructor" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "constructor_type_status_created_idx" ON "constructor_type" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_status_created_idx" ON "contract" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_construction_idx" ON "contract" USING btree ("construction_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_type_status_created_idx" ON "contract_type" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credit_customer_idx" ON "credit" USING btree ("customer_id","credit_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_status_created_idx" ON "customer" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "department_status_created_idx" ON "department" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "document_attachment_status_created_idx" ON "document_attachment" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_config_status_created_idx" ON "email_config" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "endpoint_status_created_idx" ON "endpoint" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "menu_status_created_idx" ON "menu" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_date_status_created_idx" ON "payment_date" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_history_payment_idx" ON "payment_history" USING btree ("payment_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_history_at_idx" ON "payment_history" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_method_status_created_idx" ON "payment_method" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_transaction_status_created_idx" ON "payment_transaction" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_construction_created_idx" ON "payment_transaction" USING btree ("construction_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_construction_status_idx" ON "payment_transaction" USING btree ("construction_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_user_created_idx" ON "payment_transaction" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_waiting_idx" ON "payment_transaction" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE approval_status = 'W' and status = 'O';--> statement-breakpoint
CREATE INDEX "payment_construction_unpaid_idx" ON "payment_transaction" USING btree ("construction_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE payment_status = 'O' and status = 'O' and approval_status <> 'R';--> statement-breakpoint
CREATE INDEX "payment_construction_waiting_idx" ON "payment_transaction" USING btree ("construction_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE approval_status = 'W' and status = 'O';--> statement-breakpoint
CREATE INDEX "payment_type_status_created_idx" ON "payment_type" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "privilege_status_created_idx" ON "privilege" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_status_created_idx" ON "project" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "record_history_entity_record_idx" ON "record_history" USING btree ("entity","record_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "role_status_created_idx" ON "role" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tax_status_created_idx" ON "tax" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ticket_status_created_idx" ON "ticket" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ticket_state_idx" ON "ticket" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transaction_type_status_created_idx" ON "transaction_type" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);