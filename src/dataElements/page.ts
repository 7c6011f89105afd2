import type { DataElement } from '../engine/types';

/** The site's templates end every title with the site name; reports want the page's own title. */
const SITE_SUFFIX = /\s+[-–—|]\s+Canada\.ca\s*$/i;

function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export const pageDataElements: DataElement[] = [
  {
    name: 'pageTitle',
    get: () => (meta('dcterms.title') ?? document.title).replace(SITE_SUFFIX, ''),
    cleanText: true,
    defaultValue: '',
  },
  { name: 'pageUrl', get: () => location.href },
  { name: 'referrer', get: () => document.referrer },
  { name: 'hostname', get: () => location.hostname, forceLowerCase: true },
];
