// The material catalogues of an organisation (issue 16, spec 2 §3): duct, cable and conduit types, heat pipe types,
// the district-heating pipe catalogue, low-voltage cable and transformer types and AP cabinet models. Each catalogue
// is a table with the same columns, defaults and rules as the settings template's table it feeds (so the same
// validator, common/settings settingsProblems, checks both), and `withCatalogue` lays an organisation's catalogues
// over a template: its rows become the defaults of those tables, its AP/OAP models the choices of ap_types/oap_types.
import {
  apCabinetFor, CABINET_SIDES, fieldAt, group, int, isPlainObject, oneOf, oapTypes, projectTypeInfo, settingsProblems, table,
  templateById, templateRoot, text, type Field, type GroupField, type ListField, type SettingsProblem, type SettingsTemplate,
  type TableField, type TemplateId,
} from '../settings/index';

export const CATALOGUE_KINDS = ['duct_types', 'cable_types', 'conduit_rules', 'heat_pipe_types', 'dh_pipe_catalogue',
  'lv_cable_types', 'transformer_types', 'ap_cabinets'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export type CatalogueRow = Record<string, unknown>;
/** An organisation's catalogues: only the kinds it changed (the others are the template defaults). */
export type Catalogues = Partial<Record<CatalogueKind, CatalogueRow[]>>;

export interface CatalogueDef {
  kind: CatalogueKind;
  /** The table: its columns, default rows and key column (unique names). */
  field: TableField;
  /** Columns that together must differ between rows (the key column, or e.g. manufacturer+series+DN+system). */
  unique: readonly string[];
  /** The settings tables it feeds: template and dotted path. */
  uses: readonly { template: TemplateId; path: string }[];
}

const tableAt = (template: TemplateId, path: string): TableField => {
  const f = fieldAt(templateRoot(templateById(template)), path.split('.'));
  if (f?.type !== 'table') throw new Error(`${template}.${path} is not a table`);
  return f;
};

/** A project type with AP cabinets and OAPs (the catalogue's default models come from common/settings/cabinets). */
const FULL_FIBRE_TYPE = 9;
const apRows = (): CatalogueRow[] => {
  const names = [...['AP-S', 'AP-M', 'AP-L'].map((n) => [n, 'AP'] as const), ...oapTypes(FULL_FIBRE_TYPE).map((n) => [n, 'OAP'] as const)];
  return names.map(([name, kind]) => ({
    name, kind,
    cabinets: apCabinetFor(FULL_FIBRE_TYPE, name)!.cabinets.map((c) => ({ name: c.name, side: c.side, row: c.row, drawers: c.drawers.length })),
  }));
};
const apCabinetModel = table({
  name: text('', { maxLength: 100, pattern: '\\S' }),
  kind: oneOf(['AP', 'OAP'], 'AP'),
  cabinets: table({
    name: text('A', { maxLength: 20, pattern: '\\S' }), side: oneOf(CABINET_SIDES, 'front'),
    row: int(1, { min: 1, max: 10 }), drawers: int(12, { min: 1, max: 96, unit: 'items' }),
  }, [{ name: 'A', side: 'front', row: 1, drawers: 12 }], { key: 'name', maxItems: 16 }),
}, [], { key: 'name', maxItems: 100 });

let defs: Record<CatalogueKind, CatalogueDef> | undefined;
/** Every catalogue's definition (built once, from the templates). */
export function catalogueDefs(): Record<CatalogueKind, CatalogueDef> {
  if (defs) return defs;
  const def = (kind: CatalogueKind, field: TableField, uses: CatalogueDef['uses'], unique = field.key ? [field.key] : []): CatalogueDef =>
    ({ kind, field, uses, unique });
  const lvConduits = tableAt('lowVoltage', 'network.conduit_rules');
  defs = {
    duct_types: def('duct_types', tableAt('fttx', 'network.duct_types'), [{ template: 'fttx', path: 'network.duct_types' }]),
    cable_types: def('cable_types', tableAt('fttx', 'network.cable_types'), [{ template: 'fttx', path: 'network.cable_types' }]),
    conduit_rules: def('conduit_rules', lvConduits,
      [{ template: 'fttx', path: 'network.conduit_rules' }, { template: 'lowVoltage', path: 'network.conduit_rules' }]),
    heat_pipe_types: def('heat_pipe_types', tableAt('heat', 'network.pipe_types'), [{ template: 'heat', path: 'network.pipe_types' }]),
    dh_pipe_catalogue: def('dh_pipe_catalogue', tableAt('heat', 'network.pipe_catalogue'), [{ template: 'heat', path: 'network.pipe_catalogue' }],
      ['manufacturer', 'series', 'dnSize', 'system']),
    lv_cable_types: def('lv_cable_types', tableAt('lowVoltage', 'network.cable_types'), [{ template: 'lowVoltage', path: 'network.cable_types' }]),
    transformer_types: def('transformer_types', tableAt('lowVoltage', 'network.transformer_types'),
      [{ template: 'lowVoltage', path: 'network.transformer_types' }]),
    ap_cabinets: def('ap_cabinets', { ...apCabinetModel, default: apRows() }, [{ template: 'fttx', path: 'network.ap_types' }]),
  };
  return defs;
}

export const isCatalogueKind = (k: string): k is CatalogueKind => (CATALOGUE_KINDS as readonly string[]).includes(k);

/** A catalogue's rows with every column completed by its default (what the editor and the templates use). */
export function completeRows(kind: CatalogueKind, rows: readonly CatalogueRow[]): CatalogueRow[] {
  const f = catalogueDefs()[kind].field;
  const base = group(f.row);
  return rows.map((r) => {
    const out: CatalogueRow = {};
    for (const [k, col] of Object.entries(base.fields)) out[k] = r[k] === undefined ? defaultOf(col) : r[k];
    return out;
  });
}
const defaultOf = (f: Field): unknown => JSON.parse(JSON.stringify(f.type === 'group' ? {} : f.default ?? null));

/** The rows of a catalogue for an organisation: its own, else the template defaults. */
export const catalogueRows = (kind: CatalogueKind, cat: Catalogues): CatalogueRow[] =>
  completeRows(kind, cat[kind] ?? catalogueDefs()[kind].field.default);

/**
 * Problems of a catalogue's rows, each naming its row and column (`lv_cable_types[1].name repeats '4x95 Al'`): the
 * template's field rules through the settings validator, then composite keys, then an empty catalogue.
 */
export function catalogueProblems(kind: CatalogueKind, rows: unknown): SettingsProblem[] {
  const d = catalogueDefs()[kind];
  const out = settingsProblems({ fields: { [kind]: d.field } }, { [kind]: rows });
  if (out.length || !Array.isArray(rows)) return out;
  if (rows.length === 0) return [{ path: kind, message: `${kind} must have at least one row` }];
  if (d.unique.length > 1) {
    const seen = new Set<string>();
    rows.forEach((r: CatalogueRow, i) => {
      const k = JSON.stringify(d.unique.map((c) => r[c] ?? defaultOf(d.field.row[c])));
      if (seen.has(k)) out.push({ path: `${kind}[${i}]`, message: `${kind}[${i}] repeats ${d.unique.join(' + ')} of an earlier row` });
      seen.add(k);
    });
  }
  return out;
}

/** Names of the AP (kind 'AP') or OAP models of a catalogue. */
export const modelNames = (cat: Catalogues, kind: 'AP' | 'OAP'): string[] =>
  catalogueRows('ap_cabinets', cat).filter((r) => r.kind === kind).map((r) => String(r.name));

function withNetworkField(t: SettingsTemplate, key: string, f: Field): SettingsTemplate {
  const net = t.fields.network;
  if (net?.type !== 'group' || !net.fields[key]) return t;
  return { ...t, fields: { ...t.fields, network: { ...net, fields: { ...net.fields, [key]: f } } as GroupField } };
}

/**
 * The template with an organisation's catalogues laid over it: each catalogue it changed becomes the default rows of
 * the tables it feeds, and its AP/OAP models the choices (and defaults) of network.ap_types and network.oap_types
 * where the project type has AP cabinets / OAPs. Unchanged catalogues leave the template as it is.
 */
export function withCatalogue(t: SettingsTemplate, cat: Catalogues): SettingsTemplate {
  let out = t;
  for (const d of Object.values(catalogueDefs())) {
    if (!cat[d.kind] || d.kind === 'ap_cabinets') continue;
    for (const use of d.uses) {
      if (use.template !== t.id) continue;
      const key = use.path.split('.')[1];
      const f = fieldAt(templateRoot(out), use.path.split('.'));
      if (f?.type === 'table') out = withNetworkField(out, key, { ...f, default: catalogueRows(d.kind, cat) });
    }
  }
  const info = t.projectTypeId === undefined ? undefined : projectTypeInfo(t.projectTypeId);
  if (cat.ap_cabinets && t.id === 'fttx' && info?.apCabinets) {
    const choices = (key: string, names: string[]) => {
      const f = fieldAt(templateRoot(out), ['network', key]);
      if (f?.type === 'list' && f.item.type === 'enum') {
        out = withNetworkField(out, key, { ...f, item: { ...f.item, options: names }, default: names } as ListField);
      }
    };
    choices('ap_types', modelNames(cat, 'AP'));
    if (info.oaps) choices('oap_types', modelNames(cat, 'OAP'));
  }
  return out;
}

/** The settings' AP/OAP type names that the organisation's cabinet catalogue knows (they need no built-in model). */
export function knownModelNames(cat: Catalogues): Set<string> {
  return cat.ap_cabinets ? new Set(catalogueRows('ap_cabinets', cat).map((r) => String(r.name))) : new Set();
}

/** A settings document without the AP/OAP names the organisation's catalogue defines (for cabinetProblems). */
export function withoutCatalogueModels(value: unknown, cat: Catalogues): unknown {
  const known = knownModelNames(cat);
  if (!known.size || !isPlainObject(value) || !isPlainObject(value.network)) return value;
  const net = { ...value.network };
  for (const k of ['ap_types', 'oap_types']) if (Array.isArray(net[k])) net[k] = (net[k] as unknown[]).filter((n) => !known.has(String(n)));
  return { ...value, network: net };
}
