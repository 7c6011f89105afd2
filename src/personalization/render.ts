/**
 * The rendering actions of the Visual Experience Composer (dist/tag-target.js only). Each action
 * hides its own target while it waits for it, so no original content flashes; all waits share
 * one MutationObserver (a 100 ms poll only where the browser has none), for at most 5000 ms.
 * Scripts in offer HTML run as new script elements carrying the page's nonce: no eval, so a
 * strict Content Security Policy holds.
 */
import type { Action, Nonces } from './types';

export const SELECTOR_TIMEOUT = 5000;
export const POLL_INTERVAL = 100;

interface Waiter {
  selector: string;
  done(error?: Error): void;
}

const waiters = new Set<Waiter>();
let observer: MutationObserver | undefined;
let poll: ReturnType<typeof setInterval> | undefined;

/** Throws (a SyntaxError) on an invalid selector, as querySelector does. */
const found = (selector: string) => document.querySelector(selector) !== null;

function check(): void {
  for (const waiter of waiters) {
    try {
      if (found(waiter.selector)) waiter.done();
    } catch (error) {
      waiter.done(error as Error);
    }
  }
}

function watch(): void {
  if (observer || poll !== undefined) return;
  if (typeof MutationObserver === 'function') {
    observer = new MutationObserver(check);
    observer.observe(document.documentElement, { childList: true, subtree: true });
  } else {
    poll = setInterval(check, POLL_INTERVAL);
  }
}

function unwatch(): void {
  if (waiters.size) return;
  observer?.disconnect();
  clearInterval(poll);
  observer = poll = undefined;
}

/** Resolves once `selector` matches an element, or rejects after `limit` ms (or at once if it is invalid). */
export function waitFor(selector: string, limit = SELECTOR_TIMEOUT): Promise<void> {
  return new Promise((resolve, reject) => {
    if (found(selector)) return resolve();
    const waiter: Waiter = {
      selector,
      done(error) {
        clearTimeout(timer);
        waiters.delete(waiter);
        unwatch();
        if (error) reject(error);
        else resolve();
      },
    };
    const timer = setTimeout(() => waiter.done(new Error(`Selector not found within ${limit} ms: ${selector}`)), limit);
    waiters.add(waiter);
    watch();
  });
}

/** How many waits are under way and whether they share an observer or a poll (for the tests). */
export const watching = () => ({ waiters: waiters.size, observer: observer !== undefined, poll: poll !== undefined });

/** Hides `selector`'s elements until the returned function is called. */
function hide(selector: string, nonces: Nonces): () => void {
  const style = document.createElement('style');
  if (nonces.style) style.nonce = nonces.style;
  style.textContent = `${selector}{visibility:hidden!important}`;
  (document.head ?? document.documentElement).appendChild(style);
  return () => style.remove();
}

type Where = 'before' | 'prepend' | 'append' | 'after';

/**
 * Inserts `html`; its scripts are re-created so that they run, in order, with the script nonce,
 * and its styles get the style nonce (a page with separate nonces blocks either without its own).
 */
function insertHtml(element: Element, where: Where, html: unknown, nonces: Nonces): void {
  if (typeof html !== 'string') throw new Error('No content');
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const inert of template.content.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const { name, value } of inert.attributes) script.setAttribute(name, value);
    script.async = false;
    if (nonces.script) script.nonce = nonces.script;
    script.text = inert.text;
    inert.replaceWith(script);
  }
  if (nonces.style) template.content.querySelectorAll('style').forEach((style) => (style.nonce = nonces.style!));
  element[where](...template.content.childNodes);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const size = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : `${value}${typeof value === 'number' ? 'px' : ''}`);

type Apply = (element: HTMLElement, content: unknown, nonces: Nonces) => void;
const html =
  (where: Where): Apply =>
  (element, content, nonces) =>
    insertHtml(element, where, content, nonces);

/**
 * Refuses an address that would run code: javascript:, vbscript:, and data: other than an image.
 * Browsers drop spaces and control characters anywhere in a scheme (`java\tscript:` runs), so
 * they are dropped here before the check.
 */
export function checkUrl(url: string): string {
  const plain = url.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  if (/^(?:javascript|vbscript):/.test(plain) || (plain.startsWith('data:') && !plain.startsWith('data:image/'))) {
    throw new Error(`Unsafe URL refused: ${plain.slice(0, plain.indexOf(':') + 1)}`);
  }
  return url;
}

function pairs(content: unknown, missing: string): Array<[string, string]> {
  const list = isObject(content) ? Object.entries(content).map(([k, v]): [string, string] => [k, String(v)]) : [];
  if (!list.length) throw new Error(missing);
  return list;
}

const ACTIONS: Record<string, Apply> = {
  setHtml(element, content, nonces) {
    if (typeof content !== 'string') throw new Error('No content');
    element.textContent = '';
    insertHtml(element, 'append', content, nonces);
  },
  setText(element, content) {
    if (content === undefined || content === null) throw new Error('No content');
    element.textContent = String(content);
  },
  appendHtml: html('append'),
  prependHtml: html('prepend'),
  insertBefore: html('before'),
  insertAfter: html('after'),
  customCode: html('append'),
  replaceHtml(element, content, nonces) {
    insertHtml(element, 'before', content, nonces);
    element.remove();
  },
  setAttribute(element, content) {
    // Checked before any is set, so a refused action changes nothing.
    const list = pairs(content, 'No attributes').map(([name, value]) => [name, checkUrl(value)] as const);
    for (const [name, value] of list) element.setAttribute(name, value);
  },
  setImageSource(element, content) {
    if (typeof content !== 'string' || !content) throw new Error('No image url');
    element.setAttribute('src', checkUrl(content));
  },
  setStyle(element, content) {
    const { priority, ...properties } = isObject(content) ? content : {};
    for (const [name, value] of pairs(properties, 'No CSS properties')) element.style.setProperty(name, value, priority === 'important' ? 'important' : '');
  },
  resize(element, content) {
    const { height, width } = isObject(content) ? content : {};
    if (!size(height) && !size(width)) throw new Error('No height or width');
    if (size(height)) element.style.height = size(height)!;
    if (size(width)) element.style.width = size(width)!;
  },
  move(element, content) {
    const { left, top, position } = isObject(content) ? content : {};
    if (!size(left) && !size(top)) throw new Error('No left or top');
    element.style.position = typeof position === 'string' ? position : element.style.position || 'relative';
    if (size(left)) element.style.left = size(left)!;
    if (size(top)) element.style.top = size(top)!;
  },
  remove(element) {
    element.remove();
  },
  rearrange(element, content) {
    const { from, to } = isObject(content) ? content : {};
    if (typeof from !== 'number' || typeof to !== 'number') throw new Error('No from or to');
    const moved = element.children[from];
    const anchor = element.children[to];
    if (!moved || !anchor) throw new Error('Rearrange elements are missing or the indexes are wrong');
    anchor[from < to ? 'after' : 'before'](moved);
  },
};

/** Where a redirect (and a held link) goes; separate functions so that tests can watch them. */
export const navigation = { replace: (url: string) => location.replace(url), assign: (url: string) => location.assign(url) };

/**
 * Applies one action to every element its selector matches, once one exists (within `limit` ms,
 * its elements hidden meanwhile). Rejects with the reason (PZ-4's action errors, a missing
 * selector, an unknown type); never throws.
 */
export function applyAction(action: Action, nonces: Nonces, limit = SELECTOR_TIMEOUT): Promise<void> {
  return new Promise<void>((resolve) => {
    if (action.type === 'redirect') {
      const url = isObject(action.content) ? action.content.url : undefined;
      if (typeof url !== 'string' || !url) throw new Error('No url');
      navigation.replace(checkUrl(url));
      return resolve();
    }
    const apply = ACTIONS[action.type];
    if (!apply) throw new Error(`Unknown action type: ${action.type}`);
    const selector = action.cssSelector || action.selector;
    if (!selector) throw new Error('No selector');
    const show = hide(selector, nonces);
    resolve(
      waitFor(selector, limit)
        .then(() => document.querySelectorAll<HTMLElement>(selector).forEach((element) => apply(element, action.content, nonces)))
        .finally(show),
    );
  });
}

/** Applies one action to an element the page handed over (applyOffer's DOM-element selector). */
export function applyToElement(element: Element, action: Action, nonces: Nonces): void {
  const apply = ACTIONS[action.type];
  if (!apply) throw new Error(`Unknown action type: ${action.type}`);
  apply(element as HTMLElement, action.content, nonces);
}
