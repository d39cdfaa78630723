/** Demo accounts. Passwords are hashed with hashPassword at load time; only the hash is stored. */
import type { Gender } from '../../../src/domain/account/contract';

export interface DemoUserDef {
  mobile: string;
  password: string;
  nickname: string;
  gender: Gender;
  /** Class code of the intended project. */
  project: string;
}

export const demoUsers: DemoUserDef[] = [
  { mobile: '13800138000', password: 'xuetu123', nickname: '学途同学', gender: 'MALE', project: 'yjjz' },
  { mobile: '13900139000', password: 'xuetu123', nickname: '备考小园丁', gender: 'FEMALE', project: 'jszg' },
];

export const demoMobiles = demoUsers.map((u) => u.mobile);
