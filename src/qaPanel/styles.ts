/**
 * The panel's styles, inside its shadow root: the page's styles cannot reach in, and `:host` rules
 * marked important win over the page's own important rules for the host element itself, so a page
 * that restyles every element (`* { … !important }`) changes nothing of it.
 */
export const PANEL_CSS = `
:host {
  all: initial !important;
  display: block !important;
  position: fixed !important;
  right: 8px !important;
  bottom: 8px !important;
  left: auto !important;
  top: auto !important;
  z-index: 2147483647 !important;
  width: min(600px, calc(100vw - 16px)) !important;
  max-height: 70vh !important;
  margin: 0 !important;
  padding: 0 !important;
  border: 0 !important;
  opacity: 1 !important;
  visibility: visible !important;
  transform: none !important;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif !important;
  color: #1b1b1b !important;
}
* { box-sizing: border-box; }
.panel { display: flex; flex-direction: column; max-height: 70vh; background: #fff; color: #1b1b1b; border: 2px solid #26374a; border-radius: 6px; box-shadow: 0 4px 16px rgba(0,0,0,.3); }
header { display: flex; gap: 6px; align-items: center; padding: 6px 8px; background: #26374a; color: #fff; }
h2 { flex: 1; margin: 0; font-size: 14px; font-weight: 700; }
button { font: inherit; padding: 2px 8px; border: 1px solid #26374a; border-radius: 3px; background: #fff; color: #26374a; cursor: pointer; }
header button { border-color: #fff; }
button:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid #0535d2; outline-offset: 1px; }
.body { display: flex; flex-direction: column; min-height: 0; overflow: hidden; }
.tools { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; padding: 6px 8px; border-bottom: 1px solid #ccc; }
fieldset { display: flex; flex-wrap: wrap; gap: 2px 10px; margin: 0; padding: 2px 6px; border: 1px solid #ccc; }
legend { padding: 0 4px; font-weight: 700; }
label { white-space: nowrap; }
input[type=search] { font: inherit; width: 14em; padding: 2px 4px; border: 1px solid #555; color: #1b1b1b; background: #fff; }
.count { margin: 0; padding: 4px 8px; color: #333; }
.entries { margin: 0; padding: 0 8px 8px; overflow: auto; list-style: none; }
.entry { border-bottom: 1px solid #e5e5e5; padding: 3px 0; }
.entry.warn { background: #fff8e1; }
.entry.error { background: #fdecea; }
summary { cursor: pointer; }
.time { color: #555; font-variant-numeric: tabular-nums; }
.kind { display: inline-block; min-width: 7em; font-weight: 700; color: #26374a; }
.title { word-break: break-word; }
.status { color: #333; }
table { width: 100%; margin: 4px 0; border-collapse: collapse; font-size: 12px; }
th, td { text-align: left; vertical-align: top; padding: 1px 6px 1px 0; border-bottom: 1px solid #eee; word-break: break-all; }
th[scope=row] { white-space: nowrap; font-weight: 600; }
.actions { display: flex; gap: 6px; margin: 4px 0; }
`;
