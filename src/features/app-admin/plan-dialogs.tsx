import { Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { SaveConflictDialog } from '../../lib/resource-kit/conflict-dialog';
import { FormField, TextInput } from '../../lib/resource-kit/form-field';
import { FormFooter } from '../../lib/resource-kit/form-footer';
import { useConflictAwareSave } from '../../lib/resource-kit/use-conflict-aware-save';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import type { AppAdminCompany } from '../../shared/contracts/company';
import { appAdminCompanies } from './api';
import { formatPlanDate } from './plan-status';
import { endedExpiry, extendedExpiry, isLaterExpiry, type Extension } from './plan-extension';
import { appAdminT, useAppAdminT } from './strings';

interface PlanBody {
  expiryDate: string;
  version?: number;
}

/**
 * A plan change with the kit's conflict handling: a stale version opens the conflict dialog, whose
 * overwrite sends the same new expiry with the stored version, and whose reload shows the list again.
 */
function usePlanSave(company: AppAdminCompany, onDone: () => void, success: (expiryDate: string) => string) {
  const form = useForm<PlanBody>();
  const saver = useConflictAwareSave<PlanBody, PlanBody, AppAdminCompany>({
    form: form as UseFormReturn<PlanBody>,
    fieldNames: [],
    save: (body) => appAdminCompanies.update(company._id, { version: company.version, ...body }),
    onSaved: (saved) => {
      showToast({ status: 'success', title: success(saved.subscripedPlan.expiryDate) });
      onDone();
    },
    onQueued: onDone,
  });
  return saver;
}

/** "Extend plan": by a month, a year or to a chosen date, counted from the expiry (or today, once expired). */
export function ExtendPlanDialog({ company, onClose }: { company: AppAdminCompany; onClose: () => void }) {
  const t = useAppAdminT();
  const expiry = company.subscripedPlan.expiryDate;
  const [by, setBy] = useState<Extension | 'date'>('year');
  const [chosen, setChosen] = useState('');
  const saver = usePlanSave(company, onClose, (date) =>
    appAdminT('planExtended', { name: company.name, date: formatPlanDate(date) }),
  );
  const next = by === 'date' ? chosen : extendedExpiry(expiry, by);
  const valid = by !== 'date' || isLaterExpiry(chosen, expiry);
  const title = t('extendTitle', { name: company.name });

  return (
    <ModalDialog title={title} onClose={onClose} maxWidth="md">
      <chakra.form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void saver.submit({ expiryDate: next });
        }}
      >
        <Stack gap={4}>
          <Text color="fg.muted" textStyle="sm">
            {t(company.isExpired ? 'extendFromToday' : 'extendFrom', { date: formatPlanDate(expiry) })}
          </Text>
          <chakra.fieldset>
            <chakra.legend textStyle="sm" fontWeight="medium" marginBottom={2}>
              {t('extendBy')}
            </chakra.legend>
            <Stack gap={2}>
              {(['month', 'year', 'date'] as const).map((option) => (
                <chakra.label key={option} display="flex" alignItems="center" gap={2}>
                  <chakra.input
                    type="radio"
                    name="extend-by"
                    value={option}
                    checked={by === option}
                    onChange={() => setBy(option)}
                  />
                  {t(option === 'month' ? 'oneMonth' : option === 'year' ? 'oneYear' : 'chosenDate')}
                </chakra.label>
              ))}
            </Stack>
          </chakra.fieldset>
          {by === 'date' && (
            <FormField label={t('newExpiry')} error={chosen && !valid ? t('mustBeLater') : undefined}>
              {(control) => (
                <TextInput {...control} type="date" value={chosen} onChange={(e) => setChosen(e.target.value)} />
              )}
            </FormField>
          )}
          {valid && next && (
            <Text role="status" fontWeight="medium">
              {t('newExpiryIs', { date: formatPlanDate(next) })}
            </Text>
          )}
          <FormFooter
            error={saver.formError}
            busy={saver.busy}
            saveLabel={t('extend')}
            saveDisabled={!valid || !next}
            discard={{ label: t('cancel'), onDiscard: onClose }}
          />
        </Stack>
      </chakra.form>
      <SaveConflictDialog save={saver} noun={appAdminT('noun')} onReload={onClose} />
    </ModalDialog>
  );
}

/** "End plan": asks first, then sets the expiry to yesterday (expired from today on). */
export function EndPlanDialog({ company, onClose }: { company: AppAdminCompany; onClose: () => void }) {
  const t = useAppAdminT();
  const saver = usePlanSave(company, onClose, () => appAdminT('planEnded', { name: company.name }));
  return (
    <ConfirmDialog
      title={t('endTitle', { name: company.name })}
      body={t('endBody', { name: company.name })}
      confirmLabel={t('endConfirm')}
      cancelLabel={t('cancel')}
      busy={saver.busy}
      error={saver.formError}
      onConfirm={() => void saver.submit({ expiryDate: endedExpiry() })}
      onClose={onClose}
    >
      <SaveConflictDialog save={saver} noun={appAdminT('noun')} onReload={onClose} />
    </ConfirmDialog>
  );
}
