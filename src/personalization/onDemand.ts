/**
 * The entry of dist/tag-target.js: rendering the page-load offers and views, click metrics and
 * notifications, and the `window.adobe.target` functions. tag.js loads it while the page-load
 * request is under way (bootstrap.ts) and hands it `core`: everything tag.js already has.
 */
import { sendNotifications, notification } from './notify';
import { applyAction, checkUrl, navigation, waitFor } from './render';
import type { Action, Api, Core, Decision, DeliveryRequest, DeliveryResponse, Metric, Notification, Option, RequestDetails, TargetModule } from './types';
import {
  checkApplyOffer,
  checkApplyOffers,
  checkGetOffer,
  checkGetOffers,
  checkSendNotifications,
  checkTrackEvent,
  VIEW_NAME_INVALID,
  viewName,
  type Options,
} from './validate';

export const GLOBAL_MBOX = 'target-global-mbox';
/** The data-layer event that carries the test-offer metadata to the analytics rules. */
export const OFFER_EVENT = 'targetOffer';
export const VIEWS_DISABLED = 'Views are not enabled';

/** Where a decision came from: the page-load, a view or an mbox, as notifications name it. */
type Location = { pageLoad: { state?: string } } | { view: { name: string; key?: string; state?: string } } | { mbox: { name: string; state?: string } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

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

export function start(core: Core): Api {
  const { logger, nonce } = core;
  const views = new Map<string, Decision[]>();
  /** Views triggered before the page-load response, oldest first; only the latest renders. */
  const waiting: Array<[string, Options]> = [];
  let ready = false;

  const report = (what: string, error: unknown) => logger.error(what, error instanceof Error ? error.message : error);

  /** Renders every option of a decision; resolves with the failures (already logged). */
  async function render(decision: Decision, where: Location, selector?: string): Promise<string[]> {
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
  async function renderOption(option: Option, selector = 'head'): Promise<void> {
    const content = option.content;
    switch (option.type) {
      case 'actions': {
        const results = await Promise.allSettled((Array.isArray(content) ? content : []).map((action: Action) => applyAction(action, nonce)));
        const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
        failed.slice(1).forEach((result) => logger.error('Action failed:', (result.reason as Error).message));
        if (failed[0]) throw failed[0].reason;
        return;
      }
      case 'html':
        return applyAction({ type: selector === 'head' ? 'appendHtml' : 'setHtml', selector, content }, nonce);
      case 'dynamic': {
        if (typeof content !== 'string') throw new Error('No url');
        const response = await core.fetchContent(content);
        if (!response.ok) throw new Error(`Dynamic content failed: HTTP ${response.status}`);
        return applyAction({ type: 'setHtml', selector, content: await response.text() }, nonce);
      }
      case 'redirect':
        if (typeof content !== 'string' || !content) throw new Error('No url');
        return navigation.replace(checkUrl(content));
      case 'json':
        return; // data for getOffer callers; nothing to show
      default:
        throw new Error(`Unknown offer type: ${option.type}`);
    }
  }

  /** A click on a metric's element sends a click notification, once per element. */
  function watchClicks(metric: Metric, where: Location): void {
    const { selector, eventToken } = metric;
    if (metric.type !== 'click' || !selector || !eventToken) return;
    waitFor(selector).then(
      () =>
        document.querySelectorAll(selector).forEach((element) =>
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
    if (!decisions?.length) {
      logger.log(`No offers for view "${name}"`);
      return core.emit('at-content-rendering-no-offers', { viewName: name, status: 'success' });
    }
    core.emit('at-content-rendering-start', { viewName: name });
    const where = { view: { name, key: decisions[0]!.key } };
    const failures = (await Promise.all(decisions.map((d) => render(d, where)))).flat();
    if (failures.length) logger.error('View rendering failed');
    core.emit(failures.length ? 'at-content-rendering-failed' : 'at-content-rendering-succeeded', {
      viewName: name,
      status: failures.length ? 'error' : 'success',
      ...(failures.length ? { errors: failures } : {}),
    });
    if (options.page !== false) displayed(decisions, where);
  }

  function keepViews(response: DeliveryResponse): void {
    for (const view of response.prefetch?.views ?? []) {
      const name = viewName(view.name);
      if (name) views.set(name, [...(views.get(name) ?? []), view]);
    }
  }

  async function renderPageLoad(response: DeliveryResponse | null): Promise<void> {
    if (!response) return;
    keepViews(response);
    const decision = response.execute?.pageLoad;
    const options = decision?.options ?? [];
    const redirect = options.find((o) => o.type === 'redirect');
    if (!options.length) {
      core.emit('at-content-rendering-no-offers', { status: 'success' });
      return core.unhide();
    }
    const finish = (failures: string[]) => {
      core.unhide();
      if (failures.length) logger.error('Page load rendering failed');
      core.emit(failures.length ? 'at-content-rendering-failed' : 'at-content-rendering-succeeded', {
        status: failures.length ? 'error' : 'success',
        ...(failures.length ? { errors: failures } : {}),
      });
    };
    if (redirect) {
      let url: string;
      try {
        url = checkUrl(String(redirect.content));
      } catch (error) {
        logger.error('Action failed:', (error as Error).message);
        return finish([(error as Error).message]);
      }
      // The body stays hidden: the visitor should not see the page they are leaving.
      core.emit('at-content-rendering-redirect', { redirect: redirect.content, status: 'success' });
      publishTokens(redirect, GLOBAL_MBOX);
      return navigation.replace(url);
    }
    core.emit('at-content-rendering-start', {});
    finish(await render(decision!, { pageLoad: decision!.state ? { state: decision!.state } : {} }));
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
  const withAuth = (details: RequestDetails): RequestDetails => ({ ...details, parameters: { ...details.parameters, platformAuth: core.platformAuth() } });

  /** The request the page asked for, on top of the parts this client always sends. */
  function merged(request: Options): DeliveryRequest {
    const base = core.base();
    const body = { ...base, ...request, requestId: base.requestId, context: { ...base.context, ...(isObject(request.context) ? request.context : {}) } } as DeliveryRequest;
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
      const request = { ...core.base(), execute: { mboxes: [{ index: 0, name: mbox, ...withAuth(details) }] } };
      core.send(request, o.timeout).then(
        (response) => {
          const decision = response.execute?.mboxes?.find((m) => m.name === mbox);
          for (const option of decision?.options ?? []) publishTokens(option, mbox);
          (o.success as (offer: unknown) => void)(toOffer(decision));
        },
        (error: Error) => {
          logger.error('request failed', error.message);
          (o.error as (status: string, message: string) => void)('error', error.message);
        },
      ).catch((error: unknown) => report('getOffer callback failed:', error));
    }),

    getOffers: guard('getOffers', (options: unknown) => {
      const problem = checkGetOffers(options);
      if (problem) return refuse(problem);
      const o = options as Options;
      return core.send(merged(o.request as Options), o.timeout);
    }),

    applyOffer: guard('applyOffer', (options: unknown) => {
      const problem = checkApplyOffer(options);
      if (problem) return void logger.error(problem);
      const o = options as Options;
      const items = (Array.isArray(o.offer) ? o.offer : [o.offer]).filter(isObject);
      const mbox = typeof o.mbox === 'string' ? o.mbox : GLOBAL_MBOX;
      render({ options: items.map(fromOffer) }, { mbox: { name: mbox } }, typeof o.selector === 'string' ? o.selector : undefined).catch((error: unknown) =>
        report('Mboxes rendering failed', error),
      );
    }),

    applyOffers: guard('applyOffers', async (options: unknown) => {
      const problem = checkApplyOffers(options);
      if (problem) return refuse(problem);
      const o = options as Options;
      const response = o.response as DeliveryResponse;
      const selector = typeof o.selector === 'string' ? o.selector : undefined;
      keepViews(response);
      const pageLoad = response.execute?.pageLoad;
      const work: Array<Promise<string[]>> = [];
      if (pageLoad) work.push(render(pageLoad, { pageLoad: {} }, selector));
      for (const mbox of response.execute?.mboxes ?? []) work.push(render(mbox, { mbox: { name: String(mbox.name) } }, selector));
      const failures = (await Promise.all(work)).flat();
      if (failures.length) logger.error('Mboxes rendering failed');
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
        sendNotifications(core, [notification(o.type === 'click' ? 'click' : 'display', { mbox: { name: String(o.mbox) }, ...details })]).then(() =>
          typeof o.success === 'function' ? o.success() : undefined,
        ).catch((error: unknown) => report('Track event request failed', error));
      const selector = typeof o.selector === 'string' ? o.selector : undefined;
      if (!selector) return void send();
      const type = typeof o.type === 'string' ? o.type : 'click';
      try {
        document.querySelectorAll(selector).forEach((element) => element.addEventListener(type, () => void send()));
      } catch (error) {
        report('Track event request failed', error);
      }
    }),

    triggerView: guard('triggerView', (name: unknown, options: unknown) => {
      if (!core.viewsEnabled) return void logger.warn(VIEWS_DISABLED);
      const view = viewName(name);
      if (!view) return void logger.error(VIEW_NAME_INVALID);
      const o = isObject(options) ? options : {};
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

export { record } from './telemetry';

// The loader in tag.js checks the module against this type.
start satisfies TargetModule['start'];
