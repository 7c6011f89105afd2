import type { HostEntry } from './types';

// Lists are functions, as environments are: a build keeps only its own environment's hosts.
const canada = (host: string): HostEntry => ({ host, appName: 'canada', loginStatus: '2' });
const unlabelled = (host: string): HostEntry => ({ host, appName: null, loginStatus: null });

/** Live hosts: the site itself and the search and app hosts that carry the tag. */
export const liveHosts = (): HostEntry[] => [
  canada('www.canada.ca'),
  canada('canada.ca'),
  unlabelled('recherche-search.gc.ca'),
  unlabelled('search-recherche.gc.ca'),
  unlabelled('srch-rchrch.canada.ca'),
  unlabelled('apps.canada.ca'),
  // IRCC's application status tracker, a single-page app the SPA rule names.
  unlabelled('ircc-tracker-suivi.apps.cic.gc.ca'),
  { host: 'infoshare-partageinfo.canada.ca', appName: null, loginStatus: '1' },
];

/** Stage hosts: the content-management preview and the test copies of the live hosts. */
export const stageHosts = (): HostEntry[] => [
  canada('www.canada-preview.adobecqms.net'),
  canada('test.canada.ca'),
  canada('stage.canada.ca'),
  unlabelled('search-recherche-stage.gc.ca'),
];

/** The local demo server and end-to-end tests. */
export const developmentHosts = (): HostEntry[] => [canada('127.0.0.1'), canada('localhost')];
