/**
 * The archive as an app route (#/archive): the archive screen wired to the browser's storage, the
 * app's output router, clock and the player's settings.
 */
import { useState } from 'react';
import { localStore } from '../../ports/storage.ts';
import type { RouteContext } from '../routeContext.ts';
import { ArchiveScreen } from './ArchiveScreen.tsx';

export function ArchiveRoute({ ctx }: { readonly ctx: RouteContext }) {
  const [store] = useState(() => localStore());
  return (
    <ArchiveScreen
      store={store}
      output={ctx.outputs.router}
      locale={ctx.settings.locale}
      vocabulary={ctx.settings.vocabulary}
      now={ctx.clock.now}
      highContrast={ctx.settings.highContrast}
      large={ctx.settings.largeBoard}
    />
  );
}
