// Upload screen (issue 12; spec 1 §7/§8, spec 3 §7): pick or drop a GeoJSON, zipped Shapefile, GeoPackage, KML or
// GML (KLIC) file, choose the target layer, optionally replace the layer's earlier upload and simplify; the file goes
// up with a progress bar (XMLHttpRequest upload progress), then POST /fttx/features parses it into the layer. Upload
// errors as spec 1 §8: an unreadable answer → 'could not read response', an unsupported event → error, otherwise the
// server's reason. `onImported` gets the server's answer (its `layers` are then shown on the map).
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_TYPES, UPLOAD_ERRORS, uploadFile, type ImportArgs, type ImportResult, type ImportType } from '../api/endpoints/upload';

export const UPLOAD_ACCEPT = '.geojson,.json,.zip,.kmz,.gpkg,.kml,.gml,.xml';

export interface UploadDialogProps {
  projectId: number;
  /** POST /fttx/features; rejects with the RTK Query error ({data: {message}}) or an Error. */
  importFeatures: (args: ImportArgs) => Promise<ImportResult>;
  onImported: (result: ImportResult) => void;
  onClose: () => void;
  /** POST /api/upload/file with progress (injectable for tests). */
  upload?: typeof uploadFile;
}

type Phase = 'idle' | 'uploading' | 'importing' | 'done' | 'error';

function reasonOf(e: unknown): string {
  const data = (e as { data?: { message?: unknown; reason?: unknown } })?.data;
  if (data && typeof data.message === 'string') return data.message;
  if (data && typeof data.reason === 'string') return data.reason;
  if (e instanceof Error) return e.message;
  return String((e as { error?: unknown })?.error ?? e);
}

export function UploadDialog({ projectId, importFeatures, onImported, onClose, upload = uploadFile }: UploadDialogProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<ImportType>('upload');
  const [deleteExisting, setDeleteExisting] = useState(false);
  const [tolerance, setTolerance] = useState('');
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const busy = phase === 'uploading' || phase === 'importing';

  const choose = (f: File | undefined | null) => {
    if (!f || busy) return;
    setFile(f); setError(null); setResult(null); setPhase('idle'); setProgress(0);
  };
  const onDrop = (e: DragEvent) => { e.preventDefault(); setDragging(false); choose(e.dataTransfer?.files?.[0]); };

  const start = async () => {
    if (!file || busy) return;
    setError(null); setResult(null); setProgress(0); setPhase('uploading');
    let fileId: string;
    try {
      fileId = (await upload(file, setProgress, file.name)).uuid;
    } catch (e) {
      const m = reasonOf(e);
      setError(m === UPLOAD_ERRORS.unreadable || m === UPLOAD_ERRORS.unsupported ? t(m) : m);
      setPhase('error');
      return;
    }
    setProgress(100); setPhase('importing');
    const tol = Number(tolerance);
    try {
      const r = await importFeatures({ projectId, type, fileId, deleteExisting, simplifyTolerance: tolerance.trim() && Number.isFinite(tol) && tol > 0 ? tol : null });
      setResult(r); setPhase('done');
      onImported(r);
    } catch (e) {
      setError(reasonOf(e)); setPhase('error');
    }
  };

  return (
    <div role="dialog" aria-label={t('layers.upload.title')} data-testid="upload-dialog" className="upload-dialog"
      style={{ border: '1px solid #ccc', padding: 8, margin: '4px 0', background: '#fff' }}>
      <h3 style={{ fontSize: 14, margin: '0 0 6px' }}>{t('layers.upload.title')}</h3>
      <div data-testid="upload-dropzone" onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={onDrop}
        onClick={() => input.current?.click()} role="button" tabIndex={0}
        onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') input.current?.click(); }}
        style={{ border: `2px dashed ${dragging ? '#1976d2' : '#999'}`, padding: 12, textAlign: 'center', cursor: 'pointer' }}>
        {file ? <span data-testid="upload-file-name">{file.name}</span> : t('layers.upload.drop')}
      </div>
      <input ref={input} type="file" accept={UPLOAD_ACCEPT} data-testid="upload-input" style={{ display: 'none' }}
        onChange={(e) => choose(e.target.files?.[0])} />
      <label style={{ display: 'block', marginTop: 6 }}>
        {t('layers.upload.type')}{' '}
        <select data-testid="upload-type" value={type} onChange={(e) => setType(e.target.value as ImportType)} disabled={busy}>
          {IMPORT_TYPES.map((k) => <option key={k} value={k}>{t(`layers.upload.types.${k}`)}</option>)}
        </select>
      </label>
      <label style={{ display: 'block' }}>
        <input type="checkbox" data-testid="upload-delete-existing" checked={deleteExisting} disabled={busy} onChange={(e) => setDeleteExisting(e.target.checked)} />{' '}
        {t('layers.upload.deleteExisting')}
      </label>
      <label style={{ display: 'block' }}>
        {t('layers.upload.simplify')}{' '}
        <input type="number" min={0} step="any" data-testid="upload-simplify" value={tolerance} disabled={busy} onChange={(e) => setTolerance(e.target.value)} style={{ width: 70 }} />
      </label>
      {(phase === 'uploading' || phase === 'importing') && (
        <div data-testid="upload-progress-row">
          <progress data-testid="upload-progress" max={100} value={progress} aria-label={t('layers.upload.progress')} style={{ width: '100%' }} />
          <span>{phase === 'uploading' ? `${progress}%` : t('layers.upload.importing')}</span>
        </div>
      )}
      {error && <p role="alert" data-testid="upload-error" style={{ color: '#b00020' }}>{error}</p>}
      {result && <p data-testid="upload-done">{t('layers.upload.done', { count: result.count })}</p>}
      <div style={{ display: 'flex', gap: 6, marginTop: 6 }}>
        <button type="button" data-testid="upload-submit" disabled={!file || busy} onClick={() => void start()}>{t('layers.upload.submit')}</button>
        <button type="button" data-testid="upload-close" disabled={busy} onClick={onClose}>{t('layers.upload.close')}</button>
      </div>
    </div>
  );
}
