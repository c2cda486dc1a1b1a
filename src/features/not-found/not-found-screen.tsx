import { Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../lib/i18n/use-t';

/** Shown for /notFound and for any path the route table does not know. */
export function NotFoundScreen() {
  const t = useT();
  return (
    <section>
      <Heading as="h1" size="2xl">
        {t('notFound.title')}
      </Heading>
      <Text marginTop={2}>{t('notFound.body')}</Text>
      <Link asChild marginTop={4} colorPalette="blue">
        <RouterLink to="/dashboard">{t('notFound.home')}</RouterLink>
      </Link>
    </section>
  );
}
