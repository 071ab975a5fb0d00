-- A contract's paid total counts what the payments of its live requests paid (paid_amount, partial
-- payments included: docs/adr/0066-payments-as-they-happened.md), not the amounts of the requests paid
-- in full. The trigger of migration 0012, with the paid share read from paid_amount and a change of
-- it counted; the unpaid totals and the month totals stay by payment status.
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
      UPDATE contract_totals SET unpaid = unpaid - OLD.amount, unpaid_count = unpaid_count - 1
      WHERE contract_id = OLD.contract_id;
    END IF;
  END IF;
  IF new_live THEN
    PERFORM contract_totals_add(NEW.contract_id, 0, NEW.amount,
      CASE WHEN NEW.approval_status = 'A' THEN NEW.amount ELSE 0 END, NEW.paid_amount);
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
UPDATE contract_totals t SET paid = coalesce((
  SELECT sum(p.paid_amount) FROM payment_transaction p
  WHERE p.contract_id = t.contract_id AND p.status = 'O' AND p.approval_status <> 'R'
), 0);
