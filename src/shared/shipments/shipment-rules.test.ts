import { describe, expect, it } from 'vitest';
import { createShipmentBody, updateShipmentBody } from '../contracts/shipments';
import { awbCheckDigit, imoCheckDigit, iso6346CheckDigit } from './check-digits';
import { isIso6346SizeType } from './codes';
import { isPackageTypeCode } from './package-types';
import { normalizeSearchText } from './search';
import { deriveShipmentStatus } from './status';
import { shipmentTotals } from './totals';

const customerId = '3f2b8c1e-1d2a-4c3b-9a8e-123456789abc';

/** The field paths and messages a body is refused with (none when it is accepted). */
function problems(body: Record<string, unknown>) {
  const result = createShipmentBody.safeParse({ customerId, ...body });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('check digits', () => {
  it('computes ISO 6346 check digits of real container numbers', () => {
    expect(iso6346CheckDigit('MSKU601167')).toBe(2);
    expect(iso6346CheckDigit('CSQU305438')).toBe(3);
    // A remainder of 10 is written 0.
    expect(iso6346CheckDigit('TCLU123456')).toBe(8);
  });

  it('computes the air waybill (mod 7) and IMO check digits', () => {
    expect(awbCheckDigit('1234567')).toBe(5);
    expect(imoCheckDigit('907472')).toBe(9);
  });
});

describe('code lists', () => {
  it('knows ISO 6346 size-type codes and refuses made-up ones', () => {
    for (const code of ['22G1', '42G1', '45G1', '22R1', '45R1', '22U1', '42P1', '22T1', 'L5G1']) {
      expect(isIso6346SizeType(code)).toBe(true);
    }
    for (const code of ['20GP', '40HC', '22X1', '2G1', '99G1']) expect(isIso6346SizeType(code)).toBe(false);
  });

  it('knows the UN/ECE Recommendation 21 package codes, without the deleted one', () => {
    for (const code of ['CT', 'PX', 'BX', '1A', '4G', 'ZZ']) expect(isPackageTypeCode(code)).toBe(true);
    for (const code of ['SX', 'XX', 'CTN']) expect(isPackageTypeCode(code)).toBe(false);
  });
});

describe('the shipment rules', () => {
  it('accepts a container number typed as painted on the box, and keeps it in ISO form', () => {
    const body = createShipmentBody.parse({
      customerId,
      mode: 'sea-fcl',
      containers: [{ number: 'msku 601167-2', sizeType: '22g1' }],
    });
    expect(body.containers[0]).toEqual({ number: 'MSKU6011672', sizeType: '22G1', seals: [], grossWeightKg: null });
  });

  it('names the container and the expected check digit', () => {
    expect(
      problems({
        mode: 'sea-fcl',
        containers: [
          { number: 'MSKU6011672', sizeType: '22G1' },
          { number: 'CSQU3054384', sizeType: '42G1' },
        ],
      }),
    ).toEqual(['containers.1.number: check digit should be 3']);
    expect(problems({ mode: 'sea-fcl', containers: [{ number: 'MSK6011672', sizeType: '22G1' }] })).toEqual([
      'containers.0.number: a container number: owner code, U, J or Z, six digits and the check digit (MSKU6011672)',
    ]);
  });

  it('refuses a container twice in one shipment, and containers on air and road', () => {
    const twice = [
      { number: 'MSKU6011672', sizeType: '22G1' },
      { number: 'msku6011672', sizeType: '22G1' },
    ];
    expect(problems({ mode: 'sea-fcl', containers: twice })).toEqual([
      'containers.1.number: MSKU6011672 is already container 1',
    ]);
    expect(problems({ mode: 'air', containers: [twice[0]] })).toEqual([
      'containers: only sea shipments carry containers',
    ]);
  });

  it('checks cargo: package codes, weights, HS codes, dangerous goods and the container it is in', () => {
    const line = { description: 'Shoes', packages: 10, packageType: 'CT', grossWeightKg: 250 };
    expect(problems({ mode: 'sea-lcl', cargo: [line] })).toEqual([]);
    expect(
      problems({
        mode: 'sea-lcl',
        cargo: [
          { ...line, packageType: 'CTN', packages: 0, grossWeightKg: 0, hsCode: '6403' },
          { ...line, dangerousGoods: { unNumber: '120', class: '10', packingGroup: 'IV' } },
        ],
      }),
    ).toEqual([
      'cargo.0.packages: at least 1',
      'cargo.0.packageType: a UN/ECE Recommendation 21 package code such as CT (carton) or PX (pallet)',
      'cargo.0.grossWeightKg: must be more than 0 kg',
      'cargo.0.hsCode: an HS code of 6 to 10 digits',
      'cargo.1.dangerousGoods.unNumber: a UN number of four digits, such as 1203',
      'cargo.1.dangerousGoods.class: a class from 1 to 9 with its division, such as 3 or 2.1',
      'cargo.1.dangerousGoods.packingGroup: packing group I, II or III',
    ]);
    expect(
      problems({
        mode: 'sea-fcl',
        containers: [{ number: 'MSKU6011672', sizeType: '22G1' }],
        cargo: [
          { ...line, containerNumber: 'MSKU6011672', hsCode: '6403.99', dangerousGoods: null },
          { ...line, containerNumber: 'CSQU3054383' },
          { ...line, dangerousGoods: { unNumber: 'UN1203', class: '3', packingGroup: 'II' } },
        ],
      }),
    ).toEqual(['cargo.1.containerNumber: is not one of this shipment’s containers']);
  });

  it('keeps the sea-only Incoterms to sea modes', () => {
    expect(problems({ mode: 'sea-fcl', incoterm: 'FOB' })).toEqual([]);
    expect(problems({ mode: 'air', incoterm: 'CIF' })).toEqual([
      'incoterm: CIF is for sea freight only; use FCA, CPT or CIP instead',
    ]);
    expect(problems({ mode: 'road', incoterm: 'XYZ' })).toEqual([
      'incoterm: one of the 11 Incoterms 2020 rules, such as FOB or DAP',
    ]);
  });

  it('takes UN/LOCODEs for sea and road and IATA codes for air', () => {
    expect(problems({ mode: 'sea-fcl', origin: 'nlrtm', destination: 'CNSGH' })).toEqual([]);
    expect(problems({ mode: 'sea-fcl', origin: 'AMS' })).toEqual(['origin: a UN/LOCODE such as NLRTM']);
    expect(problems({ mode: 'air', origin: 'AMS', destination: 'JFK' })).toEqual([]);
    expect(problems({ mode: 'air', destination: 'USNYC' })).toEqual([
      'destination: an IATA airport code of three letters, such as AMS',
    ]);
  });

  it('keeps the ETA on or after the ETD', () => {
    expect(problems({ mode: 'road', etd: '2026-03-01', eta: '2026-03-01' })).toEqual([]);
    expect(problems({ mode: 'road', etd: '2026-03-02', eta: '2026-03-01' })).toEqual(['eta: cannot be before the ETD']);
  });

  it('checks air waybill numbers on air and the length of sea bills', () => {
    expect(problems({ mode: 'air', masterBillNumber: '020-12345675' })).toEqual([]);
    expect(problems({ mode: 'air', houseBillNumber: '020-12345674' })).toEqual([
      'houseBillNumber: check digit should be 5',
    ]);
    expect(problems({ mode: 'air', masterBillNumber: '02012345675' })).toEqual([
      'masterBillNumber: an air waybill number: three digits, a dash and eight digits (020-12345675)',
    ]);
    expect(problems({ mode: 'sea-fcl', masterBillNumber: 'MAEU123456789' })).toEqual([]);
    expect(problems({ mode: 'sea-fcl', masterBillNumber: 'X'.repeat(21) })).toEqual([
      'masterBillNumber: at most 20 characters',
    ]);
  });

  it('checks the IMO number and the flight designator', () => {
    expect(problems({ mode: 'sea-fcl', vesselImo: 'IMO 9074729' })).toEqual([]);
    expect(problems({ mode: 'sea-fcl', vesselImo: '9074728' })).toEqual(['vesselImo: check digit should be 9']);
    expect(problems({ mode: 'air', flightNumber: 'kl 1234' })).toEqual([]);
    expect(problems({ mode: 'air', flightNumber: 'KLM12345' })).toEqual([
      'flightNumber: a flight designator such as KL1234',
    ]);
  });

  it('wants a customer and one of the four modes', () => {
    const result = createShipmentBody.safeParse({ mode: 'rail' });
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual(['mode', 'customerId']);
  });

  it('lets an update name only what changes', () => {
    expect(updateShipmentBody.parse({ version: 3, eta: '2026-04-01' })).toEqual({ version: 3, eta: '2026-04-01' });
    expect(updateShipmentBody.safeParse({ number: 'SEA-2026-00009' }).success).toBe(false);
  });
});

describe('totals', () => {
  const cargo = [
    { packages: 10, grossWeightKg: 120.5, volumeM3: 1.2 },
    { packages: 2, grossWeightKg: 30, volumeM3: 0.3 },
  ];

  it('adds packages, weight and volume', () => {
    expect(shipmentTotals('sea-lcl', cargo)).toEqual({
      packages: 12,
      grossWeightKg: 150.5,
      volumeM3: 1.5,
      chargeableWeightKg: null,
    });
  });

  it('charges air by the greater of gross and volumetric weight (6,000 cm³ per kg)', () => {
    // 1.5 m³ weighs 250 kg by volume, more than the 150.5 kg gross.
    expect(shipmentTotals('air', cargo).chargeableWeightKg).toBe(250);
    expect(shipmentTotals('air', [{ packages: 1, grossWeightKg: 900, volumeM3: 1 }]).chargeableWeightKg).toBe(900);
  });
});

describe('search text', () => {
  it('drops case, accents, spaces and dashes', () => {
    expect(normalizeSearchText('msku 601167-2')).toBe('MSKU6011672');
    expect(normalizeSearchText('Café São-Paulo Ltd.')).toBe('CAFESAOPAULOLTD');
  });
});

describe('status', () => {
  const shipment = { closed: false, origin: 'NLRTM', destination: 'CNSGH', placeOfDelivery: null };
  const act = (code: string, location?: string) => ({ code, classifier: 'ACT' as const, location });

  it('follows the events that are not retracted', () => {
    expect(deriveShipmentStatus(shipment, [])).toBe('draft');
    expect(deriveShipmentStatus(shipment, [act('CONF')])).toBe('booked');
    expect(deriveShipmentStatus(shipment, [act('CONF'), act('DEPA', 'NLRTM')])).toBe('in-transit');
    expect(deriveShipmentStatus(shipment, [act('DEPA', 'NLRTM'), act('DISC', 'CNSGH')])).toBe('arrived');
    expect(deriveShipmentStatus(shipment, [act('ARRI', 'CNSGH'), act('RELS')])).toBe('delivered');
    expect(deriveShipmentStatus(shipment, [act('CONF'), { ...act('CANC') }])).toBe('cancelled');
    expect(deriveShipmentStatus(shipment, [act('CONF'), { ...act('DEPA', 'NLRTM'), retracted: true }])).toBe('booked');
  });

  it('does not count a departure from somewhere else, nor a planned one', () => {
    expect(deriveShipmentStatus(shipment, [act('DEPA', 'SGSIN')])).toBe('draft');
    expect(deriveShipmentStatus(shipment, [{ code: 'DEPA', classifier: 'PLN', location: 'NLRTM' }])).toBe('draft');
    expect(deriveShipmentStatus({ ...shipment, closed: true }, [act('DEPA', 'NLRTM')])).toBe('closed');
  });
});
