// Upload calls of spec 1 §7–§8: POST /api/upload/file (multipart field `file`, progress percent reported; sent with
// XMLHttpRequest because fetch has no upload progress) and DELETE /api/upload/file/{uuid}.
import { api } from '../api';
import { apiBase } from '../base-query';
import { currentLanguage } from '../../i18n/i18n';
import { readStoredSessionId } from '../../auth/session-slice';
import { BYPASS } from '../../shell/requests/headers';

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

/** Target layers of POST /fttx/features: `upload` picks point/line/polygon by geometry (KLIC files go to `klic`). */
export const IMPORT_TYPES = ['upload', 'klic', 'road_centre_line', 'parcel', 'building', 'capex_upload', 'upload_point', 'upload_line', 'upload_polygon'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export interface ImportArgs { projectId: number; type: ImportType; fileId: string; deleteExisting: boolean; simplifyTolerance?: number | null }
export interface ImportResult {
  success: true; fileId: string; filename: string; format: string; crs: string; count: number; deleted: number;
  types: Record<string, number>; layers: string[];
}

export const uploadApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** POST /api/upload/file as an RTK Query mutation (the XMLHttpRequest above, for its progress events). */
    uploadFile: b.mutation<UploadResponse & { uuid: string }, UploadArgs>({
      queryFn: async ({ file, onProgress, name }) => {
        try { return { data: await uploadFile(file, onProgress, name) }; } catch (e) { return { error: { status: 'CUSTOM_ERROR', error: (e as Error).message } }; }
      },
      invalidatesTags: ['Upload'],
    }),
    /** POST /api/project/{id}/fttx/features (spec 3 §7): parses an uploaded file into the upload layers. It bypasses
     *  the global error catcher and messages, so the caller shows the server's reason (spec 1 §8). */
    importFeatures: b.mutation<ImportResult, ImportArgs>({
      query: ({ projectId, ...body }) => ({
        url: `/project/${projectId}/fttx/features`, method: 'POST', body,
        headers: { [BYPASS.catch]: 'true', [BYPASS.messages]: 'true' },
      }),
    }),
    deleteUpload: b.mutation<unknown, string>({ query: (uuid) => ({ url: `/upload/file/${uuid}`, method: 'DELETE' }), invalidatesTags: ['Upload'] }),
  }),
});

export const { useUploadFileMutation, useDeleteUploadMutation, useImportFeaturesMutation } = uploadApi;
