import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/contracts/log';
import { shipmentDocumentSchema } from '../../shared/contracts/shipment-documents';
import { changeSentence, historyLines, historySentence } from './history-section';

describe('a shipment change in words', () => {
  it('names the field as the form labels it, with both values', () => {
    expect(changeSentence({ field: 'eta', before: '2026-03-02', after: '2026-03-04' })).toBe(
      'ETA from 2026-03-02 to 2026-03-04',
    );
    expect(changeSentence({ field: 'masterBillNumber', before: '', after: 'MAEU123' })).toBe(
      'Master bill of lading to MAEU123',
    );
    expect(changeSentence({ field: 'voyage', before: '148W', after: '' })).toBe('cleared Voyage');
  });

  it('says that the containers or cargo changed without printing the rows', () => {
    expect(changeSentence({ field: 'containers', before: [], after: [{ number: 'MSKU6011672' }] })).toBe(
      'the containers',
    );
  });
});

describe('a milestone in the shipment history', () => {
  const entry = (changes: Record<string, unknown>): AuditEntry => ({
    _id: 'a1',
    companyId: 'c1',
    actorUserId: 'u1',
    actorName: 'Admin Demo',
    action: 'shipment.event',
    entity: 'shipment',
    entityId: 's1',
    changes,
    requestId: null,
    createdAt: '2026-03-02T10:00:00.000Z',
  });

  it('says what happened, where, to which container, and the status it led to', () => {
    const sentence = historySentence(
      entry({
        before: { status: 'booked' },
        after: { status: 'in-transit' },
        event: {
          code: 'LOAD',
          classifier: 'ACT',
          at: '2026-03-02T09:30:00.000Z',
          location: 'NLRTM',
          containerNumber: 'MSKU6011672',
        },
      }),
      'Admin Demo',
    );
    expect(sentence).toMatch(
      /^Admin Demo recorded: Actual “Loaded”, .+ at NLRTM \(container MSKU6011672\)\. The status became “In transit”\.$/,
    );
    expect(sentence).not.toContain('LOAD');
  });

  it('tells a correction from a new milestone, and leaves the status out when it did not move', () => {
    const sentence = historySentence(
      entry({
        before: { status: 'booked' },
        after: { status: 'booked' },
        event: { code: 'ARRI', classifier: 'EST', at: '2026-03-09T06:00:00.000Z', location: 'USNYC', retracts: 'e0' },
      }),
      'Ops Demo',
    );
    expect(sentence).toMatch(
      /^Ops Demo retracted an earlier milestone and recorded: Estimated “Arrived”, .+ at USNYC\.$/,
    );
  });

  it('falls back to the describer for an entry that logged no event', () => {
    expect(historySentence(entry({}), 'Admin Demo')).not.toBe('');
    expect(historySentence(entry({}), 'Admin Demo')).not.toContain('shipment.event');
  });
});

describe('the shipment history as one trail', () => {
  it('puts documents among the changes and milestones, newest first, in words', () => {
    const created: AuditEntry = {
      _id: 'a0',
      companyId: 'c1',
      actorUserId: 'u1',
      actorName: 'Admin Demo',
      action: 'shipment.create',
      entity: 'shipment',
      entityId: 's1',
      changes: {},
      requestId: null,
      createdAt: '2026-03-01T08:00:00.000Z',
    };
    const milestone: AuditEntry = {
      ...created,
      _id: 'a1',
      action: 'shipment.event',
      changes: { event: { code: 'GTIN', classifier: 'ACT', at: '2026-03-03T08:00:00.000Z', location: 'NLRTM' } },
      createdAt: '2026-03-03T08:05:00.000Z',
    };
    const lines = historyLines(
      [milestone, created],
      [
        shipmentDocumentSchema.parse({
          _id: 'd1',
          shipmentId: 's1',
          fileId: 'f1',
          type: 'commercial-invoice',
          fileName: 'invoice-118.pdf',
          contentType: 'application/pdf',
          size: 1200,
          createdBy: 'u2',
          createdByName: 'Ops Demo',
          createdAt: '2026-03-02T12:00:00.000Z',
        }),
      ],
      'Someone',
    );
    expect(lines.map((l) => l.sentence)).toEqual([
      expect.stringMatching(/^Admin Demo recorded: Actual “Gate in”/),
      'Ops Demo attached the document “invoice-118.pdf” (Commercial invoice).',
      'Admin Demo created the shipment.',
    ]);
  });
});

describe('closing a job in the history', () => {
  const update = (before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry => ({
    _id: 'a9',
    companyId: 'c1',
    actorUserId: 'u1',
    actorName: 'Admin Demo',
    action: 'shipment.update',
    entity: 'shipment',
    entityId: 's1',
    changes: { before, after },
    requestId: null,
    createdAt: '2026-03-20T10:00:00.000Z',
  });
  const labels = (field: string, value: unknown) =>
    field === 'lossReason' && value === 'exchange-rate' ? 'Exchange rate moved' : undefined;

  it('says the job was closed, with the loss reason in words, and never the closing fields', () => {
    const closedAtLoss = update(
      { closed: false, closedAt: null, lossReason: null },
      { closed: true, closedAt: '2026-03-20T10:00:00.000Z', lossReason: 'exchange-rate' },
    );
    expect(historySentence(closedAtLoss, 'Admin Demo', labels)).toBe(
      'Admin Demo closed the job at a loss: Exchange rate moved.',
    );
    expect(historySentence(update({ closed: false }, { closed: true, closedAt: '2026-03-20' }), 'Admin Demo')).toBe(
      'Admin Demo closed the job.',
    );
    expect(historySentence(update({ closed: true, lossReason: 'exchange-rate' }, { closed: false }), 'Ops Demo')).toBe(
      'Ops Demo reopened the job.',
    );
  });
});
