/**
 * The rates the charges section converts with while the user types: for each currency, the rate valid on
 * the job's day (its ETD, today without one), as the service converts. The profit's answer names the rates it
 * used; a currency it did not need yet (just picked in the editor) comes from the company currency, its current
 * rate when that was already valid on the day, else its history.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { todayInUserZone } from '../../lib/i18n/format';
import type { CompanyCurrency } from '../../shared/contracts/master-data';
import type { ShipmentProfit } from '../../shared/contracts/shipment-charges';
import { rateValidOn, type DatedRate, type RateLookup } from './charge-totals';
import { companyCurrenciesQueryOptions, fetchCurrencyHistory } from './charges-api';

export interface ChargeRates {
  /** The day the rates are taken at (`YYYY-MM-DD`). */
  day: string;
  rateOf: RateLookup;
  /** The company's currencies (empty for a role that may not read them). */
  companyCurrencies: CompanyCurrency[];
}

export function useChargeRates(etd: string | null | undefined, profit: ShipmentProfit | undefined): ChargeRates {
  const day = profit?.rateDate ?? (etd ? etd.slice(0, 10) : todayInUserZone());
  const currencies = useQuery(companyCurrenciesQueryOptions);
  const list = useMemo(() => currencies.data ?? [], [currencies.data]);
  // Only currencies whose current rate starts after the day need their history: one query for them all
  // (`useQueries` would move its code into the signed-in chunk every first load pays for).
  const older = list.filter((c) => c.validFrom.slice(0, 10) > day);
  const histories = useQuery({
    queryKey: ['company-currencies', 'histories', older.map((c) => c._id)] as const,
    queryFn: ({ signal }) => Promise.all(older.map((c): Promise<DatedRate[]> => fetchCurrencyHistory(c._id, signal))),
    enabled: older.length > 0,
    staleTime: 5 * 60_000,
  });

  const rateOf = useMemo<RateLookup>(() => {
    const known = new Map<string, string>();
    for (const c of list) {
      if (c.validFrom.slice(0, 10) <= day) known.set(c.code, c.exchangeRate);
    }
    older.forEach((c, i) => {
      const rate = rateValidOn(histories.data?.[i] ?? [], day);
      if (rate !== null) known.set(c.code, rate);
    });
    // The service's own answer wins: it is what the job will be closed with.
    if (profit?.rateDate === day) for (const r of profit.rates) known.set(r.currency, r.rate);
    return (currency) => known.get(currency) ?? null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `older` follows from `list` and `day`
  }, [list, day, profit, histories.data]);

  return { day, rateOf, companyCurrencies: list };
}
