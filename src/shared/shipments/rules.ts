/**
 * The rules of a shipment that join two fields or more (docs/shipments.md): which identifiers and codes a
 * mode takes, dates in order, containers unique and cargo in one of them. The single-field rules (formats and
 * check digits) live in the contract's field schemas. Both the service (on a create, and on the merged
 * record of an update) and the shipment form (as the user types) run these, so that they say the same.
 */
import { awbCheckDigit } from './check-digits.ts';
import { isSeaMode, SEA_ONLY_INCOTERMS, type Incoterm, type ShipmentMode } from './codes.ts';

export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

/** What the rules read of a shipment: the fields of the create body, after parsing. */
export interface ShipmentRuleInput {
  mode: ShipmentMode;
  incoterm?: Incoterm | null | undefined;
  origin?: string | null | undefined;
  destination?: string | null | undefined;
  etd?: string | null | undefined;
  eta?: string | null | undefined;
  masterBillNumber?: string | undefined;
  houseBillNumber?: string | undefined;
  containers?: ReadonlyArray<{ number: string }> | undefined;
  cargo?: ReadonlyArray<{ containerNumber?: string | null | undefined }> | undefined;
}

const LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const IATA_AIRPORT = /^[A-Z]{3}$/;
const AWB = /^(\d{3})-(\d{7})(\d)$/;
export const SEA_BILL_MAX = 20;

/** The problem with an air waybill number, or null when it is one. */
export function airWaybillProblem(value: string): string | null {
  const match = AWB.exec(value);
  if (!match) return 'an air waybill number: three digits, a dash and eight digits (020-12345675)';
  const expected = awbCheckDigit(match[2]!);
  return Number(match[3]) === expected ? null : `check digit should be ${expected}`;
}

function placeProblem(mode: ShipmentMode, code: string): string | null {
  if (mode === 'air') return IATA_AIRPORT.test(code) ? null : 'an IATA airport code of three letters, such as AMS';
  return LOCODE.test(code) ? null : 'a UN/LOCODE such as NLRTM';
}

export function shipmentRuleIssues(s: ShipmentRuleInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const sea = isSeaMode(s.mode);

  if (s.incoterm && !sea && SEA_ONLY_INCOTERMS.includes(s.incoterm))
    issues.push({ path: ['incoterm'], message: `${s.incoterm} is for sea freight only; use FCA, CPT or CIP instead` });

  for (const field of ['origin', 'destination'] as const) {
    const code = s[field];
    const problem = code ? placeProblem(s.mode, code) : null;
    if (problem) issues.push({ path: [field], message: problem });
  }
  if (s.origin && s.destination && s.origin === s.destination && s.mode !== 'road')
    issues.push({ path: ['destination'], message: 'must differ from the origin' });

  if (s.etd && s.eta && s.eta < s.etd) issues.push({ path: ['eta'], message: 'cannot be before the ETD' });

  for (const field of ['masterBillNumber', 'houseBillNumber'] as const) {
    const value = s[field];
    if (!value) continue;
    if (s.mode === 'air') {
      const problem = airWaybillProblem(value);
      if (problem) issues.push({ path: [field], message: problem });
    } else if (value.length > SEA_BILL_MAX) {
      issues.push({ path: [field], message: `at most ${SEA_BILL_MAX} characters` });
    }
  }

  const containers = s.containers ?? [];
  if (!sea && containers.length > 0)
    issues.push({ path: ['containers'], message: 'only sea shipments carry containers' });
  const seen = new Map<string, number>();
  containers.forEach((c, i) => {
    if (seen.has(c.number))
      issues.push({
        path: ['containers', i, 'number'],
        message: `${c.number} is already container ${seen.get(c.number)! + 1}`,
      });
    else seen.set(c.number, i);
  });
  (s.cargo ?? []).forEach((line, i) => {
    if (line.containerNumber && !seen.has(line.containerNumber))
      issues.push({ path: ['cargo', i, 'containerNumber'], message: 'is not one of this shipment’s containers' });
  });
  return issues;
}
