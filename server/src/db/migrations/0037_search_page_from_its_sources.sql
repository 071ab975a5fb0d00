DROP INDEX "payment_constructor_idx";--> statement-breakpoint
CREATE INDEX "payment_constructor_created_idx" ON "payment_transaction" USING btree ("constructor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_contract_created_idx" ON "payment_transaction" USING btree ("contract_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);