/**
 * For the test files that count every contact of a company (lists, reports): the demo seed's contacts
 * and the shipments that name them (server/seed/demo-shipments.ts) removed from the file's own database
 * copy, so that each company holds only the contacts the file makes.
 */
import type { Database } from '../../db/database.ts';

export async function withoutSeededContacts(db: Database): Promise<void> {
  const owner = db.owner();
  await owner.query('DELETE FROM shipments');
  await owner.query('DELETE FROM contacts');
}
