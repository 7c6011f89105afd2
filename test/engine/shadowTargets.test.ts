import { describe, expect, it } from 'vitest';
import { shadowTargets } from '../../src/engine/shadowTargets';

/** Dispatches a composed click on `node` and returns what shadowTargets says while it is on its way. */
function during(node: Node, origin: () => Element): Element[] {
  let seen: Element[] = [];
  const listen = (event: Event) => (seen = shadowTargets(event, origin()));
  document.addEventListener('click', listen, true);
  node.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
  document.removeEventListener('click', listen, true);
  return seen;
}

describe('shadowTargets', () => {
  document.body.innerHTML = '<x-menu id="menu"></x-menu><p id="plain">x</p>';
  const menu = document.getElementById('menu')!;
  const tree = menu.attachShadow({ mode: 'open' });
  tree.innerHTML = '<nav class="topics"><ul><li><x-link id="link"></x-link></li></ul></nav><span id="caption">Menu</span>';
  const link = tree.getElementById('link')!;
  link.attachShadow({ mode: 'open' }).innerHTML = '<a id="drawn" href="/en/jobs.html"><b id="bold">Jobs</b></a>';
  const bold = link.shadowRoot!.getElementById('bold')!;

  it('one element per tree under the target, outermost first: the deepest the event reached in each', () => {
    expect(during(bold, () => menu).map((element) => element.id)).toEqual(['link', 'bold']);
    expect(during(tree.getElementById('caption')!, () => menu).map((element) => element.id)).toEqual(['caption']);
  });

  it('none for an event that did not come from a shadow tree, or for an element not on its path', () => {
    expect(during(document.getElementById('plain')!, () => document.getElementById('plain')!)).toEqual([]);
    expect(during(bold, () => document.getElementById('plain')!)).toEqual([]);
  });

  it('none once the event is over (its path is gone), or without an event', () => {
    const event = new MouseEvent('click', { bubbles: true, composed: true });
    bold.dispatchEvent(event);
    expect(shadowTargets(event, menu)).toEqual([]);
    expect(shadowTargets(undefined, menu)).toEqual([]);
  });
});
