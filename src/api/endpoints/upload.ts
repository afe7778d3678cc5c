// Upload calls of spec 1 §7–§8: POST /api/upload/file (multipart field `file`, progress percent reported; sent with
// XMLHttpRequest because fetch has no upload progress) and DELETE /api/upload/file/{uuid}.
import { api } from '../api';
import { apiBase } from '../base-query';
import { currentLanguage } from '../../i18n/i18n';
import { readStoredSessionId } from '../../auth/session-slice';

export interface UploadResponse { success: boolean; uuid?: string; reason?: string }
export const UPLOAD_ERRORS = { unreadable: 'requests.upload_could_not_read_response', unsupported: 'requests.upload_unsupported_event' } as const;

/** Uploads one file; resolves with the server's answer, rejects with 'could not read response' or the reason. */
export function uploadFile(file: Blob, onProgress?: (percent: number) => void, name = 'upload'): Promise<UploadResponse & { uuid: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase()}/upload/file`);
    const token = readStoredSessionId();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('X-Language', currentLanguage());
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100)); };
    xhr.onerror = () => reject(new Error(UPLOAD_ERRORS.unsupported));
    xhr.onload = () => {
      let body: UploadResponse;
      try { body = JSON.parse(xhr.responseText) as UploadResponse; } catch { reject(new Error(UPLOAD_ERRORS.unreadable)); return; }
      if (body.success && body.uuid) resolve(body as UploadResponse & { uuid: string });
      else reject(new Error(body.reason ?? UPLOAD_ERRORS.unreadable));
    };
    const form = new FormData();
    form.append('file', file, (file as File).name ?? name);
    xhr.send(form);
  });
}

export interface UploadArgs { file: Blob; onProgress?: (percent: number) => void; name?: string }

export const uploadApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** POST /api/upload/file as an RTK Query mutation (the XMLHttpRequest above, for its progress events). */
    uploadFile: b.mutation<UploadResponse & { uuid: string }, UploadArgs>({
      queryFn: async ({ file, onProgress, name }) => {
        try { return { data: await uploadFile(file, onProgress, name) }; } catch (e) { return { error: { status: 'CUSTOM_ERROR', error: (e as Error).message } }; }
      },
      invalidatesTags: ['Upload'],
    }),
    deleteUpload: b.mutation<unknown, string>({ query: (uuid) => ({ url: `/upload/file/${uuid}`, method: 'DELETE' }), invalidatesTags: ['Upload'] }),
  }),
});

export const { useUploadFileMutation, useDeleteUploadMutation } = uploadApi;
