// Test helper: the setup screen rendered in jsdom in English against a real server, with its own
// memory store unless one is given, recording the sessions it enters.
import { render } from '@testing-library/react';
import { SetupScreen, type SetupScreenProps } from '../../src/screens/setup/SetupScreen.tsx';
import { memoryStore } from '../../src/ports/storage.ts';
import type { Session } from '../../src/ports/transport.ts';
import { nodeTransport } from './pairedGame.ts';

/**
 * Renders the setup screen talking to the server at `url` (`ws://…/ws`) with the other props
 * given; returns the list the screen's `onEnter` fills with each game it enters.
 */
export function renderSetupScreen(
  url: string,
  props: Partial<Omit<SetupScreenProps, 'locale' | 'makeTransport' | 'onEnter'>> = {},
): Session[] {
  const entered: Session[] = [];
  render(
    <SetupScreen
      locale="en"
      makeTransport={() => nodeTransport(url)}
      store={memoryStore()}
      onEnter={(s) => entered.push(s)}
      {...props}
    />,
  );
  return entered;
}
