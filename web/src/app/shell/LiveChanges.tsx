import { useEffect, useMemo, type ReactNode } from "react";

import { useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { ChangeFeedContext, ChangeListeners, FeedRefresher, watchChanges } from "../../api/changeFeed";
import { useSession } from "../auth/SessionContext";

/**
 * Listens to the change feed while someone is signed in: what a colleague saves makes the open
 * screens showing it read it again, and reports count it (see `useChangesSince`).
 */
export function LiveChanges({ userId, children }: { userId: bigint; children: ReactNode }) {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const feed = useMemo(() => ({ listeners: new ChangeListeners(), userId }), [userId]);
  useEffect(() => {
    const abort = new AbortController();
    const refresher = new FeedRefresher(queryClient);
    const onBatch = (batch: Parameters<ChangeListeners["emit"]>[0]) => {
      refresher.refresh(batch);
      feed.listeners.emit(batch);
    };
    void watchChanges(api.changes, session, onBatch, abort.signal);
    return () => {
      abort.abort();
      refresher.stop();
    };
  }, [api, session, queryClient, feed]);
  return <ChangeFeedContext.Provider value={feed}>{children}</ChangeFeedContext.Provider>;
}
