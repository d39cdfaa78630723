/**
 * Generated 《消防安全技术实务》 questions from rules of GB 50016-2014（2018年版）, GB/T 4968-2008 and
 * GB 50140-2005 that classify by a number or a material: 闪点 → 液体火灾危险性, 爆炸下限 → 气体火灾危险性,
 * 建筑高度 → 民用建筑分类, 可燃物 → 火灾类别, 火灾类别 → 适用灭火器. The rule functions below are the key.
 */
import { blanks, BankBuilder, createRng, judgement, multipleChoice, sample, singleChoice, type Generated, type Rng } from './kit';

const BASICS = '第1篇 消防基础知识';
const BUILDING = '第2篇 建筑防火';
const FACILITIES = '第3篇 建筑消防设施';
const HAZARD: [string, string] = [BASICS, '第4章 易燃易爆危险品'];
const FIRE_CLASS: [string, string] = [BASICS, '第2章 火灾基础知识'];
const BUILDING_CLASS: [string, string] = [BUILDING, '第1章 建筑分类与耐火等级'];
const EXTINGUISHERS: [string, string] = [FACILITIES, '第6章 建筑灭火器配置'];

const HAZARD_CLASSES = ['甲类', '乙类', '丙类', '丁类'] as const;

/** GB 50016 表3.1.1/3.1.3: 闪点 < 28℃ 甲类, 28℃ ≤ 闪点 < 60℃ 乙类, 闪点 ≥ 60℃ 丙类. */
export function liquidHazard(flashPoint: number): '甲类' | '乙类' | '丙类' {
  if (flashPoint < 28) return '甲类';
  return flashPoint < 60 ? '乙类' : '丙类';
}

/** GB 50016: 爆炸下限 < 10% 的气体甲类, ≥ 10% 的乙类. */
export function gasHazard(lowerLimit: number): '甲类' | '乙类' {
  return lowerLimit < 10 ? '甲类' : '乙类';
}

const RESIDENTIAL = ['单、多层住宅建筑', '二类高层住宅建筑', '一类高层住宅建筑', '裙房'] as const;

/** GB 50016 表5.1.1 住宅: ≤ 27 m 单、多层, 27 m < H ≤ 54 m 二类高层, > 54 m 一类高层. */
export function residentialClass(height: number): (typeof RESIDENTIAL)[number] {
  if (height <= 27) return RESIDENTIAL[0];
  return height <= 54 ? RESIDENTIAL[1] : RESIDENTIAL[2];
}

const PUBLIC = ['单、多层公共建筑', '二类高层公共建筑', '一类高层公共建筑', '地下或半地下建筑'] as const;

/** GB 50016 表5.1.1 一般的多层办公楼: ≤ 24 m 单、多层, 24 m < H ≤ 50 m 二类高层（24 m 以上楼层面积不大时）, > 50 m 一类高层. */
export function officeClass(height: number): (typeof PUBLIC)[number] {
  if (height <= 24) return PUBLIC[0];
  return height <= 50 ? PUBLIC[1] : PUBLIC[2];
}

/** GB/T 4968-2008 火灾分类 by what burns. */
export const FIRE_MATERIALS: Record<string, string[]> = {
  A类火灾: ['木材', '棉花', '纸张', '麻', '毛织品', '煤炭', '干草'],
  B类火灾: ['汽油', '煤油', '柴油', '原油', '甲醇', '乙醇', '沥青', '石蜡'],
  C类火灾: ['煤气', '天然气', '甲烷', '乙烷', '丙烷', '氢气', '乙炔'],
  D类火灾: ['钾', '钠', '镁', '钛', '锆', '锂', '铝镁合金'],
  E类火灾: ['带电运行的变压器', '带电的配电柜', '带电的电缆'],
  F类火灾: ['烹饪器具内的动植物油脂', '油炸锅内的食用油'],
};

const FIRE_NOTES: Record<string, string> = {
  A类火灾: '固体物质火灾，这种物质通常具有有机物性质，燃烧时能产生灼热的余烬',
  B类火灾: '液体或可熔化的固体物质火灾',
  C类火灾: '气体火灾',
  D类火灾: '金属火灾',
  E类火灾: '带电火灾，即物体带电燃烧的火灾',
  F类火灾: '烹饪器具内的烹饪物（如动植物油脂）火灾',
};

/** GB 50140-2005 4.2: extinguishers each fire class's site should choose (E omits CO₂: not with a metal horn). */
const EXTINGUISHER_FIT: Record<string, { right: string[]; wrong: string[] }> = {
  A类: { right: ['水型灭火器', '磷酸铵盐干粉灭火器', '泡沫灭火器', '卤代烷灭火器'], wrong: ['碳酸氢钠干粉灭火器', '二氧化碳灭火器'] },
  C类: { right: ['磷酸铵盐干粉灭火器', '碳酸氢钠干粉灭火器', '二氧化碳灭火器', '卤代烷灭火器'], wrong: ['水型灭火器', '泡沫灭火器'] },
  E类: { right: ['磷酸铵盐干粉灭火器', '碳酸氢钠干粉灭火器', '卤代烷灭火器'], wrong: ['水型灭火器', '泡沫灭火器'] },
};

const LIQUID_RULE = '液体按闪点划分火灾危险性：闪点 < 28℃ 为甲类，28℃ ≤ 闪点 < 60℃ 为乙类，闪点 ≥ 60℃ 为丙类（GB 50016）';
const GAS_RULE = '可燃气体按爆炸下限划分：爆炸下限 < 10% 为甲类，≥ 10% 为乙类（GB 50016）';

function liquidSingle(rng: Rng, ref: string): Generated {
  const flash = rng.pick([rng.int(-30, 120), rng.pick([27, 28, 29, 59, 60, 61])]);
  const answer = liquidHazard(flash);
  const stem = rng.pick([
    `某仓库储存闪点为${flash}℃的液体，该仓库储存物品的火灾危险性类别为（ ）。`,
    `某厂房生产过程中使用闪点为${flash}℃的液体，该厂房生产的火灾危险性类别为（ ）。`,
  ]);
  const q = singleChoice(
    rng,
    ref,
    stem,
    answer,
    HAZARD_CLASSES.filter((c) => c !== answer),
    `${LIQUID_RULE}。闪点${flash}℃${flash === 28 || flash === 60 ? '恰好等于分界值，属于“不小于”一侧' : ''}，属于${answer}。`,
  );
  return { question: q, section: HAZARD, calc: { kind: 'liquidHazard', inputs: { flash } } };
}

function gasSingle(rng: Rng, ref: string): Generated {
  const limit = rng.pick([rng.int(2, 40) / 2, 10]);
  const answer = gasHazard(limit);
  const q = singleChoice(
    rng,
    ref,
    `某厂房生产中使用的可燃气体爆炸下限为${limit}%，该厂房的火灾危险性类别为（ ）。`,
    answer,
    HAZARD_CLASSES.filter((c) => c !== answer),
    `${GAS_RULE}。爆炸下限${limit}%${limit === 10 ? '等于10%，' : ''}属于${answer}。`,
  );
  return { question: q, section: HAZARD, calc: { kind: 'gasHazard', inputs: { limit } } };
}

function residentialSingle(rng: Rng, ref: string): Generated {
  const height = rng.pick([rng.int(60, 990) / 10, rng.pick([27, 27.3, 26.9, 54, 54.2, 53.8])]);
  const answer = residentialClass(height);
  const q = singleChoice(
    rng,
    ref,
    `某住宅建筑建筑高度为${height}m，根据《建筑设计防火规范》，该住宅建筑属于（ ）。`,
    answer,
    RESIDENTIAL.filter((c) => c !== answer),
    `住宅建筑：建筑高度不大于27m为单、多层住宅建筑；大于27m但不大于54m为二类高层住宅建筑；大于54m为一类高层住宅建筑。${height}m属于${answer}。`,
  );
  return { question: q, section: BUILDING_CLASS, calc: { kind: 'residentialClass', inputs: { height } } };
}

function officeSingle(rng: Rng, ref: string): Generated {
  const height = rng.pick([rng.int(100, 990) / 10, rng.pick([24, 24.5, 50, 50.4])]);
  const floors = Math.max(2, Math.round(height / 3.8));
  const answer = officeClass(height);
  const condition = height > 24 ? '，24m以上部分任一楼层建筑面积均不大于1000m²' : '';
  const q = singleChoice(
    rng,
    ref,
    `某办公楼地上${floors}层，建筑高度${height}m${condition}，根据《建筑设计防火规范》，该建筑属于（ ）。`,
    answer,
    PUBLIC.filter((c) => c !== answer),
    `公共建筑建筑高度大于24m（非单层）为高层；建筑高度大于50m的公共建筑为一类高层；其余高层办公楼（24m以上楼层面积不大于1000m²）为二类高层。${height}m属于${answer}。`,
  );
  return { question: q, section: BUILDING_CLASS, calc: { kind: 'officeClass', inputs: { height } } };
}

const FIRE_ENTRIES = Object.entries(FIRE_MATERIALS).flatMap(([cls, items]) => items.map((item) => ({ item, cls })));
const FIRE_CLASSES = Object.keys(FIRE_MATERIALS);

function fireClassSingle(rng: Rng, ref: string): Generated {
  const { item, cls } = rng.pick(FIRE_ENTRIES);
  const stem = rng.pick([
    `根据《火灾分类》（GB/T 4968），${item}燃烧引起的火灾属于（ ）。`,
    `某场所发生${item}火灾，按《火灾分类》（GB/T 4968），该火灾属于（ ）。`,
  ]);
  const q = singleChoice(
    rng,
    ref,
    stem,
    cls,
    sample(
      rng,
      FIRE_CLASSES.filter((c) => c !== cls),
      3,
    ),
    `${cls}是${FIRE_NOTES[cls]}。${item}燃烧属于${cls}。`,
  );
  return { question: q, section: FIRE_CLASS };
}

function liquidMultiple(rng: Rng, ref: string): Generated {
  const target = rng.pick(['甲类', '乙类', '丙类'] as const);
  const points = new Set<number>();
  const inTarget = rng.int(2, 4);
  let guard = 0;
  while ([...points].filter((p) => liquidHazard(p) === target).length < inTarget && guard++ < 200) {
    const p = rng.int(-20, 130);
    if (liquidHazard(p) === target) points.add(p);
  }
  while (points.size < 5 && guard++ < 400) {
    const p = rng.pick([rng.int(-20, 130), 28, 60]);
    if (liquidHazard(p) !== target) points.add(p);
  }
  const all = [...points];
  const right = all.filter((p) => liquidHazard(p) === target).map((p) => `闪点为${p}℃的液体`);
  const wrong = all.filter((p) => liquidHazard(p) !== target).map((p) => `闪点为${p}℃的液体`);
  const q = multipleChoice(
    rng,
    ref,
    `下列液体中，火灾危险性属于${target}的有（ ）。`,
    right,
    wrong,
    `${LIQUID_RULE}。属于${target}的是：${right.join('、')}。`,
  );
  return { question: q, section: HAZARD };
}

function gasMultiple(rng: Rng, ref: string): Generated {
  const target = rng.pick(['甲类', '乙类'] as const);
  const inTarget = rng.int(2, 4);
  const limits = new Set<number>();
  while ([...limits].filter((l) => gasHazard(l) === target).length < inTarget) {
    const l = target === '甲类' ? rng.int(2, 19) / 2 : rng.int(20, 40) / 2;
    limits.add(l);
  }
  while (limits.size < 5) {
    const l = target === '甲类' ? rng.int(20, 40) / 2 : rng.int(2, 19) / 2;
    limits.add(l);
  }
  const all = [...limits];
  const right = all.filter((l) => gasHazard(l) === target).map((l) => `爆炸下限为${l}%的可燃气体`);
  const wrong = all.filter((l) => gasHazard(l) !== target).map((l) => `爆炸下限为${l}%的可燃气体`);
  const q = multipleChoice(
    rng,
    ref,
    `下列可燃气体中，火灾危险性属于${target}的有（ ）。`,
    right,
    wrong,
    `${GAS_RULE}。属于${target}的是：${right.join('、')}。`,
  );
  return { question: q, section: HAZARD };
}

function fireClassMultiple(rng: Rng, ref: string): Generated {
  const cls = rng.pick(FIRE_CLASSES.filter((c) => FIRE_MATERIALS[c]!.length >= 3));
  const right = sample(rng, FIRE_MATERIALS[cls]!, rng.int(2, 4));
  const wrong = sample(
    rng,
    FIRE_ENTRIES.filter((e) => e.cls !== cls),
    5 - right.length,
  );
  const q = multipleChoice(
    rng,
    ref,
    `根据《火灾分类》（GB/T 4968），下列物质燃烧引起的火灾中，属于${cls}的有（ ）。`,
    right,
    wrong.map((w) => w.item),
    `${cls}是${FIRE_NOTES[cls]}。${right.join('、')}属于${cls}；${wrong.map((w) => `${w.item}属于${w.cls}`).join('，')}。`,
  );
  return { question: q, section: FIRE_CLASS };
}

function extinguisherMultiple(rng: Rng, ref: string): Generated {
  const cls = rng.pick(Object.keys(EXTINGUISHER_FIT));
  const { right: fit, wrong: unfit } = EXTINGUISHER_FIT[cls]!;
  const rightCount = rng.int(Math.max(2, 5 - unfit.length), Math.min(4, fit.length));
  const right = sample(rng, fit, rightCount);
  const wrong = sample(rng, unfit, 5 - rightCount);
  const q = multipleChoice(
    rng,
    ref,
    `根据《建筑灭火器配置设计规范》（GB 50140），${cls}火灾场所可以选择的灭火器有（ ）。`,
    right,
    wrong,
    `${cls}火灾场所应选择${fit.join('、')}${cls === 'E类' ? '（二氧化碳灭火器不得装有金属喇叭喷筒）' : ''}；${wrong.join('、')}不适用于${cls}火灾。`,
  );
  return { question: q, section: EXTINGUISHERS };
}

function extinguisherSingle(rng: Rng, ref: string): Generated {
  const cls = rng.pick(['A类', 'C类'] as const);
  const { right: fit, wrong: unfit } = EXTINGUISHER_FIT[cls]!;
  const answer = rng.pick(unfit);
  const q = singleChoice(
    rng,
    ref,
    `根据《建筑灭火器配置设计规范》（GB 50140），${cls}火灾场所不应选择的灭火器是（ ）。`,
    answer,
    sample(rng, fit, 3),
    `${cls}火灾场所应选择${fit.join('、')}；${unfit.join('、')}不适用。`,
  );
  return { question: q, section: EXTINGUISHERS };
}

function ruleJudge(rng: Rng, ref: string): Generated {
  const truth = rng.next() < 0.5;
  const kind = rng.int(0, 3);
  if (kind === 0) {
    const flash = rng.int(-20, 120);
    const real = liquidHazard(flash);
    const claimed = truth ? real : rng.pick(['甲类', '乙类', '丙类'].filter((c) => c !== real));
    return {
      question: judgement(ref, `闪点为${flash}℃的液体，其火灾危险性属于${claimed}。`, truth, `${LIQUID_RULE}，闪点${flash}℃属于${real}。`),
      section: HAZARD,
    };
  }
  if (kind === 1) {
    const height = rng.int(150, 990) / 10;
    const real = residentialClass(height);
    const claimed = truth ? real : rng.pick(RESIDENTIAL.slice(0, 3).filter((c) => c !== real));
    return {
      question: judgement(
        ref,
        `建筑高度为${height}m的住宅建筑属于${claimed}。`,
        truth,
        `住宅建筑不大于27m为单、多层，27m至54m（含）为二类高层，大于54m为一类高层；${height}m属于${real}。`,
      ),
      section: BUILDING_CLASS,
    };
  }
  if (kind === 2) {
    const limit = rng.int(2, 40) / 2;
    const real = gasHazard(limit);
    const claimed = truth ? real : real === '甲类' ? '乙类' : '甲类';
    return {
      question: judgement(ref, `爆炸下限为${limit}%的可燃气体，其火灾危险性属于${claimed}。`, truth, `${GAS_RULE}，${limit}%属于${real}。`),
      section: HAZARD,
    };
  }
  const { item, cls } = rng.pick(FIRE_ENTRIES);
  const claimed = truth ? cls : rng.pick(FIRE_CLASSES.filter((c) => c !== cls));
  return {
    question: judgement(ref, `${item}燃烧引起的火灾属于${claimed}。`, truth, `${cls}是${FIRE_NOTES[cls]}，${item}燃烧属于${cls}。`),
    section: FIRE_CLASS,
  };
}

const THRESHOLD_FILLS: [string, string[], string, [string, string]][] = [
  ['按闪点划分液体火灾危险性时，闪点小于____℃的液体为甲类，闪点不小于____℃的液体为丙类。', ['28', '60'], LIQUID_RULE, HAZARD],
  ['爆炸下限小于____%的可燃气体，其火灾危险性为甲类。', ['10'], GAS_RULE, HAZARD],
  [
    '建筑高度大于____m的住宅建筑为高层住宅建筑，其中大于____m的为一类高层住宅建筑。',
    ['27', '54'],
    '住宅建筑大于27m为高层，大于54m为一类高层。',
    BUILDING_CLASS,
  ],
  [
    '建筑高度大于____m的非单层公共建筑为高层公共建筑，建筑高度大于____m的公共建筑为一类高层公共建筑。',
    ['24', '50'],
    '公共建筑大于24m（非单层）为高层，大于50m为一类高层。',
    BUILDING_CLASS,
  ],
  ['建筑高度大于____m的民用建筑为超高层建筑。', ['100'], '《民用建筑设计统一标准》（GB 50352）规定：建筑高度大于100m的民用建筑为超高层建筑。', BUILDING_CLASS],
  ['根据《火灾分类》，钾、钠、镁等金属燃烧引起的火灾属于____类火灾。', ['D'], 'D类火灾为金属火灾。', FIRE_CLASS],
  ['根据《火灾分类》，烹饪器具内的动植物油脂火灾属于____类火灾。', ['F'], 'F类火灾为烹饪器具内的烹饪物火灾。', FIRE_CLASS],
  ['根据《火灾分类》，天然气、氢气等燃烧引起的火灾属于____类火灾。', ['C'], 'C类火灾为气体火灾。', FIRE_CLASS],
];

/** The generated 《消防安全技术实务》 questions: 175 single, 45 multiple, 26 judge and 8 fill. */
export function generateXiaofang(): Generated[] {
  const rng = createRng(20270303);
  const bank = new BankBuilder('xf');
  bank.fill(50, (ref) => liquidSingle(rng, ref));
  bank.fill(25, (ref) => gasSingle(rng, ref));
  bank.fill(32, (ref) => residentialSingle(rng, ref));
  bank.fill(26, (ref) => officeSingle(rng, ref));
  bank.fill(36, (ref) => fireClassSingle(rng, ref));
  bank.fill(6, (ref) => extinguisherSingle(rng, ref));
  bank.fill(14, (ref) => liquidMultiple(rng, ref));
  bank.fill(10, (ref) => gasMultiple(rng, ref));
  bank.fill(12, (ref) => fireClassMultiple(rng, ref));
  bank.fill(9, (ref) => extinguisherMultiple(rng, ref));
  bank.fill(26, (ref) => ruleJudge(rng, ref));
  THRESHOLD_FILLS.forEach(([stem, answers, analysis, section]) => bank.add({ question: blanks(bank.nextRef(), stem, answers, analysis), section }));
  return bank.items;
}
