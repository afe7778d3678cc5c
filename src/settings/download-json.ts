// Saves a value as a JSON file in the browser (the settings export of spec 2 §7), through the shell's download.
import { downloadText } from '../shell/download';

export function downloadJson(fileName: string, value: unknown): void {
  downloadText(`${JSON.stringify(value, null, 2)}\n`, fileName, 'application/json');
}
