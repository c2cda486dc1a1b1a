/**
 * What `/filesystem/file` accepts: an allow-list of types, each with its file-name extensions and a check
 * of the bytes themselves, so that a renamed executable is refused whatever name and type it claims.
 */
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import { ApiError } from '../../http/api-error.ts';

/** 10 MB per file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

interface FileType {
  /** What people call it, for error messages. */
  label: string;
  extensions: readonly string[];
  /** Whether the bytes are plausibly of this type. */
  matches(bytes: Buffer): boolean;
}

const startsWith = (signature: number[] | string, at = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return (bytes: Buffer) =>
    bytes.length >= at + expected.length && bytes.subarray(at, at + expected.length).equals(expected);
};

/** Signatures of executables and archives that must never pass as text. */
const BINARY_SIGNATURES = [
  startsWith('MZ'), // Windows PE (.exe, .dll)
  startsWith([0x7f, 0x45, 0x4c, 0x46]), // ELF
  startsWith([0xcf, 0xfa, 0xed, 0xfe]), // Mach-O
  startsWith([0xca, 0xfe, 0xba, 0xbe]), // Mach-O universal, Java class
  startsWith('PK\x03\x04'), // ZIP
  startsWith('#!'), // scripts
];

/** Text: no NUL byte anywhere (every binary format has them) and no executable signature. */
function isText(bytes: Buffer): boolean {
  return bytes.indexOf(0) === -1 && !BINARY_SIGNATURES.some((matches) => matches(bytes));
}

const isZip = startsWith('PK\x03\x04');

export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  'application/pdf': { label: 'PDF', extensions: ['pdf'], matches: startsWith('%PDF-') },
  'image/png': {
    label: 'PNG',
    extensions: ['png'],
    matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg'], matches: startsWith([0xff, 0xd8, 0xff]) },
  'image/gif': {
    label: 'GIF',
    extensions: ['gif'],
    matches: (b) => startsWith('GIF87a')(b) || startsWith('GIF89a')(b),
  },
  'image/webp': {
    label: 'WebP',
    extensions: ['webp'],
    matches: (b) => startsWith('RIFF')(b) && startsWith('WEBP', 8)(b),
  },
  'text/plain': { label: 'plain text', extensions: ['txt', 'text', 'log'], matches: isText },
  'text/csv': { label: 'CSV', extensions: ['csv'], matches: isText },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    label: 'Excel (.xlsx)',
    extensions: ['xlsx'],
    matches: isZip,
  },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'Word (.docx)',
    extensions: ['docx'],
    matches: isZip,
  },
};

/** Other names clients use for allowed types. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/csv': 'text/csv',
  'text/x-csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
};

export const ALLOWED_FILE_TYPES_TEXT = Object.entries(FILE_TYPES)
  .map(([, type]) => `${type.label} (.${type.extensions.join(', .')})`)
  .join(', ');

export const unsupportedFileType = (why: string) =>
  new ApiError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, `${why}. Allowed file types: ${ALLOWED_FILE_TYPES_TEXT}`);

export const fileTooLarge = () =>
  new ApiError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, 'The file is too large: a file can be at most 10 MB');

function extensionOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : undefined;
}

/** `Text/CSV; charset=utf-8` -> `text/csv`; aliases resolved. */
export function normalizeMediaType(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const bare = value.split(';')[0]!.trim().toLowerCase();
  if (!bare) return undefined;
  return ALIASES[bare] ?? bare;
}

/**
 * The canonical type of an upload, or a 415: the declared type (inferred from the extension when none is
 * declared) must be allowed, the extension must belong to it, and the bytes must look like it.
 */
export function checkFileType(fileName: string, declaredType: string | undefined, bytes: Buffer): string {
  const extension = extensionOf(fileName);
  const type =
    normalizeMediaType(declaredType) ??
    Object.entries(FILE_TYPES).find(([, t]) => extension !== undefined && t.extensions.includes(extension))?.[0];
  if (!type) throw unsupportedFileType('The file type could not be determined');
  const spec = FILE_TYPES[type];
  if (!spec) throw unsupportedFileType(`Files of type ${type} are not accepted`);
  if (!extension || !spec.extensions.includes(extension)) {
    throw unsupportedFileType(`The file name must end in .${spec.extensions.join(' or .')} for a ${spec.label} file`);
  }
  if (!spec.matches(bytes)) throw unsupportedFileType(`The file's content is not ${spec.label}`);
  return type;
}
