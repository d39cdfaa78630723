import type { UserInfo } from '../../src/domain/account/contract';

/** A logged-in student with a bound mobile and no intended project; tests override what they need. */
export const STUDENT: UserInfo = {
  id: 7,
  account: '138****8000',
  nickname: '学途同学',
  avatar: '',
  headImg: '',
  gender: 'MALE',
  mobile: '13800138000',
  bindMobile: true,
  projectId: null,
  projectName: null,
};
