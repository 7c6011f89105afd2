/**
 * The beacon inspector's view: the feed grouped by page view, with the type filter, a search,
 * copying a beacon as its request or as JSON, and an export of what is shown. It only renders
 * what it is given (main.tsx follows the feed), so it can be tested without a server.
 */
import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { downloadJson } from '../../src/qaPanel/download';
import { beaconParam, type Beacon } from '../beacon';
import {
  beaconRequest,
  beaconType,
  countByFilter,
  countsAsPageView,
  describeEvents,
  describeParams,
  exportFeed,
  filterGroups,
  FILTER_KEYS,
  groupByPage,
  isSurveyBeacon,
  searchEntries,
  SHOW_ALL,
  type DeliverySummary,
  type FeedEntry,
  type Filter,
  type FilterKey,
  type PageGroup,
  type SurveyFileRequest,
} from './model';

export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

const STATUS_TEXT: Record<FeedStatus, string> = {
  connecting: 'Connecting to the demo server…',
  live: 'Live: new entries appear as they arrive.',
  reconnecting: 'The demo server is not answering; reconnecting…',
  closed: 'Disconnected from the demo server. Reload the page to try again.',
};

const FILTER_LABELS: Record<FilterKey, string> = {
  page: 'Page views',
  o: 'o: custom links',
  d: 'd: downloads',
  e: 'e: exit links',
  personalization: 'Personalization requests',
  survey: 'Survey file requests',
};

/** Where copied text and exported files go: the browser's clipboard and a download, unless a test says otherwise. */
export interface InspectorActions {
  copy(text: string): Promise<void>;
  save(name: string, json: string): void;
}

export const browserActions: InspectorActions = {
  copy: (text) => navigator.clipboard.writeText(text),
  save: (name, json) => downloadJson(name, json),
};

/** The actions, and the line that says what the last one did. */
const Actions = createContext<{ actions: InspectorActions; said(text: string): void }>({ actions: browserActions, said: () => undefined });

function CopyButtons({ request, json }: { request?: string; json: unknown }) {
  const { actions, said } = useContext(Actions);
  const copy = (text: string) =>
    void actions.copy(text).then(
      () => said('Copied.'),
      () => said('The browser did not allow copying.'),
    );
  return (
    <p className="copy">
      {request !== undefined && (
        <button type="button" onClick={() => copy(request)}>
          Copy request
        </button>
      )}
      <button type="button" onClick={() => copy(JSON.stringify(json, null, 2))}>
        Copy as JSON
      </button>
    </p>
  );
}

const BEACON_FILTERS = FILTER_KEYS.slice(0, 4);
const BESIDE_FILTERS = FILTER_KEYS.slice(4);

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-CA', { hourCycle: 'h23' });

function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="time">
      {time(iso)}
    </time>
  );
}

function Badge({ kind, children }: { kind: string; children: string }) {
  return <span className={`badge badge-${kind}`}>{children}</span>;
}

function Table({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function BeaconEntry({ beacon }: { beacon: Beacon }) {
  const type = beaconType(beacon);
  const standsIn = type !== 'page' && countsAsPageView(beacon);
  const events = describeEvents(beacon);
  const rows = describeParams(beacon);
  const title = type === 'page' ? beaconParam(beacon, 'pageName') : beaconParam(beacon, 'pev2');
  return (
    <details className="entry">
      <summary>
        <Time iso={beacon.receivedAt} />
        <Badge kind={type}>{type === 'page' ? 'Page view' : FILTER_LABELS[type]}</Badge>
        {standsIn && <Badge kind="page">counts as the page view</Badge>}
        {isSurveyBeacon(beacon) && <Badge kind="survey">Survey decision</Badge>}
        <span className="title">{title ?? '(no name)'}</span>
        {events.length > 0 && <span className="events">{events.map((e) => e.name ?? `event${e.number}`).join(', ')}</span>}
      </summary>
      <div className="details">
        <p>
          {beacon.method} {beacon.path} · report suite <code>{beacon.reportSuite}</code> · {rows.length} parameters
        </p>
        <CopyButtons request={beaconRequest(beacon)} json={{ ...beacon, params: Object.fromEntries(beacon.params) }} />
        <Table caption="Parameters, in the order sent" columns={['Parameter', 'Slot', 'Name', 'Value']}>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a beacon's parameters, rendered once in the order sent; a name may repeat
            <tr key={index}>
              <th scope="row">
                <code>{row.param}</code>
              </th>
              <td>{row.slot && <code>{row.slot}</code>}</td>
              <td>
                {row.name}
                {row.source && <span className="source">{row.source}</span>}
              </td>
              <td className="value">{row.value}</td>
            </tr>
          ))}
        </Table>
        {events.length > 0 && (
          <>
            <h4>Events</h4>
            <ul className="event-list">
              {events.map((e) => (
                <li key={e.number}>
                  <code>event{e.number}</code> {e.name ?? '(not in the solution design reference)'}
                  {e.value !== undefined && ` = ${e.value}`}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </details>
  );
}

const listed = (items: string[]) => (items.length ? items.join(', ') : 'nothing');

function DeliveryEntry({ delivery }: { delivery: DeliverySummary }) {
  const asked = [...delivery.execute, ...delivery.prefetch.map((p) => `${p} (prefetch)`)];
  const outcome =
    delivery.problem ?? (delivery.kind === 'notification' ? `${delivery.notifications.length} notification(s)` : `${delivery.options.length} offer(s)`);
  return (
    <details className="entry">
      <summary>
        <Time iso={delivery.receivedAt} />
        <Badge kind="personalization">Personalization</Badge>
        <span className="title">
          {delivery.method} delivery · {delivery.status === 0 ? 'no answer' : delivery.status} · {asked.length ? listed(asked) : delivery.kind}
        </span>
        <span className={delivery.problem ? 'events problem' : 'events'}>{outcome}</span>
      </summary>
      <div className="details">
        <CopyButtons json={delivery} />
        <dl>
          <dt>Asked to decide now (execute)</dt>
          <dd>{listed(delivery.execute)}</dd>
          <dt>Asked to decide ahead (prefetch)</dt>
          <dd>{listed(delivery.prefetch)}</dd>
          <dt>Notifications</dt>
          <dd>{listed(delivery.notifications)}</dd>
          {delivery.problem && (
            <>
              <dt>Problem</dt>
              <dd className="problem">{delivery.problem}</dd>
            </>
          )}
        </dl>
        {delivery.options.length > 0 && (
          <Table caption="Offers answered" columns={['Decision', 'Location', 'Type', 'Activity', 'Experience']}>
            {delivery.options.map((option, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an answer's offers, rendered once in the order answered
              <tr key={index}>
                <td>{option.decision}</td>
                <td>{option.location}</td>
                <td>{option.type}</td>
                <td>{option.activity}</td>
                <td>{option.experience}</td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </details>
  );
}

function SurveyFileEntry({ request }: { request: SurveyFileRequest }) {
  return (
    <div className="entry plain">
      <Time iso={request.receivedAt} />
      <Badge kind="survey">Survey file</Badge>
      <span className="title">
        {request.method} im.xml · {request.status}
      </span>
      <span className="events">{request.bytes ? `${request.bytes.toLocaleString('en-CA')} bytes` : 'no body'}</span>
    </div>
  );
}

function Entry({ entry }: { entry: FeedEntry }) {
  if (entry.kind === 'beacon') return <BeaconEntry beacon={entry.beacon} />;
  if (entry.kind === 'delivery') return <DeliveryEntry delivery={entry.delivery} />;
  return <SurveyFileEntry request={entry.surveyFile} />;
}

function PageGroupView({ group }: { group: PageGroup }) {
  const headingId = `page-${group.id}`;
  return (
    <section className="page" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {group.pageName ?? group.pageUrl ?? 'Unknown page'}
        {!group.pageView && <span className="muted"> (no page view received)</span>}
      </h3>
      {group.pageUrl && <p className="url">{group.pageUrl}</p>}
      <ol className="entries">
        {group.entries.map((entry) => (
          <li key={entry.id}>
            <Entry entry={entry} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function FilterBox({
  legend,
  keys,
  filter,
  counts,
  onChange,
}: {
  legend: string;
  keys: readonly FilterKey[];
  filter: Filter;
  counts: Record<FilterKey, number>;
  onChange: (key: FilterKey, on: boolean) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {keys.map((key) => (
        <label key={key} htmlFor={`${id}-${key}`}>
          <input id={`${id}-${key}`} type="checkbox" checked={filter[key]} onChange={(event) => onChange(key, event.target.checked)} />
          {FILTER_LABELS[key]} <span className="count">({counts[key]})</span>
        </label>
      ))}
    </fieldset>
  );
}

export function Inspector({ entries, status, actions = browserActions }: { entries: readonly FeedEntry[]; status: FeedStatus; actions?: InspectorActions }) {
  const [filter, setFilter] = useState<Filter>(SHOW_ALL);
  const [search, setSearch] = useState('');
  const [said, setSaid] = useState('');
  // Clearing hides what has arrived so far; the server keeps it (reload to see it again).
  const [clearedUpTo, setClearedUpTo] = useState(0);
  const shown = useMemo(
    () =>
      searchEntries(
        entries.filter((entry) => entry.id > clearedUpTo),
        search,
      ),
    [entries, clearedUpTo, search],
  );
  const groups = useMemo(() => filterGroups(groupByPage(shown), filter), [shown, filter]);
  const counts = countByFilter(shown);
  const change = (key: FilterKey, on: boolean) => setFilter((current) => ({ ...current, [key]: on }));
  const searchId = useId();
  const exportShown = () => {
    actions.save('beacon-inspector.json', exportFeed(groups.flatMap((group) => group.entries).sort((a, b) => a.id - b.id)));
    setSaid('Exported.');
  };
  return (
    <Actions.Provider value={{ actions, said: setSaid }}>
      <header>
        <p className="back">
          <a href="/">Demo site index · Index du site de démonstration</a>
        </p>
        <h1>
          Beacon inspector <span lang="fr">· Inspecteur de balises</span>
        </h1>
        <p>
          What the demo server receives from the tag: analytics beacons, decoded with the names of the solution design reference, grouped by the page view they
          belong to, with the personalization requests and survey file requests of the same page. Open a demo page in another tab or window and use it; entries
          appear here as they arrive.
        </p>
        <p role="status" className={`status status-${status}`}>
          {STATUS_TEXT[status]}
        </p>
      </header>
      <main>
        <form className="filters" aria-label="Filter" onSubmit={(event) => event.preventDefault()}>
          <FilterBox legend="Beacon types" keys={BEACON_FILTERS} filter={filter} counts={counts} onChange={change} />
          <FilterBox legend="Beside the beacons" keys={BESIDE_FILTERS} filter={filter} counts={counts} onChange={change} />
          <p className="search">
            <label htmlFor={searchId}>Search</label> <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </p>
          <button type="button" onClick={exportShown}>
            Export JSON
          </button>
          <button type="button" onClick={() => setClearedUpTo(entries.at(-1)?.id ?? 0)}>
            Clear the list
          </button>
        </form>
        <p aria-live="polite" className="said">
          {said}
        </p>
        <p className="note">
          Survey decisions are made in the browser. The server sees the survey file request and the pop-up&apos;s beacons (&ldquo;Pop-up Impression&rdquo;,
          &ldquo;Popup yes click&rdquo;, marked <em>Survey decision</em>); add <code>?logim=true</code> to the page address to log every decision in its
          console, or <code>?logdtm=panel</code> to see them, with everything else the tag did, in the page&apos;s QA panel.
        </p>
        <h2>Pages, newest first</h2>
        {groups.length === 0 ? (
          <p className="empty">
            {shown.length || search
              ? 'Nothing matches the filter or the search.'
              : 'Nothing received yet. Open a demo page, for example /en/services/demo.html.'}
          </p>
        ) : (
          groups.map((group) => <PageGroupView key={group.id} group={group} />)
        )}
      </main>
    </Actions.Provider>
  );
}
