ALTER TABLE "document_attachment" ADD COLUMN "requirement" varchar(10) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "document_receipts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "contract_guarantee_expiry_idx" ON "contract_guarantee" USING btree ("expiry_date");