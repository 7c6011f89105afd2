/**
 * The entry of tag-panel.js: the QA panel (requirements QA-1), which tag.js loads from beside its own script only
 * when `?logdtm=panel` asked for it (src/engine/logger.ts, `debugSwitch`). A React island in a
 * shadow root, so the page's styles cannot break it and it cannot break the page. It reads what
 * the tag tells it (`qaFeed`), the page's data layer and the beacon queue in storage, and sends
 * nothing anywhere.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { QUEUE_KEY, type QueuedBeacon } from '../analytics/beaconQueue';
import type { FeedEntry } from '../engine/logger';
import { webStorage } from '../engine/storage';
import { downloadJson } from './download';
import { pageLanguage } from './labels';
import { PanelModel } from './model';
import { Panel } from './Panel';
import { scrubText } from './scrub';
import { PANEL_CSS } from './styles';

export const PANEL_ELEMENT = 'tag-qa-panel';
/** How often the data layer and the stored queue are looked at: the page may push without the tag hearing it. */
const POLL_MS = 500;

/** What tag-panel.js exports. tag.js imports this type only. */
export interface PanelModule {
  openPanel: typeof openPanel;
}

/**
 * Beacons queued in storage by this and earlier pages, in the format src/analytics/beaconQueue.ts
 * writes (an object per page, or the one array of older versions). Its own reader lives inside the
 * queue's closure: taken out to be shared, it cost tag.js 65 B gzip on every page (measured), for
 * this one reading in a file only testers load.
 */
function storedBeacons(): QueuedBeacon[] {
  const store = webStorage('local');
  return store
    .keys()
    .filter((key) => key === QUEUE_KEY || key.startsWith(`${QUEUE_KEY}.`))
    .flatMap((key) => {
      const value = store.getJSON<{ b?: unknown } | unknown[]>(key);
      const list = Array.isArray(value) ? value : value?.b;
      return Array.isArray(list) ? (list as QueuedBeacon[]).filter((b) => typeof b?.i === 'string' && typeof b.q === 'string') : [];
    });
}

async function copy(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

/** Opens the panel on this page: takes what the feed holds so far, then hears each new entry. */
export function openPanel(feed: FeedEntry[]): void {
  const start = performance.timeOrigin;
  const model = new PanelModel(start);
  let endpoint: string | undefined;
  let queueRead = false;
  let root: Root | undefined;
  let shadow: ShadowRoot | undefined;
  let host: HTMLElement | undefined;
  let scheduled = false;
  let poll: ReturnType<typeof setInterval> | undefined;

  const take = (item: FeedEntry) => {
    try {
      model.take(item);
      if (item.source === 'beacon') endpoint ??= String(item.args[0]).replace(/\/s\d+$/, '');
    } catch {
      /* one entry the panel cannot read costs that entry only */
    }
  };
  const render = () => {
    scheduled = false;
    if (!root || !shadow) return;
    const shownIn = shadow;
    root.render(
      createElement(Panel, {
        entries: [...model.entries],
        language: pageLanguage(document.documentElement.lang),
        page: scrubText(location.href),
        start,
        copy,
        save: (name, json) => downloadJson(name, json, shownIn),
        onClose: close,
      }),
    );
  };
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(render, 100);
  };
  const look = () => {
    const before = model.entries.length;
    const layer = (window as { adobeDataLayer?: unknown }).adobeDataLayer;
    model.takeDataLayer(Array.isArray(layer) ? layer : [], Date.now());
    if (!queueRead && endpoint) {
      queueRead = true;
      const at = endpoint;
      model.takeQueued((beacon) => `${at}/s${beacon.i}`, storedBeacons());
    }
    // The view is drawn again only when something came: a tester reading a long list is not disturbed twice a second.
    if (model.entries.length > before) later();
  };
  function close() {
    clearInterval(poll);
    // Closed for this page: what the tag tells it from now on is dropped, not kept for no one.
    feed.length = 0;
    feed.push = () => 0;
    const shown = root;
    root = undefined;
    shown?.unmount();
    host?.remove();
  }

  feed.forEach(take);
  // The tag pushes each new entry: the panel hears it as it happens.
  feed.push = (...items: FeedEntry[]) => {
    items.forEach(take);
    later();
    return Array.prototype.push.apply(feed, items);
  };

  const mount = () => {
    host = document.createElement(PANEL_ELEMENT);
    // The analytics-exempt marker (README, "Tracked clicks"; rules/lib/dom.ts): the rules leave
    // the panel's own clicks alone, such as its exports, links to blob: files in its shadow root.
    host.setAttribute('data-analytics-exempt', '');
    shadow = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = PANEL_CSS;
    const container = document.createElement('div');
    shadow.append(style, container);
    document.body.appendChild(host);
    root = createRoot(container);
    flushSync(render);
    look();
    poll = setInterval(look, POLL_MS);
  };
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
}
