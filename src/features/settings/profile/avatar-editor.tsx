import { Button, Circle, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { cropToSquare, usePicture } from '../../../lib/avatar/avatar-image';
import { usePictureUpload } from '../../../lib/avatar/use-picture-upload';
import { NeedsConnection } from '../../../lib/online/needs-connection';
import { ConfirmedButton } from '../../../lib/ui/confirm-dialog';
import type { User } from '../../../shared/contracts/users';
import { useUpdateOwnProfile } from './profile-api';
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

/** A user's avatar: their picture, or their initials. */
export function UserAvatar({ user, size = '16' }: { user: User; size?: string }) {
  const t = useProfileT();
  const src = usePicture(`/users/${encodeURIComponent(user._id)}/avatar`, user.avatarFileId);
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

/** The own avatar with "Change picture" (any image, cropped to a centred square, uploaded) and "Remove". */
export function AvatarEditor({ user }: { user: User }) {
  const t = useProfileT();
  const update = useUpdateOwnProfile();
  const { input, busy, online, choose, remove } = usePictureUpload({
    prepare: (file) => cropToSquare(file),
    fileName: 'avatar.jpg',
    save: (avatarFileId) => update({ avatarFileId, version: user.version }),
    savedMessage: () => profileT('avatar.saved'),
  });
  return (
    <Flex gap={4} alignItems="center">
      <UserAvatar user={user} />
      <Stack gap={1}>
        <Flex gap={2} wrap="wrap">
          <Button size="sm" variant="outline" loading={busy} disabled={!online} onClick={() => input.current?.click()}>
            {user.avatarFileId ? t('avatar.change') : t('avatar.add')}
          </Button>
          {user.avatarFileId && (
            <ConfirmedButton
              label={t('avatar.remove')}
              title={t('avatar.removeTitle')}
              body={t('avatar.removeBody')}
              cancelLabel={t('avatar.cancel')}
              disabled={busy}
              onConfirm={remove}
            />
          )}
        </Flex>
        <Text textStyle="xs" color="fg.muted">
          {t('avatar.hint')}
        </Text>
        <NeedsConnection action="picture" />
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
