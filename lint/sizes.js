// The size rule of the house (issue 27): no function over 80 lines, no component or hook over 150.
// A component is a function whose name starts with a capital, a hook one named use…; the lines are
// counted from the function's first line to its last, comments and blank lines included.
export const FUNCTION_LINES = 80;
export const COMPONENT_LINES = 150;

/** The name a function goes by: its own, its variable's, its method's or its property's. */
function nameOf(node) {
  if (node.id?.name) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if (
    (parent?.type === 'MethodDefinition' || parent?.type === 'Property') &&
    parent.key.type === 'Identifier'
  )
    return parent.key.name;
  return undefined;
}

const isComponentOrHook = (name) => name !== undefined && /^([A-Z]|use[A-Z])/.test(name);

/** @type {import('eslint').Rule.RuleModule} */
const functionSize = {
  meta: {
    type: 'suggestion',
    docs: { description: 'functions up to 80 lines, components and hooks up to 150' },
    schema: [],
    messages: {
      tooLong: "{{what}} '{{name}}' has {{lines}} lines; at most {{max}} (split it by what it does).",
    },
  },
  create(context) {
    function check(node) {
      const name = nameOf(node);
      const component = isComponentOrHook(name);
      const max = component ? COMPONENT_LINES : FUNCTION_LINES;
      const lines = node.loc.end.line - node.loc.start.line + 1;
      if (lines <= max) return;
      const what = component ? (name.startsWith('use') ? 'Hook' : 'Component') : 'Function';
      context.report({ node, messageId: 'tooLong', data: { what, name: name ?? '(anonymous)', lines, max } });
    }
    return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
  },
};

export const sizesPlugin = { rules: { 'function-size': functionSize } };
