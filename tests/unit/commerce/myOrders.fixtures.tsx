/**
 * Shared set-up of the order and coupon view tests: one of the views rendered at a path in a
 * memory router, as a visitor or with the stored session of a student, and the commerce answers.
 */
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { browserDeps, createAuthSession } from '../../../src/app/authSession';
import type { OrderDetail, OrderLine, OrderSummary } from '../../../src/domain/commerce/contract';
import { API_CALLS } from '../../../src/domain/calls';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import type { RouteDef, RouteViewProps } from '../../../src/routeTypes';
import { STUDENT } from '../../support/users';
import { answer } from '../../support/msw';

/** The session's own call: the stored login is still good. */
export const sessionHandlers = [answer(API_CALLS.checkStatus, true)];

const ROUTE: RouteDef = { path: '/', title: '测试', view: () => Promise.reject(new Error('unused')), auth: false, layout: 'main', mobile: '/' };

/** `View` at `path` (matched against `pattern` for its params); `loggedIn` stores a student's session first. */
export function renderView(View: ComponentType<RouteViewProps>, path: string, options: { pattern?: string; loggedIn?: boolean } = {}) {
  document.cookie = `${STORAGE_KEYS.tokenCookie}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  localStorage.clear();
  if (options.loggedIn ?? true) {
    document.cookie = `${STORAGE_KEYS.tokenCookie}=tok; path=/`;
    document.cookie = `${STORAGE_KEYS.userInfoRefreshCookie}=1; path=/`;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(STUDENT));
  }
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  const current = () => location.history?.at(-1) ?? '/';
  const session = createAuthSession({ ...browserDeps(), navigate: (to) => location.navigate(to), currentPath: current });
  const pattern = options.pattern ?? pathname!;
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={session}>
        <Switch>
          <Route path={pattern}>{(params: Record<string, string | undefined>) => <View params={params} route={{ ...ROUTE, path: pattern }} />}</Route>
        </Switch>
      </AppProvider>
    </Router>,
  );
  return { location, session, current };
}

const HOUR = 60 * 60 * 1000;
export const NOW = Date.now();

export function line(over: Partial<OrderLine> = {}): OrderLine {
  return {
    kind: 'MAIN',
    courseId: 11,
    courseType: 'SYS',
    title: '《建设工程经济》精讲班',
    cover: '/new/demo/covers/jj.svg',
    skuId: 101,
    skuName: '标准班',
    priceCents: 68000,
    validDays: 365,
    shipsMaterial: false,
    startsAt: null,
    ...over,
  };
}

export function summary(over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 1,
    orderNo: 'XT202611230001',
    status: 'PAID',
    courseId: 11,
    courseType: 'SYS',
    title: '《建设工程经济》精讲班',
    cover: '/new/demo/covers/jj.svg',
    skuName: '标准班',
    lineCount: 1,
    createdAt: NOW - 40 * 24 * HOUR,
    expiresAt: NOW - 40 * 24 * HOUR + HOUR / 2,
    paidAt: NOW - 40 * 24 * HOUR + 60_000,
    totalCents: 68000,
    discountCents: 5000,
    payCents: 63000,
    ...over,
  };
}

export function detail(over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...summary(),
    lines: [line()],
    coupon: { id: 5, name: '满500减50' },
    address: null,
    payChannel: 'SANDBOX',
    cancelledAt: null,
    remark: null,
    ...over,
  };
}

/** A pending order created `minutesAgo` minutes ago (30 minutes to pay). */
export function pending(id: number, minutesAgo = 5): OrderSummary {
  const createdAt = NOW - minutesAgo * 60_000;
  return summary({
    id,
    orderNo: `XT20261123000${id}`,
    status: 'PENDING',
    createdAt,
    expiresAt: createdAt + 30 * 60_000,
    paidAt: null,
    discountCents: 0,
    payCents: 68000,
  });
}
