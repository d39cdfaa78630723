/** E-books (电子书) of the resources page and the sales advisors (学习顾问) whose WeChat QR codes the site shows. */
import type { AdvisorDef, EbookDef } from './types';

export const ebookDefs: EbookDef[] = [
  {
    title: '一建经济计算题速查手册',
    author: '王晓峰',
    intro: '收录资金时间价值、经济效果评价、成本与定价等章节全部计算公式，每个公式配一道真题演算。',
    project: 'yjjz',
    subject: 'yjjz-jj',
    pageCount: 86,
    views: 15320,
    colors: ['#1f6feb', '#0b3d91'],
  },
  {
    title: '一建项目管理网络计划图解',
    author: '李慧敏',
    intro: '用48张图讲透双代号、单代号与时标网络计划，六时参数计算一步一图。',
    project: 'yjjz',
    subject: 'yjjz-gl',
    pageCount: 64,
    views: 9876,
    colors: ['#0e9f6e', '#065f46'],
  },
  {
    title: '建筑实务案例题答题范本',
    author: '赵立强',
    intro: '按进度、合同、质量、安全四类整理近五年案例题标准答案与踩分点。',
    project: 'yjjz',
    subject: 'yjjz-sw',
    pageCount: 120,
    views: 12408,
    colors: ['#d97706', '#92400e'],
  },
  {
    title: '二建施工管理考点精编',
    author: '刘海涛',
    intro: '按新版大纲编排的施工管理高频考点，每节附3道精选练习。',
    project: 'ejjz',
    subject: 'ejjz-gl',
    pageCount: 72,
    views: 6543,
    colors: ['#0891b2', '#155e75'],
  },
  {
    title: '消防技术实务规范数据速记',
    author: '孙志远',
    intro: '把建筑设计防火规范中的数据型考点整理成对比表格，配口诀帮助记忆。',
    project: 'yjxf',
    subject: 'yjxf-jssw',
    pageCount: 58,
    views: 8211,
    colors: ['#b91c1c', '#7f1d1d'],
  },
  {
    title: '综合素质作文素材精选',
    author: '林雨萱',
    intro: '精选教育情怀、师德修养、终身学习等主题素材80则，附范文结构拆解。',
    project: 'jszg',
    subject: 'jszg-zhsz',
    pageCount: 96,
    views: 21034,
    colors: ['#a21caf', '#701a75'],
  },
  {
    title: '教育心理学核心理论一本通',
    author: '何文博',
    intro: '梳理皮亚杰、维果茨基、布鲁纳等学者理论要点，配对比记忆表。',
    project: 'jszg',
    subject: 'jszg-jyzs',
    pageCount: 80,
    views: 17652,
    colors: ['#7c3aed', '#4c1d95'],
  },
  {
    title: '初级会计分录100例',
    author: '许静怡',
    intro: '从货币资金到财务报告，100笔典型业务的会计分录与解析。',
    project: 'cjkj',
    subject: 'cjkj-sw',
    pageCount: 110,
    views: 25871,
    colors: ['#059669', '#064e3b'],
  },
  {
    title: '经济法基础税率速记表',
    author: '马俊',
    intro: '增值税、消费税、企业所得税、个人所得税税率与优惠政策一览。',
    project: 'cjkj',
    subject: 'cjkj-jjf',
    pageCount: 32,
    views: 14236,
    colors: ['#0d9488', '#134e4a'],
  },
  {
    title: '执业药师药事法规考点手册',
    author: '郑雅琴',
    intro: '药品管理法、疫苗管理法等重点法规条文与历年考法整理。',
    project: 'zyys',
    subject: 'zyys-fg',
    pageCount: 68,
    views: 5320,
    colors: ['#2563eb', '#1e3a8a'],
  },
];

export const advisorDefs: AdvisorDef[] = [
  { name: '小途老师', wechatId: 'xuetu-guwen', tip: '扫码添加学习顾问，免费领取备考资料包与学习规划', color: '#1f6feb' },
  { project: 'yjjz', name: '陈老师', wechatId: 'xuetu-yijian01', tip: '一建学习顾问：报考指导、课程选择、学习计划一对一答疑', color: '#0b3d91' },
  { project: 'ejjz', name: '周老师', wechatId: 'xuetu-erjian01', tip: '二建学习顾问：扫码领取二建三科思维导图', color: '#0891b2' },
  { project: 'yjxf', name: '孙老师', wechatId: 'xuetu-xiaofang01', tip: '一消学习顾问：扫码获取规范数据速记表', color: '#b91c1c' },
  { project: 'jszg', name: '林老师', wechatId: 'xuetu-jiaozi01', tip: '教资学习顾问：笔试面试备考规划免费咨询', color: '#a21caf' },
  { project: 'cjkj', name: '吴老师', wechatId: 'xuetu-kuaiji01', tip: '初级会计学习顾问：扫码领取60天备考计划表', color: '#059669' },
  { project: 'zyys', name: '郑老师', wechatId: 'xuetu-yaoshi01', tip: '执业药师学习顾问：扫码咨询报考条件与课程', color: '#2563eb' },
];

/** What an advisor's QR code says when scanned: the card text (the demo has no real WeChat contact link). */
export function advisorQrText(def: AdvisorDef): string {
  return `学途学习顾问 ${def.name}\n微信号：${def.wechatId}\n${def.tip}`;
}

export const ebookCoverUrl = (index: number): string => `/new/demo/ebooks/ebook-${String(index + 1).padStart(2, '0')}.svg`;
export const advisorAvatarUrl = (def: AdvisorDef): string => `/new/demo/advisors/${def.wechatId}.svg`;
