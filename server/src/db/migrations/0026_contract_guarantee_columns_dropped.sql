ALTER TABLE "contract" DROP COLUMN "guarantee_percent";--> statement-breakpoint
ALTER TABLE "contract" DROP COLUMN "guarantee_amount";--> statement-breakpoint
ALTER TABLE "contract" DROP COLUMN "guarantee_release_date";