/** The application shell: a heading and the board. Later screens plug in here. */
import { START_FEN } from '../core/index.ts';
import { Board } from '../board/Board.tsx';

export function App() {
  return (
    <main>
      <h1>Twinboard</h1>
      <Board fen={START_FEN} />
    </main>
  );
}
