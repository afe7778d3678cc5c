// XML of a WFS-T request body as a small element tree: well-formedness checked first (fast-xml-parser's validator;
// a malformed body is a 400 naming line and column), then parsed in document order with namespace prefixes removed
// (wfs:Insert → Insert, gml:id → id), every value kept as text.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { OwsError } from './ows-error';

export interface XNode { name: string; attrs: Record<string, string>; children: XNode[]; text: string }

const parser = new XMLParser({
  preserveOrder: true, removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false,
  parseAttributeValue: false, trimValues: true, ignoreDeclaration: true, ignorePiTags: true, processEntities: true,
});

type Raw = Record<string, unknown>;

function toNode(raw: Raw): XNode | string | undefined {
  if ('#text' in raw) return String(raw['#text']);
  const name = Object.keys(raw).find((k) => k !== ':@');
  if (!name) return undefined;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries((raw[':@'] ?? {}) as Record<string, unknown>)) attrs[k] = String(v);
  const children: XNode[] = [];
  let text = '';
  for (const c of (raw[name] ?? []) as Raw[]) {
    const n = toNode(c);
    if (typeof n === 'string') text += n;
    else if (n) children.push(n);
  }
  return { name, attrs, children, text };
}

/** The root element of an XML document, or a 400 OWS error naming the problem. */
export function parseXml(body: string): XNode {
  const ok = XMLValidator.validate(body);
  if (ok !== true) {
    const { msg, line, col } = ok.err;
    throw new OwsError('InvalidParameterValue', 'body', `Malformed XML: ${msg} (line ${line}, column ${col})`);
  }
  const doc = parser.parse(body) as Raw[];
  const root = doc.map(toNode).find((n): n is XNode => typeof n === 'object');
  if (!root) throw new OwsError('InvalidParameterValue', 'body', 'Malformed XML: no root element');
  return root;
}

export const child = (n: XNode, name: string): XNode | undefined => n.children.find((c) => c.name === name);
export const childrenNamed = (n: XNode, name: string): XNode[] => n.children.filter((c) => c.name === name);

/** The root element name and version attribute of a body, read without parsing it all (for requests sent without KVP). */
export function sniffRoot(body: string): { name?: string; version?: string } {
  const m = /<\s*(?:[\w.-]+:)?([A-Za-z_][\w.-]*)((?:\s+[^>]*)?)>/.exec(body.replace(/<\?[^>]*\?>|<!--[\s\S]*?-->/g, ''));
  if (!m) return {};
  const v = /\bversion\s*=\s*["']([^"']+)["']/.exec(m[2] ?? '');
  return { name: m[1], version: v?.[1] };
}
