/** Where a record leads from 做题记录: papers and practice records alike, by state. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { RecordSummary } from '../../../src/domain/questionBank/contract';
import { RecordLinks } from '../../../src/views/questionBank/home/RecordLinks';

const record = (source: RecordSummary['source'], state: RecordSummary['state']): RecordSummary => ({
  id: 41,
  source,
  sourceId: 9,
  name: '练习',
  mode: 'PRACTICE',
  state,
  startedAt: 0,
  handedInAt: null,
  scoreTenths: null,
  totalScoreTenths: 100,
  questionCount: 10,
  answeredCount: 3,
});

function links(r: RecordSummary): [string | null, string | null][] {
  const { hook } = memoryLocation({ path: '/question-bank/record' });
  const { unmount } = render(
    <Router hook={hook}>
      <RecordLinks record={r} />
    </Router>,
  );
  const found = screen.queryAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')] as [string | null, string | null]);
  unmount();
  return found;
}

describe('RecordLinks', () => {
  it('continues, marks or analyses a practice record of a section or the wrong book', () => {
    expect(links(record('SECTION', 'DOING'))).toEqual([['继续作答', '/question-bank/learn-center-record/section?sourceId=9&recordId=41']]);
    expect(links(record('WRONG', 'DONE'))).toEqual([['解析', '/question-bank/learn-center-analyze-record/wrong/41']]);
    expect(links(record('FAVORITE', 'MARKING'))[0]?.[1]).toBe('/question-bank/learn-center-mark/41');
  });

  it('continues a paper, or opens its transcript and analysis', () => {
    expect(links(record('PAPER', 'DOING'))).toEqual([['继续作答', '/question-bank/learn-center/9/41']]);
    expect(links(record('PAPER', 'DONE')).map(([, href]) => href)).toEqual(['/question-bank/transcript/41/9', '/question-bank/learn-center-analyze/9/41']);
  });
});
