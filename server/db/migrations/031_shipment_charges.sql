-- Issue 26: money on a job (docs/shipments.md, "Charges and profit"). A shipment's charges are what the
-- customer is billed (revenue) and what vendors bill the forwarder (cost), each in its own currency; the
-- profit converts them to the company's base currency at the rate valid on the shipment's ETD. Amounts are
-- SQL `numeric`, never floats, and are rounded only when a total is shown (src/shared/shipments/money.ts).

-- The id is unique per company, like a shipment's: the client makes a charge's id itself when it is added
-- offline. `numeric` without a scale keeps the digits as typed ("2.50" stays "2.50").
CREATE TABLE shipment_charges (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  shipment_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('revenue', 'cost')),
  -- An option of the picklist `charge-codes` of module `shipments` when the charge was written.
  charge_code text NOT NULL,
  description text NOT NULL DEFAULT '',
  quantity numeric NOT NULL CHECK (quantity > 0),
  unit_price numeric NOT NULL CHECK (unit_price >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  party_id uuid,
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, shipment_id) REFERENCES shipments (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, party_id) REFERENCES contacts (company_id, id)
);
CREATE INDEX shipment_charges_shipment ON shipment_charges (company_id, shipment_id, created_at, id);
CREATE INDEX shipment_charges_party ON shipment_charges (company_id, party_id) WHERE party_id IS NOT NULL;
SELECT app_isolate_by_company('shipment_charges');

-- The rate valid on a day is the latest whose valid_from is on or before it (the newest row of that day).
CREATE INDEX company_currency_rates_valid ON company_currency_rates (currency_id, valid_from DESC, id DESC);

-- The closing: when, by whom, and why a job closed at a loss (an option of `loss-reasons`). A job closed
-- before this migration counts as closed when it was last changed.
ALTER TABLE shipments
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN closed_by uuid,
  ADD COLUMN loss_reason text;
UPDATE shipments SET closed_at = updated_at WHERE closed;
CREATE INDEX shipments_closed_at ON shipments (company_id, closed_at) WHERE closed;
-- The shipments report's default order (ETD, newest first; a missing ETD last) is its keyset: each batch of a
-- download reads its 2,000 rows from here instead of sorting every shipment of the company again.
CREATE INDEX shipments_report_etd ON shipments (company_id, (coalesce(etd, '0001-01-01'::date)), id);

-- ISO 4217 minor units, for totals rounded in SQL (reports, the dashboard). Two unless listed here; the
-- list is the `currency-codes` package's (src/shared/shipments/money.ts), and a test compares the two
-- for every code of that package.
CREATE FUNCTION app_currency_digits(code text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN code IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX',
                    'UYI', 'VND', 'VUV', 'XAF', 'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XOF', 'XPD',
                    'XPF', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX') THEN 0
      WHEN code IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3
      WHEN code IN ('CLF', 'UYW') THEN 4
      ELSE 2
    END
  $$;

-- The new action `shipments.charges` for the Admin system role of every existing company, as provisioning
-- gives it to new ones; Operations and a company's own roles are left without it.
UPDATE roles SET permissions = jsonb_set(permissions, '{shipments}', (permissions -> 'shipments') || '["charges"]'::jsonb)
 WHERE is_system AND name = 'Admin' AND permissions ? 'shipments'
   AND NOT (permissions -> 'shipments') ? 'charges';

-- The picklists of module `shipments` for every existing company, as provisioning gives them to new ones
-- (SHIPMENT_PICKLIST_GROUPS and SHIPMENT_PICKLISTS of company-provisioning.ts).
INSERT INTO dropdown_groups (company_id, module, name, label)
SELECT c.id, 'shipments', g.name, g.label
  FROM companies c
 CROSS JOIN (VALUES ('charge-codes', 'Charge codes'), ('loss-reasons', 'Loss reasons')) AS g(name, label)
ON CONFLICT DO NOTHING;

INSERT INTO dropdown_options (company_id, module, group_name, value, label, sort_order)
SELECT c.id, 'shipments', o.group_name, o.value, o.label, o.sort_order
  FROM companies c
 CROSS JOIN (VALUES
   ('charge-codes', 'FRT', 'Freight', 1),
   ('charge-codes', 'THC', 'Terminal handling', 2),
   ('charge-codes', 'DOC', 'Documentation', 3),
   ('charge-codes', 'CUS', 'Customs clearance', 4),
   ('charge-codes', 'TRK', 'Trucking', 5),
   ('charge-codes', 'INS', 'Insurance', 6),
   ('loss-reasons', 'carrier-rate-increase', 'Carrier raised the rate after the quote', 1),
   ('loss-reasons', 'demurrage-detention', 'Demurrage or detention', 2),
   ('loss-reasons', 'exchange-rate', 'Exchange rate moved', 3),
   ('loss-reasons', 'strategic-price', 'Strategic price for the customer', 4),
   ('loss-reasons', 'claim', 'Cargo claim or damage', 5),
   ('loss-reasons', 'other', 'Other', 6)
 ) AS o(group_name, value, label, sort_order)
ON CONFLICT DO NOTHING;
