/**
 * The inspector page's entry: follows the demo server's feed (GET /__events, server-sent events)
 * and renders it. The browser's EventSource reconnects by itself, sending the last id it saw.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Inspector, type FeedStatus } from './Inspector';
import type { FeedEntry, FeedSnapshot } from './model';

interface FeedState {
  instance?: string;
  entries: FeedEntry[];
}

function useFeed(): FeedState & { status: FeedStatus } {
  const [feed, setFeed] = useState<FeedState>({ entries: [] });
  const [status, setStatus] = useState<FeedStatus>('connecting');
  useEffect(() => {
    const source = new EventSource('/__events');
    source.addEventListener('open', () => setStatus('live'));
    source.addEventListener('error', () => setStatus(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting'));
    source.addEventListener('snapshot', (event) => {
      const snapshot = JSON.parse((event as MessageEvent<string>).data) as FeedSnapshot;
      // The same server run sends only what this page has not seen; a new run starts over.
      setFeed((current) => (current.instance === snapshot.instance ? { ...current, entries: [...current.entries, ...snapshot.entries] } : snapshot));
    });
    source.addEventListener('entry', (event) => {
      const entry = JSON.parse((event as MessageEvent<string>).data) as FeedEntry;
      setFeed((current) => ({ ...current, entries: [...current.entries, entry] }));
    });
    return () => source.close();
  }, []);
  return { ...feed, status };
}

function App() {
  const { entries, status } = useFeed();
  return <Inspector entries={entries} status={status} />;
}

const root = document.getElementById('app');
if (root) createRoot(root).render(<App />);
