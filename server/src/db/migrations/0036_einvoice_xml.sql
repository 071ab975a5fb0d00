ALTER TABLE "payment_invoice" ADD COLUMN "source" varchar(10);--> statement-breakpoint
ALTER TABLE "payment_invoice" ADD COLUMN "einvoice" jsonb;--> statement-breakpoint
ALTER TABLE "payment_invoice" ADD COLUMN "checks" jsonb;