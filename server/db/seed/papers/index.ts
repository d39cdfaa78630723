/** All question banks of the seed, one per subject. */
import type { QuestionBankDef } from '../types';
import { jiaoziBank } from './jiaozi';
import { jingjiBank } from './jingji';
import { kuaijiBank } from './kuaiji';
import { shiwuBank } from './shiwu';
import { xiaofangBank } from './xiaofang';

export const questionBanks: QuestionBankDef[] = [jingjiBank, shiwuBank, xiaofangBank, jiaoziBank, kuaijiBank];
