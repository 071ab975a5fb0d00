DROP INDEX "access_history_user_at_idx";--> statement-breakpoint
DROP INDEX "beneficiary_name_idx";--> statement-breakpoint
DROP INDEX "company_name_idx";--> statement-breakpoint
DROP INDEX "company_code_idx";--> statement-breakpoint
DROP INDEX "company_tax_code_idx";--> statement-breakpoint
DROP INDEX "company_updated_idx";--> statement-breakpoint
DROP INDEX "constructor_name_idx";--> statement-breakpoint
DROP INDEX "constructor_code_idx";--> statement-breakpoint
DROP INDEX "constructor_tax_code_idx";--> statement-breakpoint
DROP INDEX "contract_signed_idx";--> statement-breakpoint
DROP INDEX "contract_no_idx";--> statement-breakpoint
CREATE INDEX "app_group_created_idx" ON "app_group" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "app_user_created_idx" ON "app_user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bank_created_idx" ON "bank" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "beneficiary_created_idx" ON "beneficiary" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "company_created_idx" ON "company" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "construction_created_idx" ON "construction" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "construction_item_created_idx" ON "construction_item" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "constructor_created_idx" ON "constructor" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "constructor_type_created_idx" ON "constructor_type" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contract_created_idx" ON "contract" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contract_amount_vat_idx" ON "contract" USING btree ("amount_vat","id");--> statement-breakpoint
CREATE INDEX "contract_type_created_idx" ON "contract_type" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "department_created_idx" ON "department" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "document_attachment_created_idx" ON "document_attachment" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "endpoint_created_idx" ON "endpoint" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "menu_created_idx" ON "menu" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_date_created_idx" ON "payment_date" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_type_created_idx" ON "payment_type" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "privilege_created_idx" ON "privilege" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "project_created_idx" ON "project" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "role_created_idx" ON "role" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tax_created_idx" ON "tax" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transaction_type_created_idx" ON "transaction_type" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "access_history_user_at_idx" ON "access_history" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "beneficiary_name_idx" ON "beneficiary" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "company_name_idx" ON "company" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "company_code_idx" ON "company" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "company_tax_code_idx" ON "company" USING btree ("tax_code","id");--> statement-breakpoint
CREATE INDEX "company_updated_idx" ON "company" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "constructor_name_idx" ON "constructor" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "constructor_code_idx" ON "constructor" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "constructor_tax_code_idx" ON "constructor" USING btree ("tax_code","id");--> statement-breakpoint
CREATE INDEX "contract_signed_idx" ON "contract" USING btree ("signed_date","id");--> statement-breakpoint
CREATE INDEX "contract_no_idx" ON "contract" USING btree ("contract_no","id");