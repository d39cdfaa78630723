/** The typed routes of src/paths.ts (`pages`): a built link, matched as the router matches it, parses back to its params. */
import { describe, expect, it } from 'vitest';
import { matchPath } from '../../../src/domain/shared/routing';
import { pages, parseId, type RouteParams } from '../../../src/paths';

/** The params the router hands the view for a path of this route. */
function routed(route: { pattern: string }, path: string): RouteParams {
  const params = matchPath(route.pattern, path.split('?')[0]!);
  if (!params) throw new Error(`${path} does not match ${route.pattern}`);
  return params;
}

describe('pages: build a link, parse its params', () => {
  it('round-trips every page with params', () => {
    const cases = [
      [pages.courseDetail, pages.courseDetail.build(12), { courseId: 12 }],
      [pages.coursePreview, pages.coursePreview.build(12), { courseId: 12 }],
      [pages.coursePlayer, pages.coursePlayer.build(12, 70), { courseId: 12 }],
      [pages.submitOrder, pages.submitOrder.build(12, { skuId: 3 }), { courseId: 12 }],
      [pages.orderPay, pages.orderPay.build(77), { orderId: 77 }],
      [pages.myOrderDetail, pages.myOrderDetail.build(77), { orderId: 77 }],
      [pages.myCourseDetail, pages.myCourseDetail.build('SYS', 12), { courseType: 'sys', courseId: 12 }],
      [pages.paperDetail, pages.paperDetail.build(11), { paperId: 11 }],
      [pages.answer, pages.answer.build(11), { paperId: 11, recordId: null }],
      [pages.answer, pages.answer.build(11, { recordId: 55, practice: true }), { paperId: 11, recordId: 55 }],
      [pages.transcript, pages.transcript.build(55, 11), { recordId: 55, paperId: 11 }],
      [pages.paperMark, pages.paperMark.build(55), { recordId: 55 }],
      [pages.paperAnalysis, pages.paperAnalysis.build(11, 55, { filter: 'wrong' }), { paperId: 11, recordId: 55 }],
      [pages.practiceRecord, pages.practiceRecord.build('wrong', 3), { kind: 'wrong' }],
      [pages.recordAnalysis, pages.recordAnalysis.build('section', { recordId: 55 }), { kind: 'section', recordId: 55 }],
      [pages.recordAnalysis, pages.recordAnalysis.build('favorite', { subjectId: 9 }), { kind: 'favorite', recordId: null }],
    ] as const;
    for (const [route, path, params] of cases) expect(route.parse(routed(route, path)), path).toEqual(params);
  });

  it('refuses a link whose id is no id, or whose word is not the page’s, so the view shows its not-found state', () => {
    for (const junk of ['abc', '0', '-1', '1.5', '1e3', ' 12', '0x10', '99999999999999999999']) {
      expect(pages.courseDetail.parse({ courseId: junk }), junk).toBeNull();
    }
    expect(pages.transcript.parse({ recordId: '55' })).toBeNull();
    expect(pages.answer.parse({ paperId: '11', recordId: 'x' })).toBeNull();
    expect(pages.practiceRecord.parse({ questionType: 'other' })).toBeNull();
    expect(pages.myCourseDetail.parse({ courseType: '', courseId: '12' })).toBeNull();
  });

  it('reads an id of the query the same way', () => {
    expect(parseId('70')).toBe(70);
    expect(parseId(null)).toBeNull();
    expect(parseId('')).toBeNull();
    expect(parseId('7a')).toBeNull();
  });
});
