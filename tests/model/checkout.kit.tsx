/**
 * The checkout model test's server and fixtures: every call the two pages make waits on msw until a
 * path step answers it (the bodies the page sent are kept for the state checks), previews that
 * offer an add-on course, the student's addresses and how the 新增收货地址 form is filled in.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { expect } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import type { Address, Region, RegionListQuery } from '../../src/domain/commerce/addresses.contract';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import { CHECKOUT_TEXTS } from '../../src/domain/commerce/checkout.texts';
import type {
  AddOnChoice,
  OrderCreateRequest,
  OrderPayStatus,
  OrderPreview,
  OrderPreviewRequest,
  PayChannelOption,
  PayQr,
} from '../../src/domain/commerce/contract';
import { click, eventually } from '../support/loginKit';
import { answer, ok } from '../support/msw';
import { ADDRESS, SKUS } from '../unit/commerce/checkout.fixtures';
import { heldCalls } from './commerce.fixtures';

type Call = 'preview' | 'create' | 'save' | 'order' | 'channels' | 'qr' | 'poll' | 'cancel';
export const calls = heldCalls<Call>();
/** The last body the page sent with each call. */
export const sent: { preview?: OrderPreviewRequest; create?: OrderCreateRequest } = {};

const region = (code: string, name: string, parentCode: string | null, level: 1 | 2 | 3): Region => ({ code, name, parentCode, level }) as Region;
/** The regions of ADDRESS, by the code of the level above. */
const REGIONS: Record<string, Region[]> = {
  '': [region(ADDRESS.provinceCode, ADDRESS.provinceName, null, 1)],
  [ADDRESS.provinceCode]: [region(ADDRESS.cityCode, ADDRESS.cityName, ADDRESS.provinceCode, 2)],
  [ADDRESS.cityCode]: [region(ADDRESS.districtCode, ADDRESS.districtName, ADDRESS.cityCode, 3)],
};

export const server = setupServer(
  answer(API_CALLS.checkStatus, true),
  answer(CATALOG_CALLS.courseSkuList, SKUS),
  // The student has no address yet: the page asks for one when the SKU ships printed material.
  answer(COMMERCE_CALLS.addressList, []),
  answer(COMMERCE_CALLS.regionListByParent, async ({ request }) => {
    const { parentCode } = (await request.json()) as RegionListQuery;
    return ok(REGIONS[parentCode ?? ''] ?? []);
  }),
  answer(COMMERCE_CALLS.addressSave, calls.held('save')),
  answer(COMMERCE_EXTRA_CALLS.orderPreview, async ({ request }) => {
    sent.preview = (await request.json()) as OrderPreviewRequest;
    return calls.held('preview')();
  }),
  answer(COMMERCE_EXTRA_CALLS.orderCreate, async ({ request }) => {
    sent.create = (await request.json()) as OrderCreateRequest;
    return calls.held('create')();
  }),
  answer(COMMERCE_EXTRA_CALLS.orderDetail, calls.held('order')),
  answer(COMMERCE_CALLS.payChannels, calls.held('channels')),
  // Every status read waits: the load's (answered with the order) and each poll's.
  answer(COMMERCE_EXTRA_CALLS.orderPayStatus, calls.held('poll')),
  answer(COMMERCE_CALLS.unifiedPay, calls.held('qr')),
  answer(COMMERCE_EXTRA_CALLS.orderCancel, calls.held('cancel')),
);

// The model computes the countdown with the real clock when it builds paths: the order is fresh.
export const NOW = Math.floor(Date.now() / 1000) * 1000;
export const EXPIRES = NOW + 30 * 60_000;
export const CHANNELS: PayChannelOption[] = [
  { channel: 'WECHAT', name: '微信支付', hint: '使用微信扫码支付' },
  { channel: 'ALIPAY', name: '支付宝', hint: '使用支付宝扫码支付' },
];
export const qr = (channel: PayQr['channel']): PayQr => ({
  orderId: 77,
  channel,
  outTradeNo: `T-${channel}`,
  codeUrl: `pay://${channel}`,
  amountCents: 63000,
  expiresAt: EXPIRES,
  subject: SKUS.title,
});
/** The order's status as the server reads it at `serverNow` (its clock, not the device's). */
export const status = (s: OrderPayStatus['status'], serverNow = NOW): OrderPayStatus => ({
  orderId: 77,
  status: s,
  paidAt: s === 'PAID' ? NOW : null,
  expiresAt: EXPIRES,
  serverNow,
});

/** The course offered with this one on the order page. */
export const ADD_ON: AddOnChoice = {
  courseId: 2,
  title: '一建法规精讲班',
  cover: '/new/demo/covers/2.svg',
  skuId: 21,
  skuName: '标准班',
  priceCents: 30000,
  validDays: 365,
  shipsMaterial: false,
  selected: false,
  owned: false,
};

/** `preview` as the server answers it for the add-ons chosen: ADD_ON offered, and priced in when chosen. */
export function priced(preview: OrderPreview, addOnSkuIds: readonly number[]): OrderPreview {
  const selected = addOnSkuIds.includes(ADD_ON.skuId);
  const extra = selected ? ADD_ON.priceCents : 0;
  return { ...preview, addOns: [{ ...ADD_ON, selected }], totalCents: preview.totalCents + extra, payCents: preview.payCents + extra };
}

/** The addresses the student adds, in order, on a page that asks for one. */
export const ADDRESSES: readonly Address[] = [ADDRESS, { ...ADDRESS, id: 10, name: '李四', mobile: '13900139000', detail: '中关村大街2号', isDefault: false }];
export const REMARK = '请开具发票';

const addressForm = () => within(screen.getByRole('form', { name: CHECKOUT_TEXTS.addAddress }));

/** Adds `address` as the student does: 新增收货地址 (when the list shows), the form filled level by level, 保存并使用, the server's answer. */
export async function addAddress(address: Address): Promise<void> {
  if (!screen.queryByRole('form', { name: CHECKOUT_TEXTS.addAddress })) await click(screen.getByRole('button', { name: CHECKOUT_TEXTS.addAddress }));
  const change = async (el: HTMLElement, value: string) =>
    act(async () => {
      fireEvent.change(el, { target: { value } });
    });
  const [name, mobile, detail] = addressForm().getAllByRole('textbox');
  await change(name!, address.name);
  await change(mobile!, address.mobile);
  const codes = [address.provinceCode, address.cityCode, address.districtCode];
  for (const [i, code] of codes.entries()) {
    // Each level's options load once the level above is chosen.
    await eventually(() => expect([...(addressForm().getAllByRole('combobox')[i] as HTMLSelectElement).options].map((o) => o.value)).toContain(code));
    await change(addressForm().getAllByRole('combobox')[i]!, code);
  }
  await change(detail!, address.detail);
  await eventually(() => expect((addressForm().getByRole('button', { name: '保存并使用' }) as HTMLButtonElement).disabled).toBe(false));
  await click(addressForm().getByRole('button', { name: '保存并使用' }));
  await calls.respond('save', () => ok(address));
}
