-- Issue 21 item 7: a contact's business types and tags were id arrays on the contact, which nothing kept
-- pointing at rows: deleting a business type left its id on contacts, and the next save of such a contact
-- was refused for an id its dialog does not show. They become join tables with foreign keys. A link and
-- what it joins are of one company (the keys include company_id), and row-level security isolates the
-- links like every tenant table. A business type still linked cannot be deleted (the service answers
-- 409 RESOURCE_IN_USE first, with the count); deleting a tag detaches it (ON DELETE CASCADE); deleting a
-- contact takes its links with it. `position` keeps the order the caller gave.
ALTER TABLE contacts ADD CONSTRAINT contacts_company_id_id UNIQUE (company_id, id);
ALTER TABLE business_types ADD CONSTRAINT business_types_company_id_id UNIQUE (company_id, id);
ALTER TABLE contact_tags ADD CONSTRAINT contact_tags_company_id_id UNIQUE (company_id, id);

CREATE TABLE contact_business_types (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL,
  business_type_id uuid NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (contact_id, business_type_id),
  FOREIGN KEY (company_id, contact_id) REFERENCES contacts (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, business_type_id) REFERENCES business_types (company_id, id)
);
CREATE INDEX contact_business_types_type ON contact_business_types (business_type_id);
SELECT app_isolate_by_company('contact_business_types');

-- Named for the link: `contact_tags` is the tags themselves (migration 018).
CREATE TABLE contact_tag_links (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  contact_id uuid NOT NULL,
  tag_id uuid NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (contact_id, tag_id),
  FOREIGN KEY (company_id, contact_id) REFERENCES contacts (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, tag_id) REFERENCES contact_tags (company_id, id) ON DELETE CASCADE
);
CREATE INDEX contact_tag_links_tag ON contact_tag_links (tag_id);
SELECT app_isolate_by_company('contact_tag_links');

-- The links of today's arrays, as freight_system (row-level security binds the owner too). An id that
-- is no row of the contact's own company (a deleted business type, say) is dropped: it pointed at nothing.
SET LOCAL ROLE freight_system;
INSERT INTO contact_business_types (company_id, contact_id, business_type_id, position)
SELECT c.company_id, c.id, t.id, min(u.ord)
  FROM contacts c
 CROSS JOIN LATERAL unnest(c.type_ids) WITH ORDINALITY AS u(type_id, ord)
  JOIN business_types t ON t.id = u.type_id AND t.company_id = c.company_id
 GROUP BY c.company_id, c.id, t.id;
INSERT INTO contact_tag_links (company_id, contact_id, tag_id, position)
SELECT c.company_id, c.id, t.id, min(u.ord)
  FROM contacts c
 CROSS JOIN LATERAL unnest(c.tag_ids) WITH ORDINALITY AS u(tag_id, ord)
  JOIN contact_tags t ON t.id = u.tag_id AND t.company_id = c.company_id
 GROUP BY c.company_id, c.id, t.id;
RESET ROLE;

ALTER TABLE contacts DROP COLUMN type_ids, DROP COLUMN tag_ids;
