/** DOM readers shared by the Canada.ca rules. None of them throws for odd markup. */
import { squeeze } from '../../dataElements/read';

/** Site owners mark an element (or a whole block) this way to keep it out of analytics. */
export const EXEMPT_ATTRIBUTE = 'data-analytics-exempt';

/** Marked itself, or inside a marked element: also when it is in the shadow tree of a marked host. */
export function isExempt(element: Element | null | undefined): boolean {
  // Only a shadow root has a host: the element it is attached to.
  return !!element?.closest && (!!element.closest(`[${EXEMPT_ATTRIBUTE}]`) || isExempt((element.getRootNode() as Partial<ShadowRoot>).host));
}

/**
 * The text a slot inside `element` shows. A design-system component draws its link in its
 * shadow root around a slot, which shows the component's own text (`<gcds-link>`).
 */
const slottedText = (element: Element) =>
  element
    .querySelector('slot')
    ?.assignedNodes({ flatten: true })
    .map((node) => node.textContent)
    .join('') || '';

/**
 * What a person sees as an element's label: its text (or what its slot shows), else its
 * aria-label, title or the alt text of an image inside it.
 */
export function labelOf(element: Element | null | undefined): string {
  if (!element) return '';
  const text = squeeze(element.textContent || '') || squeeze(slottedText(element));
  if (text) return text;
  const img = element.querySelector('img[alt]');
  // The first of these that is present counts, even when empty.
  return squeeze([element.getAttribute('aria-label'), element.getAttribute('title'), img?.getAttribute('alt')].find((v) => v != null) || '');
}

/** The link's absolute address ('' for an element without href). */
export function hrefOf(element: Element | null | undefined): string {
  const raw = element?.getAttribute('href');
  if (!raw) return '';
  try {
    return new URL(raw, location.href).href;
  } catch {
    return raw;
  }
}

/** Rendered and not hidden: has a layout box (jsdom has none, so tests give elements their own getClientRects). */
export function isVisible(element: Element): boolean {
  if ((element as HTMLElement).hidden || element.closest('[hidden]')) return false;
  return element.getClientRects().length > 0;
}

/** `value?.[key]`: a property of an event detail of unknown shape. */
export const pick = (value: unknown, key: string): unknown => (value == null ? undefined : (value as Record<string, unknown>)[key]);

/** Every element under `root` that matches `selector`, as an array. */
export const all = <E extends Element = Element>(selector: string, root: ParentNode = document): E[] => Array.from(root.querySelectorAll<E>(selector));

/** An attribute's value, trimmed ('' when absent). */
export const attrText = (element: Element, name: string): string => (element.getAttribute(name) || '').trim();

/** The extension of the address's last path segment ('pdf', 'html'); '' when it has none. */
export function extensionOf(url: string): string {
  try {
    const match = /\.([a-z0-9]{1,8})$/i.exec(new URL(url, location.href).pathname);
    return match ? match[1]!.toLowerCase() : '';
  } catch {
    return '';
  }
}
