/**
 * Shows a queued write at once (issue 12, "optimistic updates"): every cached list and item of the
 * resource gets the change; a create appears at the top of the lists, marked as waiting. When the write
 * fails or conflicts, the resource's queries are fetched again, which rolls the change back visibly (and a
 * toast says why, see use-outbox-notices).
 */
import { isCreateEntry, type OutboxEntry } from '../../shared/outbox/outbox-entry';
import { queryClient } from '../query-client';

/** Set on records shown from the outbox, not yet on the server. */
export const PENDING_MARK = '__outboxPending';

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function changesOf(entry: OutboxEntry): Row {
  const { version: _version, ...changes } = entry.body ?? {};
  return changes;
}

function applyToRow(row: Row, entry: OutboxEntry): Row | null {
  if (row._id !== (entry.recordId ?? entry.id)) return row;
  if (entry.method === 'DELETE') return null;
  return { ...row, ...changesOf(entry), [PENDING_MARK]: true };
}

/** A page of a list (`{ items, meta }`), a plain array, or one record. */
function applyToData(data: unknown, entry: OutboxEntry, isList: boolean): unknown {
  if (Array.isArray(data)) {
    const rows = data.map((row) => (isRow(row) ? applyToRow(row, entry) : row)).filter((row) => row !== null);
    if (isList && isCreateEntry(entry) && data.every(isRow)) rows.unshift(createdRow(entry));
    return rows;
  }
  if (!isRow(data)) return data;
  if (Array.isArray(data.items)) {
    const before = data.items.length;
    const items = applyToData(data.items, entry, isList) as unknown[];
    const meta = isRow(data.meta) ? data.meta : null;
    const total = typeof meta?.total === 'number' ? meta.total : null;
    return {
      ...data,
      items,
      ...(meta && total !== null ? { meta: { ...meta, total: Math.max(0, total + (items.length - before)) } } : {}),
    };
  }
  if ('_id' in data) return applyToRow(data, entry) ?? data;
  return data;
}

function createdRow(entry: OutboxEntry): Row {
  const at = new Date(entry.createdAt).toISOString();
  return {
    ...changesOf(entry),
    _id: entry.recordId ?? entry.id,
    version: 0,
    createdAt: at,
    updatedAt: at,
    [PENDING_MARK]: true,
  };
}

export function applyOptimistic(entry: OutboxEntry): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: [entry.resource] })) {
    if (data === undefined) continue;
    // New records go into lists only (`[resource, 'list', …]`), not into other answers of the resource; a
    // child's only into its parent's (`[resource, 'list', parentId, …]`).
    const isList = key[1] === 'list' && (!entry.parent || key[2] === entry.parent.recordId);
    queryClient.setQueryData(key, applyToData(data, entry, isList));
  }
}

/** After a write landed, failed or conflicted: the server's truth replaces what was shown. */
export function refreshResource(resource: string): void {
  void queryClient.invalidateQueries({ queryKey: [resource] });
}

/** Shows every waiting write again (after a reload restored the cache from before them, or fetched anew). */
export function reapplyPending(entries: readonly OutboxEntry[]): void {
  for (const entry of entries) if (entry.status === 'pending') applyOptimistic(entry);
}

/** The record as the device has it in any cached answer of its resource (null when none holds it). */
export function cachedRecord(resource: string, recordId: string): Row | null {
  const find = (data: unknown): Row | null => {
    if (Array.isArray(data)) {
      for (const row of data) if (isRow(row) && row._id === recordId) return row;
      return null;
    }
    if (!isRow(data)) return null;
    if (Array.isArray(data.items)) return find(data.items);
    return data._id === recordId ? data : null;
  };
  for (const [, data] of queryClient.getQueriesData({ queryKey: [resource] })) {
    const found = find(data);
    if (found) return found;
  }
  return null;
}
