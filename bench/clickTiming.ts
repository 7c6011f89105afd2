/**
 * In-page click timing. Browsers coarsen performance.now(), so one click is too short to time:
 * each sample times a batch of clicks on a link deep in the page and divides. The same batch
 * on the same page without the tag gives the browser's own dispatch cost, which the report
 * subtracts.
 */
export interface ClickTimingOptions {
  selector: string;
  batches: number;
  clicksPerBatch: number;
}

export function timeClicks({ selector, batches, clicksPerBatch }: ClickTimingOptions): number[] {
  const target = document.querySelector(selector);
  if (!target) throw new Error(`no element for ${selector}`);
  // Clicking a link would navigate; the tag never prevents default, so the bench does.
  target.addEventListener('click', (event) => event.preventDefault());
  const perClick: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    for (let c = 0; c < clicksPerBatch; c++) {
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    perClick.push((performance.now() - start) / clicksPerBatch);
  }
  return perClick;
}
