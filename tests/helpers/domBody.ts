// The document's body when the jsdom tests' modules were first loaded: the one testing-library's
// `screen` is bound to (tests/helpers/domSetup.ts keeps it in the document).
export const FIRST_BODY: HTMLElement = document.body;
