// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { describeOutboxEntry } from './describe-entry';

const update = {
  resource: 'contacts',
  label: 'Rotterdam Reefer Lines',
  recordId: 'c1',
  method: 'PATCH' as const,
  body: { name: 'Rotterdam Reefer Lines', city: 'Rotterdam', notes: '', tagIds: ['a', 'b'], version: 3 },
};

describe('describeOutboxEntry', () => {
  afterEach(() => setLanguage('en'));

  it('says what will change, only the fields that differ when they are known', () => {
    expect(describeOutboxEntry({ ...update, changedFields: ['city'] })).toBe(
      'Contact Rotterdam Reefer Lines: city → Rotterdam',
    );
    expect(describeOutboxEntry({ ...update, changedFields: ['notes', 'tagIds'] })).toBe(
      'Contact Rotterdam Reefer Lines: notes → (empty), tags → 2 items',
    );
    // An entry of an earlier build: every field it sends.
    expect(describeOutboxEntry(update)).toBe(
      'Contact Rotterdam Reefer Lines: name → Rotterdam Reefer Lines, city → Rotterdam, notes → (empty), tags → 2 items',
    );
  });

  it('names creates and deletes, and speaks Spanish', async () => {
    expect(describeOutboxEntry({ ...update, method: 'POST', recordId: null })).toBe(
      'Contact Rotterdam Reefer Lines: to be created',
    );
    expect(describeOutboxEntry({ ...update, method: 'DELETE', body: null })).toBe(
      'Contact Rotterdam Reefer Lines: to be deleted',
    );
    await setLanguage('es');
    expect(describeOutboxEntry({ ...update, changedFields: ['city'] })).toBe(
      'Contacto Rotterdam Reefer Lines: ciudad → Rotterdam',
    );
  });

  it('names a file waiting to be uploaded, with its size', async () => {
    const photo = {
      resource: 'shipment-documents',
      label: 'SEA-2026-00001 · Photo · seal.jpg',
      recordId: null,
      method: 'POST' as const,
      body: { type: 'photo' },
      upload: { fileName: 'seal.jpg', contentType: 'image/jpeg', size: 860_000, field: 'fileId', fileId: null },
    };
    expect(describeOutboxEntry(photo)).toBe(
      'Document of shipment SEA-2026-00001 · Photo · seal.jpg: to be uploaded (0.8 MB)',
    );
    await setLanguage('es');
    expect(describeOutboxEntry(photo)).toBe(
      'Documento del envío SEA-2026-00001 · Photo · seal.jpg: por subir (0,8 MB)',
    );
  });

  it('names a picture in words, with its size: "Your picture", "Company logo"', async () => {
    const upload = {
      fileName: 'avatar.jpg',
      contentType: 'image/jpeg',
      size: 14_800,
      field: 'avatarFileId',
      fileId: null,
    };
    const avatar = {
      resource: 'profile',
      label: 'Your picture',
      recordId: 'u1',
      method: 'PATCH' as const,
      body: { version: 3 },
      upload,
    };
    expect(describeOutboxEntry(avatar)).toBe('Your picture: to be uploaded (14 KB)');
    // Uploaded already, the write still waiting.
    expect(describeOutboxEntry({ ...avatar, upload: { ...upload, fileId: 'f1' } })).toBe('Your picture: to be set');
    const logo = {
      resource: 'company',
      label: 'Company logo',
      recordId: 'c1',
      method: 'PATCH' as const,
      body: { logoFileId: null, version: 7 },
    };
    expect(describeOutboxEntry(logo)).toBe('Company logo: to be removed');
    // The company's other fields are the form's change, said field by field.
    expect(describeOutboxEntry({ ...logo, label: 'Demo Freight', body: { name: 'Demo', logoFileId: null } })).toBe(
      'Record Demo Freight: name → Demo, logo file id → (empty)',
    );
    await setLanguage('es');
    expect(describeOutboxEntry(avatar)).toBe('Su imagen: por subir (14 KB)');
    expect(describeOutboxEntry(logo)).toBe('Logotipo de la empresa: por quitar');
  });
});
