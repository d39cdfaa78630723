/**
 * 新增收货地址, model-based: paths from the real addressForm machine drive the real form where the
 * app shows it, on the order page of a SKU that ships printed material (/submit-order/1?skuId=12)
 * for a student without addresses. The region lists and the save wait on msw until a step answers
 * them: the provinces (or a failure), 收货人 and 手机号 typed, province → its cities → city → its
 * districts → district, 详细地址, 保存并使用 refused by the rules (收货人 missing, region missing) or
 * sent, and the server's answer (the address chosen on the page) or refusal.
 *
 * The form is filled in one order (the events offered depend on how far it is), so the paths stay
 * few: every transition is still taken, each guarded branch included.
 */
import { cleanup, fireEvent, screen, within, act } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import { validateAddress } from '../../src/domain/commerce/addresses';
import type { Address, AddressFields, Region } from '../../src/domain/commerce/addresses.contract';
import { ADDRESS_TEXTS } from '../../src/domain/commerce/addressTexts';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import { CHECKOUT_TEXTS } from '../../src/domain/commerce/checkout.texts';
import { addressFormMachine, type AddressFormContext } from '../../src/machines/commerce/addressForm.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import SubmitOrderView from '../../src/views/commerce/checkout/SubmitOrderView';
import { click, eventually } from '../support/loginKit';
import { ADDRESS, previewFor, renderView, ROUTE, SKUS } from '../unit/commerce/checkout.fixtures';
import { clearLogin, storeLogin } from '../unit/catalog/courseDetail.fixtures';
import { heldCalls } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'regions' | 'save'>();
const server = setupServer(
  answer(API_CALLS.checkStatus, true),
  answer(CATALOG_CALLS.courseSkuList, SKUS),
  answer(COMMERCE_CALLS.addressList, []),
  answer(COMMERCE_EXTRA_CALLS.orderPreview, previewFor({ courseId: 1, skuId: 12 })),
  answer(COMMERCE_CALLS.regionListByParent, calls.held('regions')),
  answer(COMMERCE_CALLS.addressSave, calls.held('save')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof addressFormMachine.getInitialSnapshot>;
type Level = 'province' | 'city' | 'district';

const region = (code: string, name: string, parentCode: string | null, level: 1 | 2 | 3): Region => ({ code, name, parentCode, level }) as Region;
const OPTIONS: Record<Level, Region[]> = {
  province: [region('110000', '北京市', null, 1), region('310000', '上海市', null, 1)],
  city: [region('110100', '北京市', '110000', 2)],
  district: [region('110108', '海淀区', '110100', 3), region('110105', '朝阳区', '110100', 3)],
};
/** The form as a student fills it, one field after another. */
const FILLED: AddressFields = {
  name: ADDRESS.name,
  mobile: ADDRESS.mobile,
  provinceCode: ADDRESS.provinceCode,
  cityCode: ADDRESS.cityCode,
  districtCode: ADDRESS.districtCode,
  detail: ADDRESS.detail,
};
const ORDER = ['name', 'mobile', 'provinceCode', 'cityCode', 'districtCode', 'detail'] as const;
const LEVEL_OF = { provinceCode: 'province', cityCode: 'city', districtCode: 'district' } as const;
const SAVED: Address = { ...ADDRESS, id: 21, isDefault: false };

/** How many fields, in the order above, are filled. */
const progress = (fields: AddressFields) => {
  const i = ORDER.findIndex((f) => fields[f] === '');
  return i === -1 ? ORDER.length : i;
};
const optionsOf = (c: AddressFormContext, level: Level) => (level === 'province' ? c.provinces : level === 'city' ? c.cities : c.districts);

const form = () => within(screen.getByRole('form', { name: CHECKOUT_TEXTS.addAddress }));
/** 收货人, 手机号, 详细地址. */
const textboxes = () => form().getAllByRole('textbox') as HTMLInputElement[];
/** 省份, 城市, 区县. */
const selects = () => form().getAllByRole('combobox') as HTMLSelectElement[];
const LEVELS: Level[] = ['province', 'city', 'district'];

function expectFields(c: AddressFormContext): void {
  expect(textboxes().map((t) => t.value)).toEqual([c.fields.name, c.fields.mobile, c.fields.detail]);
  expect(selects().map((s) => s.value)).toEqual([c.fields.provinceCode, c.fields.cityCode, c.fields.districtCode]);
  LEVELS.forEach((level, i) => {
    // Each list offers 请选择 and the regions loaded for it.
    expect([...selects()[i]!.options].map((o) => o.textContent)).toEqual(['请选择', ...optionsOf(c, level).map((r) => r.name)]);
  });
}

describeModel('addressForm on /submit-order/1?skuId=12', {
  machine: addressFormMachine,
  start: '登录后打开 /submit-order/1?skuId=12（规格含纸质资料），账号还没有收货地址',
  events: (s) => {
    const c = s.context;
    if (s.matches('loadingRegions')) {
      const done = { type: 'xstate.done.actor.loadRegions', output: OPTIONS[c.loadingLevel!] };
      // A failed list is modelled once, at the first level (each level fails the same way).
      return (
        c.loadingLevel === 'province' ? [done, { type: 'xstate.error.actor.loadRegions', error: new ApiError('服务器错误(500)', 500, 500) }] : [done]
      ) as never[];
    }
    if (s.matches('saving'))
      return [
        { type: 'xstate.done.actor.save', output: SAVED },
        { type: 'xstate.error.actor.save', error: new ApiError(ADDRESS_TEXTS.tooMany, 400, 400) },
      ] as never[];
    const p = progress(c.fields);
    const events: unknown[] = [];
    // SUBMIT with nothing filled, with the region missing, and with the whole form.
    if (p === 0 || p === 2 || p === ORDER.length) events.push({ type: 'SUBMIT' });
    const next = ORDER[p];
    if (next === 'name' || next === 'mobile' || next === 'detail') events.push({ type: 'EDIT', field: next, value: FILLED[next] });
    else if (next && optionsOf(c, LEVEL_OF[next]).length > 0) events.push({ type: 'CHOOSE_REGION', level: LEVEL_OF[next], code: FILLED[next] });
    return events as never[];
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.loadingLevel, progress(s.context.fields), LEVELS.map((l) => optionsOf(s.context, l).length > 0)]),
  states: {
    loadingRegions: async (s: Snap) => {
      await eventually(() => expect(calls.pending('regions')).toBe(true));
      await eventually(() => expect((form().getByRole('button', { name: '保存并使用' }) as HTMLButtonElement).disabled).toBe(true));
      expect(selects().every((select) => select.disabled)).toBe(true);
      expectFields(s.context);
    },
    editing: async (s: Snap) => {
      await eventually(() => expect((form().getByRole('button', { name: '保存并使用' }) as HTMLButtonElement).disabled).toBe(false));
      expectFields(s.context);
      LEVELS.forEach((level, i) => expect(selects()[i]!.disabled).toBe(optionsOf(s.context, level).length === 0));
      if (s.context.error) expect(form().getByRole('alert').textContent).toBe(s.context.error);
      else expect(form().queryByRole('alert')).toBeNull();
      expect(calls.pending('regions') || calls.pending('save')).toBe(false);
    },
    saving: async (s: Snap) => {
      await eventually(() => expect(calls.pending('save')).toBe(true));
      expect(validateAddress(s.context.fields)).toBeNull();
      expect((form().getByRole('button', { name: '保存中…' }) as HTMLButtonElement).disabled).toBe(true);
    },
    saved: async () => {
      // The page takes the new address and chooses it; the form gives way to the list.
      await eventually(() => expect(screen.queryByRole('form', { name: CHECKOUT_TEXTS.addAddress })).toBeNull());
      const chosen = screen.getByRole('radio', { name: new RegExp(`${SAVED.name} ${SAVED.mobile}`) }) as HTMLInputElement;
      expect(chosen.checked).toBe(true);
      expect(screen.getByText(`${SAVED.provinceName} ${SAVED.cityName} ${SAVED.districtName} ${SAVED.detail}`)).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.loadRegions': async (e: { output: Region[] }) => calls.respond('regions', () => ok(e.output)),
    'xstate.error.actor.loadRegions': async (e: { error: ApiError }) => calls.respond('regions', () => fail(e.error.message, e.error.status)),
    EDIT: async (e: { field: 'name' | 'mobile' | 'detail'; value: string }) => {
      const input = textboxes()[{ name: 0, mobile: 1, detail: 2 }[e.field]]!;
      await act(async () => {
        fireEvent.change(input, { target: { value: e.value } });
      });
    },
    CHOOSE_REGION: async (e: { level: Level; code: string }) => {
      const select = selects()[LEVELS.indexOf(e.level)]!;
      await act(async () => {
        fireEvent.change(select, { target: { value: e.code } });
      });
    },
    SUBMIT: async () => click(form().getByRole('button', { name: '保存并使用' })),
    'xstate.done.actor.save': async (e: { output: Address }) => calls.respond('save', () => ok(e.output)),
    'xstate.error.actor.save': async (e: { error: ApiError }) => calls.respond('save', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: async () => {
    storeLogin();
    renderView('/submit-order/1?skuId=12', <SubmitOrderView params={{ productId: '1' }} route={ROUTE} />);
    await eventually(() => expect(screen.getByRole('form', { name: CHECKOUT_TEXTS.addAddress })).toBeTruthy());
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
      clearLogin();
    };
  },
  coverage: 'transitions',
});
