CREATE INDEX "payment_constructor_idx" ON "payment_transaction" USING btree ("constructor_id");--> statement-breakpoint
-- foldSearchText (domain/src/search-text.ts) in SQL: decomposed, marks dropped, đ → d, lower case,
-- white space collapsed (docs/adr/0080-search-through-references.md)
CREATE OR REPLACE FUNCTION sitepay_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(translate(regexp_replace(normalize(t, NFD), '[\u0300-\u036f]', '', 'g'), 'đĐ', 'dD')), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- a request's search_text holds its own words only: its number, instalment and note (its contract,
-- contractor and construction are searched in their own tables)
UPDATE "payment_transaction" SET search_text = sitepay_fold(concat_ws(' ', code, requirement_no::text, note));
