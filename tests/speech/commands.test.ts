/** The command table: complete, consistent, and confirming exactly what cannot be undone. */
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, COMMANDS, commandSpec, needsConfirmation } from '../../src/speech/commands.ts';

describe('the command table', () => {
  it('has one entry for every command name, with English and German words', () => {
    expect(COMMANDS.map((c) => c.name).sort()).toEqual([...COMMAND_NAMES].sort());
    for (const name of COMMAND_NAMES) {
      expect(commandSpec(name).name).toBe(name);
      expect(commandSpec(name).en.length).toBeGreaterThan(0);
      expect(commandSpec(name).de.length).toBeGreaterThan(0);
    }
  });

  it('confirms resigning, claims, draw offers and acceptance, and pressing the clock', () => {
    const confirmed = COMMAND_NAMES.filter(needsConfirmation).sort();
    expect(confirmed).toEqual(
      [
        'acceptDraw',
        'claimFiftyMoves',
        'claimLateArrival',
        'claimRepetition',
        'claimTime',
        'claimTouch',
        'offerDraw',
        'pressClock',
        'resign',
      ].sort(),
    );
  });

  it('uses lichess-compatible typed names where lichess has them', () => {
    expect(commandSpec('clock').typed).toContain('c');
    expect(commandSpec('lastMove').typed).toContain('l');
    expect(commandSpec('whereIs').typed).toContain('p {piece}');
    expect(commandSpec('resign').typed).toContain('resign');
    expect(commandSpec('offerDraw').typed).toContain('draw');
  });
});
