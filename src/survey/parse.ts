/**
 * The survey-definition file (im.xml) to typed data, with the browser's own XML parser (no parser
 * to download). The file comes from the network, so it is kept on a short leash: a size cap
 * before parsing, no document type (so no entity of the file's own: a billion-laughs file stays
 * small and quick), and every field checked, with a line in the logim log for anything missing or
 * unknown instead of a failure.
 */
import { languageOf } from '../dataElements/read';
import { SCOPES } from './select';
import type { Language, SurveyDefinition, SurveyRecord, SurveyScope, SurveySettings, SurveyText } from './types';

/** Far above any real file (the sample is 5 KB); a larger one is refused unread. */
export const MAX_FILE_BYTES = 512 * 1024;

export interface ParseResult {
  definition?: SurveyDefinition;
  /** Readable notes on what was missing, unknown or refused. */
  problems: string[];
}

const REPEATED = new Set([
  'root.surveys',
  'root.qry_active_surveys.id',
  'root.settings.tbl_url_whitelist.url',
  'root.settings.tbl_url_blacklist.url',
  'root.surveys.avoid_browsers.Value',
  'root.surveys.tbl_survey_sites.site',
  'root.surveys.tbl_survey_themes',
  'root.surveys.tbl_survey_themes.theme',
  'root.surveys.tbl_survey_institutions.institution',
  'root.surveys.tbl_survey_urls.url',
]);

const TARGET_LISTS: Record<SurveyScope, [string, string]> = {
  'Entire site': ['tbl_survey_sites', 'site'],
  Theme: ['tbl_survey_themes', 'theme'],
  Institution: ['tbl_survey_institutions', 'institution'],
  Page: ['tbl_survey_urls', 'url'],
};

const TEXT_FIELDS: Array<keyof SurveyText> = ['title', 'body', 'link', 'yes', 'no', 'close'];
const KNOWN_SURVEY_FIELDS = new Set([
  'id',
  'survey_name',
  'type',
  'start_date_time',
  'end_date_time',
  'probability',
  'avoid_browsers',
  'target_device',
  'target_language',
  'uniqueTitle',
  ...Object.values(TARGET_LISTS).map(([list]) => list),
  ...TEXT_FIELDS.flatMap((field) => [`${field}-en`, `${field}-fr`]),
]);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * A field's text, safe to show: control characters (a `&#1;` or an escaped one) are dropped and a
 * lone surrogate becomes U+FFFD, so no escape can put an invisible or broken character in the pop-up.
 */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value)
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
        .replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (c) => (c.length > 1 ? c : '\ufffd'))
        .trim()
    : '';
/** The texts of a table's repeated `item` elements. */
const items = (table: unknown, item: string): string[] => {
  const values = isNode(table) ? table[item] : undefined;
  return (Array.isArray(values) ? values : []).map(text).filter(Boolean);
};
const list = (parent: unknown, name: string, item: string): string[] => items(isNode(parent) ? parent[name] : undefined, item);
const number = (value: unknown, fallback: number) => {
  const n = Number(text(value));
  return text(value) !== '' && Number.isFinite(n) ? n : fallback;
};

/**
 * HTML's named references that the file's authors write (the XML parser knows only amp, lt, gt,
 * quot and apos), as code points in hex; any other name stays as written.
 */
const NAMED: Record<string, string> = Object.fromEntries(
  [
    ...(
      'nbsp a0 cent a2 pound a3 yen a5 euro 20ac copy a9 reg ae laquo ab raquo bb lsquo 2018 rsquo 2019 ldquo 201c rdquo 201d ' +
      'ndash 2013 mdash 2014 hellip 2026 agrave e0 acirc e2 ccedil e7 egrave e8 eacute e9 ecirc ea euml eb icirc ee iuml ef ' +
      'ocirc f4 ugrave f9 ucirc fb uuml fc Agrave c0 Acirc c2 Ccedil c7 Egrave c8 Eacute c9 Ecirc ca Icirc ce Ocirc d4 Ugrave d9'
    ).matchAll(/(\w+) (\w+)/g),
  ].map(([, name, code]) => [name!, code!]),
);
const XML_NAMED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** A character reference for a code point, or nothing for one the pop-up must not show. */
function reference(code: number): string {
  if (code === 9 || code === 10) return `&#${code};`;
  if (code < 0x20 || code === 0x7f || code > 0x10ffff) return '';
  return `&#x${(code >= 0xd800 && code <= 0xdfff ? 0xfffd : code).toString(16)};`;
}

/**
 * The file as the server sent it, made parseable: carriage returns and any document type out;
 * each \uXXXX escape (a pair of them for a character beyond the BMP) turned into a numeric
 * character reference, which the XML parser decodes as text, so an escaped `<` or `&` can never
 * change the document's structure; HTML's named references made numeric, other names kept as
 * text; a control character or a lone surrogate, however written, dropped or made U+FFFD.
 */
export function normalise(raw: string): string {
  return raw
    .replace(/\r/g, '')
    .replace(/<!DOCTYPE(?:[^[>]|\[[^\]]*\])*>/gi, '')
    .replace(/\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})|\\u([0-9a-f]{4})/gi, (_, high?: string, low?: string, single?: string) =>
      reference(high ? 0x10000 + ((parseInt(high, 16) - 0xd800) << 10) + (parseInt(low!, 16) - 0xdc00) : parseInt(single!, 16)),
    )
    .replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|([a-z][a-z0-9]*));/gi, (whole, hex?: string, decimal?: string, name?: string) =>
      name ? (XML_NAMED.has(name) ? whole : NAMED[name] ? `&#x${NAMED[name]};` : `&amp;${name};`) : reference(hex ? parseInt(hex, 16) : Number(decimal)),
    );
}

/**
 * An element as plain data: its text when it has no child elements, else its children by name;
 * the names in REPEATED always give a list, and any other name that repeats gives one too.
 */
function toData(element: Element, path: string): unknown {
  if (!element.children.length) return element.textContent ?? '';
  const node: Node = {};
  for (const child of element.children) {
    const name = child.tagName;
    const at = `${path}.${name}`;
    const value = toData(child, at);
    const before = node[name];
    if (REPEATED.has(at) || before !== undefined) node[name] = [...(Array.isArray(before) ? before : before === undefined ? [] : [before]), value];
    else node[name] = value;
  }
  return node;
}

function parseSettings(node: unknown, problems: string[]): SurveySettings {
  if (!isNode(node)) problems.push('settings missing: no scope weights, every scope weighs 0');
  const settings = isNode(node) ? node : {};
  const weight = (key: string) => Math.max(0, number(settings[key], 0));
  const persistentDays = number(settings.persistent_cookie_duration, 15);
  if (settings.persistent_cookie_duration === undefined) problems.push('persistent_cookie_duration missing: 15 days used');
  return {
    weights: { 'Entire site': weight('Site'), Theme: weight('Theme'), Institution: weight('Institution'), Page: weight('Page') },
    persistentDays,
    urlAllowlist: list(settings, 'tbl_url_whitelist', 'url'),
    urlBlocklist: list(settings, 'tbl_url_blacklist', 'url'),
  };
}

function parseDate(value: unknown): number {
  // Date-times without a zone are local, as the file's authors write them.
  const time = Date.parse(text(value));
  return Number.isFinite(time) ? time : NaN;
}

function parseSurvey(node: unknown, index: number, problems: string[]): SurveyRecord | undefined {
  if (!isNode(node)) {
    problems.push(`survey #${index + 1} is empty: skipped`);
    return undefined;
  }
  const id = text(node.id);
  const label = `survey ${id || `#${index + 1}`}`;
  const type = text(node.type) as SurveyScope;
  const start = parseDate(node.start_date_time);
  const end = parseDate(node.end_date_time);
  const probability = number(node.probability, NaN);
  const missing = [
    !id && 'id',
    !SCOPES.includes(type) && `type (got "${text(node.type)}")`,
    Number.isNaN(start) && 'start_date_time',
    Number.isNaN(end) && 'end_date_time',
    !(probability >= 0 && probability <= 1) && `probability (got "${text(node.probability)}")`,
  ].filter(Boolean);
  if (missing.length) {
    problems.push(`${label} skipped: bad or missing ${missing.join(', ')}`);
    return undefined;
  }
  const unknown = Object.keys(node).filter((key) => !KNOWN_SURVEY_FIELDS.has(key));
  if (unknown.length) problems.push(`${label}: unknown fields ignored (${unknown.join(', ')})`);
  const textOf = (language: Language) => Object.fromEntries(TEXT_FIELDS.map((field) => [field, text(node[`${field}-${language}`])])) as unknown as SurveyText;
  const device = text(node.target_device);
  const [listName, itemName] = TARGET_LISTS[type];
  const { targets, languages } = type === 'Theme' ? themeTargets(node) : { targets: list(node, listName, itemName), languages: undefined };
  return {
    id,
    name: text(node.survey_name),
    type,
    start,
    end,
    probability,
    avoidBrowsers: list(node, 'avoid_browsers', 'Value'),
    targetDevice: device === 'Desktop' || device === 'Mobile' ? device : undefined,
    targetLanguage: text(node.target_language) || undefined,
    uniqueTitle: text(node.uniqueTitle),
    text: { en: textOf('en'), fr: textOf('fr') },
    targets,
    ...(languages ? { targetLanguages: languages } : {}),
  };
}

/**
 * A Theme survey's themes, each with the page language it is for: every `tbl_survey_themes`
 * table lists themes and may name their `language` (en/fr, eng/fra); a theme whose table names
 * none is for pages in either language. Two themes are spelt the same in English and French
 * (science, culture): only the language tells those pages apart.
 */
function themeTargets(node: Node): { targets: string[]; languages: Array<Language | ''> } {
  const tables = Array.isArray(node.tbl_survey_themes) ? node.tbl_survey_themes : [];
  const targets: string[] = [];
  const languages: Array<Language | ''> = [];
  for (const table of tables) {
    const language = isNode(table) ? languageOf(text(table.language)) : '';
    for (const theme of items(table, 'theme')) {
      targets.push(theme);
      languages.push(language);
    }
  }
  return { targets, languages };
}

export function parseSurveyFile(raw: string): ParseResult {
  const problems: string[] = [];
  if (raw.length > MAX_FILE_BYTES) return { problems: [`file is ${raw.length} characters, over the ${MAX_FILE_BYTES} cap: not read`] };
  const parsed = new DOMParser().parseFromString(normalise(raw), 'application/xml');
  const error = parsed.getElementsByTagName('parsererror')[0];
  if (error) return { problems: [`conversion error: ${(error.textContent ?? '').trim().split('\n')[0]}`] };
  if (parsed.documentElement?.tagName !== 'root') return { problems: ['conversion error: no <root> element'] };
  const root = toData(parsed.documentElement, 'root');
  if (!isNode(root)) return { problems: ['conversion error: <root> is empty'] };
  const settings = parseSettings(root.settings, problems);
  const surveys = (Array.isArray(root.surveys) ? root.surveys : [])
    .map((node, index) => parseSurvey(node, index, problems))
    .filter((survey): survey is SurveyRecord => Boolean(survey));
  const activeIds = list(root, 'qry_active_surveys', 'id');
  if (!activeIds.length) problems.push('qry_active_surveys is empty: no survey is active');
  return { definition: { settings, surveys, activeIds }, problems };
}
