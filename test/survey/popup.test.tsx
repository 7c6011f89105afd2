import { readFileSync } from 'node:fs';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSurveyFile } from '../../src/survey/parse';
import { POPUP_CONTAINER_ID, POPUP_REMOVAL_MS, showSurveyPopup, type PopupCallbacks } from '../../src/survey/popup/mount';
import { popupWidth, safeSurveyLink } from '../../src/survey/popup/SurveyPopup';
import type { Language, SurveyRecord, SurveyText } from '../../src/survey/types';

const { definition } = parseSurveyFile(readFileSync('/work/shared/fixtures/im.xml', 'utf8'));
const sample = definition!.surveys.find((survey) => survey.id === '301')!;

function withText(language: Language, text: Partial<SurveyText>): SurveyRecord {
  return { ...sample, text: { ...sample.text, [language]: { ...sample.text[language], ...text } } };
}

function callbacks() {
  return { onShown: vi.fn<PopupCallbacks['onShown']>(), onOutcome: vi.fn<PopupCallbacks['onOutcome']>() };
}

function show(survey: SurveyRecord = sample, language: Language = 'en', calls = callbacks()) {
  let shown = false;
  act(() => {
    shown = showSurveyPopup(survey, language, calls);
  });
  return { shown, calls };
}

const container = () => document.getElementById(POPUP_CONTAINER_ID);
const dialog = () => screen.getByRole('dialog');

function setViewport(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  setViewport(1024);
});

afterEach(() => {
  // Close whatever a test left open, then let the removal timer run.
  if (container() && !container()!.hidden) fireEvent.keyDown(document.body, { key: 'Escape' });
  act(() => vi.runAllTimers());
  vi.useRealTimers();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

describe('survey pop-up: content', () => {
  it('the fixture has both languages of survey 301', () => {
    expect(sample.text.en.title).toBe('Help us improve Canada.ca');
    expect(sample.text.fr.title).toBe('Aidez-nous à améliorer Canada.ca');
  });

  it('shows the English texts in an accessible dialog labelled by its title and described by its body', () => {
    const { shown } = show(sample, 'en');
    expect(shown).toBe(true);
    const box = screen.getByRole('dialog', { name: 'Help us improve Canada.ca' });
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(box.getAttribute('lang')).toBe('en');
    const description = document.getElementById(box.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('Would you take a few minutes to tell us about your visit today?');
    expect(within(box).getByRole('link', { name: 'Yes, take the survey' })).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'No, thanks' })).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(container()?.parentElement).toBe(document.body);
  });

  it('shows the French texts on a French page', () => {
    show(sample, 'fr');
    const box = screen.getByRole('dialog', { name: 'Aidez-nous à améliorer Canada.ca' });
    expect(box.getAttribute('lang')).toBe('fr');
    expect(within(box).getByText('Pourriez-vous prendre quelques minutes pour nous parler de votre visite?')).toBeTruthy();
    const yes = within(box).getByRole('link', { name: 'Oui, répondre au sondage' });
    expect(yes.getAttribute('href')).toBe('https://www.canada.ca/fr/sondages/raison-visite-categorie.html');
    expect(within(box).getByRole('button', { name: 'Non merci' })).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('falls back to plain button labels in the page language when the record has none', () => {
    show(withText('fr', { yes: '', no: '', close: '' }), 'fr');
    expect(screen.getByRole('link', { name: 'Oui' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Non' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('shows hostile text as text and creates no element from it', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    show(withText('en', { title: hostile, body: `${hostile}<script>alert(2)</script>`, yes: hostile }));
    const box = screen.getByRole('dialog', { name: hostile });
    expect(within(box).getByText(`${hostile}<script>alert(2)</script>`)).toBeTruthy();
    expect(within(box).getByRole('link', { name: hostile })).toBeTruthy();
    expect(container()!.querySelector('img, script')).toBeNull();
  });

  it('uses no <style> element and no style attribute string (strict CSP)', () => {
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute');
    const styles = document.querySelectorAll('style').length;
    show();
    expect(setAttribute.mock.calls.filter(([name]) => name.toLowerCase() === 'style')).toEqual([]);
    expect(document.querySelectorAll('style').length).toBe(styles);
    expect(dialog().style.backgroundColor).not.toBe('');
  });
});

describe('survey pop-up: links', () => {
  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '', '   ', '/en/surveys/s.html'])(
    'refuses a survey whose link is %j: nothing shown, nothing called, false returned',
    (link) => {
      const { shown, calls } = show(withText('en', { link }));
      expect(shown).toBe(false);
      expect(container()).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls.onShown).not.toHaveBeenCalled();
      expect(calls.onOutcome).not.toHaveBeenCalled();
    },
  );

  it('checks the link of the page language only', () => {
    expect(show(withText('fr', { link: 'javascript:alert(1)' }), 'en').shown).toBe(true);
  });

  it('refuses a survey with no title in the page language', () => {
    expect(show(withText('fr', { title: '' }), 'fr').shown).toBe(false);
    expect(container()).toBeNull();
  });

  it('accepts absolute http(s) links only', () => {
    expect(safeSurveyLink('https://www.canada.ca/en/s.html')).toBe('https://www.canada.ca/en/s.html');
    expect(safeSurveyLink('HTTP://Example.org/s?a=1')).toBe('http://example.org/s?a=1');
    expect(safeSurveyLink('/en/surveys/s.html')).toBeUndefined();
    expect(safeSurveyLink('//evil.example/s')).toBeUndefined();
    expect(safeSurveyLink('mailto:a@b.c')).toBeUndefined();
    expect(safeSurveyLink('http://[bad')).toBeUndefined();
  });

  it('refuses a second pop-up while one is up', () => {
    expect(show().shown).toBe(true);
    const second = show(sample, 'fr');
    expect(second.shown).toBe(false);
    expect(second.calls.onShown).not.toHaveBeenCalled();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('survey pop-up: choices', () => {
  it('yes is a link to the survey in a new tab, and reports yes', () => {
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    const { calls } = show();
    const yes = screen.getByRole('link', { name: 'Yes, take the survey' });
    expect(yes.getAttribute('href')).toBe('https://www.canada.ca/en/surveys/reason-visit-category.html');
    expect(yes.getAttribute('target')).toBe('_blank');
    expect(yes.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(yes);
    expect(calls.onOutcome.mock.calls).toEqual([['yes']]);
  });

  it('no reports no', () => {
    const { calls } = show();
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(calls.onOutcome.mock.calls).toEqual([['no']]);
  });

  it('close reports closed', () => {
    const { calls } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(calls.onOutcome.mock.calls).toEqual([['closed']]);
  });

  it('Escape reports closed', () => {
    const { calls } = show();
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(calls.onOutcome.mock.calls).toEqual([['closed']]);
  });

  it('hides at once, empties and removes the container after 1000 ms, and reports only once', () => {
    const { calls } = show();
    const box = container()!;
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(box.hidden).toBe(true);
    expect(box.style.display).toBe('none');
    expect(screen.queryByRole('dialog')).toBeNull(); // hidden from the accessibility tree
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(within(box).getByText('Close'));
    expect(calls.onOutcome).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(POPUP_REMOVAL_MS - 1));
    expect(box.isConnected).toBe(true);
    expect(box.textContent).not.toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(box.isConnected).toBe(false);
    expect(box.childNodes).toHaveLength(0);
    expect(container()).toBeNull();
  });

  it('can show again once the previous one is gone', () => {
    show();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(POPUP_REMOVAL_MS));
    expect(show(sample, 'fr').shown).toBe(true);
  });

  it('calls onShown once, after the dialog is in the page', () => {
    const calls = callbacks();
    calls.onShown.mockImplementation(() => expect(screen.getByRole('dialog')).toBeTruthy());
    show(sample, 'en', calls);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.runAllTimers());
    expect(calls.onShown).toHaveBeenCalledTimes(1);
  });

  it('survives callbacks that throw', () => {
    const calls = callbacks();
    calls.onShown.mockImplementation(() => {
      throw new Error('shown');
    });
    calls.onOutcome.mockImplementation(() => {
      throw new Error('outcome');
    });
    expect(show(sample, 'en', calls).shown).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(container()!.hidden).toBe(true);
  });

  it('stores nothing: no local storage, session storage or cookie', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    act(() => vi.runAllTimers());
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });
});

describe('survey pop-up: keyboard and focus', () => {
  function pageButton() {
    const button = document.createElement('button');
    button.textContent = 'Page button';
    document.body.appendChild(button);
    return button;
  }

  it('moves focus into the dialog and returns it to the previously focused element after closing', () => {
    const before = pageButton();
    before.focus();
    show();
    expect(document.activeElement).toBe(dialog());
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(document.activeElement).toBe(before);
  });

  it('returns focus after Escape as well', () => {
    const before = pageButton();
    before.focus();
    show();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(before);
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    const outside = pageButton();
    show();
    const close = screen.getByRole('button', { name: 'Close' });
    const yes = screen.getByRole('link', { name: 'Yes, take the survey' });
    const no = screen.getByRole('button', { name: 'No, thanks' });

    // Shift+Tab from the dialog itself goes to the last control.
    expect(fireEvent.keyDown(dialog(), { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(no);
    // Tab from the last control wraps to the first.
    expect(fireEvent.keyDown(no, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(close);
    // Shift+Tab from the first wraps to the last.
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(no);
    // In between, the browser moves focus as usual.
    yes.focus();
    expect(fireEvent.keyDown(yes, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(yes);
    // Focus that got out (a click on the page) comes back in with the next Tab.
    outside.focus();
    expect(fireEvent.keyDown(outside, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(close);
  });

  it('lets go of the keyboard once closed', () => {
    const outside = pageButton();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    outside.focus();
    expect(fireEvent.keyDown(outside, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(outside, { key: 'Escape' })).toBe(true);
    expect(document.activeElement).toBe(outside);
  });
});

describe('survey pop-up: widths', () => {
  it.each([
    [500, 'calc(100% - 32px)'],
    [767, 'calc(100% - 32px)'],
    [768, '720px'],
    [800, '720px'],
    [992, '470px'],
    [1000, '470px'],
    [1199, '470px'],
    [1200, '570px'],
    [1300, '570px'],
  ])('at %i px wide the dialog is %s', (viewport, width) => {
    expect(popupWidth(viewport)).toBe(width);
  });

  it.each([
    [800, '720px'],
    [1000, '470px'],
    [1300, '570px'],
    [500, 'calc(100% - 32px)'],
  ])('shown on a %i px viewport, the dialog is %s wide', (viewport, width) => {
    setViewport(viewport);
    show();
    expect(dialog().style.width).toBe(width);
  });

  it('follows the viewport when the window is resized', () => {
    setViewport(1300);
    show();
    expect(dialog().style.width).toBe('570px');
    for (const [viewport, width] of [
      [800, '720px'],
      [500, 'calc(100% - 32px)'],
      [1000, '470px'],
    ] as const) {
      setViewport(viewport);
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
      expect(dialog().style.width).toBe(width);
    }
  });
});
