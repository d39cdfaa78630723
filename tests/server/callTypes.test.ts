/**
 * A call is typed once (issue 19): a route handler must return what the call's definition in
 * src/domain answers. These lines are checked by `npm run typecheck` (the @ts-expect-error lines
 * fail the build if they ever compile), and the runtime test shows the stubs are what they claim.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ClassNode } from '../../src/domain/catalog/contract';
import type { FileDownloadInfo } from '../../src/domain/catalog/resources';
import type { SealedAnswer } from '../../src/domain/shared/sealed';
import type { CallAnswer, RouteSpec } from '../../server/shared/feature';
import { PreparedJson } from '../../server/shared/preparedJson';

describe("a route handler returns its call's answer", () => {
  it('takes the answer, the answer prepared once, or the answer sealed; nothing else', async () => {
    const tree: ClassNode[] = [];
    const plain: RouteSpec<'classTreeList'> = { handler: async () => tree };
    const prepared: RouteSpec<'classTreeList'> = { handler: async () => new PreparedJson(tree) };
    // @ts-expect-error a course page is not the class tree
    const wrong: RouteSpec<'classTreeList'> = { handler: async () => ({ records: [], total: 0, size: 10, current: 1 }) };
    // @ts-expect-error nor is the class tree prepared for another call's shape
    const wrongPrepared: RouteSpec<'classTreeList'> = { handler: async () => new PreparedJson({ id: 1 }) };
    expectTypeOf<SealedAnswer<FileDownloadInfo>>().toMatchTypeOf<CallAnswer<'fileDownloadUrl'>>();
    expectTypeOf<SealedAnswer<ClassNode[]>>().not.toMatchTypeOf<CallAnswer<'fileDownloadUrl'>>();
    expect(await plain.handler(undefined as never, undefined as never)).toBe(tree);
    expect(((await prepared.handler(undefined as never, undefined as never)) as PreparedJson<ClassNode[]>).data).toBe(tree);
    expect([wrong, wrongPrepared].every((spec) => typeof spec.handler === 'function')).toBe(true);
  });
});
