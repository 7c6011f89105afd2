import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventContext, RuleContext } from '../../../src/engine/types';
import { notExempt } from '../../../src/rules/lib/conditions';

const contextOf = (id: number, element: Element): RuleContext =>
  ({
    event: { id, type: 'click', element, target: element, timeStamp: 0 } as EventContext,
    ruleName: 'r',
    getVar: () => undefined,
    log: console,
  }) as unknown as RuleContext;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('notExempt', () => {
  it('passes outside an exempt block and fails inside one', () => {
    document.body.innerHTML = '<div data-analytics-exempt><a id="in" href="/x">x</a></div><a id="out" href="/y">y</a>';
    expect(notExempt.check(contextOf(1, document.getElementById('out')!))).toBe(true);
    expect(notExempt.check(contextOf(1, document.getElementById('in')!))).toBe(false);
  });

  it('looks at the page once per event for an element every rule asks about, and again for the next event', () => {
    document.body.innerHTML = '<p><a id="link" href="/x">x</a></p>';
    const link = document.getElementById('link')!;
    const closest = vi.spyOn(link, 'closest');
    for (let rule = 0; rule < 7; rule++) expect(notExempt.check(contextOf(10, link))).toBe(true);
    expect(closest).toHaveBeenCalledTimes(1);
    // Marked exempt between two clicks: the next click sees it.
    link.parentElement!.setAttribute('data-analytics-exempt', '');
    expect(notExempt.check(contextOf(11, link))).toBe(false);
    expect(closest).toHaveBeenCalledTimes(2);
  });
});
