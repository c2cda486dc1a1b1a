/**
 * Uploads one file to driveserver (`POST /filesystem/file`, raw body, name and type in the query), with
 * upload progress: XMLHttpRequest, since fetch reports none. The service worker adds the auth headers
 * when it controls the page; without one, the page adds them, and a 401 retries once through apiCall
 * (whose page-side interceptor refreshes the token). Either way the answer is parsed with the contract.
 */
import { fileMetadataSchema, type FileMetadata } from '../../shared/contracts/drive';
import { apiBase, apiCall, dataOfAnswer, withAuthHeaders } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { readAuthCookies } from '../cookies';

/** driveserver's limit per file (server/modules/drive/file-types.ts), enforced before uploading too. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

function uploadPath(file: File): string {
  const params = new URLSearchParams({ name: file.name });
  if (file.type) params.set('type', file.type);
  return `/filesystem/file?${params.toString()}`;
}

function errorFrom(status: number, text: string): ApiError {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: the status speaks.
  }
  return new ApiError(
    status,
    typeof body.code === 'string' ? body.code : `HTTP_${status}`,
    typeof body.message === 'string' ? body.message : `The upload failed (HTTP ${status}).`,
  );
}

export function uploadFile(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<FileMetadata> {
  if (file.size > MAX_UPLOAD_BYTES) {
    return Promise.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'A file can be at most 10 MB.'));
  }
  const path = uploadPath(file);
  return new Promise<FileMetadata>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase('driveserver')}${path}`);
    const controlled = Boolean(navigator.serviceWorker?.controller);
    const headers = withAuthHeaders(
      { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      controlled ? null : readAuthCookies(),
    );
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(
            dataOfAnswer('driveserver', path, fileMetadataSchema, { status: xhr.status, text: xhr.responseText }),
          );
        } catch (error) {
          reject(error);
        }
        return;
      }
      if (xhr.status === 401 && !controlled) {
        // Expired access token and no worker to refresh it: once more through the page's interceptor.
        apiCall('driveserver', path, fileMetadataSchema, {
          method: 'POST',
          body: file,
          headers: { 'Content-Type': 'application/octet-stream' },
          signal: options.signal,
        }).then((uploaded) => {
          options.onProgress?.(1);
          resolve(uploaded);
        }, reject);
        return;
      }
      reject(errorFrom(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The upload failed: no connection.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
