import { developmentHosts, liveHosts, stageHosts } from './hosts';
import type { Environment, PersonalizationSettings } from './types';

/** The Target account of Canada.ca; only the development build calls the demo server instead. */
const personalization: PersonalizationSettings = {
  enabled: true,
  clientCode: 'canada',
  serverDomain: 'canada.tt.omtrdc.net',
  timeout: 3000,
  optOutCookie: 'gc_pz_optout',
  // Placeholder until Canada.ca's Experience Cloud org id is confirmed. A wrong id would make the
  // ID service start a second instance for an unknown org on every page, so none is set.
  imsOrgId: null,
};

/** Canada.ca's hosts (www.canada.ca, canada.ca, apps.canada.ca…) share one visit. */
const siteDomains = ['canada.ca'];

/** Paths that must never be tracked: signed-in areas that carry personal data in their URLs. */
const pathBlocklist = [
  '/en/revenue-agency/services/e-services/cra-login-services/',
  '/fr/agence-revenu/services/services-electroniques/services-ouverture-session-arc/',
  '/en/employment-social-development/services/my-account/',
  '/fr/emploi-developpement-social/services/mon-dossier/',
];

/**
 * Each environment is a function so that a build keeps only its own: an unused function is
 * dropped whole, where an unused object whose hosts are spread in could be kept.
 */
export const production = (): Environment => ({
  name: 'production',
  hosts: liveHosts(),
  pathBlocklist,
  reportSuite: 'canadalivemain',
  siteDomains,
  trackingServer: 'metrics.canada.ca',
  consentCookie: null,
  personalization,
});

export const staging = (): Environment => ({
  name: 'staging',
  hosts: [...stageHosts(), ...liveHosts()],
  pathBlocklist,
  reportSuite: 'canadastage',
  siteDomains,
  trackingServer: 'metrics.canada.ca',
  consentCookie: null,
  personalization,
});

export const development = (): Environment => ({
  name: 'development',
  hosts: developmentHosts(),
  pathBlocklist: [...pathBlocklist, '/demo/no-tracking/'],
  reportSuite: 'canadadev',
  siteDomains,
  trackingServer: null,
  consentCookie: null,
  // The demo server's decisioning endpoint answers for this client code (demo/target/artifact.json).
  // The demo org id is what the end-to-end tests' stand-in ID service answers for.
  personalization: { ...personalization, clientCode: 'canadademo', serverDomain: null, imsOrgId: 'DEMO0000000000000000000000@AdobeOrg' },
});
