import { Box, Button, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useColorMode } from '../lib/ui/use-color-mode';
import { useShellT } from './strings';

const MenuPicture = lazy(() => import('./menu-picture'));
const MenuOffline = lazy(() => import('./menu-offline'));
const MenuSupport = lazy(() => import('./menu-support'));
// Outside the menu: the dialog stays open when the menu closes (a click in the dialog is outside the menu).
const ReportProblemDialog = lazy(() => import('../features/issues/report-problem-dialog'));

/** Initials for the avatar: first letters of the first two words of the name, else of the e-mail. */
export function initialsOf(name: string | undefined, email: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]) : [email?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/**
 * The avatar menu (docs/product-rules.md section 2): the user's name and e-mail, an "Available" indicator, the light
 * or dark theme and "Sign out". A disclosure button and a panel rather than Chakra's Menu, whose recipe and Ark machine
 * are not worth it for one action; Escape and a click outside close it.
 */
export function UserMenu({
  name,
  email,
  onSignOut,
  onOpenSettings,
}: {
  name: string;
  email: string;
  onSignOut: () => void;
  onOpenSettings?: () => void;
}) {
  const t = useShellT();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { colorMode, toggleColorMode } = useColorMode();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Box position="relative" ref={root}>
      <Button
        variant="ghost"
        size={{ base: 'sm', sm: 'md' }}
        padding={0}
        borderRadius="full"
        aria-label={t('menu.open')}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <Circle size="8" bg="brand.solid" color="brand.contrast" fontSize="sm" fontWeight="semibold">
          {initialsOf(name, email)}
        </Circle>
      </Button>
      {open && (
        <Stack
          role="group"
          aria-label={t('menu.label')}
          data-snapshot-omit=""
          position="absolute"
          right={0}
          top="full"
          marginTop={2}
          minWidth="64"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l2"
          boxShadow="lg"
          padding={4}
          gap={3}
          zIndex="dropdown"
        >
          <Suspense fallback={null}>
            <MenuPicture alt={name} />
          </Suspense>
          <Box>
            <Text fontWeight="semibold">{name}</Text>
            <Text textStyle="sm" color="fg.muted">
              {email}
            </Text>
          </Box>
          <HStack gap={2} textStyle="sm">
            <Circle size="2.5" bg="green.solid" aria-hidden="true" />
            <Text>{t('menu.available')}</Text>
          </HStack>
          <Suspense fallback={null}>
            <MenuOffline onNavigate={() => setOpen(false)} />
          </Suspense>
          <Suspense fallback={null}>
            <MenuSupport
              onNavigate={() => setOpen(false)}
              onReportProblem={() => {
                setOpen(false);
                setReporting(true);
              }}
            />
          </Suspense>
          {onOpenSettings && (
            <Button
              size="sm"
              variant="ghost"
              justifyContent="flex-start"
              onClick={() => {
                setOpen(false);
                onOpenSettings();
              }}
            >
              {t('menu.appSettings')}
            </Button>
          )}
          <Button size="sm" variant="ghost" justifyContent="flex-start" onClick={toggleColorMode}>
            {colorMode === 'dark' ? t('menu.lightTheme') : t('menu.darkTheme')}
          </Button>
          <Button size="sm" variant="outline" onClick={onSignOut}>
            {t('menu.signOut')}
          </Button>
        </Stack>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportProblemDialog onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </Box>
  );
}
