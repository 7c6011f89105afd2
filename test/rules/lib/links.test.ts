import { afterEach, describe, expect, it } from 'vitest';
import { linkAddress, linkKind } from '../../../src/rules/lib/links';

const link = (href: string, attributes = '') => {
  document.body.innerHTML = `<main><a id="t" href="${href}" ${attributes}>Link</a></main>`;
  return document.getElementById('t')!;
};

afterEach(() => {
  document.head.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe('link kinds', () => {
  it.each([
    ['#section', 'samePage'],
    ['/en/page.html#section', 'samePage'],
    ['/en/other.html', 'internal'],
    ['//HOST/en/other.html', 'internal'],
    ['/en/report.pdf', 'download'],
    ['https://www.cra-arc.gc.ca/', 'crossDomain'],
    ['https://example.org/', 'outbound'],
    ['mailto:someone@canada.ca', 'email'],
    ['tel:+16135550199', 'telephone'],
  ])('%s is %s', (href, kind) => {
    history.replaceState(null, '', '/en/page.html');
    expect(linkKind(link(href.replace('HOST', location.host)))).toBe(kind);
  });

  it('follows the page address as it changes (a single-page app, history.pushState)', () => {
    history.replaceState(null, '', '/en/page.html');
    expect(linkKind(link('/en/page.html#a'))).toBe('samePage');
    history.pushState(null, '', '/en/next.html');
    expect(linkKind(link('/en/page.html#a'))).toBe('internal');
    expect(linkKind(link('#a'))).toBe('samePage');
  });

  it("resolves a relative link against the page's base address, as the browser does when it is followed", () => {
    history.replaceState(null, '', '/en/page.html');
    document.head.innerHTML = '<base href="https://example.org/docs/">';
    expect(linkKind(link('guide.html'))).toBe('outbound');
    expect(linkAddress(link('guide.html'))).toBe('https://example.org/docs/guide.html');
  });
});
