import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconParam, isPageView } from '../../demo/server';
import { fixturePage, sleep, startHarness, type Harness } from './harness';

describe('page data in real beacons', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('describes a French services page with its French values', async () => {
    const path = '/fr/services/prestations/ae/prestations-regulieres/admissibilite.html';
    const opened = await h.open(path, {
      before: (p) => p.route(`**${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: fixturePage('fr-services-page.html') })),
    });
    const beacon = await h.server.beacons.waitFor(isPageView, 5000);
    expect(beaconParam(beacon, 'pageName')).toBe('Prestations régulières d’assurance-emploi : Admissibilité');
    expect(beaconParam(beacon, 'v3')).toBe('fr');
    expect(beaconParam(beacon, 'v4')).toContain('Emploi et Développement social Canada');
    expect(beaconParam(beacon, 'ch')).toContain('Emploi et Développement social Canada');
    expect(beaconParam(beacon, 'v5')).toBe('prestations');
    expect(beaconParam(beacon, 'g')).toBe(`${h.origin}${path}`);
    expect(beaconParam(beacon, 'v23')).toBe('/fr/services/prestations/ae/prestations-regulieres/');
    expect(beaconParam(beacon, 'v24')).toBe('admissibilite.html');
    expect(beaconParam(beacon, 'v17')).toBe('blank query string');
    expect(beaconParam(beacon, 'events')).toMatch(/event9,event11,event12=\d+/);
    // The fixture's template images are not served here; only the tag's errors matter.
    expect(opened.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('sends no e-mail, postal code, 9-digit number or passport number that the page carries', async () => {
    const personal = ['jane.doe@example.com', 'jane.doe%40example.com', 'K1A 0B1', 'K1A0B1', '046454286', 'AB123456'];
    const path = '/en/services/benefits/contact-jane.doe@example.com.html';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Case 046454286 for K1A 0B1, passport AB123456 - Canada.ca</title>
<meta name="dcterms.creator" content="Service Canada, contact jane.doe@example.com">
<meta name="dcterms.language" content="eng"></head>
<body><main><h1>Your case</h1><a id="mail" href="/en/contact.html?email=jane.doe@example.com">Write to jane.doe@example.com at K1A 0B1</a></main>
<script src="/dist/tag.js"></script></body></html>`;
    const opened = await h.open(`${path}?ref=jane.doe@example.com&postal=K1A0B1&sin=046454286&doc=AB123456`, {
      before: (p) => p.route(`**/en/services/benefits/contact-*`, (route) => route.fulfill({ contentType: 'text/html', body: html })),
    });
    const beacon = await h.server.beacons.waitFor(isPageView, 5000);
    await sleep(1000);
    expect(beaconParam(beacon, 'pageName')).toContain('[REDACTED/CAVIARDÉ]');
    for (const sent of h.server.beacons.list()) {
      const raw = `${sent.path}?${sent.query}`;
      const decoded = sent.params.map(([, value]) => value).join('\n');
      for (const value of personal) {
        expect(decoded, `beacon carries ${value}`).not.toContain(value);
        expect(raw, `beacon carries ${value}`).not.toContain(encodeURIComponent(value));
      }
    }
    expect(opened.errors).toEqual([]);
  });
});
