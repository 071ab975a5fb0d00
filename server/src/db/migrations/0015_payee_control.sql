ALTER TABLE "beneficiary" ADD COLUMN "account_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "beneficiary" ADD COLUMN "account_changed_by" varchar(100);--> statement-breakpoint
ALTER TABLE "beneficiary" ADD COLUMN "account_changed_by_id" integer;--> statement-breakpoint
ALTER TABLE "beneficiary" ADD COLUMN "holder_mismatch" boolean;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "prepared_by" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "decided_by_id" integer;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "holder_mismatch" boolean;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_changed_by" varchar(100);--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_changed_by_id" integer;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_previous_bank" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_previous_account" varchar(19);--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_previous_holder" varchar(255);--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "payee_confirmed_by" varchar(100);--> statement-breakpoint
-- Four eyes over the whole life of a request: who created, edited or sent the requests not yet
-- decided, and who decided those awaiting payment, from the workflow history.
UPDATE "payment_transaction" p SET "prepared_by" = x.ids
FROM (
  SELECT t.id, array_agg(DISTINCT u ORDER BY u) AS ids
  FROM "payment_transaction" t
  CROSS JOIN LATERAL (
    SELECT t.user_id AS u
    UNION SELECT h.user_id FROM "payment_history" h
      WHERE h.payment_id = t.id AND h.action IN ('create', 'edit', 'send')
  ) who
  WHERE t.approval_status IN ('O', 'W', 'R') AND u IS NOT NULL
  GROUP BY t.id
) x
WHERE p.id = x.id;--> statement-breakpoint
UPDATE "payment_transaction" p SET "decided_by_id" = (
  SELECT h.user_id FROM "payment_history" h
  WHERE h.payment_id = p.id AND h.action IN ('accept', 'reject')
  ORDER BY h.id DESC LIMIT 1
)
WHERE p.approval_status IN ('A', 'R');--> statement-breakpoint
-- A waiting request shows the account it will pay to from the moment it is sent.
UPDATE "payment_transaction" p
SET "bank_id" = b.bank_id, "bank_name" = bk.name, "account_number" = b.account_number,
  "account_holder" = b.name
FROM "contract" c
JOIN "beneficiary" b ON b.id = c.beneficiary_id
LEFT JOIN "bank" bk ON bk.id = b.bank_id
WHERE c.id = p.contract_id AND p.approval_status = 'W' AND p.status = 'O' AND p.account_number IS NULL;
