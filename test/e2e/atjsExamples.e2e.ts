/**
 * More of Adobe's documented at.js 2.x page code, run unchanged in Chromium with scripted
 * delivery answers: getOffer/applyOffer with callbacks, getOffers/applyOffers with execute mboxes,
 * refreshed views with triggerView, trackEvent with preventDefault, sendNotifications for
 * prefetched mboxes, targetPageParams forms and targetPageParamsAll, and separate CSP nonces.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

const html = (head: string, body: string, tagAttributes = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>at.js examples - Canada.ca</title>${head}<script ${tagAttributes} src="/dist/tag.js"></script></head><body><main>${body}</main></body></html>`;

type Body = Record<string, unknown> & { notifications?: Array<Record<string, unknown>> };

/** Serves the page (with `headers`) and answers delivery requests; every request body is kept. */
function scripted(path: string, page: string, answer: (request: Body) => unknown, requests: Body[], headers: Record<string, string> = {}) {
  return {
    before: (p: Page) =>
      Promise.all([
        p.route(
          (url) => url.pathname === path,
          (route) => route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, body: page }),
        ),
        p.route('**/rest/v1/delivery?**', (route: Route) => {
          const request = JSON.parse(route.request().postData() || '{}') as Body;
          requests.push(request);
          return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer(request)) });
        }),
      ]),
  };
}

const mboxAnswer = (request: Body) => {
  const part = (request.execute ?? request.prefetch) as { mboxes?: Array<{ index: number; name: string }> } | undefined;
  const mboxes = (part?.mboxes ?? []).map(({ index, name }) => ({
    index,
    name,
    options: [{ type: 'html', content: `<b>${name}</b>`, eventToken: `token-${name}` }],
  }));
  return request.execute ? { execute: { mboxes } } : { prefetch: { mboxes } };
};

describe("Adobe's at.js 2.x examples in Chromium", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('getOffer then applyOffer in its success callback, with the page’s own flicker handling (flicker documentation)', async () => {
    const code = `<script>
      window.targetGlobalSettings = { pageLoadEnabled: false, viewsEnabled: false };
      document.addEventListener('at-library-loaded', function () {
        document.documentElement.style.opacity = '0';
        adobe.target.getOffer({
          mbox: 'hero-mbox',
          params: { a: 1, 'profile.age': 27 },
          success: function (offers) {
            adobe.target.applyOffer({ mbox: 'hero-mbox', selector: '#hero', offer: offers });
            document.documentElement.style.opacity = '1';
          },
          error: function (status, error) { window.failed = [status, error]; document.documentElement.style.opacity = '1'; },
          timeout: 5000,
        });
      });
    </script>`;
    const requests: Body[] = [];
    const { page, errors } = await h.open(
      '/en/x-getoffer.html',
      scripted('/en/x-getoffer.html', html(code, '<div id="hero">Original</div>'), mboxAnswer, requests),
    );
    await page.waitForFunction(() => document.getElementById('hero')!.innerHTML === '<b>hero-mbox</b>');
    expect(await page.evaluate(() => document.documentElement.style.opacity)).toBe('1');
    expect(requests[0]!.execute).toMatchObject({ mboxes: [{ index: 0, name: 'hero-mbox', parameters: { a: '1' }, profileParameters: { age: '27' } }] });
    expect(errors).toEqual([]);
  });

  it('getOffers with execute mboxes, then applyOffers, then the documented promise chain', async () => {
    const code = `<script>
      window.targetGlobalSettings = { pageLoadEnabled: false, viewsEnabled: false };
      document.addEventListener('at-library-loaded', function () {
        adobe.target.getOffers({ request: { execute: { mboxes: [{ index: 0, name: 'first-mbox' }, { index: 1, name: 'second-mbox', parameters: { a: 1 }, profileParameters: { b: 2 } }] } } })
          .then(response => adobe.target.applyOffers({ selector: '#slot', response: { execute: { mboxes: [response.execute.mboxes[1]] } } }))
          .then(() => (window.done = 'Success'))
          .catch(error => (window.done = 'Error ' + error));
      });
    </script>`;
    const requests: Body[] = [];
    const { page } = await h.open('/en/x-getoffers.html', scripted('/en/x-getoffers.html', html(code, '<div id="slot"></div>'), mboxAnswer, requests));
    await page.waitForFunction(() => (window as unknown as { done?: string }).done !== undefined);
    expect(await page.evaluate(() => (window as unknown as { done: string }).done)).toBe('Success');
    expect(await page.locator('#slot').innerHTML()).toBe('<b>second-mbox</b>');
    expect(requests[0]!.execute).toMatchObject({
      mboxes: [
        { index: 0, name: 'first-mbox' },
        { index: 1, name: 'second-mbox', parameters: { a: '1' }, profileParameters: { b: '2' } },
      ],
    });
  });

  it('views refreshed with getOffers → applyOffers: triggerView shows the fresh experience and reports it', async () => {
    const code = `<script>
      window.targetGlobalSettings = { pageLoadEnabled: false };
      window.refresh = function () {
        return adobe.target.getOffers({ request: { prefetch: { views: [{}] } } }).then(response => adobe.target.applyOffers({ response: response }));
      };
    </script>`;
    let round = 0;
    const answer = (request: Body) =>
      request.prefetch
        ? {
            prefetch: {
              views: [
                {
                  name: 'home',
                  state: `state-${++round}`,
                  options: [{ type: 'actions', eventToken: `token-${round}`, content: [{ type: 'setHtml', selector: '#view', content: `round ${round}` }] }],
                },
              ],
            },
          }
        : {};
    const requests: Body[] = [];
    const { page } = await h.open('/en/x-views.html', scripted('/en/x-views.html', html(code, '<div id="view">none</div>'), answer, requests));
    // The page-load request prefetched the views (round 1); the page refreshes them twice.
    await expect.poll(() => requests.length, { timeout: 3000 }).toBe(1);
    await page.evaluate(() => (window as unknown as { refresh(): Promise<void> }).refresh());
    await page.evaluate(() => (window as unknown as { refresh(): Promise<void> }).refresh());
    await page.evaluate(() => (window as unknown as { adobe: { target: { triggerView(n: string): void } } }).adobe.target.triggerView('home'));
    await page.waitForFunction(() => document.getElementById('view')!.textContent === 'round 3');
    await expect.poll(() => requests.filter((r) => r.notifications).length, { timeout: 3000 }).toBe(1);
    expect(requests.find((r) => r.notifications)!.notifications![0]).toMatchObject({
      type: 'display',
      tokens: ['token-3'],
      view: { name: 'home', state: 'state-3' },
    });
  });

  it('trackEvent with preventDefault on a link: the notification leaves, then the browser follows the link', async () => {
    const code = `<script>
      window.targetGlobalSettings = { pageLoadEnabled: false, viewsEnabled: false };
      document.addEventListener('at-library-loaded', function () {
        adobe.target.trackEvent({ mbox: 'clicked-cta', type: 'click', selector: '#cta', preventDefault: true, params: { param1: 'value1' } });
      });
    </script>`;
    const requests: Body[] = [];
    const { page } = await h.open('/en/x-track.html', {
      before: (p: Page) =>
        Promise.all([
          scripted('/en/x-track.html', html(code, '<a id="cta" href="/en/x-next.html">Apply</a>'), () => ({}), requests).before(p),
          p.route(
            (url) => url.pathname === '/en/x-next.html',
            (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Next</h1>' }),
          ),
        ]),
    });
    await page.waitForFunction(() => typeof (window as unknown as { adobe?: { target?: { trackEvent?: unknown } } }).adobe?.target?.trackEvent === 'function');
    await page.waitForTimeout(100);
    await Promise.all([page.waitForURL('**/en/x-next.html'), page.click('#cta')]);
    expect(await page.locator('h1').textContent()).toBe('Next');
    await expect.poll(() => requests.filter((r) => r.notifications).length, { timeout: 3000 }).toBe(1);
    expect(requests.find((r) => r.notifications)!.notifications![0]).toMatchObject({
      type: 'click',
      mbox: { name: 'clicked-cta' },
      parameters: { param1: 'value1' },
    });
  });

  it('sendNotifications for prefetched mboxes, as in Adobe’s example', async () => {
    const code = `<script>
      window.targetGlobalSettings = { pageLoadEnabled: false, viewsEnabled: false };
      document.addEventListener('at-library-loaded', function () {
        adobe.target.getOffers({ request: { prefetch: { mboxes: [{ index: 0, name: 'mbox-a' }] } } }).then(function (response) {
          const mboxes = response.prefetch.mboxes;
          const notifications = mboxes.map(el => ({
            id: 'n-' + el.name, type: 'display', timestamp: Date.now(),
            mbox: { name: el.name, state: el.state }, tokens: el.options.map(o => o.eventToken),
          }));
          return adobe.target.sendNotifications({ request: { notifications } });
        }).then(() => (window.sent = true));
      });
    </script>`;
    const requests: Body[] = [];
    const { page } = await h.open('/en/x-notify.html', scripted('/en/x-notify.html', html(code, '<p>Body</p>'), mboxAnswer, requests));
    await page.waitForFunction(() => (window as unknown as { sent?: boolean }).sent === true);
    await expect.poll(() => requests.filter((r) => r.notifications).length, { timeout: 3000 }).toBe(1);
    expect(requests.find((r) => r.notifications)!.notifications).toEqual([
      expect.objectContaining({ id: 'n-mbox-a', type: 'display', tokens: ['token-mbox-a'], mbox: { name: 'mbox-a' } }),
    ]);
  });

  it('targetPageParams as an array and targetPageParamsAll as nested objects reach the page-load request', async () => {
    const code = `<script>
      window.targetPageParams = function () { return ['a=1', 'b=2', 'c=hello world']; };
      window.targetPageParamsAll = function () { return { region: 'east', profile: { memberStatus: 'Gold', country: { city: 'Ottawa' } } }; };
    </script>`;
    const requests: Body[] = [];
    const { page } = await h.open(
      '/en/x-params.html',
      scripted('/en/x-params.html', html(code, '<p>Body</p>'), () => ({}), requests),
    );
    await expect.poll(() => requests.length, { timeout: 3000 }).toBeGreaterThan(0);
    expect(requests[0]!.execute).toMatchObject({
      pageLoad: { parameters: { a: '1', b: '2', c: 'hello world', region: 'east' }, profileParameters: { memberStatus: 'Gold', 'country.city': 'Ottawa' } },
    });
    await page.close();
  });

  it('the QA trace session (mboxTrace=json with an authorization token) goes on over the next page until mboxTrace=disable', async () => {
    const answer = () => ({ execute: { pageLoad: { options: [], trace: { campaigns: ['trace-campaign'] } } } });
    const requests: Body[] = [];
    const serve = (p: Page) =>
      Promise.all([
        p.route(
          (url) => url.pathname.startsWith('/en/x-trace'),
          (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html('', '<p>Trace</p>') }),
        ),
        p.route('**/rest/v1/delivery?**', (route: Route) => {
          requests.push(JSON.parse(route.request().postData() || '{}') as Body);
          return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer()) });
        }),
      ]);
    const { page, console: messages } = await h.open('/en/x-trace-1.html?mboxTrace=json&authorization=qa-token-1', { before: serve });
    const traced = () => messages.filter((m) => m.includes('{"campaigns":["trace-campaign"]}')).length;
    await expect.poll(traced, { timeout: 3000 }).toBe(1);
    await page.goto(new URL('/en/x-trace-2.html', page.url()).href);
    await expect.poll(() => requests.length, { timeout: 3000 }).toBe(2);
    await expect.poll(traced, { timeout: 3000 }).toBe(2);
    await page.goto(new URL('/en/x-trace-3.html?mboxTrace=disable', page.url()).href);
    // A page with a QA switch sends its request once tag-target.js, which reads the switches, is in.
    await expect.poll(() => requests.length, { timeout: 3000 }).toBe(3);
    await page.goto(new URL('/en/x-trace-4.html', page.url()).href);
    await expect.poll(() => requests.length, { timeout: 3000 }).toBe(4);
    expect(requests.map((r) => (r.trace as { authorizationToken?: string } | undefined)?.authorizationToken)).toEqual([
      'qa-token-1',
      'qa-token-1',
      undefined,
      undefined,
    ]);
  });

  it('opened in the Visual Experience Composer (mboxEdit): the composer script loads, selects with :eq() and gets the clicks', async () => {
    const code = `<script>window.targetGlobalSettings = { authoringScriptUrl: '/en/x-vec-composer.js' };</script>`;
    const composer = `window._AT.clickHandlerForExperienceEditor = function (event) { window.clicked = window._AT.querySelectorAll('MAIN > P:eq(1)')[0] === event.target; };`;
    const { page, errors } = await h.open('/en/x-vec.html?mboxEdit=1', {
      before: (p: Page) =>
        Promise.all([
          p.route(
            (url) => url.pathname === '/en/x-vec.html',
            (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html(code, '<p>one</p><p id="two">two</p>') }),
          ),
          p.route(
            (url) => url.pathname === '/en/x-vec-composer.js',
            (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: composer }),
          ),
          p.route('**/rest/v1/delivery?**', (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' })),
        ]),
    });
    await page.waitForFunction(
      () => typeof (window as unknown as { _AT?: { clickHandlerForExperienceEditor?: unknown } })._AT?.clickHandlerForExperienceEditor === 'function',
    );
    await page.click('#two');
    expect(await page.evaluate(() => (window as unknown as { clicked?: boolean }).clicked)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('separate CSP nonces for scripts and styles: the body-hiding style and offer styles and scripts are allowed, nothing is blocked', async () => {
    const csp = "default-src 'self'; script-src 'nonce-js1' 'self'; style-src 'nonce-css1'; connect-src 'self'; img-src 'self' data:";
    const code = `<script nonce="js1">
      window.violations = [];
      document.addEventListener('securitypolicyviolation', e => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));
      window.targetGlobalSettings = { cspScriptNonce: 'js1', cspStyleNonce: 'css1' };
    </script>`;
    const answer = (request: Body) =>
      request.execute
        ? {
            execute: {
              pageLoad: {
                options: [
                  {
                    type: 'actions',
                    content: [
                      {
                        type: 'setHtml',
                        selector: '#slot',
                        cssSelector: '#slot',
                        content: '<style>#slot b{color:rgb(1, 2, 3)}</style><b>styled</b><script>window.ran = true;</script>',
                      },
                    ],
                  },
                ],
              },
            },
          }
        : {};
    const requests: Body[] = [];
    const { page, errors } = await h.open(
      '/en/x-csp.html',
      scripted('/en/x-csp.html', html(code, '<div id="slot">Original</div>', 'nonce="js1"'), answer, requests, { 'content-security-policy': csp }),
    );
    await page.waitForFunction(() => document.querySelector('#slot b') !== null);
    await page.waitForFunction(() => (window as unknown as { ran?: boolean }).ran === true);
    expect(await page.locator('#slot b').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 2, 3)');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
