import { Box, Heading, Stack, Text, chakra, useRecipe } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/i18n/format';
import { CurrencyPicker, PickerField } from '../../../lib/pickers';
import { useCurrencies } from '../../../lib/reference-data/localized-reference-data';
import { FormField, TextInput } from '../../../lib/resource-kit/form-field';
import { withPermission } from '../../../lib/resource-kit/permission-gate';
import { ResourceScreen } from '../../../lib/resource-kit/resource-screen';
import { useSession } from '../../../lib/session/use-session';
import { createCompanyCurrencyBody, type CompanyCurrency } from '../../../shared/contracts/master-data';
import { buildPlaceIndex, searchPlaces } from '../../../shared/place-search';
import { companyCurrenciesResource, useCurrencyHistory } from './api';
import { ScreenHeader } from './fields';
import { masterT, useMasterT } from './strings';
import { isoDate } from '../../../shared/dates';
import { TABLE_HEADER_CSS } from '../../../lib/ui/table-style';

const column = createColumnHelper<CompanyCurrency>();
const FIELDS = ['code', 'exchangeRate', 'validFrom'] as const;

/**
 * /settings/currencies: the company's currencies with their rate to the base currency (a new rate keeps
 * the earlier ones in the history), and the whole ISO 4217 list.
 */
export const CurrenciesScreen = withPermission('masterData', 'read', Currencies);

function Currencies() {
  const t = useMasterT();
  const client = useQueryClient();
  const { company } = useSession();
  const base = company?.currency || '—';
  const columns = [
    column.accessor('code', { header: () => masterT('cur.code'), meta: { sortField: 'code', width: '8rem' } }),
    column.accessor('exchangeRate', {
      header: () => masterT('cur.rate'),
      meta: { width: 'minmax(8rem, 1fr)' },
      cell: (info) => (
        <Text as="span" fontFamily="mono">
          {info.getValue()} {base}
        </Text>
      ),
    }),
    column.accessor('validFrom', {
      header: () => masterT('cur.validFrom'),
      meta: { sortField: 'validFrom', width: '10rem' },
      cell: (info) => formatDate(info.getValue()),
    }),
  ];
  return (
    <Stack gap={8}>
      <ResourceScreen
        resource={companyCurrenciesResource}
        module="masterData"
        audit="companyCurrency"
        header={<ScreenHeader title={t('cur.title')} subtitle={t('cur.subtitle', { base })} />}
        text={{
          title: t('cur.title'),
          plural: t('cur.plural'),
          empty: t('cur.empty', { base }),
          add: t('cur.add'),
          new: t('cur.new'),
          noun: t('cur.noun'),
        }}
        columns={columns}
        titleOf={(record) => record.code}
        // A stored currency's code stays: its update takes the rate and its date only.
        save={({ code, ...rate }, record) =>
          record
            ? companyCurrenciesResource.update(record._id, { version: record.version, ...rate })
            : companyCurrenciesResource.create({ code, ...rate })
        }
        onSaved={() => void client.invalidateQueries({ queryKey: [companyCurrenciesResource.name, 'history'] })}
        footer={(record) => <RateHistory id={record._id} base={base} />}
        form={{
          schema: createCompanyCurrencyBody,
          fieldNames: FIELDS,
          values: (record) =>
            record
              ? { code: record.code, exchangeRate: record.exchangeRate, validFrom: record.validFrom }
              : { validFrom: isoDate() },
          fields: (form, record) => {
            const errors = form.formState.errors;
            return (
              <>
                <FormField label={t('cur.code')} error={errors.code?.message}>
                  {(control) => (
                    <PickerField
                      form={form}
                      name="code"
                      picker={CurrencyPicker}
                      control={control}
                      disabled={Boolean(record)}
                    />
                  )}
                </FormField>
                <FormField
                  label={t('cur.rate')}
                  error={errors.exchangeRate?.message}
                  hint={t('cur.rateHint', { base })}
                >
                  {(control) => <TextInput {...control} inputMode="decimal" {...form.register('exchangeRate')} />}
                </FormField>
                <FormField label={t('cur.validFrom')} error={errors.validFrom?.message}>
                  {(control) => <TextInput {...control} type="date" {...form.register('validFrom')} />}
                </FormField>
              </>
            );
          },
        }}
      />
      <IsoCurrencies />
    </Stack>
  );
}

function RateHistory({ id, base }: { id: string; base: string }) {
  const t = useMasterT();
  const history = useCurrencyHistory(id);
  return (
    <Box as="section" aria-labelledby="rate-history" marginTop={6} borderTopWidth="1px" paddingTop={4}>
      <Heading as="h3" size="sm" id="rate-history" marginBottom={2}>
        {t('cur.history')}
      </Heading>
      {history.data && history.data.length === 0 && <Text color="fg.muted">{t('cur.historyEmpty')}</Text>}
      <Stack as="ol" gap={1} listStyleType="none" data-testid="rate-history">
        {[...(history.data ?? [])].reverse().map((rate) => (
          <li key={`${rate.setAt}-${rate.exchangeRate}`}>
            <Text textStyle="sm">
              <Text as="span" fontFamily="mono" fontWeight="medium">
                {rate.exchangeRate} {base}
              </Text>{' '}
              · {formatDate(rate.validFrom)}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {formatDateTime(rate.setAt)}
              {rate.setByName ? ` · ${t('cur.setBy', { name: rate.setByName })}` : ''}
            </Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function IsoCurrencies() {
  const t = useMasterT();
  const currencies = useCurrencies();
  const [search, setSearch] = useState('');
  const id = useId();
  const inputCss = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const index = useMemo(
    () =>
      buildPlaceIndex(currencies.data ?? [], (c) => ({
        codes: [c.code],
        name: c.name,
        words: [],
        other: [c.number],
        country: '',
      })),
    [currencies.data],
  );
  const rows = useMemo(() => searchPlaces(index, { search }), [index, search]);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading as="h3" size="md" id={`${id}-heading`} marginBottom={2}>
        {t('cur.iso')}
      </Heading>
      <chakra.label htmlFor={id} srOnly>
        {t('cur.isoSearch')}
      </chakra.label>
      <chakra.input
        id={id}
        type="search"
        css={inputCss}
        maxWidth="md"
        marginBottom={2}
        placeholder={t('cur.isoSearch')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Box
        maxHeight="20rem"
        overflowY="auto"
        borderWidth="1px"
        borderRadius="l2"
        bg="bg.panel"
        // A scrolling region the keyboard can reach (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={t('cur.iso')}
      >
        <chakra.table
          width="full"
          textStyle="sm"
          css={{
            '& th, & td': { paddingX: 3, paddingY: 1.5, borderBottomWidth: '1px', textAlign: 'start' },
            '& th': { ...TABLE_HEADER_CSS, position: 'sticky', top: 0, bg: 'bg.panel' },
          }}
        >
          <thead>
            <tr>
              <th>{t('code')}</th>
              <th>{t('name')}</th>
              <th>{t('cur.number')}</th>
              <th>{t('cur.minor')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.code} data-code={c.code}>
                <chakra.td fontFamily="mono">{c.code}</chakra.td>
                <td>{c.name}</td>
                <td>{c.number}</td>
                <td>{c.minorUnits}</td>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      </Box>
    </section>
  );
}
