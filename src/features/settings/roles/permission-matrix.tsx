import { Box, Stack, chakra } from '@chakra-ui/react';
import type { Dispatch, SetStateAction } from 'react';
import { TABLE_HEADER_CSS } from '../../../lib/ui/table-style';
import { usePhone } from '../../../lib/ui/use-phone';
import type { PermissionCatalogue } from '../../../shared/contracts/roles';
import { PERMISSION_ACTIONS, type PermissionAction, type PermissionModule } from '../../../shared/permissions';
import { useRolesT } from './strings';

/** A role's permissions: the actions it holds on each resource. */
export type Matrix = Partial<Record<PermissionModule, PermissionAction[]>>;

/** `actions` toggled for `module`, in the canonical order. */
export function toggle(
  matrix: Matrix,
  module: PermissionModule,
  actions: readonly PermissionAction[],
  on: boolean,
): Matrix {
  const current = new Set(matrix[module] ?? []);
  for (const action of actions) {
    if (on) current.add(action);
    else current.delete(action);
  }
  return { ...matrix, [module]: PERMISSION_ACTIONS.filter((a) => current.has(a)) };
}

interface MatrixProps {
  entries: PermissionCatalogue;
  matrix: Matrix;
  onChange: Dispatch<SetStateAction<Matrix>>;
}

/**
 * A role's permissions: a matrix of resources and actions on a wide screen; on a phone (the phone layout
 * rule) a list with one group per resource, its actions as labelled checkboxes, so that nothing is wider
 * than the screen. Each checkbox keeps its accessible name in both layouts.
 */
export function PermissionMatrix(props: MatrixProps) {
  return usePhone() ? <PermissionList {...props} /> : <PermissionTable {...props} />;
}

const has = (matrix: Matrix, module: PermissionModule, action: PermissionAction) =>
  matrix[module]?.includes(action) ?? false;

/** The resources that have `action` (`charges` is the shipments' alone). */
const holders = (entries: PermissionCatalogue, action: PermissionAction) =>
  entries.filter((e) => e.actions.includes(action));

const CHECKBOX_CSS = { width: 4, height: 4, accentColor: 'brand.solid', flexShrink: 0 } as const;

function PermissionTable({ entries, matrix, onChange }: MatrixProps) {
  const t = useRolesT();
  return (
    <Box overflowX="auto">
      <chakra.table
        width="full"
        textStyle="sm"
        aria-label={t('permissions')}
        css={{
          '& th, & td': { paddingX: 3, paddingY: 2, borderBottomWidth: '1px', textAlign: 'center' },
          '& th:first-of-type, & td:first-of-type': { textAlign: 'start' },
          '& thead th': TABLE_HEADER_CSS,
          // The column's own checkbox centred over the column's checkboxes: the action's name above it.
          '& thead th:not(:first-of-type)': { textAlign: 'center' },
          '& td input': { display: 'block', marginX: 'auto' },
        }}
      >
        <thead>
          <tr>
            <th scope="col">{t('resource')}</th>
            {PERMISSION_ACTIONS.map((action) => (
              <th scope="col" key={action}>
                <chakra.label display="flex" flexDirection="column" gap={1.5} alignItems="center">
                  {t(`action.${action}`)}
                  <chakra.input
                    type="checkbox"
                    css={CHECKBOX_CSS}
                    aria-label={t('allOf', { action: t(`action.${action}`) })}
                    checked={
                      holders(entries, action).length > 0 &&
                      holders(entries, action).every((e) => has(matrix, e.resource, action))
                    }
                    onChange={(event) =>
                      onChange((m) =>
                        holders(entries, action).reduce(
                          (acc, e) => toggle(acc, e.resource, [action], event.target.checked),
                          m,
                        ),
                      )
                    }
                  />
                </chakra.label>
              </th>
            ))}
            <th scope="col">{t('all')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.resource} data-resource={entry.resource}>
              <th scope="row">{t(`res.${entry.resource}`)}</th>
              {PERMISSION_ACTIONS.map((action) => (
                <td key={action}>
                  {entry.actions.includes(action) && (
                    <chakra.input
                      type="checkbox"
                      css={CHECKBOX_CSS}
                      aria-label={t('cell', { action: t(`action.${action}`), resource: t(`res.${entry.resource}`) })}
                      checked={has(matrix, entry.resource, action)}
                      onChange={(event) => onChange((m) => toggle(m, entry.resource, [action], event.target.checked))}
                    />
                  )}
                </td>
              ))}
              <td>
                <chakra.input
                  type="checkbox"
                  css={CHECKBOX_CSS}
                  aria-label={t('allFor', { resource: t(`res.${entry.resource}`) })}
                  checked={entry.actions.every((a) => has(matrix, entry.resource, a))}
                  onChange={(event) => onChange((m) => toggle(m, entry.resource, entry.actions, event.target.checked))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}

/** One labelled checkbox of the phone's list. */
function Choice({
  label,
  name,
  checked,
  onToggle,
}: {
  label: string;
  name: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap={2} minHeight={9} cursor="pointer">
      <chakra.input
        type="checkbox"
        css={CHECKBOX_CSS}
        aria-label={name}
        checked={checked}
        onChange={(event) => onToggle(event.target.checked)}
      />
      {label}
    </chakra.label>
  );
}

function PermissionList({ entries, matrix, onChange }: MatrixProps) {
  const t = useRolesT();
  return (
    <Stack as="ul" aria-label={t('permissions')} gap={2} listStyleType="none">
      {entries.map((entry) => {
        const resource = t(`res.${entry.resource}`);
        return (
          <chakra.li
            key={entry.resource}
            data-resource={entry.resource}
            borderWidth="1px"
            borderRadius="l2"
            padding={3}
          >
            <chakra.fieldset minWidth={0}>
              <chakra.legend fontWeight="semibold" textStyle="sm">
                {resource}
              </chakra.legend>
              <Box display="flex" flexWrap="wrap" columnGap={4} rowGap={1} marginTop={1} textStyle="sm">
                {PERMISSION_ACTIONS.filter((action) => entry.actions.includes(action)).map((action) => (
                  <Choice
                    key={action}
                    label={t(`action.${action}`)}
                    name={t('cell', { action: t(`action.${action}`), resource })}
                    checked={has(matrix, entry.resource, action)}
                    onToggle={(on) => onChange((m) => toggle(m, entry.resource, [action], on))}
                  />
                ))}
                <Choice
                  label={t('all')}
                  name={t('allFor', { resource })}
                  checked={entry.actions.every((a) => has(matrix, entry.resource, a))}
                  onToggle={(on) => onChange((m) => toggle(m, entry.resource, entry.actions, on))}
                />
              </Box>
            </chakra.fieldset>
          </chakra.li>
        );
      })}
    </Stack>
  );
}
