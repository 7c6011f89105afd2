/** The QA query parameters of the Invitation Manager (requirements SV-7). */
import type { Overrides } from './select';
import type { SurveyScope } from './types';

export interface SurveyQa extends Overrides {
  /** im_nocookiecheck=1: forget what was stored about earlier invitations. */
  forgetStored: boolean;
}

const SCOPE_PARAMS: Record<string, SurveyScope> = { page: 'Page', institution: 'Institution', theme: 'Theme', site: 'Entire site' };

export function readSurveyQa(search: string): SurveyQa {
  const params = new URLSearchParams(search);
  return {
    forgetStored: params.get('im_nocookiecheck') === '1',
    ignoreStartDate: params.get('im_nodatecheck') === '1',
    scope: SCOPE_PARAMS[(params.get('im_scope') ?? '').toLowerCase()],
    surveyId: params.get('im_surveyid')?.trim() || undefined,
  };
}
