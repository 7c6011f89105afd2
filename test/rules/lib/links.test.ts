import { afterEach, describe, expect, it } from 'vitest';
import { emailValues, linkAddress, linkKind, platformOf } from '../../../src/rules/lib/links';

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

  it.each([
    ['http://', 'none'],
    ['https://[', 'none'],
    ['http://exa%mple.com/', 'none'],
    ['javascript:void(0)', 'none'],
    ['https://user:secret@example.org:8443/a', 'outbound'],
    ['http://[::1]:8080/x', 'outbound'],
    ['HTTPS://WWW.CANADA.CA./en/other.html', 'internal'],
    ['https://canada.ca/en/page.html?#', 'internal'],
    ['https://www.canada.ca/en/page.html#top', 'samePage'],
  ])('reads %s as the browser resolves it: %s', (href, kind) => {
    history.replaceState(null, '', '/en/page.html');
    Object.defineProperty(document, 'URL', { configurable: true, get: () => 'https://www.canada.ca/en/page.html' });
    try {
      expect(linkKind(link(href))).toBe(kind);
    } finally {
      delete (document as { URL?: string }).URL;
    }
  });

  it('takes the address an image map area leads to, and any other element with an address through the URL parser', () => {
    history.replaceState(null, '', '/en/page.html');
    document.body.innerHTML = '<map name="m"><area id="a" href="https://example.org/x?y=1#z"></map><svg><a id="s" href="/en/report.pdf"></a></svg>';
    expect(linkKind(document.getElementById('a')!)).toBe('outbound');
    expect(linkAddress(document.getElementById('a')!)).toBe('https://example.org/x?y=1#z');
    expect(linkKind(document.getElementById('s')!)).toBe('download');
  });

  it('reads the recipient, the host and the path from the resolved address', () => {
    expect(emailValues(link('mailto:Jean.Tremblay@hrsdc-rhdcc.GC.ca?subject=Hi'))).toEqual({
      linkText: 'Link',
      linkUrl: 'mailto:[REDACTED/CAVIARDÉ]@hrsdc-rhdcc.gc.ca',
    });
    expect(platformOf(link('https://www.youtube.com/user/canada'))).toBe('YouTube');
  });
});
