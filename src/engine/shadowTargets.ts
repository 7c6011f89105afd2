/**
 * Where an event went inside the open shadow trees of the element the document sees as its
 * target. A design-system component draws its links in its shadow root (`<gcds-footer>`,
 * `<gcds-topic-menu>`), so a click on one reaches the document as a click on the component: the
 * rules' selectors find the link only in the tree it is in.
 */

/**
 * In each shadow tree under `origin`, outermost first, the deepest element the event reached
 * there: for a link of a `<gcds-footer>`, the footer's `<gcds-link>`, then the `<a>` inside it.
 * Empty when the event did not come from a shadow tree, or is over (its path is gone then).
 */
export function shadowTargets(event: Event | undefined, origin: Element): Element[] {
  const path = event?.composedPath() ?? [];
  const found: Element[] = [];
  // The path runs from the innermost node out; each tree's deepest node follows the shadow root of the tree inside it.
  for (let at = path.indexOf(origin); at-- > 0; ) {
    const node = path[at];
    if ((!at || path[at - 1] instanceof ShadowRoot) && node instanceof Element) found.push(node);
  }
  return found;
}
