import { describe, expect, it } from 'vitest';
import { createTracker } from '../../../src/analytics/tracker';
import { blocksRules } from '../../../src/rules/blocks';
import { feedbackRules } from '../../../src/rules/feedback';
import { BLOCK_CLICKS, ownerOf } from '../../../src/rules/lib/clickOwners';
import { recordingDelivery } from '../../analytics/helpers';
import { recordingLogger } from '../../engine/helpers';

const element = (html: string, selector: string) => {
  document.body.innerHTML = html;
  return document.querySelector(selector)!;
};

describe('click owners: one click, one family', () => {
  it.each([
    ['a custom click inside a menu', '<nav class="gcweb-menu"><a id="t" data-gc-analytics-customclick="x" href="https://example.org/">x</a></nav>', 'custom'],
    ['a share link', '<a id="t" data-gc-share="facebook|t" href="https://www.facebook.com/sharer.php">f</a>', 'share'],
    ['a follow link to an RSS feed', '<section class="gc-followus"><a id="t" class="rss" href="/en/feed.xml">RSS</a></section>', 'follow'],
    ['the follow dialog opener (not a follow link)', '<section class="gc-followus"><a id="t" href="#fb" class="wb-lbx">Facebook</a></section>', 'link'],
    ['a menu link to another gc.ca host', '<nav class="gcweb-menu"><a id="t" href="https://www.cra-arc.gc.ca/">CRA</a></nav>', 'menu'],
    ['a most requested link', '<section class="home-most-requested"><a id="t" href="/x.pdf">x</a></section>', 'block'],
    ['a plain download', '<p><a id="t" href="/x.pdf">x</a></p>', 'link'],
  ])('%s', (_, html, owner) => {
    expect(ownerOf(element(html, '#t'))).toBe(owner);
  });

  it('every click selector of the block and feedback rules is a block click (so the block family owns it)', () => {
    const tracker = createTracker(
      { reportSuite: 'x', trackingServer: null, consentCookie: null, isTrackingAllowed: () => true, logger: recordingLogger() },
      recordingDelivery().connect,
    );
    const owned = BLOCK_CLICKS;
    const selectors = [...blocksRules({ tracker, pageViewSent: () => undefined }), ...feedbackRules({ tracker, pageViewSent: () => undefined })]
      .flatMap((rule) => rule.events)
      .flatMap((trigger) => (trigger.type === 'click' && trigger.selector ? [trigger.selector] : []));
    expect(selectors.length).toBeGreaterThan(5);
    expect(selectors.filter((part) => !owned.includes(part))).toEqual([]);
  });
});
