// The problems at exactly one settings path (client validation and the server's 400), shown beside the field.
import { useEditor } from './editor-context';

export function Problems({ path }: { path: string }) {
  const texts = useEditor().problems.get(path);
  if (!texts?.length) return null;
  return <span className="setting-problem form-error" data-testid={`problem-${path}`}>{texts.join('; ')}</span>;
}
