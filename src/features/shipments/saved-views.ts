/**
 * A user's named views of the shipment list: a name and the filters and search of the URL
 * (list-filters.ts `viewQueryOf`). Kept on the device in local storage, per company and user.
 *
 * Why not the server: the user's preferences (`PUT /profile/preferences`) are a strict, closed object with
 * no place for free-form lists, and growing that contract belongs to the identity service, not to this
 * screen. Local storage is synchronous (the menu shows at once), works offline and survives a reload and
 * a sign-out; the price is that views stay on the device they were saved on.
 */
export interface SavedView {
  name: string;
  /** `mode=air&status=booked`: what `applyViewQuery` puts back. */
  query: string;
}

/** What the views are read from and written to: `window.localStorage`, or a map in tests. */
export interface ViewStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const MAX_SAVED_VIEWS = 20;
export const MAX_VIEW_NAME = 60;

export function savedViewsKey(owner: { companyId: string; userId: string }): string {
  return `freight-desk:shipment-views:${owner.companyId}:${owner.userId}`;
}

function isView(value: unknown): value is SavedView {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SavedView).name === 'string' &&
    typeof (value as SavedView).query === 'string'
  );
}

/** The views in the order they were saved; anything unreadable (another build, a hand edit) is none. */
export function readViews(storage: ViewStorage, key: string): SavedView[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isView).slice(0, MAX_SAVED_VIEWS) : [];
  } catch {
    return [];
  }
}

export type SaveViewResult = { ok: true; views: SavedView[] } | { ok: false; reason: 'empty-name' | 'too-many' };

/**
 * Saves a view under `name`; a view of the same name (ignoring case) is replaced in its place, so saving
 * "Air imports" again updates it rather than adding a second.
 */
export function saveView(storage: ViewStorage, key: string, name: string, query: string): SaveViewResult {
  const trimmed = name.trim().slice(0, MAX_VIEW_NAME);
  if (!trimmed) return { ok: false, reason: 'empty-name' };
  const views = readViews(storage, key);
  const same = views.findIndex((view) => view.name.toLocaleLowerCase() === trimmed.toLocaleLowerCase());
  if (same >= 0) views[same] = { name: trimmed, query };
  else if (views.length >= MAX_SAVED_VIEWS) return { ok: false, reason: 'too-many' };
  else views.push({ name: trimmed, query });
  storage.setItem(key, JSON.stringify(views));
  return { ok: true, views };
}

export function deleteView(storage: ViewStorage, key: string, name: string): SavedView[] {
  const views = readViews(storage, key).filter((view) => view.name !== name);
  storage.setItem(key, JSON.stringify(views));
  return views;
}
