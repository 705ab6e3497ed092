/**
 * Browser entry: mounts the app and, in a production build, registers the service worker (the app
 * then installs and starts offline; src/offline/). With `?listener=fake` in the URL (tests and demos), the fake
 * recogniser (src/speech/listener/fake.ts) replaces the browser's, and
 * `window.__twinboardFakeSpeech.say(text)` makes it hear a transcript.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createFakeListener, type FakeListener } from './speech/listener/fake.ts';
import { registerServiceWorker } from './offline/updates.ts';
import './app/app.css';

declare global {
  interface Window {
    __twinboardFakeSpeech?: {
      say(heard: string | readonly string[]): boolean;
      /** Said the next time the microphone opens (the player presses the talk key and speaks). */
      sayWhenOpen(heard: string): void;
    };
  }
}

let listener: FakeListener | undefined;
if (new URLSearchParams(window.location.search).get('listener') === 'fake') {
  const fake = createFakeListener();
  listener = fake;
  // The test speaks: the microphone is opened as if the player had pressed the talk key.
  window.__twinboardFakeSpeech = {
    say: (heard) => {
      if (!fake.isListening()) fake.start();
      return fake.say(heard);
    },
    sayWhenOpen: (heard) => fake.replay([heard]),
  };
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App listener={listener} />
    </StrictMode>,
  );

if (import.meta.env.PROD) registerServiceWorker(`${import.meta.env.BASE_URL}sw.js`);
