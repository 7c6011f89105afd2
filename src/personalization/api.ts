/**
 * The functions of `window.adobe.target` once tag-target.js runs: getOffer, getOffers, applyOffer,
 * applyOffers, sendNotifications, trackEvent, triggerView, registerExtension. Each checks its
 * options with at.js's messages, logs what goes wrong and never throws into the page.
 */
import type { startAuthoring } from './authoring';
import { notification, sendNotifications } from './notify';
import { fromOffer, GLOBAL_MBOX, publishTokens, toOffer } from './offers';
import { navigation } from './render';
import { reason } from '../engine/logger';
import type { Location, Rendering } from './rendering';
import { MALFORMED, TIMED_OUT } from './request';
import { merged, withAuth } from './requests';
import { decisionsOf, responseDetails } from './responseDetails';
import type { Api, Core, Decision, DeliveryResponse, Notification } from './types';
import {
  checkApplyOffer,
  checkApplyOffers,
  checkGetOffer,
  checkGetOffers,
  checkSendNotifications,
  checkTrackEvent,
  isObject,
  MBOX_REQUIRED,
  viewName,
  type Options,
} from './validate';
import type { createViews } from './views';

/** getOffer's error status, as Adobe documents it: 'timeout', 'parseerror' or 'error'. */
const errorStatus = (message: string): string => (message === TIMED_OUT ? 'timeout' : message === MALFORMED ? 'parseerror' : 'error');
export function createApi(
  core: Core,
  { render, reported, displayed, forwardAnalytics }: Rendering,
  { keepViews, renderView, trigger }: ReturnType<typeof createViews>,
  authoring: ReturnType<typeof startAuthoring>,
): Api {
  const { logger } = core;
  /** Every API function logs bad input and what goes wrong, and never throws into the page. */
  const guard =
    <T extends unknown[]>(name: string, fn: (...args: T) => unknown) =>
    (...args: T) => {
      try {
        return fn(...args);
      } catch (error) {
        logger.error(`${name} failed:`, reason(error));
        return Promise.resolve();
      }
    };
  /** A problem with callback-style options is logged and given to their `error` callback, as at.js does. */
  const refused = (problem: string | undefined, o: Options): boolean => {
    if (!problem) return false;
    logger.error(problem);
    if (isObject(o) && typeof o.error === 'function') o.error('error', problem);
    return true;
  };
  const refuse = (message: string) => {
    logger.error(message);
    return Promise.reject(new Error(message));
  };

  return {
    getOffer: guard('getOffer', (options: unknown) => {
      const o = options as Options;
      if (refused(checkGetOffer(options), o)) return;
      const { details } = core.split(o.params);
      const mbox = String(o.mbox);
      // The global mbox's name asks for the page-load decision, as at.js does.
      const global = mbox === GLOBAL_MBOX;
      const request = {
        ...core.base(),
        execute: global ? { pageLoad: withAuth(core, details) } : { mboxes: [{ index: 0, name: mbox, ...withAuth(core, details) }] },
      };
      core.emit('at-request-start', { mbox, requestId: request.requestId });
      core
        .send(request, o.timeout)
        .then(
          (response) => {
            core.emit('at-request-succeeded', { mbox, status: 'success', requestId: request.requestId, ...responseDetails(response) });
            // By its index too: a name with something personal in it was sent scrubbed (outbound.ts).
            const decision = global ? response.execute?.pageLoad : response.execute?.mboxes?.find((m) => m.index === 0 || m.name === mbox);
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
        .catch((error: unknown) => logger.error('getOffer callback failed:', reason(error)));
    }),

    getOffers: guard('getOffers', (options: unknown) => {
      const problem = checkGetOffers(options);
      if (problem) return refuse(problem);
      const o = options as Options;
      const request = merged(core, o.request as Options);
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
      reported(
        { mbox },
        () => render({ options: items.map(fromOffer) }, { mbox: { name: mbox } }, selector),
        () => logger.error('Mboxes rendering failed'),
      ).catch((error: unknown) => logger.error('Mboxes rendering failed', reason(error)));
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
          () => (prefetched ? logger.error('Prefetch rendering failed') : logger.error('Mboxes rendering failed')),
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
      const o = options as Options;
      if (refused(checkTrackEvent(options), o)) return;
      const { details } = core.split(o.params);
      const send = () =>
        sendNotifications(core, [notification(o.type === 'click' ? 'click' : 'display', { mbox: { name: String(o.mbox) }, ...details })])
          .then(() => (typeof o.success === 'function' ? o.success() : undefined))
          .catch((error: unknown) => logger.error('Track event request failed', reason(error)));
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
        logger.error('Track event request failed', reason(error));
      }
    }),

    triggerView: guard('triggerView', (name: unknown, options: unknown) => {
      if (!core.viewsEnabled) return void logger.warn('Views are not enabled');
      const view = viewName(name);
      if (!view) return void logger.error('View name should be a non-empty string');
      const o = isObject(options) ? options : {};
      authoring?.view(view);
      trigger(view, o);
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
