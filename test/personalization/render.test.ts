import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAction, navigation, POLL_INTERVAL, SELECTOR_TIMEOUT, waitFor, watching } from '../../src/personalization/render';
import type { Action } from '../../src/personalization/types';

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const apply = (action: Action, nonce?: string) => applyAction(action, { script: nonce, style: nonce });

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="box" class="b"><p>old</p></div><ul id="list"><li>a</li><li>b</li><li>c</li></ul><img id="img" src="/a.png">';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the 16 actions', () => {
  it('setHtml replaces the content', async () => {
    await apply({ type: 'setHtml', selector: '#box', content: '<b>new</b>' });
    expect($('#box').innerHTML).toBe('<b>new</b>');
  });
  it('setText sets text, not markup', async () => {
    await apply({ type: 'setText', selector: '#box', content: '<b>x</b>' });
    expect($('#box').innerHTML).toBe('&lt;b&gt;x&lt;/b&gt;');
  });
  it('appendHtml and prependHtml add inside', async () => {
    await apply({ type: 'appendHtml', selector: '#box', content: '<i>end</i>' });
    await apply({ type: 'prependHtml', selector: '#box', content: '<i>start</i>' });
    expect($('#box').innerHTML).toBe('<i>start</i><p>old</p><i>end</i>');
  });
  it('replaceHtml replaces the element itself', async () => {
    await apply({ type: 'replaceHtml', selector: '#box', content: '<section id="s">s</section>' });
    expect(document.querySelector('#box')).toBeNull();
    expect(document.body.firstElementChild?.id).toBe('s');
  });
  it('insertBefore and insertAfter add siblings', async () => {
    await apply({ type: 'insertBefore', selector: '#box', content: '<hr id="before">' });
    await apply({ type: 'insertAfter', selector: '#box', content: '<hr id="after">' });
    expect($('#box').previousElementSibling?.id).toBe('before');
    expect($('#box').nextElementSibling?.id).toBe('after');
  });
  it('setAttribute sets each attribute', async () => {
    await apply({ type: 'setAttribute', selector: '#box', content: { 'data-x': '1', title: 'T' } });
    expect($('#box').dataset.x).toBe('1');
    expect($('#box').title).toBe('T');
  });
  it('setImageSource sets src', async () => {
    await apply({ type: 'setImageSource', selector: '#img', content: '/b.png' });
    expect($('#img').getAttribute('src')).toBe('/b.png');
  });
  it('setStyle sets properties with their priority', async () => {
    await apply({ type: 'setStyle', selector: '#box', content: { 'background-color': 'red', color: 'blue', priority: 'important' } });
    expect($('#box').style.getPropertyValue('background-color')).toBe('red');
    expect($('#box').style.getPropertyPriority('color')).toBe('important');
  });
  it('resize sets width and height (numbers in px)', async () => {
    await apply({ type: 'resize', selector: '#box', content: { width: 100, height: '2em' } });
    expect($('#box').style.width).toBe('100px');
    expect($('#box').style.height).toBe('2em');
  });
  it('move sets left and top, relative unless told', async () => {
    await apply({ type: 'move', selector: '#box', content: { left: 5, top: '1em' } });
    expect($('#box').style.cssText).toContain('position: relative');
    expect($('#box').style.left).toBe('5px');
    expect($('#box').style.top).toBe('1em');
    await apply({ type: 'move', selector: '#box', content: { left: 1, position: 'absolute' } });
    expect($('#box').style.position).toBe('absolute');
  });
  it('remove removes every match', async () => {
    document.body.insertAdjacentHTML('beforeend', '<p class="b">2</p>');
    await apply({ type: 'remove', selector: '.b' });
    expect(document.querySelectorAll('.b')).toHaveLength(0);
  });
  it('rearrange moves a child from one index to another, both ways', async () => {
    await apply({ type: 'rearrange', selector: '#list', content: { from: 0, to: 2 } });
    expect($('#list').textContent).toBe('bca');
    await apply({ type: 'rearrange', selector: '#list', content: { from: 2, to: 0 } });
    expect($('#list').textContent).toBe('abc');
  });
  it('customCode adds its scripts as new script elements carrying the page nonce', async () => {
    await apply({ type: 'customCode', selector: 'head', content: '<script data-k="1">window.__ran = 1;</script><style>p{}</style>' }, 'n0nce');
    const script = document.head.querySelector<HTMLScriptElement>('script[data-k]')!;
    expect(script.nonce).toBe('n0nce');
    expect(script.text).toBe('window.__ran = 1;');
    expect(script.async).toBe(false);
    expect(document.head.querySelector('style:not([id])')).not.toBeNull();
  });
  it('setHtml scripts also get the nonce', async () => {
    await apply({ type: 'setHtml', selector: '#box', content: '<p>x</p><script src="/x.js"></script>' }, 'abc');
    const script = $('#box').querySelector('script')!;
    expect(script.getAttribute('src')).toBe('/x.js');
    expect(script.nonce).toBe('abc');
  });
  it('redirect replaces the location with the url', async () => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    await apply({ type: 'redirect', content: { url: 'https://www.canada.ca/fr.html' } });
    expect(replace).toHaveBeenCalledWith('https://www.canada.ca/fr.html');
  });
});

describe('offers cannot plant executable URLs', () => {
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['  JavaScript:alert(1)', 'javascript:'],
    ['java\tscript:alert(1)', 'javascript:'],
    ['\u0001javascript:alert(1)', 'javascript:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['DATA:application/javascript,alert(1)', 'data:'],
  ])('refuses %j in a redirect, an image source and an attribute', async (url, scheme) => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    const message = `Unsafe URL refused: ${scheme}`;
    await expect(apply({ type: 'redirect', content: { url } })).rejects.toThrow(message);
    await expect(apply({ type: 'setImageSource', selector: '#img', content: url })).rejects.toThrow(message);
    await expect(apply({ type: 'setAttribute', selector: '#box', content: { title: 'ok', href: url } })).rejects.toThrow(message);
    expect(replace).not.toHaveBeenCalled();
    expect($('#img').getAttribute('src')).not.toBe(url);
    expect($('#box').hasAttribute('href')).toBe(false);
    expect($('#box').hasAttribute('title')).toBe(false);
  });

  it.each(['https://www.canada.ca/fr.html', '/en/services.html', 'data:image/png;base64,iVBORw0KGgo=', 'mailto:info@canada.ca'])('accepts %s', async (url) => {
    await apply({ type: 'setImageSource', selector: '#img', content: url });
    expect($('#img').getAttribute('src')).toBe(url);
  });
});

describe('action errors (logged and marked failed by the caller)', () => {
  it.each([
    [{ type: 'setHtml', selector: '#box' }, 'No content'],
    [{ type: 'setText', selector: '#box' }, 'No content'],
    [{ type: 'appendHtml', selector: '#box', content: 5 }, 'No content'],
    [{ type: 'setAttribute', selector: '#box', content: {} }, 'No attributes'],
    [{ type: 'setStyle', selector: '#box', content: { priority: 'important' } }, 'No CSS properties'],
    [{ type: 'resize', selector: '#box', content: {} }, 'No height or width'],
    [{ type: 'move', selector: '#box', content: { position: 'absolute' } }, 'No left or top'],
    [{ type: 'rearrange', selector: '#list', content: { from: 0 } }, 'No from or to'],
    [{ type: 'rearrange', selector: '#list', content: { from: 0, to: 9 } }, 'Rearrange elements are missing or the indexes are wrong'],
    [{ type: 'setImageSource', selector: '#img', content: '' }, 'No image url'],
    [{ type: 'redirect', content: {} }, 'No url'],
    [{ type: 'teleport', selector: '#box' }, 'Unknown action type: teleport'],
    [{ type: 'setHtml', content: 'x' }, 'No selector'],
  ] as Array<[Action, string]>)('%o → %s', async (action, message) => {
    await expect(apply(action)).rejects.toThrow(message);
  });

  it('an invalid selector fails at once', async () => {
    await expect(apply({ type: 'remove', selector: '#box[' })).rejects.toThrow();
    expect(watching().waiters).toBe(0);
  });
});

describe('waiting for selectors', () => {
  it('hides the target while waiting, applies when it appears, then shows it', async () => {
    const done = apply({ type: 'setHtml', selector: '#late', content: 'hi' });
    const hiding = [...document.head.querySelectorAll('style')].map((s) => s.textContent);
    expect(hiding).toContain('#late{visibility:hidden!important}');
    document.body.insertAdjacentHTML('beforeend', '<div id="late"></div>');
    await done;
    expect($('#late').textContent).toBe('hi');
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it('shares one MutationObserver between all waits, and disconnects when none is left', async () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    const a = waitFor('#a');
    const b = waitFor('#b');
    const c = waitFor('#c');
    expect(observe).toHaveBeenCalledTimes(1);
    expect(watching()).toEqual({ waiters: 3, observer: true, poll: false });
    document.body.insertAdjacentHTML('beforeend', '<i id="a"></i><i id="b"></i><i id="c"></i>');
    await Promise.all([a, b, c]);
    expect(watching()).toEqual({ waiters: 0, observer: false, poll: false });
  });

  it(`gives up after ${SELECTOR_TIMEOUT} ms`, async () => {
    vi.useFakeTimers();
    const result = apply({ type: 'setHtml', selector: '#never', content: 'x' });
    const failed = vi.fn();
    result.catch(failed);
    await vi.advanceTimersByTimeAsync(SELECTOR_TIMEOUT - 1);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow('Selector not found within 5000 ms: #never');
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it(`polls every ${POLL_INTERVAL} ms only where MutationObserver is missing`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal('MutationObserver', undefined);
    const found = vi.fn();
    waitFor('#polled').then(found);
    expect(watching()).toEqual({ waiters: 1, observer: false, poll: true });
    document.body.insertAdjacentHTML('beforeend', '<i id="polled"></i>');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL - 1);
    expect(found).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(found).toHaveBeenCalled();
    expect(watching().poll).toBe(false);
  });

  it('a failed action does not stop the others', async () => {
    const results = await Promise.allSettled([
      apply({ type: 'setHtml', selector: '#box', content: 'ok' }),
      apply({ type: 'setAttribute', selector: '#box', content: {} }),
      apply({ type: 'setText', selector: '#list li', content: 'z' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect($('#box').textContent).toBe('ok');
    expect($('#list').textContent).toBe('zzz');
  });
});

describe('separate script and style nonces (targetGlobalSettings cspScriptNonce, cspStyleNonce)', () => {
  it('offer scripts get the script nonce, offer styles and the hiding style the style nonce', async () => {
    const hidingNonces: string[] = [];
    const watcher = new MutationObserver((records) =>
      records.forEach((r) => r.addedNodes.forEach((n) => n instanceof HTMLStyleElement && n.parentNode === document.head && hidingNonces.push(n.nonce ?? ''))),
    );
    watcher.observe(document.head, { childList: true });
    await applyAction({ type: 'setHtml', selector: '#box', content: '<style>p{color:red}</style><script>window.ran=1</script>' }, { script: 'S', style: 'T' });
    watcher.disconnect();
    expect(($('#box').querySelector('script') as HTMLScriptElement).nonce).toBe('S');
    expect(($('#box').querySelector('style') as HTMLStyleElement).nonce).toBe('T');
    expect(hidingNonces).toEqual(['T']);
  });
});
