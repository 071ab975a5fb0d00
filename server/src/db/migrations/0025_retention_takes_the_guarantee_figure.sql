-- The contract's "guarantee" was its warranty retention (docs/adr/0069-retention-apart-from-bank-guarantees.md):
-- today's figures move to the retention, and the contract's change history names them as such.
UPDATE "contract" SET "retention_percent" = "guarantee_percent", "retention_amount" = "guarantee_amount",
  "retention_release_date" = "guarantee_release_date"
  WHERE "guarantee_percent" IS NOT NULL OR "guarantee_amount" IS NOT NULL OR "guarantee_release_date" IS NOT NULL;--> statement-breakpoint
UPDATE "record_history" SET "changes" = (
    SELECT jsonb_object_agg(CASE e.key
        WHEN 'guarantee_percent' THEN 'retention_percent'
        WHEN 'guarantee_amount' THEN 'retention_amount'
        WHEN 'guarantee_release_date' THEN 'retention_release_date'
        ELSE e.key END, e.value)
      FROM jsonb_each("record_history"."changes") e)
  WHERE "entity" = 'contract' AND "changes" ?| array['guarantee_percent', 'guarantee_amount', 'guarantee_release_date'];
