CREATE TABLE "payout_month_totals" (
	"construction_id" integer NOT NULL,
	"month" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "payout_month_totals_construction_id_month_pk" PRIMARY KEY("construction_id","month")
);
--> statement-breakpoint
ALTER TABLE "payment_month_totals" ADD COLUMN "paid" numeric(18, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- The reports count paid money by the payments (docs/adr/0078-reports-count-payments-by-their-dates.md):
-- the month summaries carry what their requests' payments paid, a contract's unpaid total is what
-- remains to pay of its requests not paid in full, and the money paid out is summed per
-- construction and month of the day it was paid.
CREATE FUNCTION payment_month_totals_add(p_construction integer, p_date date, p_approval varchar, p_payment varchar, p_count integer, p_amount numeric, p_paid numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO payment_month_totals AS t (construction_id, month, approval_status, payment_status, count, amount, paid)
  VALUES (p_construction, date_trunc('month', p_date)::date, p_approval, p_payment, p_count, p_amount, p_paid)
  ON CONFLICT (construction_id, month, approval_status, payment_status) DO UPDATE SET
    count = t.count + excluded.count,
    amount = t.amount + excluded.amount,
    paid = t.paid + excluded.paid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_contract_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'O' AND OLD.approval_status <> 'R';
  new_live boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'O' AND NEW.approval_status <> 'R';
  new_first boolean := false;
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.contract_id = OLD.contract_id AND NEW.amount = OLD.amount AND NEW.status = OLD.status
    AND NEW.approval_status = OLD.approval_status AND NEW.payment_status = OLD.payment_status
    AND NEW.paid_amount = OLD.paid_amount
    AND NEW.construction_id = OLD.construction_id AND NEW.date = OLD.date THEN
    RETURN NULL;
  END IF;
  IF old_live THEN
    PERFORM contract_totals_add(OLD.contract_id, 0, -OLD.amount,
      CASE WHEN OLD.approval_status = 'A' THEN -OLD.amount ELSE 0 END, -OLD.paid_amount);
    IF OLD.payment_status = 'O' THEN
      UPDATE contract_totals SET unpaid = unpaid - (OLD.amount - OLD.paid_amount), unpaid_count = unpaid_count - 1
      WHERE contract_id = OLD.contract_id;
    END IF;
  END IF;
  IF new_live THEN
    PERFORM contract_totals_add(NEW.contract_id, 0, NEW.amount,
      CASE WHEN NEW.approval_status = 'A' THEN NEW.amount ELSE 0 END, NEW.paid_amount);
    IF NEW.payment_status = 'O' THEN
      UPDATE contract_totals SET unpaid = unpaid + (NEW.amount - NEW.paid_amount), unpaid_count = unpaid_count + 1
      WHERE contract_id = NEW.contract_id;
    END IF;
  END IF;
  new_first := old_live AND new_live AND
    (NEW.construction_id, date_trunc('month', NEW.date), NEW.approval_status, NEW.payment_status)
      < (OLD.construction_id, date_trunc('month', OLD.date), OLD.approval_status, OLD.payment_status);
  IF new_first THEN
    PERFORM payment_month_totals_add(NEW.construction_id, NEW.date, NEW.approval_status, NEW.payment_status, 1, NEW.amount, NEW.paid_amount);
  END IF;
  IF old_live THEN
    PERFORM payment_month_totals_add(OLD.construction_id, OLD.date, OLD.approval_status, OLD.payment_status, -1, -OLD.amount, -OLD.paid_amount);
  END IF;
  IF new_live AND NOT new_first THEN
    PERFORM payment_month_totals_add(NEW.construction_id, NEW.date, NEW.approval_status, NEW.payment_status, 1, NEW.amount, NEW.paid_amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION payment_month_totals_add(integer, date, varchar, varchar, integer, numeric);
--> statement-breakpoint
CREATE FUNCTION payout_month_totals_add(p_construction integer, p_date date, p_count integer, p_amount numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO payout_month_totals AS t (construction_id, month, count, amount)
  VALUES (p_construction, date_trunc('month', p_date)::date, p_count, p_amount)
  ON CONFLICT (construction_id, month) DO UPDATE SET
    count = t.count + excluded.count,
    amount = t.amount + excluded.amount
$$;
--> statement-breakpoint
-- A payment counts until it is reversed, in the month of the day it was paid.
CREATE FUNCTION payout_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  site integer;
BEGIN
  SELECT construction_id INTO site FROM payment_transaction
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.payment_id ELSE NEW.payment_id END;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.reversed_at IS NULL THEN
    PERFORM payout_month_totals_add(site, OLD.paid_date, -1, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.reversed_at IS NULL THEN
    PERFORM payout_month_totals_add(site, NEW.paid_date, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payout_month_totals AFTER INSERT OR UPDATE OR DELETE ON payment_payout
  FOR EACH ROW EXECUTE FUNCTION payout_month_totals();
--> statement-breakpoint
-- The sums of what exists already.
UPDATE payment_month_totals SET paid = 0;
--> statement-breakpoint
UPDATE payment_month_totals t SET paid = s.paid
FROM (
  SELECT construction_id, date_trunc('month', date)::date AS month, approval_status, payment_status, sum(paid_amount) AS paid
  FROM payment_transaction
  WHERE status = 'O' AND approval_status <> 'R'
  GROUP BY 1, 2, 3, 4
) s
WHERE s.construction_id = t.construction_id AND s.month = t.month
  AND s.approval_status = t.approval_status AND s.payment_status = t.payment_status;
--> statement-breakpoint
UPDATE contract_totals t SET unpaid = coalesce((
  SELECT sum(p.amount - p.paid_amount) FROM payment_transaction p
  WHERE p.contract_id = t.contract_id AND p.status = 'O' AND p.approval_status <> 'R' AND p.payment_status = 'O'
), 0);
--> statement-breakpoint
INSERT INTO payout_month_totals (construction_id, month, count, amount)
SELECT p.construction_id, date_trunc('month', o.paid_date)::date, count(*), sum(o.amount)
FROM payment_payout o JOIN payment_transaction p ON p.id = o.payment_id
WHERE o.reversed_at IS NULL
GROUP BY 1, 2;
