import { describe, expect, it } from 'vitest';
import { changeSentence } from './history-section';

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
