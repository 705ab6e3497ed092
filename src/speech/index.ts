/**
 * The public face of src/speech: words (describe), announcements (announce), vocabularies and UI
 * messages. Other layers import speech from here. Areas add their own export lines (H4: interpret).
 */
export {
  describeClock,
  describeDuration,
  describeFile,
  describeMove,
  describeMoveInfo,
  describeMoveResult,
  describePiece,
  describePieces,
  describePieceType,
  describePosition,
  describeRank,
  describeSquare,
  describeSquareName,
  effectiveVocabulary,
  isPrescribed,
  LEXICON_PARTS,
  PRESCRIBED_PARTS,
  vocabularyLanguage,
  type DescribeClockOptions,
  type DescribeError,
  type DescribeMoveOptions,
  type DescribeOptions,
  type DescribePositionOptions,
  type LexiconOverrides,
  type LexiconPart,
  type MoveForm,
  type PositionReading,
} from './describe.ts';
export {
  DEFAULT_VOCABULARY,
  isVocabularyId,
  VOCABULARIES,
  VOCABULARY_IDS,
  type Vocabulary,
  type VocabularyId,
} from './vocabularies.ts';
export {
  announce,
  describeRefusal,
  EARCON_IDS,
  type Announceable,
  type AnnounceableType,
  type AnnouncePrefs,
  type ScreenEvent,
  type EarconId,
  type Politeness,
  type Utterance,
  type Verbosity,
} from './announce.ts';
export {
  describeOutcome,
  describeReason,
  describeReasonLabel,
  describeResultSentence,
  describeScore,
  reasonLabels,
} from './results.ts';
export { describeRole, roleNames, type RoleNameForm } from './roles.ts';
export { refusalText, type RefusalKey } from './refusals.ts';
export { hasSpeechText, SPEECH_MESSAGES, speechText, type SpeechMessageKey } from './messages.ts';
export {
  interpretUtterance,
  type Interpretation,
  type InterpretOptions,
  type UnrecognizedReason,
} from './interpret.ts';
export { chessGrammar, grammarJsgf, recognitionGrammar, type GrammarOptions } from './grammar.ts';
