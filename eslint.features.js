// The server's features (server/<feature>/) import one another only through their faces: the few files a
// feature offers the others, named for what they offer. The rest of a feature is its own, free to change.
// server/shared, server/db, server/providers and server/plugins stay open to every feature. Kept apart from
// eslint.config.js so tests/unit/build/lintRules.features.test.ts can run exactly this rule.
import path from 'node:path';

/** Each feature's faces, as paths inside the feature without extension; a feature without one is imported by no other. */
export const FEATURE_FACES = {
  // Every file a user uploaded, with its owner: feedback records its images and accepts a student's own only.
  accounts: ['uploads.queries'],
  addresses: [],
  // The projects of the class tree (a user binds one to their account).
  catalog: ['projects'],
  // Ownership: does a student own a course now, grants, the user-products list; a camp's plan and cohorts as sold.
  commerce: ['entitlements', 'camps'],
  feedback: [],
  learning: [],
  questionBank: [],
  // A site setting's stored value (the watermark's switch, the device limit), read through the public cache.
  site: ['settings'],
};

const SOURCE_EXTENSION = /\.(?:ts|tsx|js|mjs)$/;

/** The feature a file (or folder) under `root` belongs to, and its path inside the feature; null outside the features. */
function placeInFeature(root, file) {
  const [top, feature, ...inside] = path.relative(root, file).split(path.sep);
  if (top !== 'server' || feature === undefined || !Object.hasOwn(FEATURE_FACES, feature)) return null;
  return { feature, inside: inside.join('/').replace(SOURCE_EXTENSION, '') };
}

function facesText(feature) {
  const faces = FEATURE_FACES[feature];
  return faces.length > 0 ? faces.map((face) => `server/${feature}/${face}.ts`).join(', ') : `none yet (add one to FEATURE_FACES)`;
}

/** Resolves every relative import against the importing file, so `../`, `../../` and `./..` paths are judged alike. */
const importThroughFaces = {
  meta: {
    type: 'problem',
    docs: { description: "A server feature imports another feature only through that feature's faces." },
    schema: [],
    messages: {
      notFace:
        'server/{{from}} does not import server/{{feature}}/{{inside}}: a feature imports another only through its faces ' +
        '(server/{{feature}}: {{faces}}). Offer it on a face, or move what both need to server/shared.',
    },
  },
  create(context) {
    const from = placeInFeature(context.cwd, context.filename);
    if (!from) return {};
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = placeInFeature(context.cwd, path.resolve(path.dirname(context.filename), source.value));
      if (!to || to.feature === from.feature || FEATURE_FACES[to.feature].includes(to.inside)) return;
      context.report({
        node: source,
        messageId: 'notFace',
        data: { from: from.feature, feature: to.feature, inside: to.inside, faces: facesText(to.feature) },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const featuresConfig = {
  files: ['server/**/*.{ts,tsx,js,mjs}'],
  plugins: { features: { rules: { 'import-through-faces': importThroughFaces } } },
  rules: { 'features/import-through-faces': 'error' },
};
