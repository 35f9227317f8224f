import path from 'node:path';

/**
 * Where code runs and what it builds on, lowest first. A folder may import
 * folders of earlier layers only, so folder cycles cannot form; folders in
 * one layer (the server, the browser and the mock) never import each other.
 * Tests, e2e, bench and scripts are outside the layers and may import anything.
 */
const layers = [
  ['lib'], // shared by the server, the browser and the mock: contract, validation, roles, constants
  ['server', 'client', 'mocks'],
  ['store'],
  ['components/ui'], // the UI kit
  ['components/forms'],
  ['components/common'],
  ['components/layout'],
  ['components/onboarding'],
  ['components/two-factor'],
  ['components/auth'],
  ['components/billing'],
  ['components/members'],
  ['components/audit'],
  ['components/records'], // templates, their generic renderer, record tables
  ['components/contents'],
  ['components/ask'], // answers open content previews
  ['components/meetings'],
  ['components/invitations'],
  ['components/spaces'],
  ['components/account'],
  ['components/hubs'],
  ['pages', 'proxy.ts'],
];

/** Areas only some others may import: the mock is wired in by the app's entry page alone. */
const importableOnlyBy = { mocks: ['pages'] };

const toPosix = (file) => file.split(path.sep).join('/');

function placeOf(file) {
  for (const [rank, areas] of layers.entries()) {
    const area = areas.find((a) => file === a || file.startsWith(`${a}/`));
    if (area) return { area, rank };
  }
  // Every component folder must have a place, or it could import anything.
  const folder = /^components\/[^/]+/.exec(file);
  return folder ? { area: folder[0], rank: null } : null;
}

/** The repository path a specifier points at, or null for a package. */
function targetOf(specifier, file) {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Folders import only folders of lower layers (scripts/lint/import-layers.mjs)' },
    schema: [],
    messages: {
      upward: '{{from}} may not import {{to}} (see the layers in scripts/lint/import-layers.mjs).',
      unplaced: '{{from}} has no layer: add it to scripts/lint/import-layers.mjs.',
    },
  },
  create(context) {
    const file = toPosix(path.relative(context.cwd, context.filename));
    const from = placeOf(file);
    if (!from) return {};
    if (from.rank === null) {
      return { Program: (node) => context.report({ node, messageId: 'unplaced', data: { from: from.area } }) };
    }
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = targetOf(source.value, file);
      const to = target && placeOf(target);
      if (!to || to.area === from.area) return;
      const only = importableOnlyBy[to.area];
      if (to.rank === null || to.rank >= from.rank || (only && !only.includes(from.area))) {
        context.report({ node: source, messageId: 'upward', data: { from: from.area, to: to.area } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
