import { Box, Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { FormField, SelectInput, TextInput } from '../../lib/resource-kit/form-field';
import { containerNumber } from '../../shared/contracts/shipments';
import { COMMON_SIZE_TYPES } from '../../shared/shipments/codes';
import type { ShipmentFormApi } from './form-values';
import { Columns, Section, errorAt } from './form-section';
import { useShipmentsT } from './strings';

/** What is wrong with a container number as typed, in the contract's words; null when it is right. */
export function containerNumberProblem(typed: string): string | null {
  const parsed = containerNumber.safeParse(typed);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

const sealsText = (seals: unknown) => (Array.isArray(seals) ? seals.join(', ') : '');
const sealsOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const weightOf = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

type Form = ShipmentFormApi;

/** The containers of a sea shipment, and the row that adds one, checking its number as it is typed. */
export function ContainersSection({ form, sea }: { form: Form; sea: boolean }) {
  const t = useShipmentsT();
  const rows = useFieldArray({ control: form.control, name: 'containers' });
  if (!sea && rows.fields.length === 0) return null;
  const sectionError = errorAt(form, 'containers') ?? errorAt(form, 'containers.root');
  return (
    <Section id="containers" title={t('containers')}>
      {sectionError && (
        <Text role="alert" color="fg.error" textStyle="sm">
          {sectionError}
        </Text>
      )}
      {rows.fields.length === 0 && <Text color="fg.muted">{t('noContainers')}</Text>}
      <Stack as="ol" gap={3} listStyleType="none">
        {rows.fields.map((field, i) => (
          <Box as="li" key={field.id} borderWidth="1px" borderRadius="l2" padding={3} data-container-row={i}>
            <Columns columns={{ base: 1, sm: 2, md: 4 }} gap={3} alignItems="start">
              <FormField label={t('containerNumber')} error={errorAt(form, `containers.${i}.number`)}>
                {(control) => (
                  <TextInput {...control} autoCapitalize="characters" {...form.register(`containers.${i}.number`)} />
                )}
              </FormField>
              <FormField label={t('sizeType')} error={errorAt(form, `containers.${i}.sizeType`)}>
                {(control) => <SizeTypeSelect control={control} form={form} index={i} />}
              </FormField>
              <FormField label={t('seals')} hint={t('sealsHint')} error={errorAt(form, `containers.${i}.seals`)}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name={`containers.${i}.seals`}
                    render={({ field: seals }) => (
                      <TextInput
                        {...control}
                        defaultValue={sealsText(seals.value)}
                        onChange={(e) => seals.onChange(sealsOf(e.target.value))}
                        onBlur={seals.onBlur}
                      />
                    )}
                  />
                )}
              </FormField>
              <Flex gap={2} alignItems="flex-end">
                <FormField label={t('grossWeight')} error={errorAt(form, `containers.${i}.grossWeightKg`)}>
                  {(control) => (
                    <TextInput
                      {...control}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      {...form.register(`containers.${i}.grossWeightKg`, { setValueAs: weightOf })}
                    />
                  )}
                </FormField>
                <IconButton
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('removeContainer', {
                    number: form.getValues(`containers.${i}.number`) || String(i + 1),
                  })}
                  onClick={() => rows.remove(i)}
                >
                  ✕
                </IconButton>
              </Flex>
            </Columns>
          </Box>
        ))}
      </Stack>
      {sea && (
        <AddContainerRow
          onAdd={(number, sizeType) => rows.append({ number, sizeType, seals: [], grossWeightKg: null })}
        />
      )}
    </Section>
  );
}

function SizeTypeSelect({
  control,
  form,
  index,
}: {
  control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
  form: Form;
  index: number;
}) {
  const current = form.getValues(`containers.${index}.sizeType`);
  const known = COMMON_SIZE_TYPES.some((s) => s.code === current);
  return (
    <SelectInput {...control} {...form.register(`containers.${index}.sizeType`)}>
      {!known && current && <option value={current}>{current}</option>}
      {COMMON_SIZE_TYPES.map((s) => (
        <option key={s.code} value={s.code}>
          {`${s.code} · ${s.name}`}
        </option>
      ))}
    </SelectInput>
  );
}

/**
 * A container number and its size-type, checked while typing: from the eleventh character on, a wrong
 * check digit says which digit it should be, as the service would.
 */
function AddContainerRow({ onAdd }: { onAdd: (number: string, sizeType: string) => void }) {
  const t = useShipmentsT();
  const [number, setNumber] = useState('');
  const [sizeType, setSizeType] = useState('42G1');
  const typed = number.replace(/[\s-]/g, '');
  const problem = typed.length === 0 ? null : containerNumberProblem(number);
  // Said once the number is complete; before that, a half-typed number is not yet wrong.
  const shown = typed.length >= 11 ? problem : null;
  const add = () => {
    if (problem || !typed) return;
    onAdd(containerNumber.parse(number), sizeType);
    setNumber('');
  };
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderRadius="l2" padding={3} data-testid="add-container">
      <Columns columns={{ base: 1, sm: 3 }} gap={3} alignItems="end">
        <FormField
          label={t('containerNumber')}
          error={shown ?? undefined}
          hint={typed.length >= 11 && !problem ? t('containerOk') : undefined}
        >
          {(control) => (
            <TextInput
              {...control}
              name="newContainerNumber"
              placeholder="MSKU 601167-2"
              autoCapitalize="characters"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          )}
        </FormField>
        <FormField label={t('sizeType')}>
          {(control) => (
            <SelectInput {...control} value={sizeType} onChange={(e) => setSizeType(e.target.value)}>
              {COMMON_SIZE_TYPES.map((s) => (
                <option key={s.code} value={s.code}>
                  {`${s.code} · ${s.name}`}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <Button variant="outline" onClick={add} disabled={!typed || Boolean(problem)}>
          {t('addContainer')}
        </Button>
      </Columns>
    </Box>
  );
}
