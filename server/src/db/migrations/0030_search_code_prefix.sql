CREATE INDEX "payment_code_prefix_idx" ON "payment_transaction" USING btree ("code" text_pattern_ops);--> statement-breakpoint
-- a request's number is found by its start in its own index, no longer in search_text, where the
-- "yctt-2025-" and "2025" of every request made a search holding a year read a million rows
-- (docs/adr/0086-search-reads-referred-ids-first.md)
UPDATE "payment_transaction" SET search_text = sitepay_fold(concat_ws(' ', requirement_no::text, note));
