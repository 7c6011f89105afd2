import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataElementResolver } from '../../../src/engine/dataElements';
import { createDispatcher } from '../../../src/engine/dispatcher';
import { attachDomEvents } from '../../../src/engine/sources/domEvents';
import type { DataElement, EventContext, Rule } from '../../../src/engine/types';
import { action, flushMicrotasks, realTick, recordingLogger, watchPageErrors, type RecordingLogger } from '../helpers';

// Listeners attached by earlier tests stay on `document`; each test uses its own rules and
// arrays, so a stale listener can only ever record into an earlier test's arrays.
let log: RecordingLogger;

beforeEach(() => {
  log = recordingLogger();
  document.body.innerHTML = '';
});

function attach(rules: Rule[], dataElements: DataElement[] = []) {
  const dispatcher = createDispatcher(rules, createDataElementResolver(dataElements, log), log, () => true);
  attachDomEvents(dispatcher, log);
  return dispatcher;
}

/** A rule that records each event context it sees, plus the named vars. */
function recorder(name: string, events: Rule['events'], seen: Array<{ rule: string; event: EventContext; vars: unknown[] }>, vars: string[] = []): Rule {
  return { name, events, actions: [action('record', (ctx) => seen.push({ rule: name, event: ctx.event, vars: vars.map((v) => ctx.getVar(v)) }))] };
}

const click = (node: Node, init: MouseEventInit = {}) => node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));

describe('click', () => {
  it('is seen in the capture phase even when the page stops propagation on the target or in the bubble phase', () => {
    document.body.innerHTML = '<div id="wrap"><button id="b">Go</button></div>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('any button', [{ type: 'click', selector: 'button' }], seen)]);
    const button = document.getElementById('b')!;
    const pageOnTarget = vi.fn((e: Event) => e.stopImmediatePropagation());
    const pageOnWrap = vi.fn((e: Event) => e.stopPropagation());
    button.addEventListener('click', pageOnTarget);
    document.getElementById('wrap')!.addEventListener('click', pageOnWrap);

    click(button);
    expect(seen).toHaveLength(1);
    expect(pageOnTarget).toHaveBeenCalledTimes(1);

    button.removeEventListener('click', pageOnTarget);
    click(button);
    expect(seen).toHaveLength(2);
    expect(pageOnWrap).toHaveBeenCalledTimes(1);
  });

  it('matches the selector on ancestors: the match is event.element (this), the clicked node is event.target', () => {
    document.body.innerHTML = '<a class="cta" id="link" data-track="hero"><span><b id="inner">Go</b></span></a><p id="elsewhere">x</p>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('cta', [{ type: 'click', selector: 'a.cta' }], seen, ['this.id', 'this.dataset.track', 'target.id', 'event.type'])]);
    const inner = document.getElementById('inner')!;
    click(inner);
    expect(seen).toHaveLength(1);
    const { event, vars } = seen[0]!;
    expect(event.element).toBe(document.getElementById('link'));
    expect(event.target).toBe(inner);
    expect(event.type).toBe('click');
    expect(event.nativeEvent).toBeInstanceOf(MouseEvent);
    expect(vars).toEqual(['link', 'hero', 'inner', 'click']);

    click(document.getElementById('elsewhere')!);
    expect(seen).toHaveLength(1);
  });

  it('finds the selector in the open shadow trees a click came through when the tree of its target has no match, outermost tree first', () => {
    // As a <gcds-footer> draws its links: <gcds-link href> in its shadow root, each with an <a> in its own.
    document.body.innerHTML = '<footer id="page-footer"><x-footer id="host"></x-footer></footer><x-closed id="closed"></x-closed><p id="plain">x</p>';
    const footer = document.getElementById('host')!.attachShadow({ mode: 'open' });
    footer.innerHTML = '<nav class="sub"><ul><li><x-link id="terms" href="/en/terms.html">Terms and conditions</x-link></li></ul></nav>';
    const link = footer.getElementById('terms')!.attachShadow({ mode: 'open' });
    link.innerHTML = '<a id="drawn" href="/en/terms.html"><slot></slot></a>';
    const closed = document.getElementById('closed')!.attachShadow({ mode: 'closed' });
    closed.innerHTML = '<a id="hidden" href="/x">x</a>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([
      recorder('link', [{ type: 'click', selector: 'a[href], x-link[href]' }], seen),
      recorder('footer nav', [{ type: 'click', selector: '.sub a, .sub x-link' }], seen),
      recorder('page footer', [{ type: 'click', selector: '#page-footer' }], seen),
      recorder('drawn anchor', [{ type: 'click', selector: '#drawn' }], seen),
    ]);
    // A visitor's click is composed: it leaves the shadow trees.
    click(link.getElementById('drawn')!, { composed: true });
    expect(seen.map(({ rule, event }) => [rule, event.element?.id, event.target?.id])).toEqual([
      ['link', 'terms', 'host'],
      ['footer nav', 'terms', 'host'],
      ['page footer', 'page-footer', 'host'],
      ['drawn anchor', 'drawn', 'host'],
    ]);
    seen.length = 0;
    click(closed.getElementById('hidden')!, { composed: true });
    click(document.getElementById('plain')!, { composed: true });
    expect(seen).toEqual([]);
  });

  it('without a selector every click matches, with the target as the element', () => {
    document.body.innerHTML = '<p id="p">x</p>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('all', [{ type: 'click' }], seen)]);
    click(document.getElementById('p')!);
    click(document.body);
    expect(seen.map((s) => s.event.element)).toEqual([document.getElementById('p'), document.body]);
  });

  it('never calls preventDefault', () => {
    document.body.innerHTML = '<button id="b">Go</button>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('b', [{ type: 'click', selector: '#b' }], seen)]);
    let prevented: boolean | undefined;
    const late = (e: Event) => (prevented = e.defaultPrevented);
    document.addEventListener('click', late);
    try {
      const notCancelled = click(document.getElementById('b')!);
      expect(seen).toHaveLength(1);
      expect(notCancelled).toBe(true);
      expect(prevented).toBe(false);
      expect((seen[0]!.event.nativeEvent as Event).defaultPrevented).toBe(false);
    } finally {
      document.removeEventListener('click', late);
    }
  });

  it('rules matched on the same element share one data-element cache; the next click recomputes', () => {
    document.body.innerHTML = '<div class="product"><button class="buy" data-sku="S1">Buy</button></div>';
    let n = 0;
    const price = vi.fn(() => `price-${++n}`);
    const seen: Parameters<typeof recorder>[2] = [];
    attach(
      [
        recorder('buy 1', [{ type: 'click', selector: 'button.buy' }], seen, ['price', 'sku']),
        recorder('buy 2', [{ type: 'click', selector: 'button.buy' }], seen, ['price', 'sku']),
        recorder('buy 3', [{ type: 'click', selector: '.product .buy' }], seen, ['price']),
      ],
      [
        { name: 'price', get: price },
        { name: 'sku', get: (c) => `${String(c.getVar('price'))}/${String((c.event!.element as HTMLElement).dataset.sku)}` },
      ],
    );
    const button = document.querySelector('button')!;
    click(button);
    expect(price).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.vars)).toEqual([['price-1', 'price-1/S1'], ['price-1', 'price-1/S1'], ['price-1']]);
    expect(seen[1]!.event).toBe(seen[0]!.event);
    expect(seen[2]!.event).toBe(seen[0]!.event);

    click(button);
    expect(price).toHaveBeenCalledTimes(2);
    expect(seen[3]!.vars).toEqual(['price-2', 'price-2/S1']);
  });

  it('a click whose target is a text node is handled as a click on its parent element', () => {
    document.body.innerHTML = '<button id="b">Press <em id="em">here</em></button>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('sel', [{ type: 'click', selector: 'button' }], seen), recorder('nosel', [{ type: 'click' }], seen)]);
    const text = document.getElementById('em')!.firstChild!;
    expect(text.nodeType).toBe(Node.TEXT_NODE);
    click(text);
    expect(seen.map((s) => s.rule)).toEqual(['sel', 'nosel']);
    expect(seen[0]!.event.element).toBe(document.getElementById('b'));
    expect(seen[0]!.event.target).toBe(document.getElementById('em'));
    expect(seen[1]!.event.element).toBe(document.getElementById('em'));
  });

  it('a failing click rule reaches neither window.onerror nor the page, and other rules still run', async () => {
    document.body.innerHTML = '<button id="b">Go</button>';
    const page = watchPageErrors();
    try {
      const seen: Parameters<typeof recorder>[2] = [];
      attach([
        {
          name: 'throws',
          events: [{ type: 'click' }],
          actions: [
            action('boom', () => {
              throw new Error('sync');
            }),
          ],
        },
        { name: 'rejects', events: [{ type: 'click' }], actions: [action('reject', () => Promise.reject(new Error('async')))] },
        recorder('after', [{ type: 'click' }], seen),
      ]);
      click(document.getElementById('b')!);
      await flushMicrotasks();
      await realTick(5);
      expect(seen).toHaveLength(1);
      expect(log.lines('error')).toHaveLength(2);
      expect(page.total()).toBe(0);
    } finally {
      page.stop();
    }
  });

  it('the page-error probe does see an exception thrown by a page click listener (control)', () => {
    document.body.innerHTML = '<button id="b">Go</button>';
    const page = watchPageErrors();
    const button = document.getElementById('b')!;
    const thrower = () => {
      throw new Error('page bug');
    };
    button.addEventListener('click', thrower);
    try {
      click(button);
      expect(page.errorListener).toHaveBeenCalledTimes(1);
      expect(page.onerror).toHaveBeenCalledTimes(1);
    } finally {
      button.removeEventListener('click', thrower);
      page.stop();
    }
  });

  it('adds no listener for event types no rule uses', () => {
    const add = vi.spyOn(document, 'addEventListener');
    attach([{ name: 'r', events: [{ type: 'pageBottom' }], actions: [] }]);
    expect(add).not.toHaveBeenCalled();
    attach([{ name: 'c', events: [{ type: 'change' }], actions: [] }]);
    expect(add.mock.calls.map((c) => [c[0], c[2]])).toEqual([['change', true]]);
  });
});

describe('change', () => {
  it('is delegated in the capture phase with the selector matched on ancestors', () => {
    document.body.innerHTML = '<form id="f"><label><input id="i" name="q"></label></form><input id="outside">';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('form field', [{ type: 'change', selector: '#f input' }], seen, ['this.name', 'this.value'])]);
    const input = document.getElementById('i') as HTMLInputElement;
    input.addEventListener('change', (e) => e.stopImmediatePropagation());
    input.value = 'typed';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event.type).toBe('change');
    expect(seen[0]!.event.element).toBe(input);
    expect(seen[0]!.vars).toEqual(['q', 'typed']);

    document.getElementById('outside')!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen).toHaveLength(1);
  });

  it('is not confused with click rules', () => {
    document.body.innerHTML = '<select id="s"><option>a</option></select>';
    const clicks: Parameters<typeof recorder>[2] = [];
    const changes: Parameters<typeof recorder>[2] = [];
    attach([recorder('click', [{ type: 'click', selector: '#s' }], clicks), recorder('change', [{ type: 'change', selector: '#s' }], changes)]);
    document.getElementById('s')!.dispatchEvent(new Event('change', { bubbles: true }));
    expect([clicks.length, changes.length]).toEqual([0, 1]);
  });
});

describe('customEvent', () => {
  it('passes the detail through, matched by name and optional selector', () => {
    document.body.innerHTML = '<div id="cart"><span id="line">item</span></div><div id="other"></div>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([
      recorder('any add', [{ type: 'customEvent', name: 'cart:add' }], seen, ['event.detail.sku']),
      recorder('cart add', [{ type: 'customEvent', name: 'cart:add', selector: '#cart' }], seen),
      recorder('remove', [{ type: 'customEvent', name: 'cart:remove' }], seen),
    ]);
    const detail = { sku: 'S-9', qty: 2 };
    document.getElementById('line')!.dispatchEvent(new CustomEvent('cart:add', { bubbles: true, detail }));
    expect(seen.map((s) => s.rule)).toEqual(['any add', 'cart add']);
    expect(seen[0]!.event.detail).toBe(detail);
    expect(seen[0]!.event.type).toBe('customEvent');
    expect(seen[0]!.vars).toEqual(['S-9']);
    expect(seen[1]!.event.element).toBe(document.getElementById('cart'));

    document.getElementById('other')!.dispatchEvent(new CustomEvent('cart:add', { bubbles: true, detail: { sku: 'S-1' } }));
    expect(seen.map((s) => s.rule)).toEqual(['any add', 'cart add', 'any add']);

    document.getElementById('other')!.dispatchEvent(new CustomEvent('cart:remove', { bubbles: true }));
    expect(seen.map((s) => s.rule)).toEqual(['any add', 'cart add', 'any add', 'remove']);
  });

  it('is seen even if it does not bubble when dispatched on the document, and when the page stops it', () => {
    document.body.innerHTML = '<i id="x"></i>';
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('ping', [{ type: 'customEvent', name: 'app:ping' }], seen)]);
    const x = document.getElementById('x')!;
    x.addEventListener('app:ping', (e) => e.stopPropagation());
    x.dispatchEvent(new CustomEvent('app:ping', { bubbles: true, detail: 1 }));
    document.dispatchEvent(new CustomEvent('app:ping', { detail: 2 }));
    expect(seen.map((s) => s.event.detail)).toEqual([1, 2]);
  });

  it('a plain Event of that name gives no detail', () => {
    const seen: Parameters<typeof recorder>[2] = [];
    attach([recorder('plain', [{ type: 'customEvent', name: 'app:plain' }], seen)]);
    document.body.dispatchEvent(new Event('app:plain', { bubbles: true }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event.detail).toBeUndefined();
  });
});
