import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { FormField } from '../../lib/resource-kit/form-field';
import { useCan } from '../../lib/resource-kit/permission-gate';
import { useOnline } from '../../lib/resource-kit/use-online';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { ARRIVAL_NOTICE_FREE_TEXT_MAX } from '../../shared/contracts/shipment-paperwork';
import type { Shipment } from '../../shared/contracts/shipments';
import type { PaperworkField } from '../../shared/shipments/paperwork-readiness';
import { downloadPaperwork, missingFields, sendArrivalNotice, type PaperworkDocument } from './paperwork-api';
import { usePaperworkT } from './paperwork-strings';
import { DetailSection } from './detail-section';

type Problem = { document: PaperworkDocument; missing: PaperworkField[] } | { message: string } | null;

/**
 * The documents a shipment produces, on its screen: the house bill and the arrival notice as PDFs, and the
 * arrival notice e-mailed to the consignee and the notify party. When the shipment lacks what a document
 * needs, the list of what is missing shows in words instead of a file.
 */
export function PaperworkSection({ shipment }: { shipment: Shipment }) {
  const t = usePaperworkT();
  const online = useOnline();
  const canUpdate = useCan('shipments', 'update');
  const canMail = useCan('mail', 'create');
  const canSend = canUpdate && canMail;
  const [busy, setBusy] = useState<PaperworkDocument | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [sending, setSending] = useState(false);

  const download = async (kind: PaperworkDocument) => {
    setBusy(kind);
    setProblem(null);
    try {
      const name = await downloadPaperwork(shipment._id, kind, { fallbackName: `${kind}-${shipment.number}.pdf` });
      showToast({ status: 'success', title: t('downloaded', { name }) });
    } catch (cause) {
      setProblem(problemOf(kind, cause));
    } finally {
      setBusy(null);
    }
  };

  return (
    <DetailSection id="paperwork" title={t('title')}>
      <Flex gap={2} wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={!online}
          loading={busy === 'house-bill'}
          onClick={() => void download('house-bill')}
        >
          {t('houseBill')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!online}
          loading={busy === 'arrival-notice'}
          onClick={() => void download('arrival-notice')}
        >
          {t('arrivalNoticePdf')}
        </Button>
        {canSend && (
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!online}
            onClick={() => {
              setProblem(null);
              setSending(true);
            }}
          >
            {t('sendArrivalNotice')}
          </Button>
        )}
      </Flex>
      {!online && (
        <Text textStyle="sm" color="fg.muted" marginTop={2}>
          {t('offline')}
        </Text>
      )}
      <ProblemText problem={problem} />
      {sending && <SendArrivalNoticeDialog shipment={shipment} onClose={() => setSending(false)} />}
    </DetailSection>
  );
}

function problemOf(kind: PaperworkDocument, cause: unknown): Problem {
  const missing = missingFields(cause);
  if (missing && missing.length > 0) return { document: kind, missing };
  return { message: isApiError(cause) ? cause.message : String(cause) };
}

/** What stands in the way, in words: each missing field on its own line, or the error. */
function ProblemText({ problem }: { problem: Problem }) {
  const t = usePaperworkT();
  if (!problem) return null;
  if ('message' in problem)
    return (
      <Text role="alert" color="fg.error" textStyle="sm" marginTop={3}>
        {t('failed', { message: problem.message })}
      </Text>
    );
  return (
    <Box role="alert" marginTop={3} data-testid="paperwork-missing">
      <Text textStyle="sm" fontWeight="medium">
        {t('notReady', {
          document: t(problem.document === 'house-bill' ? 'document.houseBill' : 'document.arrivalNotice'),
        })}
      </Text>
      <chakra.ul paddingStart={5} listStyleType="disc" textStyle="sm">
        {problem.missing.map((field) => (
          <li key={field}>{t(`field.${field}`)}</li>
        ))}
      </chakra.ul>
    </Box>
  );
}

/** The free text, then "Send" (queued for the consignee and the notify party) or "Open as PDF". */
function SendArrivalNoticeDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const t = usePaperworkT();
  const online = useOnline();
  const [freeText, setFreeText] = useState('');
  const [busy, setBusy] = useState<'send' | 'pdf' | null>(null);
  const [problem, setProblem] = useState<Problem>(null);

  const send = async () => {
    setBusy('send');
    setProblem(null);
    try {
      const sent = await sendArrivalNotice(shipment._id, { freeText });
      showToast({ status: 'success', title: t('sent', { to: sent.to.join(', ') }) });
      onClose();
    } catch (cause) {
      setProblem(problemOf('arrival-notice', cause));
    } finally {
      setBusy(null);
    }
  };

  const pdf = async () => {
    setBusy('pdf');
    setProblem(null);
    try {
      const name = await downloadPaperwork(shipment._id, 'arrival-notice', {
        freeText,
        fallbackName: `arrival-notice-${shipment.number}.pdf`,
      });
      showToast({ status: 'success', title: t('downloaded', { name }) });
    } catch (cause) {
      setProblem(problemOf('arrival-notice', cause));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ModalDialog title={t('dialogTitle')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap={4}>
          <Text textStyle="sm">{t('dialogIntro')}</Text>
          <FormField label={t('freeText')} hint={t('freeTextHint')}>
            {(control) => (
              <chakra.textarea
                {...control}
                value={freeText}
                maxLength={ARRIVAL_NOTICE_FREE_TEXT_MAX}
                rows={4}
                borderWidth="1px"
                borderRadius="l2"
                padding={2}
                bg="bg"
                onChange={(e) => setFreeText(e.target.value)}
              />
            )}
          </FormField>
          <ProblemText problem={problem} />
          <Flex gap={2} wrap="wrap" direction={{ base: 'column', sm: 'row' }}>
            <Button type="submit" colorPalette="brand" loading={busy === 'send'} disabled={!online || busy !== null}>
              {t('send')}
            </Button>
            <Button
              variant="outline"
              loading={busy === 'pdf'}
              disabled={!online || busy !== null}
              onClick={() => void pdf()}
            >
              {t('previewPdf')}
            </Button>
          </Flex>
        </Stack>
      </form>
    </ModalDialog>
  );
}
