/**
 * The survey invitation as a React component: an overlay with a modal dialog that shows the
 * survey's texts in one language. It only draws; mount.tsx owns showing, focus, keys and
 * removal. Every style is a React style prop (set through the CSSOM, which a strict CSP
 * allows), never a <style> element or a style attribute string, and every text is rendered as
 * text: nothing from the survey file reaches the page as HTML.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import type { Language, SurveyText } from '../types';

export type PopupOutcome = 'yes' | 'no' | 'closed';

export const POPUP_IDS = { title: 'gc-im-popup-title', body: 'gc-im-popup-body' } as const;

/** Side margin on small screens, in px. */
const MARGIN = 16;

/**
 * The dialog width for a viewport width (CSS px, as `min-width` media queries measure it):
 * 570 px from 1200 (extra large), 470 px from 992 (large), 720 px from 768 (medium), and the
 * full width minus the margins below that.
 */
export function popupWidth(viewportWidth: number): string {
  if (viewportWidth >= 1200) return '570px';
  if (viewportWidth >= 992) return '470px';
  if (viewportWidth >= 768) return '720px';
  return `calc(100% - ${2 * MARGIN}px)`;
}

/**
 * The survey link, normalised, if it is an absolute http(s) URL; otherwise undefined. Relative
 * and empty links are refused too: the file's links always name the survey site in full.
 */
export function safeSurveyLink(link: string): string | undefined {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

const overlay: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 2147483000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(0, 0, 0, 0.5)',
};
const box: CSSProperties = {
  position: 'relative',
  boxSizing: 'border-box',
  maxWidth: `calc(100% - ${2 * MARGIN}px)`,
  maxHeight: `calc(100% - ${2 * MARGIN}px)`,
  overflow: 'auto',
  padding: '20px 24px',
  background: '#fff',
  color: '#333',
  border: '1px solid #333',
  borderRadius: 4,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.35)',
  font: '16px/1.5 "Noto Sans", sans-serif',
  textAlign: 'left',
};
const closeButton: CSSProperties = { float: 'right', marginLeft: 12, padding: '4px 8px', cursor: 'pointer' };
const title: CSSProperties = { margin: '0 0 12px', fontSize: 24, lineHeight: 1.3 };
const actions: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginTop: 16 };
const yesLink: CSSProperties = {
  display: 'inline-block',
  padding: '8px 14px',
  background: '#26374a',
  color: '#fff',
  border: '1px solid #26374a',
  borderRadius: 4,
  textDecoration: 'none',
};
const noButton: CSSProperties = { padding: '8px 14px', cursor: 'pointer' };

export interface SurveyPopupProps {
  text: SurveyText;
  /** The http(s) survey link, already checked by safeSurveyLink. */
  href: string;
  language: Language;
  onChoose(outcome: PopupOutcome): void;
}

export function SurveyPopup({ text, href, language, onChoose }: SurveyPopupProps) {
  const width = useViewportWidth();
  return (
    <div style={overlay}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={POPUP_IDS.title}
        aria-describedby={POPUP_IDS.body}
        lang={language}
        tabIndex={-1}
        style={{ ...box, width: popupWidth(width) }}
      >
        <button type="button" style={closeButton} onClick={() => onChoose('closed')}>
          {text.close}
        </button>
        <h2 id={POPUP_IDS.title} style={title}>
          {text.title}
        </h2>
        <p id={POPUP_IDS.body} style={{ margin: 0 }}>
          {text.body}
        </p>
        <div style={actions}>
          <a href={href} target="_blank" rel="noopener noreferrer" style={yesLink} onClick={() => onChoose('yes')}>
            {text.yes}
          </a>
          <button type="button" style={noButton} onClick={() => onChoose('no')}>
            {text.no}
          </button>
        </div>
      </div>
    </div>
  );
}
