import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useKitT } from './strings';

/** A screen the role may not open: said plainly, with a way on. */
export function NotAllowedScreen() {
  const t = useKitT();
  return (
    <Box
      as="section"
      data-testid="not-allowed"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      padding={{ base: 6, md: 10 }}
      textAlign="center"
    >
      <Heading as="h2" size="xl">
        {t('notAllowed.title')}
      </Heading>
      <Text marginTop={2} color="fg.muted">
        {t('notAllowed.body')}
      </Text>
      <Link asChild marginTop={6} color="brand.fg" fontWeight="medium">
        <RouterLink to="/dashboard">{t('notAllowed.home')}</RouterLink>
      </Link>
    </Box>
  );
}
