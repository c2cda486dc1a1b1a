import { chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../lib/api/api-client';
import { usePicture } from '../lib/avatar/avatar-image';

const ownPicture = z.object({ _id: z.string(), avatarFileId: z.string().nullable() });

/**
 * The user's picture in the open avatar menu. A chunk of its own, loaded when the menu first opens, so the
 * first load (budget 230 kB) carries none of it; nothing shows for a user without a picture.
 */
export default function MenuPicture({ alt }: { alt: string }) {
  const own = useQuery({
    queryKey: ['profile', 'own', 'picture'],
    queryFn: ({ signal }) => apiCall('iamserver', '/profile', ownPicture, { signal }),
    staleTime: 60_000,
  }).data;
  const src = usePicture(own ? `/users/${encodeURIComponent(own._id)}/avatar` : '', own?.avatarFileId);
  return src ? <chakra.img src={src} alt={alt} width="12" height="12" borderRadius="full" objectFit="cover" /> : null;
}
