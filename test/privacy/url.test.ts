// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_REFERRER_DOMAINS,
  EMAIL_IN_QUERY,
  INVALID_URL,
  STRIPPED_QUERY_PARAMS,
  recordablePageUrl,
  redactName,
  redactUrl,
  scrubQueryString,
  scrubReferrer,
  stripClientId,
} from '../../src/privacy/url';
import { REDACTION_MARKER } from '../../src/privacy/redact';

describe('scrubQueryString', () => {
  it('strips the search parameters of PR-4', () => {
    expect(STRIPPED_QUERY_PARAMS).toEqual(['q', 'allq', 'exctq', 'anyq', 'noneq', 'fqupdate', 'dmn', 'fqocct']);
  });

  it.each(
    STRIPPED_QUERY_PARAMS.flatMap((name) => [
      [`${name}=x&a=1&b=2`, 'a=1&b=2'],
      [`a=1&${name}=x&b=2`, 'a=1&b=2'],
      [`a=1&b=2&${name}=x`, 'a=1&b=2'],
      [`${name}=x`, ''],
      [`${name.toUpperCase()}=x&a=1`, 'a=1'],
    ]),
  )('%s → %s', (query, expected) => {
    expect(scrubQueryString(query)).toBe(expected);
  });

  it.each([
    ['?a=1&q=tax&b=2', 'a=1&b=2'],
    ['a=1&q=tax&b=2', 'a=1&b=2'],
    ['?lang=fr&Q=impôt&allq=x&exctq=y&anyq=z&noneq=w&fqupdate=1&dmn=canada.ca&fqocct=0&page=3', 'lang=fr&page=3'],
    ['q', ''],
    ['q&a=1', 'a=1'],
    ['qq=1&aq=2&q1=3', 'qq=1&aq=2&q1=3'],
    ['b=2&a=1&c=3', 'b=2&a=1&c=3'],
    ['a=1&&b=2', 'a=1&&b=2'],
    ['?', ''],
    ['', ''],
  ])('%s → %s', (query, expected) => {
    expect(scrubQueryString(query)).toBe(expected);
  });

  it.each([
    '?email=jdoe@example.com',
    'email=jdoe%40example.com',
    'a=1&e=jdoe%40example.com',
    'e=a%40b',
    'a=@',
    '?%40',
    'q=x&a=%40',
    'next=https%3A%2F%2Fx.ca%2F%3Fe%3Djdoe%2540x.ca',
  ])('replaces %s with the e-mail notice', (query) => {
    expect(scrubQueryString(query)).toBe(EMAIL_IN_QUERY);
  });

  it('keeps escapes that are not %40', () => {
    expect(scrubQueryString('a=%4&b=%04&c=%41&d=%2541&e=%25%34%30')).toBe('a=%4&b=%04&c=%41&d=%2541&e=%25%34%30');
  });
});

describe('recordablePageUrl', () => {
  it.each([
    ['https://www.canada.ca/en/services/benefits.html', 'https://www.canada.ca/en/services/benefits.html'],
    ['http://www.canada.ca/fr.html', 'http://www.canada.ca/fr.html'],
    ['https://www.canada.ca/en/sr/srb.html?q=tax&wb-srch-sub=&lang=en#wb-cont', 'https://www.canada.ca/en/sr/srb.html?wb-srch-sub=&lang=en'],
    ['https://www.canada.ca/en.html?q=tax', 'https://www.canada.ca/en.html'],
    ['https://www.canada.ca/en.html?', 'https://www.canada.ca/en.html'],
    ['https://www.canada.ca/en.html?e=jdoe@example.com', `https://www.canada.ca/en.html?${EMAIL_IN_QUERY}`],
    ['https://user:secret@www.canada.ca:8443/en.html', 'https://www.canada.ca:8443/en.html'],
    ['HTTPS://WWW.CANADA.CA/en.html', 'https://www.canada.ca/en.html'],
    ['https://www.canada.ca', 'https://www.canada.ca/'],
  ])('%s → %s', (href, expected) => {
    expect(recordablePageUrl(href)).toBe(expected);
  });

  it.each([
    'ftp://ftp.example.com/file.txt',
    'file:///C:/Users/jdoe/page.html',
    'about:blank',
    'javascript:alert(1)',
    'data:text/html,<p>hi</p>',
    'blob:https://www.canada.ca/1234',
    'mailto:jdoe@example.com',
    '/en/services.html',
    'www.canada.ca/en.html',
    'http://',
    'garbage',
    '',
  ])('%s → Invalid URL', (href) => {
    expect(recordablePageUrl(href)).toBe(INVALID_URL);
  });
});

describe('scrubReferrer', () => {
  it.each([
    ['https://www.google.com/search?q=passport&hl=fr', 'https://www.google.com/search'],
    ['https://www.canada.ca/en/services.html#wb-cont', 'https://www.canada.ca/en/services.html'],
    ['http://example.com', 'http://example.com/'],
    ['https://jdoe:pw@example.com/p?x=1', 'https://example.com/p'],
  ])('drops the query and fragment: %s', (referrer, expected) => {
    expect(scrubReferrer(referrer)).toBe(expected);
  });

  // The page before on the same site comes whole, its path as the visitor saw it.
  it.each([
    ['https://www.canada.ca/en/profile/jean.tremblay12@gmail.com/index.html', `https://www.canada.ca/en/profile/${REDACTION_MARKER}/index.html`],
    ['https://www.canada.ca/fr/dossier/046-454-286/statut.html?x=1', `https://www.canada.ca/fr/dossier/${REDACTION_MARKER}/statut.html`],
    ['https://www.canada.ca/en/u/t%C3%A9l%20613-555-0147/p', `https://www.canada.ca/en/u/t%C3%A9l%20${REDACTION_MARKER}/p`],
    ['https://www.canada.ca/en/services/benefits/ei/2025-26.html', 'https://www.canada.ca/en/services/benefits/ei/2025-26.html'],
  ])('scrubs the path as the page address is: %s', (referrer, expected) => {
    expect(scrubReferrer(referrer)).toBe(expected);
    expect(expected).toBe(recordablePageUrl(referrer.replace(/\?.*/, '')));
  });

  it.each(BLOCKED_REFERRER_DOMAINS.map((domain) => [domain]))('turns %s into its redacted-referrer page', (domain) => {
    expect(scrubReferrer(`https://${domain}/mail/u/0/?tab=rm#inbox/FMfcgz`)).toBe(`https://${domain}/redacted-referrer`);
  });

  it.each([
    ['https://mail.google.com/mail/u/0/#inbox', 'https://mail.google.com/redacted-referrer'],
    ['https://MAIL.Google.com/mail', 'https://mail.google.com/redacted-referrer'],
    ['https://mail.google.com./mail', 'https://mail.google.com./redacted-referrer'],
    ['https://eu.mail.google.com/x', 'https://eu.mail.google.com/redacted-referrer'],
    ['http://outlook.live.com:8080/owa/', 'http://outlook.live.com:8080/redacted-referrer'],
  ])('blocks the host and its subdomains: %s', (referrer, expected) => {
    expect(scrubReferrer(referrer)).toBe(expected);
  });

  it.each([
    ['https://notmail.google.com/x?y=1', 'https://notmail.google.com/x'],
    ['https://mail.google.com.evil.example/x?y=1', 'https://mail.google.com.evil.example/x'],
    ['https://notmail.google.com.evil.example/x', 'https://notmail.google.com.evil.example/x'],
    ['https://gmail.com.example/x', 'https://gmail.com.example/x'],
    ['https://www.google.com/url?q=https://mail.google.com', 'https://www.google.com/url'],
  ])('does not block lookalikes: %s', (referrer, expected) => {
    expect(scrubReferrer(referrer)).toBe(expected);
  });

  it('takes its own blocklist, any case', () => {
    expect(scrubReferrer('https://webmail.Example.ca/inbox?id=1', ['Example.CA'])).toBe('https://webmail.example.ca/redacted-referrer');
    expect(scrubReferrer('https://mail.google.com/x', [])).toBe('https://mail.google.com/x');
  });

  it.each(['', 'android-app://com.google.android.gm/', 'file:///home/jdoe/x.html', 'about:blank', 'not a url'])('%s → empty', (referrer) => {
    expect(scrubReferrer(referrer)).toBe('');
  });
});

describe('stripClientId', () => {
  it.each([
    ['https://x.ca/p?_ga=2.1.3&a=1&b=2', 'https://x.ca/p?a=1&b=2'],
    ['https://x.ca/p?a=1&_ga=2.1.3&b=2', 'https://x.ca/p?a=1&b=2'],
    ['https://x.ca/p?a=1&b=2&_ga=2.1.3', 'https://x.ca/p?a=1&b=2'],
    ['https://x.ca/p?_ga=2.1.3', 'https://x.ca/p'],
    ['https://x.ca/p?_ga=2.1.3#section', 'https://x.ca/p#section'],
    ['https://x.ca/p?a=1&_gl=1*abc*_ga*MTI.&_ga=2', 'https://x.ca/p?a=1'],
    ['https://x.ca/p?a=1#_gl=1*abc', 'https://x.ca/p?a=1'],
    ['https://x.ca/p?_GA=2&a=%20b', 'https://x.ca/p?a=%20b'],
    ['/en/services.html?_ga=2.1.3&lang=en', '/en/services.html?lang=en'],
    ['services.html?_ga=2.1.3', 'services.html'],
    ['?_ga=1&a=1', '?a=1'],
    ['https://x.ca/p?_gax=1&a_ga=2&ga=3', 'https://x.ca/p?_gax=1&a_ga=2&ga=3'],
    ['https://x.ca/p?a=1#top', 'https://x.ca/p?a=1#top'],
    ['https://x.ca/p?#', 'https://x.ca/p?#'],
    ['https://x.ca/p', 'https://x.ca/p'],
    ['', ''],
  ])('%s → %s', (url, expected) => {
    expect(stripClientId(url)).toBe(expected);
  });
});

describe('redactUrl on decoded components', () => {
  const R = REDACTION_MARKER;
  it.each([
    [
      'page URL with q= as a link URL',
      'https://www.canada.ca/en/sr/srb.html?q=jane+doe&wb-srch-sub=#wb-cont',
      'https://www.canada.ca/en/sr/srb.html?wb-srch-sub=#wb-cont',
    ],
    ['percent-encoded parameter name', 'https://x.ca/p?%71=secret&a=1', 'https://x.ca/p?a=1'],
    ['upper-case stripped parameter', 'https://x.ca/p?ALLQ=x&Dmn=y&a=1', 'https://x.ca/p?a=1'],
    ['stripped parameter without a value', 'https://x.ca/p?q&a=1', 'https://x.ca/p?a=1'],
    ['key and = with spaces', 'https://x.ca/p?comment=last%20name%20%3D%20Van%20Houten', `https://x.ca/p?comment=last%20name%20%3D%20${R}`],
    ['key and = with +', 'https://x.ca/p?msg=first+name+=+Jean+Paul&x=1', `https://x.ca/p?msg=first%20name%20%3D%20${R}&x=1`],
    ['parameter name with a space before =', 'https://x.ca/p?last+name+=Van+Houten', `https://x.ca/p?last+name+=${R}`],
    ['escape never cut', 'https://x.ca/p?t=tel%3A613%2D555%2D0199%20ok', `https://x.ca/p?t=tel%3A${R}%20ok`],
    ['non-ASCII e-mail in the path', 'https://x.ca/u/andr%C3%A9.tremblay%40exemple.ca/p', `https://x.ca/u/${R}/p`],
    ['access token', 'https://x.ca/cb?access_token=abc.def&lang=fr', `https://x.ca/cb?access_token=${R}&lang=fr`],
    ['OAuth code and state', 'https://x.ca/cb?code=4/0AX4XfWh&state=xyz', `https://x.ca/cb?code=${R}&state=xyz`],
    ['session in the path', 'https://x.ca/app;jsessionid=0A1B2C3D/p', `https://x.ca/app;jsessionid=${R}/p`],
    ['key', 'https://maps.x.com/api?key=AIzaSyD-abc&center=ottawa', `https://maps.x.com/api?key=${R}&center=ottawa`],
    ['JWT anywhere', 'https://x.ca/p#id_token=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.sig', `https://x.ca/p#id_token=${R}`],
    ['card in a query value', 'https://x.ca/pay?n=4111-1111-1111-1111', `https://x.ca/pay?n=${R}`],
    // A GET form's fields, named for what they hold, whose values alone no pattern tells
    [
      'a name, telephone and address of a GET form',
      'https://x.ca/contact?applicantName=Gwendolyn+Ashcroft&homePhone=5550199&address=42+Maple&lang=en',
      `https://x.ca/contact?applicantName=${R}&homePhone=${R}&address=${R}&lang=en`,
    ],
    ['a French role and its name', 'https://x.ca/contact?nom_du_demandeur=L%C3%A9a+Roy&tel=555-0199', `https://x.ca/contact?nom_du_demandeur=${R}&tel=${R}`],
    ['a hotel and a street stay', 'https://x.ca/p?hotel=Chateau+Laurier&street=Maple', 'https://x.ca/p?hotel=Chateau+Laurier&street=Maple'],
    [
      'nested return URL with a search',
      'https://x.ca/login?next=https%3A%2F%2Fwww.canada.ca%2Fen%2Fsr%2Fsrb.html%3Fq%3Djane%26lang%3Den',
      'https://x.ca/login?next=https%3A%2F%2Fwww.canada.ca%2Fen%2Fsr%2Fsrb.html%3Flang%3Den',
    ],
    ['SPA route with its own query', 'https://x.ca/app#/search?q=jane&page=2', 'https://x.ca/app#/search?page=2'],
    // A sentence in a route: its date's slashes split it over segments, which alone name no birth.
    ['date of birth split by a route', 'https://x.ca/app#/born%2012/03/1985/next', `https://x.ca/app#/born%20${R}/next`],
    ['date of birth in a text fragment', 'https://x.ca/p.html#date%20of%20birth%2012/03/1986', `https://x.ca/p.html#date%20of%20birth%20${R}`],
    ['malformed escape left as written', 'https://x.ca/p?a=%E0%A4%A&password=x', `https://x.ca/p?a=%E0%A4%A&password=${R}`],
  ])('%s', (_name, input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it.each([
    'https://www.canada.ca/en/services/benefits/ei.html?utm_source=newsletter&utm_medium=email&wbdisable=true',
    'https://www.canada.ca/fr/services/prestations/ae/%C3%A9ligibilit%C3%A9.html#s1',
    'https://www.canada.ca/en/news/2025/09/item.html?id=12345678&date=2025-09-17&v=2.11.4',
    'https://www.cbsa-asfc.gc.ca/trade-commerce/tariff-tarif/2025/01-99/ch87-2025-eng.pdf#8703.23.00.00',
    '/en/revenue-agency/services/forms-publications/forms/t2125.html?wbdisable=false',
  ])('leaves alone: %s', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('is idempotent', () => {
    const once = redactUrl('https://x.ca/u/jdoe%40x.ca?password=x&n=613-555-0199#first+name=Jean+Paul');
    expect(redactUrl(once)).toBe(once);
  });

  it('gives the page URL the same scrubbing, path included', () => {
    expect(recordablePageUrl('https://www.canada.ca/en/u/jane.doe%40x.ca/p.html?lastName=Van%20Houten&page=2#top')).toBe(
      `https://www.canada.ca/en/u/${R}/p.html?lastName=${R}&page=2`,
    );
  });
});

// A Target view named after the route, as Adobe's guide for single-page apps names it: percent-encoded.
describe('redactName', () => {
  const R = REDACTION_MARKER;
  it.each([
    ['a plain name', 'checkout', 'checkout'],
    ['a route with nothing personal, its escapes kept', 'dossier/t%C3%A9l%C3%A9phone/statut', 'dossier/t%C3%A9l%C3%A9phone/statut'],
    ['a telephone number in a segment, its escapes kept', 'dossier/t%C3%A9l%20613%20555-0147/statut', `dossier/t%C3%A9l%20${R}/statut`],
    ['a sign-in whose first word reads as a scheme, sent decoded', 'user:%20jsmith%20pass:%20Hunter22!', `user: ${R} pass: ${R}`],
    ['a date of birth split by the route', 'profile/born%2012/03/1985', `profile/born%20${R}`],
    ['a passport, lowered as the tag keys a view', 'applicant/ga%20302118', `applicant/${R}`],
  ])('%s', (_name, input, expected) => {
    expect(redactName(input)).toBe(expected);
  });
});

describe('redactUrl on malformed text', () => {
  it.each(['\ud800', 'x\udc00y', '\udc00\ud800'])('never throws on a lone surrogate in a changed component: %j', (lone) => {
    expect(() => redactUrl(`https://x.ca/${lone}jdoe@x.ca?password=${lone}&a=${lone}`)).not.toThrow();
    expect(redactUrl(`https://x.ca/${lone}jdoe@x.ca/p`)).toContain(REDACTION_MARKER);
  });
});
