/** /question-bank/learn-center-paper/{id}: the paper's introduction and, logged in, the user's latest records of it. */
import type { PaperDetail, RecordSummary } from '../../domain/questionBank/contract';
import { QB_PAGE_MAX_SIZE } from '../../domain/questionBank/limits';
import { getPaperDetail, getRecordPage } from '../../services/questionBank/questionBank.api';
import { createParamsLoadMachine } from './qbParamsLoad';

export interface PaperDetailParams {
  paperId: number;
  loggedIn: boolean;
}

/** How many of the user's records of the paper the page lists. */
const LATEST_RECORDS = 5;

async function loadPaper({ paperId, loggedIn }: PaperDetailParams): Promise<{ paper: PaperDetail; records: RecordSummary[] }> {
  const [paper, page] = await Promise.all([
    getPaperDetail(paperId),
    // Records of papers (tab 1), newest first; this paper's picked on the client.
    loggedIn ? getRecordPage({ current: 1, size: QB_PAGE_MAX_SIZE, tab: 1 }) : Promise.resolve(null),
  ]);
  const records = (page?.records ?? []).filter((r) => r.source === 'PAPER' && r.sourceId === paperId).slice(0, LATEST_RECORDS);
  return { paper, records };
}

export const paperDetailMachine = createParamsLoadMachine<PaperDetailParams, { paper: PaperDetail; records: RecordSummary[] }>(
  'paperDetail',
  loadPaper,
  (a, b) => a.paperId === b.paperId && a.loggedIn === b.loggedIn,
);
