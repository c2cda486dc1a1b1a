import { describe, expect, it } from 'vitest';
import { outboxEntryFixture } from '../../shared/outbox/outbox-entry-fixture';
import type { OutboxEntry, OutboxUpload } from '../../shared/outbox/outbox-entry';
import { latestPictureChange, pictureKindOf, supersededPictureChanges } from './picture-entries';

const upload = (field: string, fileId: string | null = null): OutboxUpload => ({
  fileName: 'avatar.jpg',
  contentType: 'image/jpeg',
  size: 12_000,
  field,
  fileId,
});

let clock = 1_000_000;
/** Entries in the order the user made them (their ids sort by time). */
function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  clock += 1000;
  return outboxEntryFixture({
    id: `${clock.toString(36).padStart(11, '0')}-0000-000000`,
    service: 'iamserver',
    path: '/profile',
    resource: 'profile',
    recordId: 'u1',
    body: { version: 4 },
    ...overrides,
  });
}

const avatarUpload = () => entry({ schemaVersion: 2, upload: upload('avatarFileId') });
const avatarRemoval = () => entry({ body: { avatarFileId: null, version: 4 } });
const nameChange = () => entry({ body: { name: 'Ana', version: 4 } });
const logoUpload = () =>
  entry({
    resource: 'company',
    path: '/companies/c1',
    recordId: 'c1',
    upload: { ...upload('logoFileId'), fileName: 'logo.png' },
  });

describe('pictureKindOf', () => {
  it('tells a picture change from the record’s other writes', () => {
    expect(pictureKindOf(avatarUpload())).toBe('avatar');
    expect(pictureKindOf(avatarRemoval())).toBe('avatar');
    expect(pictureKindOf(logoUpload())).toBe('logo');
    expect(pictureKindOf(entry({ resource: 'company', recordId: 'c1', body: { logoFileId: null } }))).toBe('logo');
    // The form's save, and a picture sent with other fields, are not the picture's.
    expect(pictureKindOf(nameChange())).toBeNull();
    expect(pictureKindOf(entry({ body: { avatarFileId: null, name: 'Ana', version: 4 } }))).toBeNull();
    // Another resource's upload with the same field name, or a document's upload.
    expect(pictureKindOf(entry({ resource: 'contacts', upload: upload('avatarFileId') }))).toBeNull();
    expect(pictureKindOf(entry({ resource: 'profile', upload: upload('fileId') }))).toBeNull();
    expect(pictureKindOf(entry({ method: 'DELETE', body: null }))).toBeNull();
  });
});

describe('latestPictureChange', () => {
  it('is the last change of that picture of that record, as the screens show it', () => {
    const first = avatarUpload();
    const removal = avatarRemoval();
    const name = nameChange();
    expect(latestPictureChange([first, name], 'avatar', 'u1')).toMatchObject({
      entryId: first.id,
      removed: false,
      hasFile: true,
      fileId: null,
      status: 'pending',
    });
    expect(latestPictureChange([first, removal, name], 'avatar', 'u1')).toMatchObject({
      entryId: removal.id,
      removed: true,
      hasFile: false,
    });
    expect(latestPictureChange([first, removal], 'avatar', 'someone-else')).toBeNull();
    expect(latestPictureChange([first, removal], 'logo', 'u1')).toBeNull();
    expect(latestPictureChange([name], 'avatar', 'u1')).toBeNull();
  });

  it('names the file once uploaded, and says a refusal', () => {
    const uploaded = entry({
      upload: upload('avatarFileId', 'f9'),
      status: 'failed',
      error: { status: 400, code: 'VALIDATION', message: 'Not an image' },
    });
    expect(latestPictureChange([uploaded], 'avatar', 'u1')).toMatchObject({
      fileId: 'f9',
      hasFile: true,
      status: 'failed',
      error: 'Not an image',
    });
    // Uploaded at once, the write waiting behind an earlier one of the record.
    const named = entry({ body: { avatarFileId: 'f10', version: 4 } });
    expect(latestPictureChange([named], 'avatar', 'u1')).toMatchObject({
      fileId: 'f10',
      hasFile: false,
      removed: false,
    });
  });
});

describe('supersededPictureChanges', () => {
  it('drops the earlier changes of the same picture: the last one wins', () => {
    const first = avatarUpload();
    const name = nameChange();
    const removal = avatarRemoval();
    const logo = logoUpload();
    const latest = avatarUpload();
    const all = [first, name, removal, logo, latest];
    expect(supersededPictureChanges(all, latest).map((e) => e.id)).toEqual([first.id, removal.id]);
    // Nothing later than it, nothing of another user, nothing for a write that is no picture's.
    expect(supersededPictureChanges(all, first)).toEqual([]);
    expect(supersededPictureChanges([{ ...first, userId: 'u2' }], latest)).toEqual([]);
    expect(supersededPictureChanges(all, name)).toEqual([]);
    expect(supersededPictureChanges(all, logoUpload()).map((e) => e.id)).toEqual([logo.id]);
  });
});
