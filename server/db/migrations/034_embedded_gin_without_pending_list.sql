-- The embedded database (PGlite) runs no autovacuum, so a GIN index's pending list of new entries
-- (`fastupdate`, on by default) is only merged when it outgrows `gin_pending_list_limit` (4 MB), and every
-- search reads the whole unmerged list first. Measured on PGlite with 10,000 shipments written in batches: a
-- whole-key shipment search took 25–80 ms through a sequential scan (the planner priced the index with its
-- 471-page pending list above reading the table) and 0.09 ms through the index once the list was merged.
-- On PGlite each new entry now goes straight into the index; PostgreSQL keeps the default, which its
-- autovacuum merges in the background.
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    ALTER INDEX shipments_search SET (fastupdate = off);
    ALTER INDEX shipments_search_keys SET (fastupdate = off);
    ALTER INDEX local_mailbox_recipients_idx SET (fastupdate = off);
    PERFORM gin_clean_pending_list('shipments_search'::regclass);
    PERFORM gin_clean_pending_list('shipments_search_keys'::regclass);
    PERFORM gin_clean_pending_list('local_mailbox_recipients_idx'::regclass);
  END IF;
END
$$;
