import { describe, expect, it } from 'vitest';
import { probesOf } from '../../src/engine/selectorProbes';

describe('selector probes: a lone name that must be found at or above the element', () => {
  it.each([
    ['.gc-nttvs a[href]', ['.gc-nttvs']],
    ['#wb-so a[href], #wb-so button', ['#wb-so', '#wb-so']],
    ['[class*=carousel-s] .tabpanels a[href]', ['.tabpanels']],
    ['details > summary', ['details']],
    ['details>summary', ['details']],
    ['a[href]', ['a']],
    ['.modal-dialog[id]', ['.modal-dialog']],
    ['.gcweb-menu, #wb-sm', ['.gcweb-menu', '#wb-sm']],
    ['.gcweb-menu a[href]:not([href^="#"]), #wb-sm a[href]:not([href^="#"])', ['.gcweb-menu', '#wb-sm']],
    ['gcds-card', null],
    ['.gc-followus', null],
    ['[data-analytics-exempt]', null],
    ['[data-gc-share], .shr-pg a[href]', null],
    ['.a + .b', null],
    ['.a ~ .b', null],
    [':is(.a, .b) c', null],
    ['.a:not(.b, .c) d', null],
    ['.a[title="x, y"] b', null],
    ['svg|a', null],
    ['.caf\\e9 a', null],
    ['.café a', null],
    ['* a', null],
    ['div..x a', null],
  ])('%s', (selector, probes) => {
    expect(probesOf(selector)).toEqual(probes);
  });

  it('never rules out a selector that matches: for each element of a page, a selector whose probes all miss matches nowhere at or above it', () => {
    document.body.innerHTML = `
      <header id="wb-so"><nav class="gcweb-menu"><ul><li><a href="/a">A</a></li><li><button>Menu</button></li></ul></nav></header>
      <main><section class="gc-nttvs other"><p><a href="#x">x</a></p></section>
        <div class="wb-tabs carousel-s1"><div class="tabpanels"><div><a href="/slide">slide</a></div></div></div>
        <details><summary>More</summary><p>Text <span data-analytics-exempt>secret</span></p></details>
        <form><input name="parentElement"><input name="classList"><button class="x">Send</button></form>
        <svg><a href="/svg"><text>svg link</text></a></svg>
        <h2>Title</h2><p><a href="/after">after the title</a></p>
      </main>`;
    const selectors = [
      '.gc-nttvs a[href]',
      '#wb-so a[href], #wb-so button',
      'details > summary',
      'a[href]',
      '.gcweb-menu, #wb-sm',
      '.gcweb-menu a[href]:not([href^="#"]), #wb-sm a[href]:not([href^="#"])',
      'main form .x',
      'main svg a',
      'section.gc-nttvs.other p',
      '.tabpanels a',
      'h2 + p a',
      'h2 ~ p a',
    ];
    let checked = 0;
    for (const element of document.body.querySelectorAll('*')) {
      for (const selector of selectors) {
        const probes = probesOf(selector);
        if (probes?.every((probe) => !element.closest(probe))) {
          expect(element.closest(selector), `${selector} at <${element.localName}>`).toBeNull();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
