/**
 * The QA panel: the page's entries (model.ts), live and in order, with a filter by kind, a search,
 * copying a beacon as its request or an entry as JSON, and an export of all shown entries. A
 * complementary landmark of its own, every control a native button, checkbox or search field, so
 * it is used from the keyboard as a page is.
 */
import { useMemo, useState } from 'react';
import { LABELS, type Language } from './labels';
import { ENTRY_KINDS, exportEntries, matches, rawRequest, type EntryKind, type PanelEntry } from './model';

export interface PanelProps {
  entries: readonly PanelEntry[];
  language: Language;
  /** The page's address, scrubbed: the export names it. */
  page: string;
  /** When the tag's page started, ms since the epoch: times are shown from it. */
  start: number;
  copy(text: string): Promise<void>;
  save(name: string, json: string): void;
  onClose(): void;
}

const ALL_KINDS = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, true])) as Record<EntryKind, boolean>;

function EntryView({ entry, language, start, copy }: { entry: PanelEntry; language: Language; start: number; copy: (text: string) => void }) {
  const t = LABELS[language];
  const { beacon, rule } = entry;
  const status = beacon ? `${t.states[beacon.state]}${beacon.earlier ? `, ${t.earlier}` : ''}` : rule ? t.rule(rule.outcome, rule.condition) : undefined;
  return (
    <li className={`entry ${entry.kind} ${entry.level}`} data-kind={entry.kind} data-state={beacon?.state ?? rule?.outcome}>
      <details>
        <summary>
          <span className="time">+{Math.max(0, Math.round(entry.at - start))} ms</span> <span className="kind">{t.kinds[entry.kind]}</span>{' '}
          <span className="title">{entry.title}</span>
          {status ? <span className="status"> — {status}</span> : null}
        </summary>
        {entry.rows.length ? (
          <table>
            {beacon ? (
              <thead>
                <tr>
                  <th scope="col">{t.parameter}</th>
                  <th scope="col">{t.slot}</th>
                  <th scope="col">{t.reportName}</th>
                  <th scope="col">{t.value}</th>
                </tr>
              </thead>
            ) : null}
            <tbody>
              {entry.rows.map((row) => (
                <tr key={`${row.label}=${row.value}`}>
                  <th scope="row">{row.label}</th>
                  {beacon ? <td>{row.slot ?? ''}</td> : null}
                  {beacon ? <td>{row.name ?? ''}</td> : null}
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <p className="actions">
          {beacon ? (
            <button type="button" onClick={() => copy(rawRequest(beacon.address, beacon.query))}>
              {t.copyRequest}
            </button>
          ) : null}
          <button type="button" onClick={() => copy(JSON.stringify(entry.data, null, 2))}>
            {t.copyJson}
          </button>
        </p>
      </details>
    </li>
  );
}

export function Panel({ entries, language, page, start, copy, save, onClose }: PanelProps) {
  const t = LABELS[language];
  const [open, setOpen] = useState(true);
  const [kinds, setKinds] = useState(ALL_KINDS);
  const [search, setSearch] = useState('');
  const [said, setSaid] = useState('');
  const shown = useMemo(() => entries.filter((entry) => kinds[entry.kind] && matches(entry, search)), [entries, kinds, search]);
  const counts = useMemo(() => {
    const byKind = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, 0])) as Record<EntryKind, number>;
    for (const entry of entries) byKind[entry.kind] += 1;
    return byKind;
  }, [entries]);
  const copyText = (text: string) =>
    void copy(text).then(
      () => setSaid(t.copied),
      () => setSaid(t.copyFailed),
    );

  return (
    <aside className={open ? 'panel' : 'panel collapsed'} aria-label={t.panel} lang={language}>
      <header>
        <h2>{t.panel}</h2>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t.collapse : t.expand}
        </button>
        <button type="button" onClick={onClose} title={t.closeHint}>
          {t.close}
        </button>
      </header>
      {open ? (
        <div className="body">
          <div className="tools">
            <fieldset>
              <legend>{t.show}</legend>
              {ENTRY_KINDS.map((kind) => (
                <label key={kind}>
                  <input type="checkbox" checked={kinds[kind]} onChange={(e) => setKinds({ ...kinds, [kind]: e.target.checked })} /> {t.kinds[kind]} (
                  {counts[kind]})
                </label>
              ))}
            </fieldset>
            <label className="search">
              {t.search} <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <button
              type="button"
              onClick={() => {
                save('tag-qa.json', exportEntries(shown, page));
                setSaid(t.exported);
              }}
            >
              {t.exportJson}
            </button>
          </div>
          <p className="count" role="status">
            {t.shown(shown.length, entries.length)}
            {said ? ` ${said}` : ''}
          </p>
          {shown.length ? (
            <ol className="entries">
              {shown.map((entry) => (
                <EntryView key={entry.id} entry={entry} language={language} start={start} copy={copyText} />
              ))}
            </ol>
          ) : (
            <p>{t.nothing}</p>
          )}
        </div>
      ) : null}
    </aside>
  );
}
