import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/** The dialogs open now, innermost last. */
const openDialogs: symbol[] = [];

/**
 * A modal dialog for the mail and notifications dialogs. Hand-made (no Chakra Dialog): its
 * recipe and Ark's dialog machine would cost bytes for a box with a title and a close button.
 */
export function ModalDialog({
  title,
  children,
  onClose,
  maxWidth = 'lg',
  describedBy,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  maxWidth?: string;
  /** The id of the text that says what the dialog is about (a confirmation's question). */
  describedBy?: string;
}) {
  const t = useT();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    // Escape closes the innermost dialog only: a confirmation opened over a record dialog leaves it open.
    const self = Symbol('dialog');
    openDialogs.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openDialogs.at(-1) === self) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      openDialogs.splice(openDialogs.indexOf(self), 1);
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, []);

  return (
    <Box
      position="fixed"
      inset={0}
      zIndex="modal"
      bg="blackAlpha.500"
      display="flex"
      alignItems="flex-start"
      justifyContent="center"
      padding={4}
      overflowY="auto"
      onClick={onClose}
    >
      <Box
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        bg="bg.panel"
        borderRadius="l3"
        boxShadow="lg"
        padding={6}
        marginTop={{ base: 2, md: 12 }}
        maxWidth={maxWidth}
        width="full"
        onClick={(event) => event.stopPropagation()}
      >
        <Flex justifyContent="space-between" alignItems="center" marginBottom={4} gap={4}>
          <Heading as="h2" size="lg" id={titleId}>
            {title}
          </Heading>
          <Button ref={closeRef} variant="outline" size="sm" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Flex>
        {children}
      </Box>
    </Box>
  );
}
