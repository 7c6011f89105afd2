import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTHORING_SCRIPT_URL, selectWithEq, startAuthoring } from '../../src/personalization/authoring';

type W = Window & { _AT?: { querySelectorAll?: (s: string) => Element[]; clickHandlerForExperienceEditor?: (e: MouseEvent) => void; currentView?: string } };
const w = window as W;
const logger = () => ({ enabled: true, log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), group: vi.fn() });

afterEach(() => {
  history.replaceState(null, '', '/');
  delete w._AT;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('selectWithEq (the composer’s selectors)', () => {
  it(':eq(n) picks the n-th match so far, from 0, and the rest is searched under it', () => {
    document.body.innerHTML = '<div><h2>a</h2><p>1</p></div><div><h2>b</h2><p>2</p><p>3</p></div>';
    expect(selectWithEq('HTML > BODY > DIV:eq(1) > P:eq(1)').map((e) => e.textContent)).toEqual(['3']);
    expect(selectWithEq('DIV:eq(0) H2').map((e) => e.textContent)).toEqual(['a']);
    expect(selectWithEq('DIV P').map((e) => e.textContent)).toEqual(['1', '2', '3']);
    expect(selectWithEq('DIV:eq(5) > P')).toEqual([]);
  });
  it('an invalid selector throws, as querySelectorAll does', () => {
    expect(() => selectWithEq('DIV[:eq(0)')).toThrow();
  });
});

describe('startAuthoring', () => {
  it('does nothing outside the composer', () => {
    expect(startAuthoring(undefined, undefined, logger())).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
    expect(w._AT).toBeUndefined();
  });

  it('with mboxEdit: loads target-vec.js with the script nonce, lends the selector engine, forwards clicks and names the view', () => {
    history.replaceState(null, '', '/?mboxEdit=1');
    const log = logger();
    const authoring = startAuthoring(undefined, 'n0nce', log)!;
    const script = document.head.querySelector('script')!;
    expect(script.src).toBe(AUTHORING_SCRIPT_URL);
    expect(script.nonce).toBe('n0nce');
    expect(log.log).toHaveBeenCalledWith('Loading target-vec.js');
    document.body.innerHTML = '<p>x</p>';
    expect(w._AT!.querySelectorAll!('P:eq(0)')).toEqual([document.querySelector('p')]);
    const clicks: MouseEvent[] = [];
    w._AT!.clickHandlerForExperienceEditor = (event) => clicks.push(event);
    script.dispatchEvent(new Event('load'));
    document.querySelector('p')!.click();
    expect(clicks).toHaveLength(1);
    authoring.view('checkout');
    expect(w._AT!.currentView).toBe('checkout');
  });

  it('uses the authoringScriptUrl given, and logs when it cannot load', () => {
    history.replaceState(null, '', '/?mboxEdit=1');
    const log = logger();
    startAuthoring('https://vec.example/target-vec.js', undefined, log);
    const script = document.head.querySelector('script')!;
    expect(script.src).toBe('https://vec.example/target-vec.js');
    script.dispatchEvent(new Event('error'));
    expect(log.error).toHaveBeenCalledWith('Unable to load target-vec.js');
  });
});
