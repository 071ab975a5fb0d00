ALTER TABLE "delegation" ADD COLUMN "kind" varchar(10) DEFAULT 'authorized' NOT NULL;--> statement-breakpoint
ALTER TABLE "delegation" ADD COLUMN "title" varchar(100);--> statement-breakpoint
ALTER TABLE "payment_step" ADD COLUMN "delegation_kind" varchar(10);--> statement-breakpoint
ALTER TABLE "payment_step" ADD COLUMN "delegate_title" varchar(100);--> statement-breakpoint
UPDATE "payment_step" SET "delegation_kind" = 'authorized' WHERE "on_behalf_of_id" IS NOT NULL;
