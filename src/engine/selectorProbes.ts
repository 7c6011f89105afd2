/**
 * Cheap necessary conditions for `closest()`. The browser matches a lone class, id or tag name
 * at or above an element in a fraction of a microsecond, but most other selectors (descendant
 * ones such as `.gc-nttvs a[href]`, attribute ones) cost it a microsecond or more per call, and a
 * click asks for twenty-odd. The first compound of a descendant or child selector must match the
 * element or an ancestor, so where the leading name of every item of the list is absent there,
 * the whole selector cannot match: a click asks the browser for the full selector only when one
 * of these probes finds something.
 */
const probes = new Map<string, string[] | null>();

function isValid(selector: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

/**
 * Each item's leading class, id or tag name, or null when that is no necessary condition: an item
 * without one, sibling combinators (their compounds are not ancestors), escapes, namespaces, or
 * brackets, parentheses and quotes that could hide a comma.
 */
export function probesOf(selector: string): string[] | null {
  let found = probes.get(selector);
  if (found === undefined) {
    // Attribute selectors and arguments without a comma in them go first: what is left is the list's outline.
    const outer = selector.replace(/\[[^\],]*\]/g, '').replace(/\([^(),]*\)/g, '');
    const items = /[()[\]"'\\|+~]/.test(outer) ? [undefined] : outer.split(',').map((item) => /^\s*([.#]?-?[_a-zA-Z][\w-]*)(?![^\s>.#[:])/.exec(item)?.[1]);
    // A lone name is its own probe: it needs none. An invalid selector gets none either, so that
    // the browser's error is logged on the first event, wherever it lands.
    found = items.every(Boolean) && items.join() !== selector.trim() && isValid(selector) ? (items as string[]) : null;
    probes.set(selector, found);
  }
  return found;
}
