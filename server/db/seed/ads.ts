/** Ad slots and their items. Banner artwork is generated into public/demo/banners/ by generate-assets.ts. */
import type { AdDef } from './types';

export const adSlotDefs: { code: string; name: string }[] = [
  { code: 'PC_HOME_BANNER', name: 'PC首页轮播图' },
  { code: 'PC_HOME_SIDE', name: 'PC首页侧边广告' },
  { code: 'PC_LOGIN_BG', name: 'PC登录页背景' },
  { code: 'PC_COURSE_LIST_TOP', name: 'PC课程列表顶部横幅' },
];

export const adDefs: AdDef[] = [
  {
    slot: 'PC_HOME_BANNER', title: '2027一建全程班 限时特惠', image: 'home-yjjz-pack.svg', course: 'yjjz-pack-2027',
    headline: '2027一建全程班 限时特惠', subline: '经济 + 管理 + 法规 + 实务四科联报 · 立省540元', colors: ['#0b3d91', '#1f6feb'], width: 1200, height: 400,
  },
  {
    slot: 'PC_HOME_BANNER', title: '一级消防工程师全科通关', image: 'home-yjxf-pack.svg', course: 'yjxf-pack-2027',
    headline: '一级消防工程师 全科通关套餐', subline: '三科精讲全开通 · VIP班不过重学', colors: ['#7f1d1d', '#ef4444'], width: 1200, height: 400,
  },
  {
    slot: 'PC_HOME_BANNER', title: '教资笔试45天打卡训练营', image: 'home-jszg-camp.svg', course: 'jszg-camp',
    headline: '教资笔试45天打卡训练营', subline: '每日打卡督学 · 阶段直播答疑 · 考前模考', colors: ['#701a75', '#db2777'], width: 1200, height: 400,
  },
  {
    slot: 'PC_HOME_BANNER', title: '初级会计零基础入门 免费学', image: 'home-cjkj-free.svg', course: 'cjkj-intro-free',
    headline: '初级会计零基础入门 免费学', subline: '一小时看懂借贷记账法 · 直播回放随时看', colors: ['#064e3b', '#10b981'], width: 1200, height: 400,
  },
  {
    slot: 'PC_HOME_SIDE', title: '一建实务30天冲刺训练营', image: 'side-yjjz-camp.svg', course: 'yjjz-sw-camp',
    headline: '一建实务30天冲刺', subline: '案例题专项突破', colors: ['#9a3412', '#f97316'], width: 300, height: 200,
  },
  {
    slot: 'PC_HOME_SIDE', title: '题库每日一练 免费刷题', image: 'side-daily-practice.svg', path: '/question-bank/home',
    headline: '每日一练 免费刷题', subline: '真题 · 模考 · 章节练习', colors: ['#0e7490', '#22d3ee'], width: 300, height: 200,
  },
  {
    slot: 'PC_LOGIN_BG', title: '登录页背景', image: 'login-bg.svg',
    headline: '学途网校', subline: '随时随地学习，助力高效备考', colors: ['#0b3d91', '#0891b2'], width: 1920, height: 1080,
  },
  {
    slot: 'PC_COURSE_LIST_TOP', title: '2027新课全面上线', image: 'course-list-top.svg', course: 'yjjz-jj-sys-2027',
    headline: '2027新课全面上线', subline: '一建 · 二建 · 一消 · 教资 · 初级会计 名师精讲', colors: ['#1e3a8a', '#7c3aed'], width: 1200, height: 160,
  },
];

/** Image URL of an ad. */
export const bannerUrl = (image: string): string => `/new/demo/banners/${image}`;
