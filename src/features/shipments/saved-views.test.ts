import { describe, expect, it } from 'vitest';
import { deleteView, MAX_SAVED_VIEWS, readViews, savedViewsKey, saveView, type ViewStorage } from './saved-views';

function memoryStorage(): ViewStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

const ANA = savedViewsKey({ companyId: 'c1', userId: 'ana' });
const BEN = savedViewsKey({ companyId: 'c1', userId: 'ben' });

describe('saved views', () => {
  it('keeps each user’s views apart and in the order they were saved', () => {
    const storage = memoryStorage();
    saveView(storage, ANA, 'Air imports', 'mode=air&direction=import');
    saveView(storage, ANA, ' Open sea ', 'mode=sea-fcl,sea-lcl');
    saveView(storage, BEN, 'Mine', 'search=msku');
    expect(readViews(storage, ANA)).toEqual([
      { name: 'Air imports', query: 'mode=air&direction=import' },
      { name: 'Open sea', query: 'mode=sea-fcl,sea-lcl' },
    ]);
    expect(readViews(storage, BEN)).toEqual([{ name: 'Mine', query: 'search=msku' }]);
  });

  it('replaces a view saved again under the same name, in its place', () => {
    const storage = memoryStorage();
    saveView(storage, ANA, 'Air imports', 'mode=air');
    saveView(storage, ANA, 'Road', 'mode=road');
    saveView(storage, ANA, 'air IMPORTS', 'mode=air&direction=import');
    expect(readViews(storage, ANA).map((v) => [v.name, v.query])).toEqual([
      ['air IMPORTS', 'mode=air&direction=import'],
      ['Road', 'mode=road'],
    ]);
  });

  it('refuses a view without a name, and one more than the limit', () => {
    const storage = memoryStorage();
    expect(saveView(storage, ANA, '  ', 'mode=air')).toEqual({ ok: false, reason: 'empty-name' });
    for (let i = 0; i < MAX_SAVED_VIEWS; i++) saveView(storage, ANA, `View ${i}`, `search=${i}`);
    expect(saveView(storage, ANA, 'One more', 'mode=air')).toEqual({ ok: false, reason: 'too-many' });
    expect(readViews(storage, ANA)).toHaveLength(MAX_SAVED_VIEWS);
  });

  it('deletes one view, and reads a damaged store as none', () => {
    const storage = memoryStorage();
    saveView(storage, ANA, 'A', 'mode=air');
    saveView(storage, ANA, 'B', 'mode=road');
    expect(deleteView(storage, ANA, 'A')).toEqual([{ name: 'B', query: 'mode=road' }]);
    storage.setItem(BEN, '{not json');
    expect(readViews(storage, BEN)).toEqual([]);
    storage.setItem(BEN, JSON.stringify([{ name: 'ok', query: 'a=1' }, { name: 3 }, 'x']));
    expect(readViews(storage, BEN)).toEqual([{ name: 'ok', query: 'a=1' }]);
  });
});
