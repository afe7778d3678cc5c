// What every field editor of the settings screen shares, through React context: read-only mode (viewers), the
// problems by path (client validation and the server's 400), the write function and the field labels.
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePath } from '../settings-doc';

export interface SettingsEditorContext {
  readOnly: boolean;
  problems: ReadonlyMap<string, string[]>;
  /** Writes a value at a settings path ('network.cable_types[2].name'). */
  set: (path: string, value: unknown) => void;
}

export const EditorContext = createContext<SettingsEditorContext>({ readOnly: true, problems: new Map(), set: () => {} });
export const useEditor = () => useContext(EditorContext);

/** 'dp_capacity' → 'Dp capacity' (a label for a key no translation names). */
export const humanize = (key: string): string => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The label of the field at a path: its last key, translated under settings.field (the templates carry no labels). */
export function useFieldLabel(): (path: string) => string {
  const { t } = useTranslation();
  return (path) => {
    const key = [...parsePath(path)].reverse().find((k): k is string => typeof k === 'string') ?? '';
    return t(`settings.field.${key}`, { defaultValue: humanize(key) });
  };
}
