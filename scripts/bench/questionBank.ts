/**
 * The question bank's save for the server bench (issue 10): a demo student logs in with the
 * password (RSA-encrypted as the browser does), starts a free paper, and each request saves one
 * answer with a newer version — what an answering screen sends, through the record's row lock.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { ACCOUNT_CALLS, ACCOUNT_EXTRA_CALLS } from '../../src/domain/account/calls';
import { QUESTION_BANK_CALLS } from '../../src/domain/questionBank/calls';
import type { PaperListItem, RecordSaveResult, RecordSheet } from '../../src/domain/questionBank/contract';
import type { Page } from '../../src/domain/shared/envelope';
import { HOST, type Endpoint } from './server';

const DEMO = { mobile: '13800138000', password: 'xuetu123' };

async function api<T>(port: number, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`http://${HOST}:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

export const SAVE_ENDPOINT_NAME = 'POST userRecord/save (one answer)';

export async function prepareSaveEndpoint(port: number): Promise<Endpoint> {
  const { publicKey } = await api<{ publicKey: string }>(port, 'GET', ACCOUNT_EXTRA_CALLS.rsaPublicKey.path);
  const pwd = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO.password)).toString('base64');
  const { token } = await api<{ token: string }>(port, 'POST', ACCOUNT_CALLS.loginByPwd.path, { mobile: DEMO.mobile, pwd });
  const papers = await api<Page<PaperListItem>>(port, 'POST', QUESTION_BANK_CALLS.qbPaperPageList.path, { current: 1, size: 50 }, token);
  const paper = papers.records.filter((p) => p.free).sort((a, b) => b.questionCount - a.questionCount)[0];
  if (!paper) throw new Error('no free paper in the demo data');
  const started = await api<RecordSaveResult>(
    port,
    'POST',
    QUESTION_BANK_CALLS.qbRecordSave.path,
    { source: 'PAPER', sourceId: paper.id, mode: 'PRACTICE', answers: [] },
    token,
  );
  const sheet = await api<RecordSheet>(port, 'GET', QUESTION_BANK_CALLS.qbRecordQuestions.path.replace(':id', String(started.recordId)), undefined, token);
  const choices = sheet.questions.flatMap((q) => (q.subs.length ? q.subs : [q])).filter((q) => q.type === 'SINGLE' || q.type === 'JUDGE');
  if (choices.length === 0) throw new Error('the demo paper has no single-choice question');
  let version = Date.now();
  let turn = 0;
  return {
    name: SAVE_ENDPOINT_NAME,
    method: 'POST',
    path: QUESTION_BANK_CALLS.qbRecordSave.path,
    headers: { authorization: `Bearer ${token}` },
    makeBody: () => {
      const question = choices[turn++ % choices.length]!;
      version += 1;
      return {
        recordId: started.recordId,
        answers: [{ questionId: question.id, answer: [question.options[turn % question.options.length]!.key], flagged: false, version }],
      };
    },
  };
}
