/** The customer-service rules of src/domain/site: where the button floats, the chat script setting, the contact details. */
import { describe, expect, it } from 'vitest';
import { contactLines, parseContactDetails } from '../../../src/domain/site/contactDetails';
import { chatScriptUrl, floatingSpot, showsCustomerService, type Box } from '../../../src/domain/site/customerService';
import { CONTACT_PANEL_TEXTS } from '../../../src/domain/site/contactPanel.texts';
import { PATTERNS } from '../../../src/paths';

const box = (top: number, bottom: number, left = 0, right = 375): Box => ({ top, bottom, left, right });
const spot = (keepClear: Box[], viewportHeight = 812) => floatingSpot({ viewportWidth: 375, viewportHeight, size: 52, margin: 16, gap: 8, keepClear });

describe('floatingSpot', () => {
  it('sits in the corner when nothing is in its column', () => {
    expect(spot([])).toBe(16);
    expect(spot([box(700, 800, 0, 200)])).toBe(16);
    expect(spot([box(-300, -10), box(900, 1200)])).toBe(16);
  });
  it('rises just above a control at the bottom of the screen (a full-width pay button)', () => {
    // Pay button 740..788: the button's bottom edge 8 px above its top.
    expect(spot([box(740, 788)])).toBe(812 - 740 + 8);
  });
  it('stays in the corner under a control that ends above it', () => {
    expect(spot([box(100, 400)])).toBe(16);
  });
  it('climbs past several controls to the first gap that fits', () => {
    const offset = spot([box(700, 790), box(560, 690)])!;
    // Between 690 and 700 there is no room for 52 px: above the second one.
    expect(offset).toBe(812 - 560 + 8);
  });
  it('hides (null) when the column is taken from top to bottom', () => {
    expect(spot([box(0, 812)])).toBeNull();
    expect(spot([box(0, 400), box(420, 812)])).toBeNull();
  });
  it('never leaves the screen at the top', () => {
    expect(spot([box(60, 812)])).toBeNull();
  });
});

describe('chatScriptUrl', () => {
  it('takes an http(s) URL and nothing else', () => {
    expect(chatScriptUrl('https://chat.xuetu.test/widget.js')).toBe('https://chat.xuetu.test/widget.js');
    expect(chatScriptUrl(' https://chat.xuetu.test/w.js?id=1 ')).toBe('https://chat.xuetu.test/w.js?id=1');
    expect(chatScriptUrl(undefined)).toBeNull();
    expect(chatScriptUrl('')).toBeNull();
    expect(chatScriptUrl('javascript:alert(1)')).toBeNull();
    expect(chatScriptUrl('/widget.js')).toBeNull();
  });
});

describe('showsCustomerService', () => {
  it('every page of the layouts, the player, answering and checkout included, but the transfer page', () => {
    for (const p of [PATTERNS.home, PATTERNS.coursePlayer, PATTERNS.answer, PATTERNS.submitOrder, PATTERNS.orderPay, PATTERNS.login])
      expect(showsCustomerService(p)).toBe(true);
    expect(showsCustomerService(PATTERNS.transfer)).toBe(false);
  });
});

describe('contact details', () => {
  const value = JSON.stringify({
    enabled: true,
    title: '在线客服',
    phone: '400-618-2027',
    wechat: 'xuetu-kefu',
    qq: ' ',
    workTime: '9:00-21:00',
    email: 'a@b.cn',
  });
  it('reads the param and lists what is set, phone and mail as links', () => {
    const details = parseContactDetails(value, '客服')!;
    expect(contactLines(details, CONTACT_PANEL_TEXTS.labels)).toEqual([
      { label: '客服电话', value: '400-618-2027', href: 'tel:4006182027' },
      { label: '客服微信', value: 'xuetu-kefu', href: null },
      { label: '邮箱', value: 'a@b.cn', href: 'mailto:a@b.cn' },
      { label: '工作时间', value: '9:00-21:00', href: null },
    ]);
  });
  it('is empty (null) when absent, off, not JSON, not an object, or without a way to reach anyone', () => {
    for (const v of [null, undefined, '', 'x{', '[1]', '"text"', JSON.stringify({ enabled: false, phone: '1' }), JSON.stringify({ workTime: '9-5' })]) {
      expect(parseContactDetails(v, '客服')).toBeNull();
    }
  });
  it('takes the default title', () => {
    expect(parseContactDetails(JSON.stringify({ wechat: 'w' }), '在线客服')!.title).toBe('在线客服');
  });
});
