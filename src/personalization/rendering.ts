/**
 * Rendering decisions: each option of a decision applied (actions, HTML, dynamic content,
 * redirects), the rendering events around a piece of work, click metrics, display
 * notifications, and client-side Analytics for Target payloads forwarded.
 */
import { notification, sendNotifications } from './notify';
import { GLOBAL_MBOX, publishTokens } from './offers';
import { applyAction, applyToElement, checkUrl, navigation, waitFor } from './render';
import type { Action, Core, Decision, Metric, Option } from './types';

/** at.js's message for a redirect or dynamic offer without its address. */
const URL_REQUIRED = 'URL is required';

/** Where a decision came from: the page-load, a view or an mbox, as notifications name it. */
export type Location = { pageLoad: { state?: string } } | { view: { name: string; key?: string; state?: string } } | { mbox: { name: string; state?: string } };

/** Where an offer goes: a CSS selector, or (applyOffer, applyOffers) an element the page hands over. */
export type Target = string | Element;

export type Rendering = ReturnType<typeof createRendering>;

export function createRendering(core: Core) {
  const { logger, nonces } = core;

  /** Renders every option of a decision; resolves with the failures (already logged). */
  async function render(decision: Decision, where: Location, selector?: Target): Promise<string[]> {
    const failures: string[] = [];
    const fail = (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(message);
      logger.error('Action failed:', message);
    };
    const name = 'view' in where ? where.view.name : 'mbox' in where ? where.mbox.name : GLOBAL_MBOX;
    await Promise.all(
      (decision.options ?? []).map(async (option) => {
        publishTokens(option, name);
        try {
          await renderOption(option, selector);
        } catch (error) {
          fail(error);
        }
      }),
    );
    for (const metric of decision.metrics ?? []) watchClicks(metric, where);
    return failures;
  }

  /** Without a selector, HTML goes to the end of head, as at.js puts it (it is mostly scripts and styles). */
  async function renderOption(option: Option, selector: Target = 'head'): Promise<void> {
    const content = option.content;
    const put = (html: unknown) =>
      typeof selector === 'string'
        ? applyAction({ type: selector === 'head' ? 'appendHtml' : 'setHtml', selector, content: html }, nonces, core.selectorsTimeout)
        : applyToElement(selector, { type: selector === document.head ? 'appendHtml' : 'setHtml', content: html }, nonces);
    switch (option.type) {
      case 'actions': {
        const actions = Array.isArray(content) ? content : [];
        const results = await Promise.allSettled(actions.map((action: Action) => applyAction(action, nonces, core.selectorsTimeout)));
        const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
        failed.slice(1).forEach((result) => logger.error('Action failed:', (result.reason as Error).message));
        if (failed[0]) throw failed[0].reason;
        return;
      }
      case 'html':
        return put(content);
      case 'dynamic': {
        if (typeof content !== 'string' || !content) throw new Error(URL_REQUIRED);
        const response = await core.fetchContent(content);
        if (!response.ok) throw new Error(`Dynamic content failed: HTTP ${response.status}`);
        return put(await response.text());
      }
      case 'redirect':
        if (typeof content !== 'string' || !content) throw new Error(URL_REQUIRED);
        return navigation.replace(checkUrl(content));
      case 'json':
        return; // data for getOffer callers; nothing to show
      default:
        throw new Error(`Unknown offer type: ${option.type}`);
    }
  }

  /**
   * Client-side Analytics for Target: each payload a response carries goes to analytics as
   * AppMeasurement sends it (pe=tnt, tnta). With server-side logging (the default) there is none.
   */
  function forwardAnalytics(decisions: Array<Decision | undefined>): void {
    for (const decision of decisions) {
      const tnta = decision?.analytics?.payload?.tnta;
      if (typeof tnta === 'string' && tnta) core.analyticsForTarget(tnta);
    }
  }

  /**
   * The rendering events around one piece of work (at.js fires them for page load, mboxes and
   * views); `failed` logs at.js's message for the kind of work when any of it failed.
   */
  async function reported(detail: Record<string, unknown>, work: () => Promise<string[]>, failed: () => void): Promise<string[]> {
    core.emit('at-content-rendering-start', detail);
    const failures = await work();
    if (failures.length) failed();
    core.emit(failures.length ? 'at-content-rendering-failed' : 'at-content-rendering-succeeded', {
      ...detail,
      status: failures.length ? 'error' : 'success',
      ...(failures.length ? { error: failures.join('; '), errors: failures } : {}),
    });
    return failures;
  }

  /** A click on a metric's element sends a click notification, once per element. */
  function watchClicks(metric: Metric, where: Location): void {
    const { selector, eventToken } = metric;
    if (metric.type !== 'click' || !selector || !eventToken) return;
    waitFor(selector).then(
      () =>
        document
          .querySelectorAll(selector)
          .forEach((element) =>
            element.addEventListener('click', () => void sendNotifications(core, [notification('click', { tokens: [eventToken], ...where })]), { once: true }),
          ),
      () => logger.warn('metric element not found:', selector),
    );
  }

  function displayed(decisions: Decision[], where: Location): void {
    const tokens = decisions.flatMap((d) => (d.options ?? []).map((o) => o.eventToken).filter((t): t is string => !!t));
    if (tokens.length) void sendNotifications(core, [notification('display', { tokens, ...where })]);
  }

  return { render, reported, watchClicks, displayed, forwardAnalytics };
}
