import { Box, Button, Flex, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { isApiError } from '../../lib/api/api-error';
import { NETWORK_ERROR_CODE } from '../../lib/api/api-client';
import { dataUrlOf } from '../../lib/drive/data-url';
import { MAX_UPLOAD_BYTES } from '../../lib/drive/upload-file';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { FormField, TextInput } from '../../lib/resource-kit/form-field';
import { useCan } from '../../lib/resource-kit/permission-gate';
import { mapServerErrors } from '../../lib/resource-kit/server-field-errors';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { APP_VERSION, reportedRoute, sendProblemReport } from './api';
import { captureScreen, SCREENSHOT_SKIP } from './capture-screen';
import { issuesT, useIssuesT } from './strings';
import { ISSUE_DESCRIPTION_MAX, ISSUE_TITLE_MAX } from '../../shared/contracts/issues';

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

type Capture = { status: 'capturing' } | { status: 'ready'; file: File; dataUrl: string } | { status: 'failed' };

/** Captures the page once, when the dialog opens (the dialog itself is left out of the picture). */
function useScreenCapture(): Capture {
  const [capture, setCapture] = useState<Capture>({ status: 'capturing' });
  useEffect(() => {
    let live = true;
    captureScreen()
      .then(async (blob) => {
        const file = new File([blob], 'screenshot.png', { type: 'image/png' });
        if (file.size > MAX_UPLOAD_BYTES) throw new Error('The screenshot is too large.');
        const dataUrl = await dataUrlOf(blob);
        if (live) setCapture({ status: 'ready', file, dataUrl });
      })
      .catch((error: unknown) => {
        console.warn('The screenshot for "Report a problem" could not be taken.', error);
        if (live) setCapture({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, []);
  return capture;
}

/** What went wrong with the upload or the create, in words for the reporter. */
function problemOf(error: unknown): string {
  if (isApiError(error) && error.code === NETWORK_ERROR_CODE) return issuesT('needsConnection');
  if (isApiError(error) && error.status === 413) return issuesT('fileTooLarge', { max: MAX_MB });
  const mapped = mapServerErrors(error, ['title', 'description']);
  return [mapped.fields.title, mapped.fields.description, mapped.form].filter(Boolean).join(' ');
}

/**
 * "Report a problem" (issue 13), open while mounted: a title, a description, a screenshot of the screen
 * behind the dialog (taken when it opens) or a file of the reporter's choice, and, attached on their own,
 * the app's version and the page. The attachment goes to driveserver first, so a report with one needs a
 * connection; one without goes through the outbox when offline and is sent when the connection returns.
 */
export default function ReportProblemDialog({ onClose }: { onClose: () => void }) {
  const t = useIssuesT();
  const location = useLocation();
  // The page the report is about: where the user was when the dialog opened.
  const [route] = useState(() => reportedRoute(location));
  const capture = useScreenCapture();
  const canRead = useCan('issues', 'read');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string>();
  const [keepScreenshot, setKeepScreenshot] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [phase, setPhase] = useState<'editing' | 'uploading' | 'sending' | 'sent'>('editing');
  const [error, setError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  // One key per report and the files already uploaded: a retry after a failure neither uploads nor stores twice.
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const uploaded = useRef(new Map<File, string>());

  const screenshot = capture.status === 'ready' && keepScreenshot && !file ? capture : undefined;
  const attachment = file ?? screenshot?.file ?? null;
  const busy = phase === 'uploading' || phase === 'sending';

  const chooseFile = (chosen: File | undefined) => {
    setFileError(undefined);
    if (!chosen) return;
    if (chosen.size > MAX_UPLOAD_BYTES) {
      setFileError(t('fileTooLarge', { max: MAX_MB }));
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(chosen);
  };
  const removeFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!title.trim()) {
      setTitleError(t('titleRequired'));
      return;
    }
    setTitleError(undefined);
    if (attachment && !navigator.onLine) {
      setError(t('needsConnection'));
      return;
    }
    setPhase('sending');
    try {
      await sendProblemReport(
        { title, description, attachment, route },
        { idempotencyKey, uploaded: uploaded.current, onUploading: () => setPhase('uploading') },
      );
      // Said once: the dialog's own "sent" view (a status region) announces it; a toast would repeat it.
      setPhase('sent');
    } catch (failure) {
      if (isQueuedWrite(failure)) {
        showToast({ status: 'info', title: t('queued') });
        onClose();
        return;
      }
      setPhase('editing');
      setError(problemOf(failure));
    }
  };

  return (
    // The whole dialog, backdrop included, stays out of the screenshot.
    <Box {...{ [SCREENSHOT_SKIP]: '' }}>
      <ModalDialog title={t('reportTitle')} onClose={onClose} maxWidth="lg">
        {phase === 'sent' ? (
          <Stack gap={4} role="status">
            <Text fontWeight="semibold">{t('sent')}</Text>
            <Text color="fg.muted">{t('sentBody')}</Text>
            <Flex gap={3} justifyContent="flex-end" alignItems="center" wrap="wrap">
              {canRead && (
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to="/settings/issues" onClick={onClose}>
                    {t('seeReports')}
                  </RouterLink>
                </Link>
              )}
              <Button colorPalette="brand" onClick={onClose}>
                {t('close')}
              </Button>
            </Flex>
          </Stack>
        ) : (
          <chakra.form noValidate aria-label={t('reportTitle')} onSubmit={(event) => void submit(event)}>
            <Stack gap={4}>
              <Text color="fg.muted" textStyle="sm">
                {t('reportIntro')}
              </Text>
              <FormField label={t('title')} error={titleError}>
                {(control) => (
                  <TextInput
                    {...control}
                    value={title}
                    maxLength={ISSUE_TITLE_MAX}
                    placeholder={t('titlePlaceholder')}
                    onChange={(e) => {
                      setTitle(e.target.value);
                      // The message is about the empty title: it goes once there is one.
                      if (e.target.value.trim()) setTitleError(undefined);
                    }}
                  />
                )}
              </FormField>
              <FormField label={t('description')} hint={t('descriptionHint')}>
                {(control) => (
                  <chakra.textarea
                    {...control}
                    value={description}
                    maxLength={ISSUE_DESCRIPTION_MAX}
                    rows={4}
                    borderWidth="1px"
                    borderRadius="l2"
                    padding={2}
                    bg="bg"
                    onChange={(e) => setDescription(e.target.value)}
                  />
                )}
              </FormField>
              <chakra.fieldset>
                <chakra.legend textStyle="sm" fontWeight="medium" marginBottom={1.5}>
                  {t('attachment')}
                </chakra.legend>
                <Stack gap={3}>
                  <chakra.label display="flex" alignItems="center" gap={2} textStyle="sm">
                    <chakra.input
                      type="checkbox"
                      width="4"
                      height="4"
                      checked={Boolean(screenshot)}
                      disabled={capture.status !== 'ready'}
                      onChange={(event) => {
                        setKeepScreenshot(event.target.checked);
                        if (event.target.checked) removeFile();
                      }}
                    />
                    {t('attachScreenshot')}
                  </chakra.label>
                  {capture.status === 'capturing' && (
                    <Text textStyle="sm" color="fg.muted" role="status">
                      {t('capturing')}
                    </Text>
                  )}
                  {capture.status === 'failed' && (
                    <Text textStyle="sm" color="fg.muted">
                      {t('captureFailed')}
                    </Text>
                  )}
                  {screenshot && (
                    <Flex gap={3} alignItems="flex-start">
                      <chakra.img
                        src={screenshot.dataUrl}
                        alt={t('screenshotAlt')}
                        maxWidth="12rem"
                        maxHeight="8rem"
                        objectFit="contain"
                        borderWidth="1px"
                        borderRadius="l2"
                      />
                      <Button size="xs" variant="outline" onClick={() => setKeepScreenshot(false)}>
                        {t('remove')}
                      </Button>
                    </Flex>
                  )}
                  <FormField label={t('attachFile')} error={fileError} hint={t('attachFileHint', { max: MAX_MB })}>
                    {(control) => (
                      <chakra.input
                        {...control}
                        ref={fileInput}
                        type="file"
                        textStyle="sm"
                        onChange={(event) => chooseFile(event.target.files?.[0])}
                      />
                    )}
                  </FormField>
                  {file && (
                    <Flex gap={3} alignItems="center" textStyle="sm">
                      <Text truncate>{file.name}</Text>
                      <Button size="xs" variant="outline" onClick={removeFile}>
                        {t('remove')}
                      </Button>
                    </Flex>
                  )}
                </Stack>
              </chakra.fieldset>
              <Text textStyle="sm" color="fg.muted" data-testid="report-context">
                {t('sentWith', { version: APP_VERSION || t('unknownVersion'), page: route })}
              </Text>
              {phase === 'uploading' && (
                <Text textStyle="sm" color="fg.muted" role="status">
                  {t('uploading')}
                </Text>
              )}
              {error && (
                <Text role="alert" color="fg.error" textStyle="sm">
                  {error}
                </Text>
              )}
              <Flex gap={2} justifyContent="flex-end">
                <Button variant="outline" onClick={onClose}>
                  {t('cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {t('send')}
                </Button>
              </Flex>
            </Stack>
          </chakra.form>
        )}
      </ModalDialog>
    </Box>
  );
}
