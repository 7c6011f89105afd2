/**
 * The entry of dist/tag-target.js: rendering the page-load offers and views, click metrics and
 * notifications, and the `window.adobe.target` functions. tag.js loads it while the page-load
 * request is under way (bootstrap.ts) and hands it `core`: everything tag.js already has.
 */
import { startAuthoring } from './authoring';
import { decisionsOf, responseDetails } from './responseDetails';
import { sendNotifications, notification } from './notify';
import { applyAction, applyToElement, checkUrl, navigation, waitFor } from './render';
import { MALFORMED, TIMED_OUT } from './request';
import type { Action, Api, Core, Decision, DeliveryRequest, DeliveryResponse, Metric, Notification, Option, RequestDetails, TargetModule } from './types';
import {
  checkApplyOffer,
  checkApplyOffers,
  checkGetOffer,
  checkGetOffers,
  checkSendNotifications,
  checkTrackEvent,
  MBOX_REQUIRED,
  VIEW_NAME_INVALID,
  viewName,
  type Options,
} from './validate';

export const GLOBAL_MBOX = 'target-global-mbox';
/** The data-layer event that carries the test-offer metadata to the analytics rules (rules/personalization.ts). */
export const OFFER_EVENT = 'targetOffer';
export const VIEWS_DISABLED = 'Views are not enabled';

/** Where a decision came from: the page-load, a view or an mbox, as notifications name it. */
type Location = { pageLoad: { state?: string } } | { view: { name: string; key?: string; state?: string } } | { mbox: { name: string; state?: string } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
/** Parameter values as the delivery API takes them, strings ({a: 1} in Adobe's examples becomes "1"). */
const texts = (values: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(isObject(values) ? values : {}).map(([key, value]) => [key, value == null ? '' : String(value)]));

/**
 * The test-offer metadata of one option's response tokens, pushed to `window.adobeDataLayer`
 * as `{event: 'targetOffer', target: {...}}` so a rule or data element can read it.
 */
function publishTokens(option: Option, mbox: string): void {
  const tokens = option.responseTokens;
  if (!isObject(tokens)) return;
  const w = window as { adobeDataLayer?: unknown };
  if (!Array.isArray(w.adobeDataLayer)) w.adobeDataLayer = [];
  (w.adobeDataLayer as unknown[]).push({
    event: OFFER_EVENT,
    target: {
      activityName: text(tokens['activity.name']),
      activityId: text(tokens['activity.id']),
      experienceName: text(tokens['experience.name']),
      experienceId: text(tokens['experience.id']),
      offerName: text(tokens['offer.name']),
      offerId: text(tokens['offer.id']),
      geoCity: text(tokens['geo.city']),
      geoState: text(tokens['geo.state']),
      mbox,
    },
  });
}

/** getOffer's error status, as Adobe documents it: 'timeout', 'parseerror' or 'error'. */
const errorStatus = (message: string): string => (message === TIMED_OUT ? 'timeout' : message === MALFORMED ? 'parseerror' : 'error');
/** at.js's messages: a redirect or dynamic offer without its address; prefetched mboxes that failed to render. */
export const URL_REQUIRED = 'URL is required';
export const PREFETCH_RENDERING_FAILED = 'Prefetch rendering failed';

/** Where an offer goes: a CSS selector, or (applyOffer, applyOffers) an element the page hands over. */
type Target = string | Element;

export function start(core: Core): Api {
  const { logger, nonces } = core;
  const authoring = startAuthoring(core.authoringScriptUrl, nonces.script, logger);
  const views = new Map<string, Decision[]>();
  /** Views triggered before the page-load response, oldest first; only the latest renders. */
  const waiting: Array<[string, Options]> = [];
  let ready = false;

  const report = (what: string, error: unknown) => logger.error(what, error instanceof Error ? error.message : error);

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

  /** The rendering events around one piece of work (at.js fires them for page load, mboxes and views). */
  async function reported(detail: Record<string, unknown>, work: () => Promise<string[]>, failedMessage: string): Promise<string[]> {
    core.emit('at-content-rendering-start', detail);
    const failures = await work();
    if (failures.length) logger.error(failedMessage);
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
    await reported({ viewName: name }, async () => (await Promise.all(decisions.map((d) => render(d, where)))).flat(), 'View rendering failed');
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
      'Page load rendering failed',
    );
  }

  core.pageLoad
    .then(renderPageLoad)
    .catch((error: unknown) => {
      report('Page load rendering failed', error);
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
    .catch((error: unknown) => report('View rendering failed', error));

  /**
   * Parameters with the platform-authentication outcome added: the page-load request may have
   * left before the check answered, so later requests carry its final value.
   */
  const withAuth = (details: RequestDetails): RequestDetails => ({
    ...details,
    parameters: { ...texts(details.parameters), platformAuth: core.platformAuth() },
    ...(isObject(details.profileParameters) ? { profileParameters: texts(details.profileParameters) } : {}),
  });

  /** The request the page asked for, on top of the parts this client always sends. */
  function merged(request: Options): DeliveryRequest {
    const base = core.base();
    const body = {
      ...base,
      ...request,
      requestId: base.requestId,
      context: { ...base.context, ...(isObject(request.context) ? request.context : {}) },
    } as DeliveryRequest;
    for (const part of ['execute', 'prefetch'] as const) {
      const section: Record<string, unknown> | undefined = body[part];
      if (!isObject(section)) continue;
      // Copies: the page's own request objects stay as the page made them.
      const copy: Record<string, unknown> = { ...section };
      if (isObject(copy.pageLoad)) copy.pageLoad = withAuth(copy.pageLoad);
      for (const list of ['mboxes', 'views']) {
        const items = copy[list];
        if (Array.isArray(items)) copy[list] = items.map((item: unknown) => (isObject(item) ? withAuth(item) : item));
      }
      (body as unknown as Record<string, unknown>)[part] = copy;
    }
    return body;
  }

  /** getOffer's offer: at.js's list of `{action, content}` items. */
  function toOffer(decision: Decision | undefined): Array<Record<string, unknown>> {
    return (decision?.options ?? []).flatMap((option): Array<Record<string, unknown>> => {
      if (option.type === 'json') return [{ action: 'setJson', content: [option.content] }];
      if (option.type === 'redirect') return [{ action: 'redirect', url: option.content }];
      if (option.type === 'actions') return (Array.isArray(option.content) ? option.content : []).map((a: Action) => ({ ...a, action: a.type }));
      return [{ action: 'setContent', content: option.content, type: option.type }];
    });
  }

  function fromOffer(item: Record<string, unknown>): Option {
    if (item.action === 'setJson') return { type: 'json', content: item.content };
    if (item.action === 'redirect') return { type: 'redirect', content: item.url };
    if (item.action === 'setContent') return { type: item.type === 'dynamic' ? 'dynamic' : 'html', content: item.content };
    return { type: 'actions', content: [{ ...item, type: String(item.action ?? item.type) }] };
  }

  /** Every API function logs bad input and what goes wrong, and never throws into the page. */
  const guard =
    <T extends unknown[]>(name: string, fn: (...args: T) => unknown) =>
    (...args: T) => {
      try {
        return fn(...args);
      } catch (error) {
        report(`${name} failed:`, error);
        return Promise.resolve();
      }
    };
  const refuse = (message: string) => {
    logger.error(message);
    return Promise.reject(new Error(message));
  };

  const api: Api = {
    getOffer: guard('getOffer', (options: unknown) => {
      const problem = checkGetOffer(options);
      const o = options as Options;
      if (problem) {
        logger.error(problem);
        if (isObject(o) && typeof o.error === 'function') o.error('error', problem);
        return;
      }
      const { details } = core.split(o.params);
      const mbox = String(o.mbox);
      // The global mbox's name asks for the page-load decision, as at.js does.
      const global = mbox === GLOBAL_MBOX;
      const request = { ...core.base(), execute: global ? { pageLoad: withAuth(details) } : { mboxes: [{ index: 0, name: mbox, ...withAuth(details) }] } };
      core.emit('at-request-start', { mbox, requestId: request.requestId });
      core
        .send(request, o.timeout)
        .then(
          (response) => {
            core.emit('at-request-succeeded', { mbox, status: 'success', requestId: request.requestId, ...responseDetails(response) });
            const decision = global ? response.execute?.pageLoad : response.execute?.mboxes?.find((m) => m.name === mbox);
            forwardAnalytics([decision]);
            for (const option of decision?.options ?? []) publishTokens(option, mbox);
            (o.success as (offer: unknown) => void)(toOffer(decision));
          },
          (error: Error) => {
            logger.error('request failed', error.message);
            core.emit('at-request-failed', { mbox, status: 'error', error: error.message, requestId: request.requestId });
            (o.error as (status: string, message: string) => void)(errorStatus(error.message), error.message);
          },
        )
        .catch((error: unknown) => report('getOffer callback failed:', error));
    }),

    getOffers: guard('getOffers', (options: unknown) => {
      const problem = checkGetOffers(options);
      if (problem) return refuse(problem);
      const o = options as Options;
      const request = merged(o.request as Options);
      core.emit('at-request-start', { requestId: request.requestId });
      return core.send(request, o.timeout).then(
        (response) => {
          core.emit('at-request-succeeded', { status: 'success', requestId: request.requestId, ...responseDetails(response) });
          forwardAnalytics(decisionsOf(response));
          return response;
        },
        (error: Error) => {
          core.emit('at-request-failed', { status: 'error', error: error.message, requestId: request.requestId });
          throw error;
        },
      );
    }),

    applyOffer: guard('applyOffer', (options: unknown) => {
      const problem = checkApplyOffer(options) || (typeof (options as Options).mbox === 'string' && (options as Options).mbox ? undefined : MBOX_REQUIRED);
      if (problem) return void logger.error(problem);
      const o = options as Options;
      const items = (Array.isArray(o.offer) ? o.offer : [o.offer]).filter(isObject);
      const mbox = String(o.mbox);
      const selector = typeof o.selector === 'string' || o.selector instanceof Element ? o.selector : undefined;
      if (!items.length) {
        core.unhide();
        return void core.emit('at-content-rendering-no-offers', { mbox, status: 'success' });
      }
      reported({ mbox }, () => render({ options: items.map(fromOffer) }, { mbox: { name: mbox } }, selector), 'Mboxes rendering failed').catch(
        (error: unknown) => report('Mboxes rendering failed', error),
      );
    }),

    applyOffers: guard('applyOffers', async (options: unknown) => {
      const problem = checkApplyOffers(options);
      if (problem) return refuse(problem);
      const o = options as Options;
      const response = o.response as DeliveryResponse;
      const selector = typeof o.selector === 'string' || o.selector instanceof Element ? o.selector : undefined;
      keepViews(response);
      const pageLoad = response.execute?.pageLoad;
      const parts: Array<[Decision, Location]> = [
        ...(pageLoad ? [[pageLoad, { pageLoad: {} }] as [Decision, Location]] : []),
        ...(response.execute?.mboxes ?? []).map((d): [Decision, Location] => [d, { mbox: { name: String(d.name) } }]),
        ...(response.prefetch?.mboxes ?? []).map((d): [Decision, Location] => [d, { mbox: { name: String(d.name), ...(d.state ? { state: d.state } : {}) } }]),
      ];
      const rendered = parts.filter(([d]) => d.options?.length);
      if (rendered.length) {
        const prefetched = rendered.every(([d]) => response.prefetch?.mboxes?.includes(d));
        await reported(
          {},
          () => {
            const work = Promise.all(rendered.map(([d, where]) => render(d, where, selector)));
            // As at.js: the targets are hidden now, so the body (a pre-hiding snippet's) may show.
            core.unhide();
            return work.then((failures) => failures.flat());
          },
          prefetched ? PREFETCH_RENDERING_FAILED : 'Mboxes rendering failed',
        );
        // Prefetched mboxes were decided, not yet seen: their display is counted now (an
        // executed one was counted when it was decided).
        for (const [d, where] of rendered) if (response.prefetch?.mboxes?.includes(d)) displayed([d], where);
      } else if (!response.prefetch?.views?.length) {
        core.unhide();
        core.emit('at-content-rendering-no-offers', { status: 'success' });
      }
      const view = viewName(o.viewName);
      if (view) await renderView(view, {});
    }),

    sendNotifications: guard('sendNotifications', (options: unknown) => {
      const problem = checkSendNotifications(options);
      if (problem) return refuse(problem);
      const { notifications, ...rest } = (options as Options).request as Options;
      return sendNotifications(core, notifications as Notification[], rest);
    }),

    trackEvent: guard('trackEvent', (options: unknown) => {
      const problem = checkTrackEvent(options);
      const o = options as Options;
      if (problem) {
        logger.error(problem);
        if (isObject(o) && typeof o.error === 'function') o.error('error', problem);
        return;
      }
      const { details } = core.split(o.params);
      const send = () =>
        sendNotifications(core, [notification(o.type === 'click' ? 'click' : 'display', { mbox: { name: String(o.mbox) }, ...details })])
          .then(() => (typeof o.success === 'function' ? o.success() : undefined))
          .catch((error: unknown) => report('Track event request failed', error));
      const selector = typeof o.selector === 'string' ? o.selector : undefined;
      if (!selector) return void send();
      const type = typeof o.type === 'string' ? o.type : 'click';
      try {
        document.querySelectorAll(selector).forEach((element) =>
          element.addEventListener(type, (event) => {
            // Adobe documents preventDefault for a link's click and a form's submit: the page is
            // held until the notification has left, then it goes on as the visitor asked.
            const resume = o.preventDefault === true ? held(element, event) : undefined;
            void send().then(resume);
          }),
        );
      } catch (error) {
        report('Track event request failed', error);
      }
    }),

    triggerView: guard('triggerView', (name: unknown, options: unknown) => {
      if (!core.viewsEnabled) return void logger.warn(VIEWS_DISABLED);
      const view = viewName(name);
      if (!view) return void logger.error(VIEW_NAME_INVALID);
      const o = isObject(options) ? options : {};
      authoring?.view(view);
      if (!ready) return void waiting.push([view, o]);
      renderView(view, o).catch((error: unknown) => report('View rendering failed', error));
    }),

    registerExtension: guard('registerExtension', (options: unknown) => {
      const o = isObject(options) ? options : {};
      if (typeof o.name !== 'string' || !o.name || typeof o.register !== 'function') {
        return void logger.error('registerExtension needs a name and a register function');
      }
      const available: Record<string, unknown> = { logger, settings: core.settings };
      const modules = Array.isArray(o.modules) ? o.modules : [];
      o.register(...modules.map((module) => available[String(module)]));
      logger.log(`Extension "${o.name}" registered`);
    }),
  };
  return api;
}

/**
 * Holds a link's navigation or a form's submission (trackEvent's preventDefault) and gives the
 * function that resumes it; undefined for anything else, or a click that opens elsewhere (a new
 * tab, a download), which does not leave the page.
 */
function held(element: Element, event: Event): (() => void) | undefined {
  const link = element.closest('a[href]') as HTMLAnchorElement | null;
  const form = element instanceof HTMLFormElement ? element : null;
  const mouse = event as MouseEvent;
  if (
    event.type === 'click' &&
    link &&
    !mouse.ctrlKey &&
    !mouse.metaKey &&
    !mouse.shiftKey &&
    (!link.target || link.target === '_self') &&
    !link.hasAttribute('download')
  ) {
    event.preventDefault();
    return () => navigation.assign(link.href);
  }
  if (event.type === 'submit' && form) {
    event.preventDefault();
    return () => form.submit();
  }
  return undefined;
}

// The loader in tag.js checks the module against this type.
start satisfies TargetModule['start'];
