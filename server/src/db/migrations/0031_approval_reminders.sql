CREATE TABLE "job_run" (
	"job" varchar(50) NOT NULL,
	"day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text,
	CONSTRAINT "job_run_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "approval_reminder_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_step" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_step_pending_idx" ON "payment_step" USING btree ("pending_since") WHERE status = 'pending';--> statement-breakpoint
UPDATE "payment_step" s SET "pending_since" = coalesce(
	(SELECT max(d."decided_at") FROM "payment_step" d WHERE d."payment_id" = s."payment_id" AND d."no" < s."no" AND d."status" = 'accepted'),
	(SELECT p."sent_at" FROM "payment_transaction" p WHERE p."id" = s."payment_id"),
	now())
WHERE s."status" = 'pending';
