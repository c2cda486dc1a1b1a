-- Issue 23, item 9: the search box at a real forwarder's size (docs/shipments.md, "Speed").
--
-- A whole container, bill, booking or shipment number is what people search by most, and its digits make a
-- poor trigram search: at 100,000 shipments every digit trigram is in tens of thousands of rows, and the
-- "contains" lookup of 026 read them all (hundreds of milliseconds). Each stored search key is one word of
-- `search_keys` (number, container numbers, bill numbers, booking reference, in the compared form), so an
-- index on the array of those words finds a whole key directly, whatever the company's size. The array is
-- a stored column rather than an index expression: where the planner reads the table instead (a small
-- company), comparing a stored array is cheap, splitting the text of every row was not (PGlite).
ALTER TABLE shipments ADD COLUMN search_key_list text[] GENERATED ALWAYS AS (string_to_array(search_keys, ' ')) STORED;
CREATE INDEX shipments_search_keys ON shipments USING gin (search_key_list);

-- The search lookup now takes the whole key too (`key`, NULL when the search cannot be one): the shipments
-- with a stored key equal to it when there are any, else the "contains" match of the trigram index as
-- before. A key found whole is what the user meant, so the slow "contains" scan is not run for it at all.
-- Same rules as 026's: it runs as freight_system so that the indexes serve it (array containment and
-- `LIKE` are not leakproof, so under row-level security they could not be index conditions), filters by
-- the caller's tenant itself (`app_company_id()`, NULL outside a tenant transaction: no rows), and answers
-- ids only.
DROP FUNCTION app_shipment_search(text);
-- ROWS: a search answers a handful of shipments, not the default 1,000, so the list looks each one up by
-- its key instead of reading the company's shipments to join them.
CREATE FUNCTION app_shipment_search(key text, pattern text) RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE
  ROWS 20
  SECURITY DEFINER
  SET search_path FROM CURRENT
  AS $$
    WITH exact AS (
      SELECT s.id FROM shipments s
       WHERE key IS NOT NULL AND s.company_id = app_company_id()
         AND s.search_key_list @> ARRAY[key]
    )
    SELECT exact.id FROM exact
    UNION ALL
    SELECT s.id FROM shipments s
     WHERE NOT EXISTS (SELECT 1 FROM exact) AND s.company_id = app_company_id() AND s.search_text LIKE pattern
  $$;
REVOKE ALL ON FUNCTION app_shipment_search(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_shipment_search(text, text) TO freight_app, freight_system;
DO $$
BEGIN
  EXECUTE format('GRANT CREATE ON SCHEMA %I TO freight_system', current_schema());
  ALTER FUNCTION app_shipment_search(text, text) OWNER TO freight_system;
  EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM freight_system', current_schema());
END
$$;
