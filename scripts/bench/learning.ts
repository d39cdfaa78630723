/**
 * The learning record for the server bench (issue 11): the demo student opens a courseware of
 * their system course (a watch ticket) and each request adds one record with a fresh record id,
 * the whole path of userLearnedRecord/add (ticket, the user's lock, the wall-clock check over their
 * tickets, the record, the progress upsert). Each record carries 0 s: a real player's 15 s per 15 s
 * would be refused by the wall-clock rule at hundreds a second, and the work per record is the same.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { ACCOUNT_CALLS, ACCOUNT_EXTRA_CALLS } from '../../src/domain/account/calls';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { CourseStudyProgress, CoursewareInfo, MyCourseList } from '../../src/domain/learning/contract';
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

export const RECORD_ENDPOINT_NAME = 'POST userLearnedRecord/add (one record)';

/** The `turn`-th record of a courseware opened with `info`: 0 s learned (see above), a position moving along. */
export function learnedRecordBody(info: CoursewareInfo, turn: number, recordId: string) {
  return {
    courseId: info.courseId,
    coursewareId: info.coursewareId,
    coursewareName: info.coursewareName,
    coursewareType: info.type,
    learnedTime: 0,
    progressBar: turn % Math.max(1, info.duration),
    stageId: info.stageId,
    recordId,
    watchTicket: info.watchTicket,
  };
}

export async function prepareRecordEndpoint(port: number): Promise<Endpoint> {
  const { publicKey } = await api<{ publicKey: string }>(port, 'GET', ACCOUNT_EXTRA_CALLS.rsaPublicKey.path);
  const pwd = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO.password)).toString('base64');
  const { token } = await api<{ token: string }>(port, 'POST', ACCOUNT_CALLS.loginByPwd.path, { mobile: DEMO.mobile, pwd });
  const mine = await api<MyCourseList>(port, 'GET', `${LEARNING_CALLS.myCourseList.path}?tab=sys&size=50`, undefined, token);
  const course = mine.records.find((c) => c.courseType === 'SYS' && !c.expired);
  if (!course) throw new Error('the demo student owns no system course');
  const outline = await api<CourseStudyProgress>(port, 'GET', LEARNING_CALLS.studyPercentage.path.replace(':id', String(course.courseId)), undefined, token);
  const ware = outline.coursewares.find((c) => c.type === 'VIDEO');
  if (!ware) throw new Error('the demo course has no video');
  const info = await api<CoursewareInfo>(
    port,
    'POST',
    LEARNING_CALLS.coursewareInfo.path,
    { courseId: course.courseId, coursewareId: ware.coursewareId },
    token,
  );
  if (!info.watchTicket) throw new Error('no watch ticket for the demo course');
  let turn = 0;
  const run = `${process.pid}-${Date.now()}`;
  return {
    name: RECORD_ENDPOINT_NAME,
    method: 'POST',
    path: LEARNING_CALLS.addLearnedRecord.path,
    headers: { authorization: `Bearer ${token}` },
    makeBody: () => {
      turn += 1;
      return learnedRecordBody(info, turn, `bench-${run}-${turn}`);
    },
  };
}
