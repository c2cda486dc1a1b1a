import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The card the public session screens (sign-in, password links) stand in, beside the brand panel. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Box
      maxWidth="md"
      marginX="auto"
      marginTop={{ base: 0, md: 16 }}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="sm"
      padding={{ base: 6, md: 10 }}
    >
      {children}
    </Box>
  );
}
