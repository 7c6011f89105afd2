/**
 * Views: the decisions a response prefetched for each view, kept until the page triggers the
 * view; the page-load decision rendered when its response is in; views triggered before that
 * wait for it, and only the latest of them renders.
 */
import { notification, sendNotifications } from './notify';
import { GLOBAL_MBOX, publishTokens } from './offers';
import { checkUrl, navigation } from './render';
import { reason } from '../engine/logger';
import type { Rendering } from './rendering';
import type { Core, Decision, DeliveryResponse } from './types';
import { type Options, viewName } from './validate';

export function createViews(core: Core, { render, reported, watchClicks, displayed, forwardAnalytics }: Rendering) {
  const { logger } = core;
  const views = new Map<string, Decision[]>();
  /** Views triggered before the page-load response, oldest first; only the latest renders. */
  const waiting: Array<[string, Options]> = [];
  let ready = false;

  async function renderView(name: string, options: Options): Promise<void> {
    const decisions = views.get(name);
    const page = options.page !== false;
    if (!decisions?.length) {
      logger.log(`No offers for view "${name}"`);
      core.emit('at-content-rendering-no-offers', { viewName: name, status: 'success' });
      // The view was seen: Target counts it (and runs its profile scripts) even without offers.
      if (page) void sendNotifications(core, [notification('display', { tokens: [], view: { name } })]);
      return;
    }
    const first = decisions[0]!;
    const where = { view: { name, ...(first.key ? { key: first.key } : {}), ...(first.state ? { state: first.state } : {}) } };
    await reported(
      { viewName: name },
      async () => (await Promise.all(decisions.map((d) => render(d, where)))).flat(),
      () => logger.error('View rendering failed'),
    );
    if (page) displayed(decisions, where);
  }

  /** A view answered again replaces its cached decisions: a fresh answer never renders beside a stale one. */
  function keepViews(response: DeliveryResponse): void {
    // Click metrics Target sends ahead (prefetch.metrics): watched now, reported when clicked.
    for (const metric of response.prefetch?.metrics ?? []) watchClicks(metric, { pageLoad: {} });
    const fresh = new Map<string, Decision[]>();
    for (const view of response.prefetch?.views ?? []) {
      const name = viewName(view.name);
      if (name) fresh.set(name, [...(fresh.get(name) ?? []), view]);
    }
    fresh.forEach((decisions, name) => views.set(name, decisions));
  }

  async function renderPageLoad(response: DeliveryResponse | null): Promise<void> {
    if (!response) return;
    keepViews(response);
    forwardAnalytics([response.execute?.pageLoad, ...(response.prefetch?.views ?? [])]);
    const decision = response.execute?.pageLoad;
    const options = decision?.options ?? [];
    const redirect = options.find((o) => o.type === 'redirect');
    if (!options.length) {
      if (!core.pageLoadReported) core.emit('at-content-rendering-no-offers', { status: 'success' });
      return core.unhide();
    }
    if (redirect) {
      let url: string;
      try {
        url = checkUrl(String(redirect.content));
      } catch (error) {
        logger.error('Action failed:', (error as Error).message);
        core.unhide();
        core.emit('at-content-rendering-failed', { status: 'error', error: (error as Error).message });
        return;
      }
      // The body stays hidden: the visitor should not see the page they are leaving.
      core.emit('at-content-rendering-redirect', { redirect: redirect.content, url: redirect.content, status: 'success' });
      publishTokens(redirect, GLOBAL_MBOX);
      return navigation.replace(url);
    }
    await reported(
      {},
      () => {
        const rendering = render(decision!, { pageLoad: decision!.state ? { state: decision!.state } : {} });
        // Each action has hidden its own target by now (render.ts): the body shows at once, and
        // an element whose selector is late or missing stays hidden alone, not the whole page.
        core.unhide();
        return rendering;
      },
      () => logger.error('Page load rendering failed'),
    );
  }

  core.pageLoad
    .then(renderPageLoad)
    .catch((error: unknown) => {
      logger.error('Page load rendering failed', reason(error));
      core.unhide();
    })
    .then(() => core.pageLoad)
    .then((response) => {
      ready = true;
      const latest = waiting.pop();
      for (const [skipped] of waiting.splice(0)) logger.log(`View "${skipped}" was replaced by a later view before the page-load response`);
      if (!latest) return;
      if (!response) return logger.error('View delivery error: the page-load request failed');
      return renderView(...latest);
    })
    .catch((error: unknown) => logger.error('View rendering failed', reason(error)));

  /** Renders the view now, or once the page-load response is in. */
  const trigger = (view: string, options: Options) => {
    if (!ready) return void waiting.push([view, options]);
    renderView(view, options).catch((error: unknown) => logger.error('View rendering failed', reason(error)));
  };

  return { keepViews, renderView, trigger };
}
