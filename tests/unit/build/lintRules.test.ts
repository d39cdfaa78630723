import { describe, expect, it } from 'vitest';
import { boundariesConfig } from '../../../eslint.boundaries';
import { lintTreeFor } from './lintTree';

// The layering rules of eslint.boundaries.js, each seen failing on a deliberate violation. The rules are
// run on a small tree in the TARGET layout (src/app, server/<feature>/*.routes.ts …) so that every arrow
// can be exercised whether or not today's tree has those folders yet; no type information, so it is fast.
const FILES = [
  'src/main.tsx',
  'src/routes.ts',
  'src/paths.ts',
  'src/app/root.tsx',
  'src/views/app/AppRoutes.tsx',
  'src/views/catalog/course/CourseView.tsx',
  'src/views/shared/Pager.tsx',
  'src/views/commerce/orders/OrdersView.tsx',
  'src/views/site/home/HomeView.tsx',
  'src/views/site/demo/DemoView.tsx',
  'src/machines/catalog/course.machine.ts',
  'src/machines/shared/pageData.ts',
  'src/machines/commerce/order.machine.ts',
  'src/services/shared/toast.ts',
  'src/services/shared/http/client.ts',
  'src/services/catalog/course.api.ts',
  'src/services/commerce/order.data.ts',
  'src/domain/catalog/price.ts',
  'src/domain/catalog/inputs.ts',
  'src/domain/shared/format.ts',
  'server/app.ts',
  'server/shared/reply.ts',
  'server/catalog/catalog.routes.ts',
  'server/catalog/catalog.queries.ts',
  'server/accounts/accounts.routes.ts',
  'server/accounts/accounts.queries.ts',
  'tests/unit/some.test.ts',
  'scripts/tool.ts',
];

const tree = lintTreeFor('lint-rules', FILES, 'boundaries/dependencies', (root) => [boundariesConfig, { settings: { 'boundaries/root-path': root } }]);

/** The boundaries messages for one import written in `from`. */
const lintImport = (from: string, source: string) => tree.lint(from, `import { x } from '${source}';\nexport const y = x;\n`);

describe('layering rules fail on a deliberate violation', () => {
  it.each([
    [
      'a view importing the http transport',
      'src/views/catalog/course/CourseView.tsx',
      '../../../services/shared/http/client',
      'Views do not call the transport',
    ],
    ['a view importing an api module', 'src/views/catalog/course/CourseView.tsx', '../../../services/catalog/course.api', 'Views do not import services'],
    ['a view importing a store of the services', 'src/views/catalog/course/CourseView.tsx', '../../../services/shared/toast', 'Views do not import services'],
    ['a service importing a machine', 'src/services/shared/toast.ts', '../../machines/shared/pageData', 'Services do not import machines'],
    ['an api module importing a machine', 'src/services/catalog/course.api.ts', '../../machines/catalog/course.machine', 'Services do not import machines'],
    ['a service importing a view', 'src/services/shared/toast.ts', '../../views/shared/Pager', 'Services do not import machines, views'],
    [
      'a service importing the composition root',
      'src/services/shared/toast.ts',
      '../../app/root',
      'Services do not import machines, views or the composition root',
    ],
    ['a machine importing a view', 'src/machines/catalog/course.machine.ts', '../../views/catalog/course/CourseView', 'Machines do not import views'],
    [
      'a machine importing the composition root',
      'src/machines/catalog/course.machine.ts',
      '../../app/root',
      'Machines do not import views or the composition root',
    ],
    ['the domain importing a service', 'src/domain/catalog/price.ts', '../../services/shared/toast', 'src/domain imports only src/domain'],
    ['the domain importing a machine', 'src/domain/catalog/price.ts', '../../machines/catalog/course.machine', 'src/domain imports only src/domain'],
    ['the domain importing React', 'src/domain/catalog/price.ts', 'react', 'src/domain imports only src/domain'],
    ['the domain importing the server', 'src/domain/catalog/price.ts', '../../../server/shared/reply', 'src/domain imports only src/domain'],
    [
      'the server importing a view',
      'server/catalog/catalog.routes.ts',
      '../../src/views/catalog/course/CourseView',
      'The server imports nothing under src/ but src/domain',
    ],
    ['the server importing a service', 'server/app.ts', '../src/services/shared/toast', 'The server imports nothing under src/ but src/domain'],
    ['the path builders importing the domain', 'src/paths.ts', './domain/shared/format', 'src/paths.ts is a leaf'],
    ['the path builders importing a library', 'src/paths.ts', 'regexparam', 'src/paths.ts is a leaf'],
    [
      "a feature importing another feature's routes",
      'server/accounts/accounts.routes.ts',
      '../catalog/catalog.routes',
      "does not import another feature's routes",
    ],
    [
      "a feature's queries importing another feature's routes",
      'server/accounts/accounts.queries.ts',
      '../catalog/catalog.routes',
      "does not import another feature's routes",
    ],
    ['a view importing the route table', 'src/views/catalog/course/CourseView.tsx', '../../../routes', 'Only the router imports src/routes.ts'],
    ['a machine importing the route table', 'src/machines/catalog/course.machine.ts', '../../routes', 'Only the router imports src/routes.ts'],
    [
      'a service importing the input checks',
      'src/services/catalog/course.api.ts',
      '../../domain/catalog/inputs',
      "The input checks (src/domain/**/inputs.ts) are the server's edge",
    ],
    [
      'a machine importing the input checks',
      'src/machines/catalog/course.machine.ts',
      '../../domain/catalog/inputs',
      "The input checks (src/domain/**/inputs.ts) are the server's edge",
    ],
    [
      "a view importing another area's view",
      'src/views/commerce/orders/OrdersView.tsx',
      '../../catalog/course/CourseView',
      'Areas meet only through src/domain and src/app',
    ],
    [
      "a view importing another area's machine",
      'src/views/commerce/orders/OrdersView.tsx',
      '../../../machines/catalog/course.machine',
      'Areas meet only through src/domain and src/app',
    ],
    [
      "a machine importing another area's service",
      'src/machines/commerce/order.machine.ts',
      '../../services/catalog/course.api',
      'Areas meet only through src/domain and src/app',
    ],
    [
      "a service importing another area's service",
      'src/services/commerce/order.data.ts',
      '../catalog/course.api',
      'Areas meet only through src/domain and src/app',
    ],
    ['shared code importing an area', 'src/machines/shared/pageData.ts', '../catalog/course.machine', 'Areas meet only through src/domain and src/app'],
    [
      "a site view outside the demos importing another area's view",
      'src/views/site/home/HomeView.tsx',
      '../../catalog/course/CourseView',
      'Areas meet only through src/domain and src/app',
    ],
    [
      "a component demo importing another area's machine",
      'src/views/site/demo/DemoView.tsx',
      '../../../machines/catalog/course.machine',
      'Areas meet only through src/domain and src/app',
    ],
    [
      "a component demo importing another area's service",
      'src/views/site/demo/DemoView.tsx',
      '../../../services/catalog/course.api',
      'Views do not import services',
    ],
  ])('%s', async (_name, from, source, expected) => {
    const messages = await lintImport(from, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });
});

describe('imports along the arrows pass', () => {
  it.each([
    ['a view importing a machine of its area', 'src/views/catalog/course/CourseView.tsx', '../../../machines/catalog/course.machine'],
    ['a view importing shared views', 'src/views/commerce/orders/OrdersView.tsx', '../../shared/Pager'],
    ['a view importing a shared machine', 'src/views/catalog/course/CourseView.tsx', '../../../machines/shared/pageData'],
    ['a view importing the path builders', 'src/views/catalog/course/CourseView.tsx', '../../../paths'],
    ['a view importing the composition root hooks', 'src/views/catalog/course/CourseView.tsx', '../../../app/root'],
    ['a machine importing a service of its area', 'src/machines/catalog/course.machine.ts', '../../services/catalog/course.api'],
    ['a machine importing a shared service', 'src/machines/commerce/order.machine.ts', '../../services/shared/toast'],
    ['a service importing the transport', 'src/services/catalog/course.api.ts', '../shared/http/client'],
    ['a service importing the domain', 'src/services/shared/toast.ts', '../../domain/shared/format'],
    ['a service importing another area’s calls in the domain', 'src/services/commerce/order.data.ts', '../../domain/catalog/price'],
    ['the domain importing another domain area', 'src/domain/catalog/price.ts', '../shared/format'],
    ['the domain importing a pure library', 'src/domain/catalog/price.ts', 'regexparam'],
    ['the domain importing the schema library', 'src/domain/catalog/inputs.ts', 'typebox'],
    ['the server importing the input checks', 'server/catalog/catalog.routes.ts', '../../src/domain/catalog/inputs'],
    ['the domain importing the path builders', 'src/domain/catalog/price.ts', '../../paths'],
    ['the server importing the path builders', 'server/shared/reply.ts', '../../src/paths'],
    ['the composition root importing anything', 'src/app/root.tsx', '../services/shared/http/client'],
    ['the composition root importing any area', 'src/app/root.tsx', '../machines/commerce/order.machine'],
    ['the composition root importing the route table', 'src/app/root.tsx', '../routes'],
    ['main importing the route table', 'src/main.tsx', './routes'],
    ['the router importing the route table', 'src/views/app/AppRoutes.tsx', '../../routes'],
    ['a test importing the route table', 'tests/unit/some.test.ts', '../../src/routes'],
    ['a script importing the route table', 'scripts/tool.ts', '../src/routes'],
    ['the server importing the domain', 'server/catalog/catalog.queries.ts', '../../src/domain/catalog/price'],
    ['a feature importing its own routes', 'server/catalog/catalog.queries.ts', './catalog.routes'],
    [
      "a feature importing another feature's queries (the layering allows it; eslint.features.js then asks for a face)",
      'server/accounts/accounts.routes.ts',
      '../catalog/catalog.queries',
    ],
    ['a feature importing shared server code', 'server/accounts/accounts.routes.ts', '../shared/reply'],
    ['the server root importing feature routes', 'server/app.ts', './catalog/catalog.routes'],
    ["a component demo importing another area's view (the demos' one exception)", 'src/views/site/demo/DemoView.tsx', '../../catalog/course/CourseView'],
  ])('%s', async (_name, from, source) => {
    expect(await lintImport(from, source)).toEqual([]);
  });
});
