CREATE TABLE "payment_month_totals" (
	"construction_id" integer NOT NULL,
	"month" date NOT NULL,
	"approval_status" varchar(1) NOT NULL,
	"payment_status" varchar(1) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_month_totals_construction_id_month_approval_status_payment_status_pk" PRIMARY KEY("construction_id","month","approval_status","payment_status")
);
--> statement-breakpoint
ALTER TABLE "contract_totals" ADD COLUMN "unpaid" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_totals" ADD COLUMN "unpaid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Adds a request's share to its construction's month (the row made at its first share).
CREATE FUNCTION payment_month_totals_add(p_construction integer, p_date date, p_approval varchar, p_payment varchar, p_count integer, p_amount numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_month_totals AS t (construction_id, month, approval_status, payment_status, count, amount)
  VALUES (p_construction, date_trunc('month', p_date)::date, p_approval, p_payment, p_count, p_amount)
  ON CONFLICT (construction_id, month, approval_status, payment_status) DO UPDATE SET
    count = t.count + excluded.count,
    amount = t.amount + excluded.amount
$$;
--> statement-breakpoint
-- A request counts while it is live (active, not rejected): its old share out, its new share in,
-- in its contract's totals and in its construction's month. The two month rows a change touches
-- are updated in the order of their keys, so that two changes of the same month in opposite
-- directions (waiting → accepted and back) wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION payment_contract_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'O' AND OLD.approval_status <> 'R';
  new_live boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'O' AND NEW.approval_status <> 'R';
  new_first boolean := false;
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.contract_id = OLD.contract_id AND NEW.amount = OLD.amount AND NEW.status = OLD.status
    AND NEW.approval_status = OLD.approval_status AND NEW.payment_status = OLD.payment_status
    AND NEW.construction_id = OLD.construction_id AND NEW.date = OLD.date THEN
    RETURN NULL;
  END IF;
  IF old_live THEN
    PERFORM contract_totals_add(OLD.contract_id, 0, -OLD.amount,
      CASE WHEN OLD.approval_status = 'A' THEN -OLD.amount ELSE 0 END,
      CASE WHEN OLD.payment_status = 'P' THEN -OLD.amount ELSE 0 END);
    IF OLD.payment_status = 'O' THEN
      UPDATE contract_totals SET unpaid = unpaid - OLD.amount, unpaid_count = unpaid_count - 1
      WHERE contract_id = OLD.contract_id;
    END IF;
  END IF;
  IF new_live THEN
    PERFORM contract_totals_add(NEW.contract_id, 0, NEW.amount,
      CASE WHEN NEW.approval_status = 'A' THEN NEW.amount ELSE 0 END,
      CASE WHEN NEW.payment_status = 'P' THEN NEW.amount ELSE 0 END);
    IF NEW.payment_status = 'O' THEN
      UPDATE contract_totals SET unpaid = unpaid + NEW.amount, unpaid_count = unpaid_count + 1
      WHERE contract_id = NEW.contract_id;
    END IF;
  END IF;
  new_first := old_live AND new_live AND
    (NEW.construction_id, date_trunc('month', NEW.date), NEW.approval_status, NEW.payment_status)
      < (OLD.construction_id, date_trunc('month', OLD.date), OLD.approval_status, OLD.payment_status);
  IF new_first THEN
    PERFORM payment_month_totals_add(NEW.construction_id, NEW.date, NEW.approval_status, NEW.payment_status, 1, NEW.amount);
  END IF;
  IF old_live THEN
    PERFORM payment_month_totals_add(OLD.construction_id, OLD.date, OLD.approval_status, OLD.payment_status, -1, -OLD.amount);
  END IF;
  IF new_live AND NOT new_first THEN
    PERFORM payment_month_totals_add(NEW.construction_id, NEW.date, NEW.approval_status, NEW.payment_status, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The sums of what exists already.
UPDATE contract_totals t SET unpaid = s.unpaid, unpaid_count = s.unpaid_count
FROM (
  SELECT contract_id, sum(amount) AS unpaid, count(*)::int AS unpaid_count
  FROM payment_transaction
  WHERE status = 'O' AND approval_status <> 'R' AND payment_status = 'O'
  GROUP BY contract_id
) s WHERE s.contract_id = t.contract_id;
--> statement-breakpoint
INSERT INTO payment_month_totals (construction_id, month, approval_status, payment_status, count, amount)
SELECT construction_id, date_trunc('month', date)::date, approval_status, payment_status, count(*), sum(amount)
FROM payment_transaction
WHERE status = 'O' AND approval_status <> 'R'
GROUP BY 1, 2, 3, 4;
