/**
 * SQL for the documents a shipment produces (docs/shipments.md), inside a tenant transaction: the parties
 * as their contacts read now, the names of the places, and the company's letterhead (name, address,
 * phone, logo). The shipment itself is read by `shipmentRepository.find`.
 */
import type { Queryable } from '../../../db/database.ts';

/** A party as a document prints it. */
export interface PrintedParty {
  id: string;
  name: string;
  address: string;
  city: string;
  country: string;
  email: string;
  phone: string;
}

/** The contacts among `ids` (another company's are not among them), by id. */
export async function printedParties(
  tx: Queryable,
  ids: readonly (string | null)[],
): Promise<Map<string, PrintedParty>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const { rows } = await tx.query<PrintedParty>(
    'SELECT id, name, address, city, country, email, phone FROM contacts WHERE id = ANY($1::uuid[])',
    [wanted],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The names of the UN/LOCODEs and IATA codes among `codes` that the reference lists hold, by code. */
export async function placeNames(tx: Queryable, codes: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  if (wanted.length === 0) return new Map();
  const { rows } = await tx.query<{ code: string; name: string }>(
    `SELECT locode AS code, name FROM ocean_ports WHERE locode = ANY($1::text[])
     UNION ALL
     SELECT iata AS code, CASE WHEN city <> '' AND position(city IN name) = 0 THEN city || ', ' || name ELSE name END
       FROM airports WHERE iata = ANY($1::text[])`,
    [wanted],
  );
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** The company as its documents are headed: name, address lines, phone and logo (PNG or JPEG bytes). */
export interface Letterhead {
  name: string;
  address: Record<string, unknown>;
  country: string;
  phone: string;
  logo: { contentType: string; content: Buffer } | null;
}

export async function companyLetterhead(tx: Queryable, companyId: string): Promise<Letterhead | undefined> {
  const { rows } = await tx.query<{
    name: string;
    address: Record<string, unknown> | string | null;
    operating_country: string;
    phone: string;
    logo_type: string | null;
    logo: Uint8Array | null;
  }>(
    `SELECT c.name, c.address, c.operating_country, c.phone, f.content_type AS logo_type, f.content AS logo
       FROM companies c LEFT JOIN drive_files f ON f.id = c.logo_file_id
      WHERE c.id = $1`,
    [companyId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const address = typeof row.address === 'string' ? (JSON.parse(row.address) as Record<string, unknown>) : row.address;
  return {
    name: row.name,
    address: address ?? {},
    country: row.operating_country,
    phone: row.phone,
    logo:
      row.logo && row.logo_type
        ? {
            contentType: row.logo_type,
            content: Buffer.isBuffer(row.logo)
              ? row.logo
              : Buffer.from(row.logo.buffer, row.logo.byteOffset, row.logo.byteLength),
          }
        : null,
  };
}
