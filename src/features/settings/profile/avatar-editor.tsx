import { Button, Circle, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { cropToSquare, usePicture } from '../../../lib/avatar/avatar-image';
import { formMessageOf } from '../../../lib/resource-kit/server-field-errors';
import { uploadFile } from '../../../lib/drive/upload-file';
import { showToast } from '../../../lib/ui/toast-store';
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
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      showToast({ status: 'success', title: profileT('avatar.saved') });
    } catch (error) {
      showToast({ status: 'error', title: formMessageOf(error) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const choose = (file: File | undefined) => {
    if (!file) return;
    void run(async () => {
      const square = await cropToSquare(file);
      const uploaded = await uploadFile(new File([square], 'avatar.jpg', { type: 'image/jpeg' }));
      await update({ avatarFileId: uploaded._id, version: user.version });
    });
  };
  return (
    <Flex gap={4} alignItems="center">
      <UserAvatar user={user} />
      <Stack gap={1}>
        <Flex gap={2} wrap="wrap">
          <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
            {user.avatarFileId ? t('avatar.change') : t('avatar.add')}
          </Button>
          {user.avatarFileId && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void run(() => update({ avatarFileId: null, version: user.version }))}
            >
              {t('avatar.remove')}
            </Button>
          )}
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
