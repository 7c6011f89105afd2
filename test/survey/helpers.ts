import { readFileSync } from 'node:fs';
import { parseSurveyFile } from '../../src/survey/parse';
import type { PageFacts } from '../../src/survey/select';
import type { SurveyDefinition } from '../../src/survey/types';

export const fixture = (name: string) => readFileSync(`test/fixtures/${name}`, 'utf8');
export const sharedSample = () => readFileSync('/work/shared/fixtures/im.xml', 'utf8');

export function realisticDefinition(): SurveyDefinition {
  const { definition } = parseSurveyFile(fixture('im-realistic.xml'));
  if (!definition) throw new Error('fixture did not parse');
  return definition;
}

/** A seeded random source (mulberry32), so statistical tests are repeatable. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const englishEiPage: PageFacts = {
  hostAndPath: 'www.canada.ca/en/services/benefits/ei.html',
  theme: 'benefits',
  language: 'en',
  creator: 'Employment and Social Development Canada;Service Canada',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  browserLanguage: 'en-CA',
  device: 'Desktop',
};

export const frenchEiPage: PageFacts = {
  ...englishEiPage,
  hostAndPath: 'www.canada.ca/fr/services/prestations/ae.html',
  theme: 'prestations',
  language: 'fr',
  creator: 'Emploi et Développement social Canada;Service Canada',
  browserLanguage: 'fr-CA',
};

/** 1 July 2026, noon local time: inside every fixture survey's window but the ended and future ones. */
export const NOW = new Date(2026, 6, 1, 12).getTime();
