import { endpoints } from '@qualis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

/** The names of the events of a server-sent event stream, as they arrive; ends with the stream. */
export async function* eventNames(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (event) yield event;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the bell, the notifications page and the dashboard up to date without a reload (spec 03):
 * listens to the server's event stream of the person's notifications in the organization and
 * refreshes them on each change. The stream ends now and then (token renewal, a restart); it is
 * opened again, after a growing pause when it cannot be. The count's polling stays as a fallback.
 */
export function useLiveNotifications(organizationId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let retryMs = FIRST_RETRY_MS;
      while (!signal.aborted) {
        const response = await api
          .stream(endpoints.notifications.stream, { query: { organizationId }, signal })
          .catch(() => null);
        if (response?.body) {
          retryMs = FIRST_RETRY_MS;
          try {
            for await (const event of eventNames(response.body)) {
              if (event !== 'count') continue;
              void queryClient.invalidateQueries({ queryKey: ['notifications', organizationId] });
              void queryClient.invalidateQueries({ queryKey: ['dashboard', organizationId] });
            }
          } catch {
            // The connection dropped; open it again below.
          }
        }
        await pause(retryMs, signal);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      }
    })();
    return () => controller.abort();
  }, [organizationId, queryClient]);
}
