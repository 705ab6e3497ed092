/**
 * The keymap's actions in words, for the help and the settings: each help group's heading and each
 * action's description, from the blind screen's catalogue (speech/blindMessages.ts). Here, above
 * the words, because the words know no keys.
 */
import type { Translate } from '../speech/blindMessages.ts';
import { decodeAction, type ActionGroup, type ActionId } from './keymap.ts';

const GROUP_KEYS: Readonly<Record<ActionGroup, Parameters<Translate>[0]>> = {
  navigate: 'groupNavigate',
  read: 'groupRead',
  move: 'groupMove',
  decide: 'groupDecide',
  game: 'groupGame',
};

/** The heading of a help group. */
export function describeGroup(tr: Translate, group: ActionGroup): string {
  return tr(GROUP_KEYS[group]);
}

/**
 * The help's description of an action. Piece names come from the caller (describePieceType), so
 * the help uses the same words as the board.
 */
export function describeAction(
  tr: Translate,
  id: ActionId,
  words: { piece: (p: 'k' | 'q' | 'r' | 'b' | 'n' | 'p') => string; file: (f: string) => string },
): string {
  const action = decodeAction(id);
  switch (action.kind) {
    case 'rank':
      return tr('help.rank', { rank: action.rank });
    case 'file':
      return tr('help.file', { file: words.file(action.file) });
    case 'pieceJump':
      return tr('help.pieceJump', {
        order: tr(action.order === 'next' ? 'help.next' : 'help.previous'),
        side: tr(action.side === 'own' ? 'help.own' : 'help.opponent'),
        piece: words.piece(action.piece),
      });
    default:
      return tr(`help.${action.kind}`);
  }
}
