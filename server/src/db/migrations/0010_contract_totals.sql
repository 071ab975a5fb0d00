CREATE TABLE "contract_totals" (
	"contract_id" integer PRIMARY KEY NOT NULL,
	"annex_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"requested" numeric(18, 2) DEFAULT '0' NOT NULL,
	"approved" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_totals" ADD CONSTRAINT "contract_totals_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Adds a change to a contract's totals (the row made at its first change).
CREATE FUNCTION contract_totals_add(p_contract integer, p_annex numeric, p_requested numeric, p_approved numeric, p_paid numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO contract_totals AS t (contract_id, annex_amount, requested, approved, paid)
  VALUES (p_contract, p_annex, p_requested, p_approved, p_paid)
  ON CONFLICT (contract_id) DO UPDATE SET
    annex_amount = t.annex_amount + excluded.annex_amount,
    requested = t.requested + excluded.requested,
    approved = t.approved + excluded.approved,
    paid = t.paid + excluded.paid
$$;
--> statement-breakpoint
-- A request counts while it is live (active, not rejected): its old share out, its new share in.
CREATE FUNCTION payment_contract_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.contract_id = OLD.contract_id AND NEW.amount = OLD.amount AND NEW.status = OLD.status
    AND NEW.approval_status = OLD.approval_status AND NEW.payment_status = OLD.payment_status THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'O' AND OLD.approval_status <> 'R' THEN
    PERFORM contract_totals_add(OLD.contract_id, 0, -OLD.amount,
      CASE WHEN OLD.approval_status = 'A' THEN -OLD.amount ELSE 0 END,
      CASE WHEN OLD.payment_status = 'P' THEN -OLD.amount ELSE 0 END);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'O' AND NEW.approval_status <> 'R' THEN
    PERFORM contract_totals_add(NEW.contract_id, 0, NEW.amount,
      CASE WHEN NEW.approval_status = 'A' THEN NEW.amount ELSE 0 END,
      CASE WHEN NEW.payment_status = 'P' THEN NEW.amount ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_contract_totals AFTER INSERT OR UPDATE OR DELETE ON payment_transaction
  FOR EACH ROW EXECUTE FUNCTION payment_contract_totals();
--> statement-breakpoint
-- An annex counts unless deleted.
CREATE FUNCTION annex_contract_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.contract_id = OLD.contract_id AND NEW.amount = OLD.amount
    AND (NEW.status = 'D') = (OLD.status = 'D') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'D' THEN
    PERFORM contract_totals_add(OLD.contract_id, -OLD.amount, 0, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'D' THEN
    PERFORM contract_totals_add(NEW.contract_id, NEW.amount, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER annex_contract_totals AFTER INSERT OR UPDATE OR DELETE ON contract_annex
  FOR EACH ROW EXECUTE FUNCTION annex_contract_totals();
--> statement-breakpoint
-- The totals of what exists already.
INSERT INTO contract_totals (contract_id, annex_amount, requested, approved, paid)
SELECT k.id, coalesce(a.amount, 0), coalesce(p.requested, 0), coalesce(p.approved, 0), coalesce(p.paid, 0)
FROM contract k
LEFT JOIN (
  SELECT contract_id, sum(amount) AS amount FROM contract_annex WHERE status <> 'D' GROUP BY contract_id
) a ON a.contract_id = k.id
LEFT JOIN (
  SELECT contract_id, sum(amount) AS requested,
    coalesce(sum(amount) FILTER (WHERE approval_status = 'A'), 0) AS approved,
    coalesce(sum(amount) FILTER (WHERE payment_status = 'P'), 0) AS paid
  FROM payment_transaction WHERE status = 'O' AND approval_status <> 'R' GROUP BY contract_id
) p ON p.contract_id = k.id;
