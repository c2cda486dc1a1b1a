import { Box, Button, Flex, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { FormField, SelectInput, TextInput, SelectOptions } from '../../lib/resource-kit/form-field';
import { DANGEROUS_GOODS_CLASSES, PACKING_GROUPS } from '../../shared/contracts/shipments';
import { PACKAGE_TYPES } from '../../shared/shipments/package-types';
import type { ShipmentFormApi } from './form-values';
import { Columns, Section, errorAt } from './form-section';
import { useShipmentsT } from './strings';

type Form = ShipmentFormApi;

/** A number input's value: an empty field is "no value" (the schema says Required), not 0. */
const numberOf = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The cargo lines: what is carried, how it is packed, weighed and measured, and any dangerous goods. */
export function CargoSection({ form }: { form: Form }) {
  const t = useShipmentsT();
  const rows = useFieldArray({ control: form.control, name: 'cargo' });
  const containers = useWatch({ control: form.control, name: 'containers' }) ?? [];
  const cargo = useWatch({ control: form.control, name: 'cargo' }) ?? [];
  const register = form.register;
  return (
    <Section id="cargo" title={t('cargo')}>
      {rows.fields.length === 0 && <Text color="fg.muted">{t('noCargo')}</Text>}
      <Stack as="ol" gap={3} listStyleType="none">
        {rows.fields.map((field, i) => {
          const dangerous = Boolean(cargo[i]?.dangerousGoods);
          const at = (name: string) => errorAt(form, `cargo.${i}.${name}`);
          return (
            <Box as="li" key={field.id} borderWidth="1px" borderRadius="l2" padding={3} data-cargo-row={i}>
              <Flex justifyContent="space-between" alignItems="center" marginBottom={2}>
                <Text fontWeight="medium">{t('cargoLine', { n: i + 1 })}</Text>
                <IconButton
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('removeCargo', { n: i + 1 })}
                  onClick={() => rows.remove(i)}
                >
                  ✕
                </IconButton>
              </Flex>
              <Columns columns={{ base: 1, sm: 2, md: 3 }} gap={3} alignItems="start">
                <Box gridColumn={{ sm: 'span 2', md: 'span 3' }}>
                  <FormField label={t('description')} error={at('description')}>
                    {(control) => <TextInput {...control} {...register(`cargo.${i}.description`)} />}
                  </FormField>
                </Box>
                <FormField label={t('packages')} error={at('packages')}>
                  {(control) => (
                    <TextInput
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      {...register(`cargo.${i}.packages`, { setValueAs: numberOf })}
                    />
                  )}
                </FormField>
                <FormField label={t('packageType')} error={at('packageType')}>
                  {(control) => (
                    <SelectInput {...control} {...register(`cargo.${i}.packageType`)}>
                      {PACKAGE_TYPES.map(([code, name]) => (
                        <option key={code} value={code}>
                          {`${code} · ${name}`}
                        </option>
                      ))}
                    </SelectInput>
                  )}
                </FormField>
                <FormField label={t('grossWeight')} error={at('grossWeightKg')}>
                  {(control) => (
                    <TextInput
                      {...control}
                      type="number"
                      inputMode="decimal"
                      step="any"
                      {...register(`cargo.${i}.grossWeightKg`, { setValueAs: numberOf })}
                    />
                  )}
                </FormField>
                <FormField label={t('volume')} error={at('volumeM3')}>
                  {(control) => (
                    <TextInput
                      {...control}
                      type="number"
                      inputMode="decimal"
                      step="any"
                      {...register(`cargo.${i}.volumeM3`, { setValueAs: (v) => numberOf(v) ?? 0 })}
                    />
                  )}
                </FormField>
                <FormField label={t('hsCode')} error={at('hsCode')}>
                  {(control) => (
                    <TextInput
                      {...control}
                      inputMode="numeric"
                      {...register(`cargo.${i}.hsCode`, { setValueAs: orNull })}
                    />
                  )}
                </FormField>
                {containers.length > 0 && (
                  <FormField label={t('inContainer')} error={at('containerNumber')}>
                    {(control) => (
                      <SelectInput {...control} {...register(`cargo.${i}.containerNumber`, { setValueAs: orNull })}>
                        <option value="">{t('notInContainer')}</option>
                        {containers.map((c, k) => (
                          <option key={`${c.number}-${k}`} value={c.number}>
                            {c.number}
                          </option>
                        ))}
                      </SelectInput>
                    )}
                  </FormField>
                )}
              </Columns>
              <chakra.label display="flex" gap={2} alignItems="center" marginTop={3} textStyle="sm">
                <input
                  type="checkbox"
                  checked={dangerous}
                  onChange={(e) =>
                    form.setValue(
                      `cargo.${i}.dangerousGoods`,
                      e.target.checked ? { unNumber: '', class: '3', packingGroup: 'II' } : null,
                      { shouldDirty: true },
                    )
                  }
                />
                {t('dangerousGoods')}
              </chakra.label>
              {dangerous && (
                <Columns columns={{ base: 1, sm: 3 }} gap={3} marginTop={2}>
                  <FormField label={t('unNumber')} error={at('dangerousGoods.unNumber')}>
                    {(control) => (
                      <TextInput
                        {...control}
                        placeholder="UN1203"
                        {...register(`cargo.${i}.dangerousGoods.unNumber`)}
                      />
                    )}
                  </FormField>
                  <FormField label={t('dgClass')} error={at('dangerousGoods.class')}>
                    {(control) => (
                      <SelectInput {...control} {...register(`cargo.${i}.dangerousGoods.class`)}>
                        <SelectOptions values={DANGEROUS_GOODS_CLASSES} />
                      </SelectInput>
                    )}
                  </FormField>
                  <FormField label={t('packingGroup')} error={at('dangerousGoods.packingGroup')}>
                    {(control) => (
                      <SelectInput {...control} {...register(`cargo.${i}.dangerousGoods.packingGroup`)}>
                        <SelectOptions values={PACKING_GROUPS} />
                      </SelectInput>
                    )}
                  </FormField>
                </Columns>
              )}
            </Box>
          );
        })}
      </Stack>
      <Box>
        <Button
          variant="outline"
          onClick={() =>
            rows.append({
              description: '',
              packages: 1,
              packageType: 'CT',
              grossWeightKg: undefined as unknown as number,
              volumeM3: 0,
              hsCode: null,
              containerNumber: null,
              dangerousGoods: null,
            })
          }
        >
          {t('addCargo')}
        </Button>
      </Box>
    </Section>
  );
}
