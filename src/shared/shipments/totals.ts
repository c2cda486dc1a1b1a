/**
 * A shipment's totals, derived from its cargo lines: packages, gross weight and volume, and for air the
 * chargeable weight, the greater of the gross weight and the volumetric weight at 6,000 cm³ per kg
 * (IATA: 1 m³ counts as 166.667 kg). Weights and volumes are kept to three decimals.
 */
export interface ShipmentTotals {
  packages: number;
  grossWeightKg: number;
  volumeM3: number;
  chargeableWeightKg: number | null;
}

export const VOLUMETRIC_CM3_PER_KG = 6000;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function shipmentTotals(
  mode: string,
  cargo: ReadonlyArray<{ packages: number; grossWeightKg: number; volumeM3: number }>,
): ShipmentTotals {
  let packages = 0;
  let grossWeightKg = 0;
  let volumeM3 = 0;
  for (const line of cargo) {
    packages += line.packages;
    grossWeightKg += line.grossWeightKg;
    volumeM3 += line.volumeM3;
  }
  const volumetricKg = (volumeM3 * 1_000_000) / VOLUMETRIC_CM3_PER_KG;
  return {
    packages,
    grossWeightKg: round3(grossWeightKg),
    volumeM3: round3(volumeM3),
    chargeableWeightKg: mode === 'air' ? round3(Math.max(grossWeightKg, volumetricKg)) : null,
  };
}
