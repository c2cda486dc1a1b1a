/**
 * A run's values as the preview writes them: lists joined with ", ", timestamps and days in the user's
 * date format, booleans as Yes / No, nothing as an empty cell (or "(none)" for a chart's group).
 */
import { formatDate, formatDateTime, formatNumber } from '../../lib/i18n/format';
import type { ReportCell, ReportColumnKind } from '../../shared/contracts/reports';
import { reportsT } from './strings';

export function cellText(cell: ReportCell, kind: ReportColumnKind): string {
  if (cell === null) return '';
  if (Array.isArray(cell)) return cell.join(', ');
  if (typeof cell === 'boolean') return reportsT(cell ? 'yes' : 'no');
  if (typeof cell === 'number') return formatNumber(cell);
  if (kind === 'date') return formatDateTime(cell) || cell;
  if (kind === 'day') return dayText(cell);
  if (kind === 'boolean' && (cell === 'true' || cell === 'false')) return reportsT(cell === 'true' ? 'yes' : 'no');
  return cell;
}

/** A day (`2026-01-31`) as a date; noon UTC, so that no time zone of the user's moves it to another day. */
function dayText(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`) || day : formatDate(day) || day;
}

/** A chart group's label: a day for a date column, Yes / No for a boolean one, "(none)" for no value. */
export function pointText(label: string, kind: ReportColumnKind | undefined): string {
  if (label === '') return reportsT('noValue');
  if (kind === 'date' || kind === 'day') return dayText(label);
  if (kind === 'boolean' && (label === 'true' || label === 'false')) return reportsT(label === 'true' ? 'yes' : 'no');
  return label;
}
