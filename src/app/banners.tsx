import { Box, Button, Flex, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../lib/i18n/use-t';
import { useSession } from '../lib/session/use-session';
import { activeBanners } from './banner-messages';

const ReportProblemDialog = lazy(() => import('../features/issues/report-problem-dialog'));

/**
 * The signed-in banners of docs/product-rules.md section 2 (unverified e-mail, expired subscription), each
 * with what the user can do about it: send the verification e-mail again, or reach support.
 */
export function Banners() {
  const { user, isExpired } = useSession();
  const t = useT(); // re-render in the new language
  const [sending, setSending] = useState(false);
  const [reporting, setReporting] = useState(false);
  const banners = activeBanners({ user, isExpired });
  if (banners.length === 0) return null;
  const resend = async () => {
    setSending(true);
    try {
      await (await import('./resend-verification')).resendVerification(user?.emailId ?? '');
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap={0}>
      {banners.map((banner) => (
        <Flex
          key={banner.id}
          role="status"
          data-banner={banner.id}
          colorPalette={banner.id === 'subscription-expired' ? 'red' : 'orange'}
          bg="colorPalette.subtle"
          color="colorPalette.fg"
          borderBottomWidth="1px"
          borderColor="colorPalette.muted"
          paddingX={{ base: 4, md: 8 }}
          paddingY={2}
          textStyle="sm"
          fontWeight="medium"
          gap={3}
          alignItems="center"
          wrap="wrap"
        >
          <Box>{banner.message}</Box>
          {banner.id === 'unverified-email' ? (
            <Button size="xs" variant="outline" loading={sending} onClick={() => void resend()}>
              {t('banner.resend')}
            </Button>
          ) : (
            <Button size="xs" variant="outline" onClick={() => setReporting(true)}>
              {t('banner.contactSupport')}
            </Button>
          )}
        </Flex>
      ))}
      {reporting && (
        <Suspense fallback={null}>
          <ReportProblemDialog onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
