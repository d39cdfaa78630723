/** The user centre's menu (/uc), in order. Paths are relative to the app base. */
import { paths, PATTERNS } from '../../../paths';

export interface UcNavItem {
  readonly path: string;
  readonly label: string;
  /** The item stays active on this path's children too (my-course/free, my-order/123…). */
  readonly section: string;
}

export const UC_NAV: readonly UcNavItem[] = [
  { path: paths.personal(), label: '个人资料', section: PATTERNS.personal },
  { path: paths.security(), label: '账号安全', section: PATTERNS.security },
  { path: paths.myCourses(), label: '我的课程', section: PATTERNS.myCourses },
  { path: paths.myOrders(), label: '我的订单', section: PATTERNS.myOrders },
  { path: paths.myCoupons(), label: '我的优惠券', section: PATTERNS.myCoupons },
  { path: paths.feedback(), label: '意见反馈', section: PATTERNS.feedback },
];

export function isUcNavActive(location: string, item: UcNavItem): boolean {
  const current = location.replace(/\/+$/, '');
  return current === item.section || current.startsWith(`${item.section}/`);
}
