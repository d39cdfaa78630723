/** The user centre's menu (/uc), in order. Paths are relative to the app base. */

export interface UcNavItem {
  readonly path: string;
  readonly label: string;
  /** The item stays active on this path's children too (my-course/free, my-order/123…). */
  readonly section: string;
}

export const UC_NAV: readonly UcNavItem[] = [
  { path: '/uc/account-manage/personal', label: '个人资料', section: '/uc/account-manage/personal' },
  { path: '/uc/account-manage/security', label: '账号安全', section: '/uc/account-manage/security' },
  { path: '/uc/my-course/sys', label: '我的课程', section: '/uc/my-course' },
  { path: '/uc/my-order', label: '我的订单', section: '/uc/my-order' },
  { path: '/uc/my-coupon', label: '我的优惠券', section: '/uc/my-coupon' },
  { path: '/uc/feedback', label: '意见反馈', section: '/uc/feedback' },
];

export function isUcNavActive(location: string, item: UcNavItem): boolean {
  const current = location.replace(/\/+$/, '');
  return current === item.section || current.startsWith(`${item.section}/`);
}
