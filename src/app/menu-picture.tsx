import { chakra, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../lib/api/api-client';
import { usePicture } from '../lib/avatar/avatar-image';
import { QueuedPictureMark, useQueuedPicture } from '../lib/avatar/queued-picture';
import { useSession } from '../lib/session/use-session';

const ownPicture = z.object({ _id: z.string(), avatarFileId: z.string().nullable() });

/**
 * The user's picture in the open avatar menu. A chunk of its own, loaded when the menu first opens, so the
 * first load (budget 230 kB) carries none of it; nothing shows for a user without a picture. A picture
 * changed offline shows from the device until the outbox has sent it, marked as waiting (queued-picture.tsx).
 */
export default function MenuPicture({ alt }: { alt: string }) {
  const own = useQuery({
    queryKey: ['profile', 'own', 'picture'],
    queryFn: ({ signal }) => apiCall('iamserver', '/profile', ownPicture, { signal }),
    staleTime: 60_000,
  }).data;
  // Offline the profile may never have been read here: the session knows whose picture waits.
  const session = useSession();
  const queued = useQueuedPicture('avatar', own?._id ?? session.user?._id);
  const stored = usePicture(
    own ? `/users/${encodeURIComponent(own._id)}/avatar` : '',
    queued?.removed ? null : own?.avatarFileId,
  );
  const src = queued ? (queued.removed ? null : (queued.src ?? stored)) : stored;
  if (!src && !queued) return null;
  return (
    <HStack gap={3}>
      {src && <chakra.img src={src} alt={alt} width="12" height="12" borderRadius="full" objectFit="cover" />}
      <QueuedPictureMark queued={queued} />
    </HStack>
  );
}
