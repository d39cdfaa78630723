/** All question banks of the seed, one per subject; four of them grown with generated questions and papers. */
import type { QuestionBankDef } from '../types';
import { CHOICE_SHAPES, growBank } from './generated/banks';
import { generateJiaozi } from './generated/jiaoziGen';
import { generateJingji } from './generated/jingjiGen';
import { generateKuaiji } from './generated/kuaijiGen';
import { generateXiaofang } from './generated/xiaofangGen';
import { jiaoziBank } from './jiaozi';
import { jingjiBank } from './jingji';
import { kuaijiBank } from './kuaiji';
import { shiwuBank } from './shiwu';
import { xiaofangBank } from './xiaofang';

export const questionBanks: QuestionBankDef[] = [
  growBank(jingjiBank, generateJingji(), {
    prefix: 'jj',
    seed: 11,
    title: '2027一级建造师《建设工程经济》',
    mockMinutes: 120,
    mockShape: CHOICE_SHAPES.mock,
    sprintShape: CHOICE_SHAPES.sprint,
  }),
  shiwuBank,
  growBank(xiaofangBank, generateXiaofang(), {
    prefix: 'xf',
    seed: 13,
    title: '2027一级消防工程师《消防安全技术实务》',
    mockMinutes: 150,
    mockShape: CHOICE_SHAPES.mock,
    sprintShape: CHOICE_SHAPES.sprint,
  }),
  growBank(jiaoziBank, generateJiaozi(), {
    prefix: 'zs',
    seed: 17,
    title: '2027教师资格证《综合素质》（中学）',
    mockMinutes: 120,
    mockShape: [
      { type: 'SINGLE', count: 60, score: 1 },
      { type: 'MULTIPLE', count: 20, score: 2 },
      { type: 'JUDGE', count: 20, score: 1 },
    ],
    sprintShape: [
      { type: 'SINGLE', count: 120, score: 1 },
      { type: 'MULTIPLE', count: 40, score: 2 },
      { type: 'JUDGE', count: 40, score: 1 },
    ],
  }),
  growBank(kuaijiBank, generateKuaiji(), {
    prefix: 'kj',
    seed: 19,
    title: '2027初级会计职称《初级会计实务》',
    mockMinutes: 120,
    mockShape: [
      { type: 'SINGLE', count: 55, score: 1 },
      { type: 'MULTIPLE', count: 20, score: 2 },
      { type: 'JUDGE', count: 15, score: 1 },
      { type: 'FILL', count: 10, score: 1 },
    ],
    sprintShape: [
      { type: 'SINGLE', count: 110, score: 1 },
      { type: 'MULTIPLE', count: 40, score: 2 },
      { type: 'JUDGE', count: 30, score: 1 },
      { type: 'FILL', count: 20, score: 1 },
    ],
  }),
];
