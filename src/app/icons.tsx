import { chakra } from '@chakra-ui/react';

/** Inline 24px stroke icons (no icon package: four paths are cheaper than a dependency). */
const PATHS = {
  mail: 'M4 6h16v12H4z M4 7l8 6 8-6',
  contacts: 'M6 3h12v18H6z M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z M8.5 17.5a3.5 3.5 0 0 1 7 0',
  reports: 'M4 20h16 M7 16v-5 M12 16V6 M17 16v-8',
  // A container box on a ship's deck line.
  shipments: 'M3 17h18l-2 4H5z M6 8h12v9H6z M10 8v9 M14 8v9',
  // A cloud struck through: no connection.
  offline: 'M3 3l18 18 M9 18H7a4 4 0 0 1-1-7.9 M9.5 6.3A6 6 0 0 1 17.7 10H18a3.5 3.5 0 0 1 2.7 5.7',
  bell: 'M18 16V11a6 6 0 0 0-12 0v5l-2 2h16z M10 20a2 2 0 0 0 4 0',
  gear: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="5"
      height="5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </chakra.svg>
  );
}
