import { Button, Stack, Text } from '@chakra-ui/react';

/** A read that failed, said in words, with a button that tries it again (announced as an alert). */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Stack gap={2} alignItems="flex-start" role="alert">
      <Text color="fg.error">{message}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Stack>
  );
}
