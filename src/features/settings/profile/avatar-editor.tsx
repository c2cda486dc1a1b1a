import { Button, Circle, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { cropToSquare, usePicture } from '../../../lib/avatar/avatar-image';
import { QueuedPictureMark, useQueuedPicture, type QueuedPicture } from '../../../lib/avatar/queued-picture';
import { usePictureUpload } from '../../../lib/avatar/use-picture-upload';
import { ConfirmedButton } from '../../../lib/ui/confirm-dialog';
import { userSchema, type User } from '../../../shared/contracts/users';
import { OWN_PROFILE_KEY, savedOwnProfile } from './profile-api';
import { profileT, useProfileT } from './strings';

/** Initials for an avatar without a picture: the first letters of the first two words of the name. */
const initialsOf = (user: Pick<User, 'name' | 'emailId'>) =>
  (
    user.name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('') ||
    user.emailId[0] ||
    '?'
  ).toUpperCase();

const avatarPath = (user: Pick<User, '_id'>) => `/users/${encodeURIComponent(user._id)}/avatar`;

/**
 * A user's avatar: their picture, or their initials. The own avatar changed offline (`queued`) shows the
 * change waiting in the outbox: the picture kept on the device, or the initials for a removal.
 */
export function UserAvatar({
  user,
  size = '16',
  queued,
}: {
  user: User;
  size?: string;
  queued?: QueuedPicture | null;
}) {
  const t = useProfileT();
  const stored = usePicture(avatarPath(user), queued?.removed ? null : user.avatarFileId);
  const src = queued ? (queued.removed ? null : (queued.src ?? stored)) : stored;
  return src ? (
    <chakra.img
      src={src}
      alt={t('avatar.alt', { name: user.name })}
      width={size}
      height={size}
      borderRadius="full"
      objectFit="cover"
    />
  ) : (
    <Circle size={size} bg="brand.solid" color="brand.contrast" fontWeight="semibold" aria-hidden="true">
      {initialsOf(user)}
    </Circle>
  );
}

/**
 * The own avatar with "Change picture" (any image, cropped to a centred square, uploaded) and "Remove",
 * online or not: offline the change waits in the outbox and shows from the device, marked as waiting.
 */
export function AvatarEditor({ user }: { user: User }) {
  const t = useProfileT();
  const client = useQueryClient();
  const queued = useQueuedPicture('avatar', user._id);
  const { input, busy, choose, remove } = usePictureUpload({
    kind: 'avatar',
    picturePath: avatarPath(user),
    prepare: (file) => cropToSquare(file),
    fileName: 'avatar.jpg',
    write: () => ({
      service: 'iamserver',
      path: '/profile',
      method: 'PATCH',
      body: { version: user.version },
      resource: OWN_PROFILE_KEY[0],
      recordId: user._id,
    }),
    schema: userSchema,
    onSaved: (saved) => savedOwnProfile(client, saved),
    savedMessage: () => profileT('avatar.saved'),
  });
  const hasPicture = queued ? !queued.removed : Boolean(user.avatarFileId);
  return (
    <Flex gap={4} alignItems="center">
      <UserAvatar user={user} queued={queued} />
      <Stack gap={1}>
        <Flex gap={2} wrap="wrap" alignItems="center">
          <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
            {hasPicture ? t('avatar.change') : t('avatar.add')}
          </Button>
          {hasPicture && (
            <ConfirmedButton
              label={t('avatar.remove')}
              title={t('avatar.removeTitle')}
              body={t('avatar.removeBody')}
              cancelLabel={t('avatar.cancel')}
              disabled={busy}
              onConfirm={remove}
            />
          )}
          <QueuedPictureMark queued={queued} />
        </Flex>
        <Text textStyle="xs" color="fg.muted">
          {t('avatar.hint')}
        </Text>
        <chakra.input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label={t('avatar.file')}
          display="none"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </Stack>
    </Flex>
  );
}
