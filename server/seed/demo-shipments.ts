/**
 * Demo shipments (docs/shipments.md): the demo company gets about forty jobs across every mode and status,
 * on real lanes (UN/LOCODE seaports, IATA airports), with container numbers whose ISO 6346 check digits are
 * right, air waybills and IMO numbers with theirs, cargo in UN/ECE Recommendation 21 package codes, and some
 * dangerous goods; its customers, carriers and agents are contacts made here. Harbor gets a few of its own.
 *
 * Every shipment goes through the contract's schema (so the seed can never hold what the service would
 * refuse), takes its number from the company's series, and reaches its status through the milestones that
 * lead there (CONF, DEPA, ARRI, DROP, CANC), as the status derivation reads them. Dates are relative to the
 * seed's `now`, so the dashboard always has departures and arrivals this week. No SQL here: repositories.
 *
 * Money (issue 26): the demo company works in US dollars and holds euros, yuan and Singapore dollars with
 * rate histories (the euro's rate changed a month ago, between the ETDs of the older jobs and the newer
 * ones). Every job past the draft has its charges: freight sold in dollars, origin charges in the origin's
 * currency, the carrier's and agents' costs in theirs, so a newcomer sees real margins. The closed jobs
 * closed this month; one of them closed at a loss, with its reason.
 */
import { addDays } from 'date-fns/addDays';
import {
  shipmentValuesSchema,
  type CreateShipmentInput,
  type ShipmentValues,
} from '../../src/shared/contracts/shipments.ts';
import { awbCheckDigit, imoCheckDigit, iso6346CheckDigit } from '../../src/shared/shipments/check-digits.ts';
import type { ShipmentStatus } from '../../src/shared/shipments/codes.ts';
import type { Queryable } from '../db/database.ts';
import { nextInSeries } from '../http/number-series-repository.ts';
import { contactRepository } from '../modules/contacts/contact-repository.ts';
import {
  companyCurrencyRepository,
  recordCurrencyRate,
} from '../modules/master/company-currencies/company-currency-repository.ts';
import { shipmentChargeRepository, type ChargeInsert } from '../modules/shipments/shipment-charge-repository.ts';
import { appendShipmentEvents, type ShipmentEventInsert } from '../modules/shipments/shipment-event-repository.ts';
import { claimAttentionNotices } from '../modules/shipments/shipment-attention-notice-repository.ts';
import { follow } from '../modules/shipments/shipment-follower-repository.ts';
import { shipmentRepository } from '../modules/shipments/shipment-repository.ts';
import { derived, formatShipmentNumber, numberPrefix } from '../modules/shipments/shipment-resource.ts';

interface SeedContact {
  key: string;
  name: string;
  city: string;
  country: string;
  email: string;
}

/** A container number with its ISO 6346 check digit. */
export function containerNumber(owner: string, serial: number): string {
  const firstTen = `${owner}${String(serial).padStart(6, '0')}`;
  return `${firstTen}${iso6346CheckDigit(firstTen)}`;
}

/** An IATA air waybill number with its check digit. */
export function airWaybill(prefix: string, serial: number): string {
  const seven = String(serial).padStart(7, '0');
  return `${prefix}-${seven}${awbCheckDigit(seven)}`;
}

/** An IMO number with its check digit. */
function imo(firstSix: string): string {
  return `${firstSix}${imoCheckDigit(firstSix)}`;
}

const DEMO_CONTACTS: SeedContact[] = [
  {
    key: 'acme',
    name: 'Acme Outdoor Gear Inc.',
    city: 'Denver',
    country: 'US',
    email: 'logistics@acme-outdoor.example',
  },
  {
    key: 'muller',
    name: 'Müller Maschinenbau GmbH',
    city: 'Stuttgart',
    country: 'DE',
    email: 'versand@mueller-mb.example',
  },
  {
    key: 'bright',
    name: 'Shenzhen Bright Electronics Co., Ltd.',
    city: 'Shenzhen',
    country: 'CN',
    email: 'export@bright-elec.example',
  },
  {
    key: 'citrus',
    name: 'Valencia Citrus Export S.L.',
    city: 'Valencia',
    country: 'ES',
    email: 'export@valencia-citrus.example',
  },
  {
    key: 'flowers',
    name: 'Rotterdam Flower Traders B.V.',
    city: 'Rotterdam',
    country: 'NL',
    email: 'orders@rft.example',
  },
  {
    key: 'coffee',
    name: 'Pacific Coffee Importers LLC',
    city: 'Seattle',
    country: 'US',
    email: 'imports@pacific-coffee.example',
  },
  {
    key: 'marine',
    name: 'Singapore Marine Supplies Pte Ltd',
    city: 'Singapore',
    country: 'SG',
    email: 'ops@sg-marine.example',
  },
  {
    key: 'chem',
    name: 'Antwerp Chemicals NV',
    city: 'Antwerpen',
    country: 'BE',
    email: 'shipping@antwerp-chem.example',
  },
  { key: 'maersk', name: 'Maersk A/S', city: 'Copenhagen', country: 'DK', email: 'bookings@maersk.example' },
  { key: 'hapag', name: 'Hapag-Lloyd AG', city: 'Hamburg', country: 'DE', email: 'bookings@hlag.example' },
  { key: 'klm', name: 'KLM Cargo', city: 'Amsterdam', country: 'NL', email: 'cargo@klm.example' },
  {
    key: 'lufthansa',
    name: 'Lufthansa Cargo AG',
    city: 'Frankfurt am Main',
    country: 'DE',
    email: 'cargo@lhcargo.example',
  },
  {
    key: 'trucks',
    name: 'Nordic Road Haulage AB',
    city: 'Göteborg',
    country: 'SE',
    email: 'dispatch@nordic-road.example',
  },
  {
    key: 'agent',
    name: 'Hamburg Forwarding Partners GmbH',
    city: 'Hamburg',
    country: 'DE',
    email: 'agency@hfp.example',
  },
];

const HARBOR_CONTACTS: SeedContact[] = [
  { key: 'tulips', name: 'Holland Tulip Exporters B.V.', city: 'Lisse', country: 'NL', email: 'export@tulips.example' },
  { key: 'cheese', name: 'Gouda Kaashandel B.V.', city: 'Gouda', country: 'NL', email: 'sales@gouda-kaas.example' },
  { key: 'carrier', name: 'CMA CGM S.A.', city: 'Marseille', country: 'FR', email: 'bookings@cma-cgm.example' },
];

/** Where a seeded shipment stands; the seed writes the milestones that lead there. */
type Stage = ShipmentStatus;

interface SeedShipment {
  stage: Stage;
  /** A job that closes at a loss: its carrier raised the rate after the quote. */
  loss?: boolean;
  /** Days from the seed's day to the ETD; the ETA follows `transitDays` later. */
  etdIn: number;
  transitDays: number;
  values: Omit<CreateShipmentInput, 'etd' | 'eta'>;
}

const CARGO = {
  laptops: { description: 'Laptop computers, boxed', packageType: 'CT', hsCode: '8471.30' },
  oranges: { description: 'Fresh oranges', packageType: 'CT', hsCode: '0805.10' },
  coffee: { description: 'Green coffee beans, not roasted', packageType: 'BG', hsCode: '0901.11' },
  roses: { description: 'Cut roses, fresh', packageType: 'BX', hsCode: '0603.11' },
  machinery: { description: 'CNC milling machine parts', packageType: 'CS', hsCode: '8466.93' },
  furniture: { description: 'Flat-packed office furniture', packageType: 'PX', hsCode: '9403.30' },
  ropes: { description: 'Mooring ropes, polypropylene', packageType: 'CL', hsCode: '5607.49' },
  polymer: { description: 'Polyethylene granules', packageType: 'BG', hsCode: '3901.10' },
} as const;

type CargoKey = keyof typeof CARGO;
type CargoInput = NonNullable<CreateShipmentInput['cargo']>[number];

function line(
  kind: CargoKey,
  packages: number,
  grossWeightKg: number,
  volumeM3: number,
  containerNumber?: string,
): CargoInput {
  return { ...CARGO[kind], packages, grossWeightKg, volumeM3, ...(containerNumber ? { containerNumber } : {}) };
}

const paint = (packages: number, containerNumber?: string): CargoInput => ({
  description: 'Paint, flammable (UN 1263)',
  packages,
  packageType: 'DR',
  grossWeightKg: packages * 210,
  volumeM3: packages * 0.22,
  hsCode: '3208.90',
  dangerousGoods: { unNumber: '1263', class: '3' as const, packingGroup: 'II' as const },
  ...(containerNumber ? { containerNumber } : {}),
});

const acid = (packages: number, containerNumber?: string): CargoInput => ({
  description: 'Hydrochloric acid solution (UN 1789)',
  packages,
  packageType: 'WA',
  grossWeightKg: packages * 1150,
  volumeM3: packages * 1.1,
  hsCode: '2806.10',
  dangerousGoods: { unNumber: '1789', class: '8' as const, packingGroup: 'II' as const },
  ...(containerNumber ? { containerNumber } : {}),
});

const batteries = (packages: number): CargoInput => ({
  description: 'Lithium ion batteries (UN 3480)',
  packages,
  packageType: 'CT',
  grossWeightKg: packages * 18,
  volumeM3: packages * 0.04,
  hsCode: '8507.60',
  dangerousGoods: { unNumber: '3480', class: '9' as const, packingGroup: 'II' as const },
});

const SEA_LANES = [
  { origin: 'NLRTM', destination: 'USNYC', days: 11, vessel: 'Maersk Essen', imo: imo('945677'), carrier: 'maersk' },
  { origin: 'DEHAM', destination: 'USNYC', days: 12, vessel: 'Hamburg Express', imo: imo('922934'), carrier: 'hapag' },
  { origin: 'CNSGH', destination: 'NLRTM', days: 32, vessel: 'MSC Gülsün', imo: imo('983943'), carrier: 'maersk' },
  { origin: 'SGSIN', destination: 'NLRTM', days: 24, vessel: 'HMM Algeciras', imo: imo('986329'), carrier: 'hapag' },
  { origin: 'ESVLC', destination: 'USNYC', days: 14, vessel: 'Maersk Kentucky', imo: imo('933268'), carrier: 'maersk' },
  { origin: 'BEANR', destination: 'USSAV', days: 15, vessel: 'Antwerp Express', imo: imo('950117'), carrier: 'hapag' },
  { origin: 'CNSNZ', destination: 'USLAX', days: 16, vessel: 'Ever Given', imo: imo('981100'), carrier: 'maersk' },
  {
    origin: 'KRPUS',
    destination: 'USLAX',
    days: 12,
    vessel: 'CMA CGM Jacques Saade',
    imo: imo('983913'),
    carrier: 'hapag',
  },
  {
    origin: 'NLRTM',
    destination: 'SGSIN',
    days: 23,
    vessel: 'Maersk Eindhoven',
    imo: imo('945675'),
    carrier: 'maersk',
  },
] as const;

const AIR_LANES = [
  { origin: 'AMS', destination: 'JFK', flight: 'KL6011', awbPrefix: '074', carrier: 'klm' },
  { origin: 'FRA', destination: 'ORD', flight: 'LH8160', awbPrefix: '020', carrier: 'lufthansa' },
  { origin: 'PVG', destination: 'AMS', flight: 'KL4302', awbPrefix: '074', carrier: 'klm' },
  { origin: 'JFK', destination: 'FRA', flight: 'LH8401', awbPrefix: '020', carrier: 'lufthansa' },
  { origin: 'SIN', destination: 'FRA', flight: 'LH8389', awbPrefix: '020', carrier: 'lufthansa' },
] as const;

const ROAD_LANES = [
  { origin: 'NLRTM', destination: 'DEHAM' },
  { origin: 'BEANR', destination: 'DEDUS' },
  { origin: 'DEHAM', destination: 'NLAMS' },
  { origin: 'ESVLC', destination: 'FRPAR' },
] as const;

const STAGES: readonly Stage[] = ['draft', 'booked', 'in-transit', 'arrived', 'delivered', 'closed', 'cancelled'];
/** Where each stage's ETD lies from today: past for what has sailed, ahead for what has not. */
const ETD_BY_STAGE: Record<Stage, number> = {
  draft: 12,
  booked: 3,
  'in-transit': -4,
  arrived: -35,
  delivered: -45,
  closed: -80,
  cancelled: 6,
};
const SEA_CUSTOMERS = ['acme', 'muller', 'bright', 'citrus', 'coffee', 'marine', 'chem'];
const AIR_CUSTOMERS = ['flowers', 'bright', 'acme', 'muller', 'marine'];
const SEA_CARGO: CargoKey[] = ['laptops', 'oranges', 'coffee', 'machinery', 'furniture', 'ropes', 'polymer'];
const OWNERS = ['MSKU', 'HLXU', 'CSQU', 'TGHU', 'MSCU', 'CMAU', 'OOLU'];
const SIZE_TYPES = ['45G1', '42G1', '22G1', '45R1', '22G1'];

/** The demo company's shipments: every mode in every status, plus a few more of the common ones. */
function demoShipments(ids: Map<string, string>): SeedShipment[] {
  const id = (key: string) => ids.get(key)!;
  const out: SeedShipment[] = [];
  let serial = 601_160;
  let n = 0;
  const seaStages: Stage[] = [
    ...STAGES,
    ...(['in-transit', 'booked', 'draft', 'arrived', 'in-transit', 'delivered'] as const),
    ...(['booked', 'in-transit', 'closed', 'delivered', 'booked'] as const),
  ];
  seaStages.forEach((stage, i) => {
    const lane = SEA_LANES[i % SEA_LANES.length]!;
    const fcl = i % 4 !== 3;
    const customer = SEA_CUSTOMERS[i % SEA_CUSTOMERS.length]!;
    const count = fcl ? 1 + (i % 3) : 0;
    const containers = Array.from({ length: count }, (_, c) => ({
      number: containerNumber(OWNERS[(i + c) % OWNERS.length]!.slice(0, 3) + 'U', (serial += 7_919) % 1_000_000),
      sizeType: SIZE_TYPES[(i + c) % SIZE_TYPES.length]!,
      seals: [`SL${String(400_000 + i * 10 + c)}`],
      grossWeightKg: 8_000 + ((i * 1_337 + c * 911) % 14_000),
    }));
    const kind = SEA_CARGO[i % SEA_CARGO.length]!;
    const cargo = fcl
      ? containers.map((c, k) =>
          customer === 'chem' && k === 0
            ? paint(60, c.number)
            : line(kind, 200 + k * 40 + i * 3, 6_000 + k * 500 + i * 50, 24 + k * 3, c.number),
        )
      : [line(kind, 12 + i, 1_800 + i * 25, 6.5 + i / 10)];
    if (customer === 'chem' && fcl && containers.length > 1) cargo[1] = acid(16, containers[1]!.number);
    n += 1;
    out.push({
      stage,
      etdIn: ETD_BY_STAGE[stage] + (i % 3),
      transitDays: lane.days,
      values: {
        mode: fcl ? 'sea-fcl' : 'sea-lcl',
        direction: customer === 'coffee' || customer === 'acme' ? 'import' : 'export',
        customerId: id(customer),
        shipperId: customer === 'coffee' || customer === 'acme' ? id('bright') : id(customer),
        consigneeId: customer === 'coffee' || customer === 'acme' ? id(customer) : id('acme'),
        agentId: id('agent'),
        carrierId: id(lane.carrier),
        incoterm: (['FOB', 'CIF', 'CFR', 'FCA', 'DAP'] as const)[i % 5],
        incotermPlace: lane.origin === 'NLRTM' ? 'Rotterdam' : '',
        freightPayment: i % 2 === 0 ? 'prepaid' : 'collect',
        origin: lane.origin,
        destination: lane.destination,
        ...(stage === 'delivered' || stage === 'closed' ? { placeOfDelivery: lane.destination } : {}),
        carrierBookingReference: `${lane.carrier === 'maersk' ? 'MAEU' : 'HLCU'}${String(240_100_000 + n * 7_211)}`,
        masterBillNumber:
          stage === 'draft' ? '' : `${lane.carrier === 'maersk' ? 'MAEU' : 'HLCU'}${String(880_000_000 + n * 3_301)}`,
        houseBillNumber: stage === 'draft' ? '' : `DEMO${String(n).padStart(6, '0')}`,
        vesselName: lane.vessel,
        vesselImo: lane.imo,
        voyage: `${410 + i}${i % 2 ? 'E' : 'W'}`,
        containers,
        cargo,
      },
    });
  });

  const airStages: Stage[] = [...STAGES, 'in-transit', 'booked', 'arrived', 'delivered', 'in-transit', 'closed'];
  airStages.forEach((stage, i) => {
    const lane = AIR_LANES[i % AIR_LANES.length]!;
    const customer = AIR_CUSTOMERS[i % AIR_CUSTOMERS.length]!;
    const cargo =
      customer === 'flowers'
        ? [line('roses', 80 + i * 5, 900 + i * 40, 9.5)]
        : customer === 'bright'
          ? [batteries(40 + i), line('laptops', 30, 450, 2.8)]
          : [line(i % 2 ? 'machinery' : 'laptops', 6 + i, 320 + i * 35, 1.2 + i / 5)];
    out.push({
      stage,
      ...(stage === 'closed' && i === airStages.length - 1 ? { loss: true } : {}),
      etdIn: ETD_BY_STAGE[stage] === -80 ? -60 : Math.max(-25, ETD_BY_STAGE[stage]) + (i % 2),
      transitDays: 1,
      values: {
        mode: 'air',
        direction: 'export',
        customerId: id(customer),
        shipperId: id(customer),
        carrierId: id(lane.carrier),
        incoterm: (['FCA', 'CPT', 'DAP', 'EXW'] as const)[i % 4],
        freightPayment: 'prepaid',
        origin: lane.origin,
        destination: lane.destination,
        masterBillNumber: stage === 'draft' ? '' : airWaybill(lane.awbPrefix, 4_410_230 + i * 977),
        houseBillNumber: stage === 'draft' ? '' : airWaybill(lane.awbPrefix, 9_100_000 + i * 131),
        flightNumber: lane.flight,
        cargo,
      },
    });
  });

  const roadStages: Stage[] = [...STAGES, 'in-transit', 'booked'];
  roadStages.forEach((stage, i) => {
    const lane = ROAD_LANES[i % ROAD_LANES.length]!;
    const customer = (['muller', 'flowers', 'citrus', 'chem'] as const)[i % 4]!;
    out.push({
      stage,
      etdIn: Math.max(-20, ETD_BY_STAGE[stage]),
      transitDays: 2,
      values: {
        mode: 'road',
        direction: i % 3 === 0 ? 'domestic' : 'export',
        customerId: id(customer),
        carrierId: id('trucks'),
        incoterm: 'DAP',
        incotermPlace: lane.destination,
        freightPayment: 'prepaid',
        origin: lane.origin,
        destination: lane.destination,
        ...(stage === 'delivered' || stage === 'closed' ? { placeOfDelivery: lane.destination } : {}),
        carrierBookingReference: `NRH-${String(52_300 + i * 17)}`,
        cargo: customer === 'chem' ? [paint(24)] : [line('furniture', 18 + i, 4_200 + i * 120, 30)],
      },
    });
  });
  return out;
}

function harborShipments(ids: Map<string, string>): SeedShipment[] {
  const id = (key: string) => ids.get(key)!;
  return (['draft', 'booked', 'in-transit', 'delivered'] as const).map((stage, i) => ({
    stage,
    etdIn: ETD_BY_STAGE[stage],
    transitDays: 14,
    values: {
      mode: 'sea-fcl',
      direction: 'export',
      customerId: id(i % 2 ? 'cheese' : 'tulips'),
      carrierId: id('carrier'),
      incoterm: 'FOB',
      freightPayment: 'prepaid',
      origin: 'NLRTM',
      destination: i % 2 ? 'USNYC' : 'SGSIN',
      carrierBookingReference: `CMDU${String(7_700_100 + i)}`,
      vesselName: 'CMA CGM Jacques Saade',
      vesselImo: imo('983913'),
      containers: [{ number: containerNumber('CMAU', 512_300 + i), sizeType: i % 2 ? '22R1' : '45R1' }],
      cargo: [
        {
          description: i % 2 ? 'Gouda cheese, chilled' : 'Tulip bulbs',
          packages: 20,
          packageType: 'PX',
          grossWeightKg: 14_000,
          volumeM3: 50,
          hsCode: i % 2 ? '0406.90' : '0601.10',
          containerNumber: containerNumber('CMAU', 512_300 + i),
        },
      ],
    },
  }));
}

// ---------- money ----------

/** The demo company's currencies besides its base (US dollars), each rate valid from a day before the seed's. */
const DEMO_CURRENCIES: ReadonlyArray<{ code: string; rates: ReadonlyArray<{ rate: string; daysAgo: number }> }> = [
  {
    code: 'EUR',
    rates: [
      { rate: '1.0850', daysAgo: 400 },
      { rate: '1.0920', daysAgo: 30 },
    ],
  },
  { code: 'CNY', rates: [{ rate: '0.1385', daysAgo: 400 }] },
  {
    code: 'SGD',
    rates: [
      { rate: '0.7420', daysAgo: 400 },
      { rate: '0.7465', daysAgo: 20 },
    ],
  },
];

/** The currency a place's local charges are billed in (the demo company's currencies; US dollars elsewhere). */
function localCurrency(place: string | null): string {
  if (!place) return 'USD';
  const country = place.length === 5 ? place.slice(0, 2) : { AMS: 'NL', FRA: 'DE', PVG: 'CN', SIN: 'SG' }[place];
  if (country && ['NL', 'DE', 'BE', 'ES', 'FR'].includes(country)) return 'EUR';
  if (country === 'CN') return 'CNY';
  if (country === 'SG') return 'SGD';
  return 'USD';
}

/** Roughly what a dollar buys in each currency: local prices of the same service look local. */
const PER_DOLLAR: Readonly<Record<string, number>> = { USD: 1, EUR: 0.92, CNY: 7.2, SGD: 1.34 };

/** A price of `usd` dollars in `currency`, in whole units (`"245.00"`), or to the cent below 10. */
function localPrice(usd: number, currency: string): string {
  const amount = usd * (PER_DOLLAR[currency] ?? 1);
  return amount < 10 ? amount.toFixed(2) : `${Math.round(amount)}.00`;
}

type SeedCharge = Omit<ChargeInsert, 'companyId' | 'createdBy' | 'id'>;

/**
 * A job's charges as a forwarder prices it: freight sold in dollars per container, cubic metre or kilo,
 * the origin's terminal handling and the documentation billed on top; the carrier's freight, the origin
 * agent's handling and the trucking bought in their own currencies. A loss job's carrier bills more per
 * kilo than the customer pays.
 */
function demoCharges(values: ShipmentValues, ids: Map<string, string>, loss: boolean): SeedCharge[] {
  const local = localCurrency(values.origin);
  const carrier = values.carrierId;
  const charge = (
    kind: SeedCharge['kind'],
    chargeCode: string,
    description: string,
    quantity: number,
    unitPrice: string,
    currency: string,
    partyId: string | null,
  ): SeedCharge => ({
    kind,
    chargeCode,
    description,
    quantity: String(Number(quantity.toFixed(2))),
    unitPrice,
    currency,
    partyId,
  });
  const customer = values.customerId;
  const weight = values.cargo.reduce((sum, c) => sum + c.grossWeightKg, 0);
  const volume = values.cargo.reduce((sum, c) => sum + c.volumeM3, 0);
  switch (values.mode) {
    case 'sea-fcl': {
      const boxes = Math.max(1, values.containers.length);
      return [
        charge('revenue', 'FRT', 'Ocean freight, per container', boxes, '1850.00', 'USD', customer),
        charge('revenue', 'THC', 'Origin terminal handling', boxes, localPrice(290, local), local, customer),
        charge('revenue', 'DOC', 'Bill of lading fee', 1, '75.00', 'USD', customer),
        charge('cost', 'FRT', 'Carrier ocean freight', boxes, '1420.00', 'USD', carrier),
        charge('cost', 'THC', 'Terminal handling at origin', boxes, localPrice(230, local), local, ids.get('agent')!),
        charge('cost', 'TRK', 'Pre-carriage to the terminal', 1, localPrice(410, local), local, ids.get('trucks')!),
      ];
    }
    case 'sea-lcl':
      return [
        charge('revenue', 'FRT', 'LCL ocean freight, per m³', volume, '95.00', 'USD', customer),
        charge('revenue', 'DOC', 'House bill fee', 1, '60.00', 'USD', customer),
        charge('cost', 'FRT', 'Consolidator freight, per m³', volume, '62.50', 'USD', ids.get('agent')!),
        charge('cost', 'THC', 'CFS handling at origin', volume, localPrice(19, local), local, ids.get('agent')!),
      ];
    case 'air':
      return [
        charge('revenue', 'FRT', 'Air freight, per kg', weight, '3.85', 'USD', customer),
        charge('revenue', 'DOC', 'Air waybill fee', 1, '45.00', 'USD', customer),
        charge('revenue', 'INS', 'Cargo insurance', 1, '120.00', 'USD', customer),
        // The loss: the airline's rate went up after the quote.
        loss
          ? charge('cost', 'FRT', 'Airline freight, per kg (peak surcharge)', weight, '4.60', 'USD', carrier)
          : charge('cost', 'FRT', 'Airline freight, per kg', weight, localPrice(2.7, local), local, carrier),
        charge('cost', 'THC', 'Airport handling', 1, localPrice(150, local), local, ids.get('agent')!),
        charge('cost', 'INS', 'Insurance premium', 1, '70.00', 'USD', null),
      ];
    case 'road':
      return [
        charge('revenue', 'FRT', 'Road freight, full truck', 1, '1450.00', 'EUR', customer),
        charge('revenue', 'CUS', 'Export declaration', 1, '95.00', 'EUR', customer),
        charge('cost', 'TRK', 'Haulier, full truck', 1, '1120.00', 'EUR', carrier),
      ];
  }
}

/** The demo company's currencies and their rate histories, through the currency screen's repository. */
async function seedCurrencies(tx: Queryable, company: { companyId: string; userId: string }, now: Date) {
  for (const currency of DEMO_CURRENCIES) {
    const [first, ...changes] = currency.rates;
    const id = await companyCurrencyRepository.insert(tx, {
      companyId: company.companyId,
      createdBy: company.userId,
      code: currency.code,
      exchangeRate: first!.rate,
      validFrom: day(addDays(now, -first!.daysAgo)),
    });
    await recordCurrencyRate(tx, id, company.userId);
    for (const change of changes) {
      await companyCurrencyRepository.update(tx, id, {
        exchangeRate: change.rate,
        validFrom: day(addDays(now, -change.daysAgo)),
      });
      await recordCurrencyRate(tx, id, company.userId);
    }
  }
}

/** The milestones that bring a shipment to `stage` (DCSA codes; actual ones at the right places). */
function milestones(
  stage: Stage,
  s: { origin: string | null; destination: string | null; etd: string; eta: string },
): ShipmentEventInsert[] {
  const at = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00Z`;
  const booked: ShipmentEventInsert = { code: 'CONF', classifier: 'ACT', at: at(s.etd, 6) };
  switch (stage) {
    case 'draft':
      return [];
    case 'booked':
      return [booked, { code: 'DEPA', classifier: 'PLN', at: at(s.etd, 18), location: s.origin }];
    case 'cancelled':
      return [booked, { code: 'CANC', classifier: 'ACT', at: at(s.etd, 8), note: 'Customer cancelled the order' }];
    default: {
      const events: ShipmentEventInsert[] = [
        booked,
        { code: 'DEPA', classifier: 'ACT', at: at(s.etd, 18), location: s.origin },
      ];
      if (stage === 'in-transit') return events;
      events.push({ code: 'ARRI', classifier: 'ACT', at: at(s.eta, 7), location: s.destination });
      if (stage === 'arrived') return events;
      events.push({ code: 'DROP', classifier: 'ACT', at: at(s.eta, 15), location: s.destination });
      return events;
    }
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

async function seedCompany(
  tx: Queryable,
  company: { companyId: string; userId: string },
  contacts: readonly SeedContact[],
  plan: (ids: Map<string, string>) => SeedShipment[],
  now: Date,
  options: { money?: boolean } = {},
): Promise<void> {
  if (options.money) await seedCurrencies(tx, company, now);
  const ids = new Map<string, string>();
  const names = new Map<string, string>();
  for (const c of contacts) {
    const contactId = await contactRepository.insert(tx, {
      companyId: company.companyId,
      createdBy: company.userId,
      name: c.name,
      typeIds: [],
      email: c.email,
      phone: '',
      address: '',
      city: c.city,
      country: c.country,
      taxId: '',
      tagIds: [],
      notes: '',
    });
    ids.set(c.key, contactId);
    names.set(contactId, c.name);
  }
  const year = now.getUTCFullYear();
  let closings = 0;
  for (const shipment of plan(ids)) {
    const etd = day(addDays(now, shipment.etdIn));
    const eta = day(addDays(now, shipment.etdIn + shipment.transitDays));
    const values = shipmentValuesSchema.parse({ ...shipment.values, etd, eta });
    const prefix = numberPrefix(values.mode);
    const number = formatShipmentNumber(
      prefix,
      year,
      await nextInSeries(tx, company.companyId, `shipment:${prefix}`, year),
    );
    const closed = shipment.stage === 'closed';
    const priced = options.money === true && shipment.stage !== 'draft' && shipment.stage !== 'cancelled';
    // Closed this month, an hour apart (the dashboard's "this month"), the loss with its reason.
    const closing = closed
      ? {
          closedAt: new Date(now.getTime() - ++closings * 3_600_000).toISOString(),
          closedBy: company.userId,
          lossReason: shipment.loss && priced ? 'carrier-rate-increase' : null,
        }
      : {};
    const id = await shipmentRepository.insert(tx, {
      ...values,
      ...closing,
      companyId: company.companyId,
      createdBy: company.userId,
      number,
      closed,
      status: 'draft',
      ...derived(values, number, names.get(values.customerId)!),
    });
    if (priced) {
      for (const charge of demoCharges(values, ids, shipment.loss === true)) {
        await shipmentChargeRepository.insert(tx, id, {
          ...charge,
          companyId: company.companyId,
          createdBy: company.userId,
        });
      }
    }
    await follow(tx, company.companyId, id, company.userId);
    const { status } = await appendShipmentEvents(
      tx,
      company.companyId,
      id,
      milestones(shipment.stage, { origin: values.origin, destination: values.destination, etd, eta }),
      { ...values, closed },
    );
    if (status !== shipment.stage) throw new Error(`seed: ${number} reached ${status}, not ${shipment.stage}`);
  }
}

/** Seeds the demo shipments of the demo company and Harbor, inside the seed's system transaction. */
export async function seedDemoShipments(
  tx: Queryable,
  companies: { demo: { companyId: string; userId: string }; harbor: { companyId: string; userId: string } },
  now: Date,
): Promise<void> {
  await seedCompany(tx, companies.demo, DEMO_CONTACTS, demoShipments, now, { money: true });
  await seedCompany(tx, companies.harbor, HARBOR_CONTACTS, harborShipments, now);
  // The demo starts quiet: the states its shipments are seeded in are no news to their followers, who hear
  // only of the shipments that become late or at risk from here on.
  await claimAttentionNotices(tx, now);
}
