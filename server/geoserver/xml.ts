// XML text helpers for the WFS documents (capabilities, schemas, hit counts): escaping and number formatting.

export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A coordinate for an XML corner: plain decimal notation, at most 8 decimals. */
export function num(x: number): string {
  return String(Math.round(x * 1e8) / 1e8);
}
