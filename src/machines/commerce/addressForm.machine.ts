/**
 * A new delivery address (the order page, when the student has none or wants another): name,
 * mobile, province → city → district (each level loads when the one above is chosen), detail;
 * checked with the domain's address rules before it is sent, saved, and handed back as output.
 */
import { assign, fromPromise, setup } from 'xstate';
import { normalizeAddress, validateAddress } from '../../domain/commerce/addresses';
import type { Address, AddressFields, Region } from '../../domain/commerce/addresses.contract';
import { COMMERCE_CALLS } from '../../domain/commerce/calls';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { call } from '../../services/shared/http/client';

type Level = 'province' | 'city' | 'district';
type TextField = 'name' | 'mobile' | 'detail';

export interface AddressFormContext {
  fields: AddressFields;
  provinces: Region[];
  cities: Region[];
  districts: Region[];
  /** The level whose options are loading. */
  loadingLevel: Level | null;
  error: string | null;
  saved: Address | null;
}

export type AddressFormEvent =
  { type: 'EDIT'; field: TextField; value: string } | { type: 'CHOOSE_REGION'; level: Level; code: string } | { type: 'SUBMIT' } | { type: 'RETRY' };

const EMPTY: AddressFields = { name: '', mobile: '', provinceCode: '', cityCode: '', districtCode: '', detail: '' };
const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : FALLBACK_ERROR_TEXT);

/** The level below: its options load once this one is chosen. */
const BELOW: Record<Level, Level | null> = { province: 'city', city: 'district', district: null };

export const addressFormMachine = setup({
  types: { context: {} as AddressFormContext, events: {} as AddressFormEvent, output: {} as Address | null },
  actors: {
    loadRegions: fromPromise<Region[], { parentCode: string | null }>(({ input }) => call(COMMERCE_CALLS.regionListByParent, { body: input })),
    save: fromPromise<Address, AddressFields>(({ input }) => call(COMMERCE_CALLS.addressSave, { body: input })),
  },
  guards: {
    invalid: ({ context }) => validateAddress(context.fields) !== null,
    needsChildren: ({ event }) => event.type === 'CHOOSE_REGION' && BELOW[event.level] !== null && event.code !== '',
  },
}).createMachine({
  id: 'addressForm',
  context: { fields: EMPTY, provinces: [], cities: [], districts: [], loadingLevel: 'province', error: null, saved: null },
  initial: 'loadingRegions',
  output: ({ context }) => context.saved,
  states: {
    loadingRegions: {
      invoke: {
        id: 'loadRegions',
        src: 'loadRegions',
        input: ({ context }) => ({
          parentCode: context.loadingLevel === 'city' ? context.fields.provinceCode : context.loadingLevel === 'district' ? context.fields.cityCode : null,
        }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            ...(context.loadingLevel === 'province'
              ? { provinces: event.output }
              : context.loadingLevel === 'city'
                ? { cities: event.output }
                : { districts: event.output }),
            loadingLevel: null,
          })),
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error), loadingLevel: null }) },
      },
    },
    editing: {
      on: {
        EDIT: { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }), error: null }) },
        CHOOSE_REGION: [
          {
            guard: 'needsChildren',
            target: 'loadingRegions',
            actions: assign(({ context, event }) => chooseRegion(context, event.level, event.code, true)),
          },
          { actions: assign(({ context, event }) => chooseRegion(context, event.level, event.code, false)) },
        ],
        SUBMIT: [
          { guard: 'invalid', actions: assign({ error: ({ context }) => validateAddress(context.fields) }) },
          { target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => normalizeAddress(context.fields),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    saved: { type: 'final' },
  },
});

/** Choosing a level clears the levels below it; `load` marks the next level as loading. */
function chooseRegion(context: AddressFormContext, level: Level, code: string, load: boolean): Partial<AddressFormContext> {
  const fields = { ...context.fields };
  if (level === 'province') Object.assign(fields, { provinceCode: code, cityCode: '', districtCode: '' });
  if (level === 'city') Object.assign(fields, { cityCode: code, districtCode: '' });
  if (level === 'district') fields.districtCode = code;
  return {
    fields,
    ...(level === 'province' ? { cities: [], districts: [] } : level === 'city' ? { districts: [] } : {}),
    loadingLevel: load ? BELOW[level] : null,
    error: null,
  };
}
