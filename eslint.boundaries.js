// The layering arrows of docs/architecture (views → machines → services → domain; server → src/domain only),
// as eslint-plugin-boundaries policies. Kept apart from eslint.config.js so tests/unit/build/lintRules.test.ts can
// run exactly these rules, fast and without type information.
import boundaries from 'eslint-plugin-boundaries';

// Element = a folder (pattern matched from the project root); the first descriptor that matches wins.
const elements = [
  { type: 'app', pattern: 'src/app', partialMatch: false },
  // The client is cut by the domain's areas (account, catalog, commerce, learning, questionBank, site,
  // plus shared; views/app is the shell): src/<layer>/<area>/.
  { type: 'views', pattern: 'src/views/*', capture: ['area'], partialMatch: false },
  { type: 'machines', pattern: 'src/machines/*', capture: ['area'], partialMatch: false },
  { type: 'transport', pattern: 'src/services/shared/http', partialMatch: false },
  { type: 'services', pattern: 'src/services/*', capture: ['area'], partialMatch: false },
  { type: 'domain', pattern: 'src/domain', partialMatch: false },
  { type: 'srcRoot', pattern: 'src', partialMatch: false },
  { type: 'serverFeature', pattern: 'server/*', capture: ['feature'], partialMatch: false },
  { type: 'serverRoot', pattern: 'server', partialMatch: false },
  { type: 'tests', pattern: 'tests', partialMatch: false },
  { type: 'scripts', pattern: 'scripts', partialMatch: false },
];

/** The layers cut by area. */
const areaLayers = ['views', 'machines', 'transport', 'services'];
const clientLayers = ['app', 'views', 'machines', 'transport', 'services', 'srcRoot'];
// Pure libraries the shared rules may use (no I/O, no framework).
const domainLibraries = ['regexparam', 'typebox'];

const policies = [
  // First, so that a layering rule's message wins where both apply (later policies win).
  {
    from: { element: { types: { anyOf: areaLayers } } },
    disallow: { to: { element: { types: { anyOf: areaLayers }, captured: { area: '!{{ from.element.captured.area }}' } } } },
    message:
      "Areas meet only through src/domain and src/app: a view, machine or service imports its own area's and shared code (src/<layer>/<area>/, src/<layer>/shared/), never another area's.",
  },
  {
    from: { element: { type: 'views' } },
    disallow: { to: { element: { type: 'transport' } } },
    message: 'Views do not call the transport (src/services/shared/http): go through a machine.',
  },
  {
    from: { element: { type: 'views' } },
    disallow: { to: { element: { type: 'services' } } },
    message: 'Views do not import services (stores, storage): a machine does the work, src/app hooks give the session, toasts and the login modal.',
  },
  {
    from: { element: { types: { anyOf: ['services', 'transport'] } } },
    disallow: { to: { element: { types: { anyOf: ['machines', 'views', 'app'] } } } },
    message: 'Services do not import machines, views or the composition root (src/app): the arrow is views → machines → services.',
  },
  {
    from: { element: { type: 'machines' } },
    disallow: { to: { element: { types: { anyOf: ['views', 'app'] } } } },
    message: 'Machines do not import views or the composition root (src/app).',
  },
  {
    from: { element: { type: 'domain' } },
    disallow: { to: [{ element: { type: '!domain' } }, { module: { origin: ['external', 'core'], source: `!{${domainLibraries.join(',')}}` } }] },
    message:
      'src/domain imports only src/domain and src/paths.ts (and pure libraries: ' +
      domainLibraries.join(', ') +
      '): no services, machines, views, React or server.',
  },
  {
    from: { element: { types: { anyOf: clientLayers } } },
    disallow: { to: { file: { path: '{src/domain/inputs.ts,src/domain/*/inputs.ts,src/domain/shared/input.ts}' } } },
    message: "The input checks (src/domain/**/inputs.ts) are the server's edge: the client checks forms with validation.ts and ships no schema library.",
  },
  {
    from: { file: { path: 'src/paths.ts' } },
    disallow: { to: [{ element: { type: '*' } }, { module: { origin: ['external', 'core'] } }] },
    message: 'src/paths.ts is a leaf: it imports nothing, so every layer and the server may use it.',
  },
  {
    from: { element: { types: { anyOf: ['serverFeature', 'serverRoot'] } } },
    disallow: { to: { element: { types: { anyOf: clientLayers } } } },
    message: 'The server imports nothing under src/ but src/domain and src/paths.ts.',
  },
  {
    from: { element: { type: 'serverFeature' } },
    disallow: { to: { element: { type: 'serverFeature', captured: { feature: '!{{ from.element.captured.feature }}' } }, file: { path: '**/*.routes.ts' } } },
    message: "A server feature does not import another feature's routes (*.routes.ts): share the code through server/shared or src/domain.",
  },
  {
    disallow: { to: { file: { path: 'src/routes.ts' } } },
    message: 'Only the router imports src/routes.ts: use src/paths.ts for links and src/routeTypes.ts for route types.',
  },
  // Later policies win: the page paths (src/paths.ts, a leaf) are for every layer, the domain and the server too;
  // the router and its composition root may read the route table.
  { from: { element: { types: { anyOf: ['domain', 'serverFeature', 'serverRoot'] } } }, allow: { to: { file: { path: 'src/paths.ts' } } } },
  // Every area may use the shared code of the layers its own layer may import.
  { from: { element: { type: 'views' } }, allow: { to: { element: { types: { anyOf: ['views', 'machines'] }, captured: { area: 'shared' } } } } },
  { from: { element: { type: 'machines' } }, allow: { to: { element: { types: { anyOf: ['machines', 'services'] }, captured: { area: 'shared' } } } } },
  { from: { element: { types: { anyOf: ['services', 'transport'] } } }, allow: { to: { element: { type: 'services', captured: { area: 'shared' } } } } },
  { from: { element: { types: { anyOf: ['machines', 'services'] } } }, allow: { to: { element: { type: 'transport' } } } },
  // The one exception to the areas rule: the component demos (/demo-components/*, issue 20) show the real
  // components of every area (catalog's card, learning's player stage, questionBank's calculator), so a
  // change to one shows there too. Their folder alone may import any area's views; never its machines or services.
  { from: { file: { path: 'src/views/site/demo/**' } }, allow: { to: { element: { type: 'views' } } } },
  { from: { element: { types: { anyOf: ['app', 'tests', 'scripts'] } } }, allow: { to: { file: { path: 'src/routes.ts' } } } },
  { from: { file: { path: '{src/main.tsx,src/views/app/AppRoutes.tsx}' } }, allow: { to: { file: { path: 'src/routes.ts' } } } },
];

export const boundariesConfig = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': elements,
    'boundaries/include': ['src/**', 'server/**', 'tests/**', 'scripts/**'],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies }],
  },
};
