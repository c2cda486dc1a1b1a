import { Box, Stack } from '@chakra-ui/react';
import { useT } from '../lib/i18n/use-t';
import { useSession } from '../lib/session/use-session';
import { activeBanners } from './banner-messages';

/** The signed-in banners of docs/product-rules.md section 2 (unverified e-mail, expired subscription). */
export function Banners() {
  const { user, isExpired } = useSession();
  useT(); // re-render in the new language
  const banners = activeBanners({ user, isExpired });
  if (banners.length === 0) return null;
  return (
    <Stack gap={0}>
      {banners.map((banner) => (
        <Box
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
        >
          {banner.message}
        </Box>
      ))}
    </Stack>
  );
}
