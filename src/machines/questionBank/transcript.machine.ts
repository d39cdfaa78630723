/**
 * The transcript (成绩单) of a handed-in record as a pageData load: loaded, or marking when written
 * answers still wait for self-marking (the page then sends the student to mark them), or failed (RETRY).
 */
import { loadTranscript } from '../../services/questionBank/questionBankReport.data';
import { createPageDataMachine } from '../shared/pageData';

export const transcriptMachine = createPageDataMachine({
  id: 'transcript',
  load: ({ recordId }: { recordId: number }) => loadTranscript(recordId),
  outcomes: { marking: (data) => data.report.record.state === 'MARKING' },
});
