/** /question-bank/learn-center-paper/{id}: the paper's introduction and, logged in, the user's latest records of it. */
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { PaperDetail, RecordSummary } from '../../domain/questionBank/contract';
import { QB_PAGE_MAX_SIZE } from '../../domain/questionBank/limits';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export interface PaperDetailParams {
  paperId: number;
  loggedIn: boolean;
}

/** How many of the user's records of the paper the page lists. */
const LATEST_RECORDS = 5;

async function loadPaper({ paperId, loggedIn }: PaperDetailParams): Promise<{ paper: PaperDetail; records: RecordSummary[] }> {
  const [paper, page] = await Promise.all([
    call(QB.qbPaperDetail, { params: { id: paperId } }),
    // Records of papers (tab 1), newest first; this paper's picked on the client.
    loggedIn ? call(QB.qbRecordPageList, { body: { current: 1, size: QB_PAGE_MAX_SIZE, tab: 1 } }) : Promise.resolve(null),
  ]);
  const records = (page?.records ?? []).filter((r) => r.source === 'PAPER' && r.sourceId === paperId).slice(0, LATEST_RECORDS);
  return { paper, records };
}

/** A login (or another paper) loads again in place: the page keeps its flow. */
export const paperDetailMachine = createPageDataMachine({
  id: 'paperDetail',
  load: loadPaper,
  sameParams: (a, b) => a.paperId === b.paperId && a.loggedIn === b.loggedIn,
});
