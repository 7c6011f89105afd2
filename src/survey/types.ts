/** The survey-definition file (im.xml) as typed data, after parsing and validation. */

export type SurveyScope = 'Entire site' | 'Theme' | 'Institution' | 'Page';
export type Language = 'en' | 'fr';

export interface SurveyText {
  title: string;
  body: string;
  link: string;
  yes: string;
  no: string;
  close: string;
}

export interface SurveyRecord {
  id: string;
  name: string;
  type: SurveyScope;
  /** Local date-times, ms since the epoch. */
  start: number;
  end: number;
  /** 0 to 1. */
  probability: number;
  avoidBrowsers: string[];
  targetDevice?: 'Desktop' | 'Mobile';
  /** A pattern matched against the browser language. */
  targetLanguage?: string;
  uniqueTitle: string;
  text: Record<Language, SurveyText>;
  /** Site patterns, themes, institutions or URL fragments, by type. */
  targets: string[];
  /** Theme surveys: the page language each target theme is for ('' for either). */
  targetLanguages?: Array<Language | ''>;
}

export interface SurveySettings {
  /** Relative weights of the scope draw. */
  weights: Record<SurveyScope, number>;
  /** Days between two invitations. */
  persistentDays: number;
  urlAllowlist: string[];
  urlBlocklist: string[];
}

export interface SurveyDefinition {
  settings: SurveySettings;
  surveys: SurveyRecord[];
  /** Ids listed in qry_active_surveys; only these are ever offered. */
  activeIds: string[];
}
