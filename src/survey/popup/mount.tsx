/**
 * Shows the survey invitation as a React island in its own container (`#gc-im-popup`, appended
 * to body) and takes it down again. The dialog is modal for keyboard users: focus moves into it
 * when shown, Tab and Shift+Tab stay inside it, Escape closes it, and focus goes back to where it
 * was. Yes, no, close or Escape hide it at once and the container is emptied and removed 1000 ms
 * later. The outcome is handed to the caller and stored nowhere.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Language, SurveyRecord, SurveyText } from '../types';
import { SurveyPopup, safeSurveyLink, type PopupOutcome } from './SurveyPopup';

export const POPUP_CONTAINER_ID = 'gc-im-popup';
/** SV-6: the hidden pop-up is emptied this long after the choice. */
export const POPUP_REMOVAL_MS = 1000;

export interface PopupCallbacks {
  /** Called once, right after the pop-up is on screen. */
  onShown(): void;
  /** Called once, when the visitor answers: yes, no, or closed (close button or Escape). */
  onOutcome(outcome: PopupOutcome): void;
}

const BUTTON_DEFAULTS: Record<Language, Pick<SurveyText, 'yes' | 'no' | 'close'>> = {
  en: { yes: 'Yes', no: 'No', close: 'Close' },
  fr: { yes: 'Oui', no: 'Non', close: 'Fermer' },
};

/** A caller's callback must not break the pop-up. */
function safely(call: () => void) {
  try {
    call();
  } catch {
    /* the caller's problem; the pop-up goes on */
  }
}

/**
 * Shows the invitation for `survey` in `language`. Returns false, and shows and calls nothing,
 * when the survey cannot be offered: its link in that language is not an absolute http(s) URL,
 * it has no title in that language, the page has no body yet, or a pop-up is already up.
 */
export function showSurveyPopup(survey: SurveyRecord, language: Language, callbacks: PopupCallbacks): boolean {
  const source = survey.text[language];
  const href = source && safeSurveyLink(source.link);
  if (!source || !href || !source.title || !document.body || document.getElementById(POPUP_CONTAINER_ID)) return false;
  const defaults = BUTTON_DEFAULTS[language];
  const text: SurveyText = {
    ...source,
    yes: source.yes || defaults.yes,
    no: source.no || defaults.no,
    close: source.close || defaults.close,
  };

  const previousFocus = document.activeElement;
  const container = document.createElement('div');
  container.id = POPUP_CONTAINER_ID;
  document.body.appendChild(container);
  const root = createRoot(container);
  let closed = false;

  const dialog = () => container.querySelector<HTMLElement>('[role="dialog"]');

  function choose(outcome: PopupOutcome) {
    if (closed) return;
    closed = true;
    document.removeEventListener('keydown', onKeyDown, true);
    container.hidden = true;
    container.style.display = 'none';
    if (previousFocus instanceof HTMLElement && previousFocus.isConnected) previousFocus.focus();
    setTimeout(() => {
      root.unmount();
      container.remove();
    }, POPUP_REMOVAL_MS);
    safely(() => callbacks.onOutcome(outcome));
  }

  function onKeyDown(event: KeyboardEvent) {
    const box = dialog();
    if (!box) return;
    if (event.key === 'Escape' || event.key === 'Esc') {
      event.preventDefault();
      choose('closed');
    } else if (event.key === 'Tab') {
      const stops = Array.from(box.querySelectorAll<HTMLElement>('a[href], button'));
      const first = stops[0];
      const last = stops[stops.length - 1];
      const active = document.activeElement;
      let next: HTMLElement | undefined;
      if (!box.contains(active)) next = event.shiftKey ? last : first;
      else if (event.shiftKey && (active === first || active === box)) next = last;
      else if (!event.shiftKey && active === last) next = first;
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  }

  flushSync(() => root.render(<SurveyPopup text={text} href={href} language={language} onChoose={choose} />));
  document.addEventListener('keydown', onKeyDown, true);
  dialog()?.focus();
  safely(() => callbacks.onShown());
  return true;
}
