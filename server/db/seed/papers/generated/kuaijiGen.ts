/**
 * Generated 《初级会计实务》 questions: depreciation by the three methods, 月末一次加权平均, 增值税, 坏账准备,
 * 交易性金融资产, 原材料 实际成本 and 毛利率法, each computed from seeded numbers with the working in the 解析
 * and distractors from the usual slips; plus 多选 / 判断 over which account an item goes to.
 */
import { blanks, BankBuilder, createRng, fixed, judgement, multipleChoice, sample, singleChoice, type Generated, type Rng } from './kit';

const CURRENT = '第3章 流动资产';
const FIXED_ASSETS: [string, string] = ['第4章 非流动资产', '固定资产'];
const STOCK: [string, string] = [CURRENT, '存货'];
const TRADING: [string, string] = [CURRENT, '交易性金融资产'];
const RECEIVABLES: [string, string] = [CURRENT, '应收及预付款项'];
const VAT: [string, string] = ['第5章 负债', '应交税费'];

const near = (value: number) => (attempt: number) => fixed(value * (1 + (attempt % 2 === 0 ? 1 : -1) * 0.05 * Math.ceil(attempt / 2)));

function straightLineYear(rng: Rng, ref: string): Generated {
  const cost = rng.int(12, 300) * 1000;
  const salvage = rng.int(0, 10) * 1000;
  const life = rng.pick([5, 8, 10, 20]);
  const month = rng.int(1, 11);
  const annual = (cost - salvage) / life;
  const thisYear = (annual * (12 - month)) / 12;
  const q = singleChoice(
    rng,
    ref,
    `甲公司为增值税一般纳税人，2026年${month}月购入一台不需要安装的生产设备并当月投入使用，入账价值为${cost}元，预计使用年限${life}年，预计净残值${salvage}元，采用年限平均法计提折旧。不考虑其他因素，该设备2026年应计提的折旧额为（ ）元。`,
    fixed(thisYear),
    [fixed((annual * (12 - month + 1)) / 12), fixed(annual), fixed(((cost / life) * (12 - month)) / 12)],
    `当月增加的固定资产当月不计提折旧，从下月起计提，2026年计提${12 - month}个月。年折旧额 = (${cost} − ${salvage})÷${life} = ${fixed(annual)}（元），2026年折旧额 = ${fixed(annual)}×${12 - month}÷12 = ${fixed(thisYear)}（元）。`,
    near(thisYear),
  );
  return { question: q, section: FIXED_ASSETS, calc: { kind: 'straightLineYear', inputs: { cost, salvage, life, month } } };
}

function doubleDeclining(rng: Rng, ref: string): Generated {
  const cost = rng.int(10, 200) * 1000;
  const salvage = rng.int(1, 8) * 1000;
  const life = rng.pick([5, 6, 8, 10]);
  const year = rng.int(1, 2);
  const r = 2 / life;
  const first = cost * r;
  const answer = year === 1 ? first : (cost - first) * r;
  const q = singleChoice(
    rng,
    ref,
    `某企业一项固定资产原价${cost}元，预计使用年限${life}年，预计净残值${salvage}元，采用双倍余额递减法计提折旧。该固定资产第${year}年应计提的折旧额为（ ）元。`,
    fixed(answer),
    [
      fixed(year === 1 ? (cost - first) * r : first),
      fixed((cost - salvage) / life),
      fixed(year === 1 ? (cost - salvage) * r : (cost - salvage - (cost - salvage) * r) * r),
    ],
    `年折旧率 = 2÷${life} = ${fixed(r * 100)}%，双倍余额递减法前期不考虑净残值。第1年折旧额 = ${cost}×${fixed(r * 100)}% = ${fixed(first)}（元）${year === 2 ? `；第2年折旧额 = (${cost} − ${fixed(first)})×${fixed(r * 100)}% = ${fixed(answer)}（元）` : ''}。净残值只在最后两年改用直线法时扣除。`,
    near(answer),
  );
  return { question: q, section: FIXED_ASSETS, calc: { kind: 'doubleDeclining', inputs: { cost, life, year } } };
}

function sumOfYears(rng: Rng, ref: string): Generated {
  const cost = rng.int(10, 200) * 1000;
  const salvage = rng.int(1, 8) * 1000;
  const life = rng.pick([4, 5, 6]);
  const year = rng.int(1, 3);
  const total = (life * (life + 1)) / 2;
  const base = cost - salvage;
  const answer = (base * (life - year + 1)) / total;
  const q = singleChoice(
    rng,
    ref,
    `某企业一项固定资产原价${cost}元，预计使用年限${life}年，预计净残值${salvage}元，采用年数总和法计提折旧。该固定资产第${year}年应计提的折旧额为（ ）元。`,
    fixed(answer),
    [fixed((cost * (life - year + 1)) / total), fixed(base / life), fixed((base * (life - year)) / total)],
    `年数总和 = ${life}×(${life} + 1)÷2 = ${total}，第${year}年折旧率 = ${life - year + 1}/${total}。折旧额 = (原价 − 净残值)×年折旧率 = (${cost} − ${salvage})×${life - year + 1}/${total} = ${fixed(answer)}（元）。年数总和法要先扣除净残值。`,
    near(answer),
  );
  return { question: q, section: FIXED_ASSETS, calc: { kind: 'sumOfYears', inputs: { cost, salvage, life, year } } };
}

function weightedAverage(rng: Rng, ref: string): Generated {
  for (;;) {
    const q0 = rng.int(1, 5) * 100;
    const q1 = rng.int(1, 6) * 100;
    const q2 = rng.int(1, 6) * 100;
    const c0 = rng.int(20, 60);
    const c1 = c0 + rng.int(-4, 6);
    const c2 = c1 + rng.int(-4, 6);
    const qty = q0 + q1 + q2;
    const cost = q0 * c0 + q1 * c1 + q2 * c2;
    const unit = cost / qty;
    if (Math.abs(unit * 100 - Math.round(unit * 100)) > 1e-6 || c0 === c1 || c1 === c2) continue;
    const issued = rng.int(1, Math.floor(qty / 100) - 1) * 100;
    const issuedCost = issued * unit;
    const fifo = [
      [q0, c0],
      [q1, c1],
      [q2, c2],
    ].reduce(
      (acc, [lot, price]) => {
        const take = Math.min(acc.left, lot!);
        return { left: acc.left - take, cost: acc.cost + take * price! };
      },
      { left: issued, cost: 0 },
    ).cost;
    const simple = ((c0 + c1 + c2) / 3) * issued;
    const question = singleChoice(
      rng,
      ref,
      `某企业采用月末一次加权平均法计算发出存货成本。3月1日结存甲材料${q0}千克，单价${c0}元；3月8日购入${q1}千克，单价${c1}元；3月20日购入${q2}千克，单价${c2}元；本月共发出甲材料${issued}千克。则3月发出甲材料的成本为（ ）元。`,
      fixed(issuedCost),
      [fixed(fifo), fixed(simple), fixed((issued * (q1 * c1 + q2 * c2)) / (q1 + q2))],
      `加权平均单位成本 = (${q0}×${c0} + ${q1}×${c1} + ${q2}×${c2})÷(${q0} + ${q1} + ${q2}) = ${cost}÷${qty} = ${fixed(unit)}（元/千克），发出成本 = ${issued}×${fixed(unit)} = ${fixed(issuedCost)}（元）。按先进先出法为 ${fixed(fifo)} 元，按单价简单平均为 ${fixed(simple)} 元。`,
      near(issuedCost),
    );
    return { question, section: STOCK, calc: { kind: 'weightedAverage', inputs: { q0, c0, q1, c1, q2, c2, issued } } };
  }
}

function vatPayable(rng: Rng, ref: string): Generated {
  const sales = rng.int(20, 200) * 10000;
  const bought = Math.round(sales * rng.int(30, 70)) / 100;
  const freight = rng.int(1, 20) * 1000;
  const answer = sales * 0.13 - bought * 0.13 - freight * 0.09;
  const q = singleChoice(
    rng,
    ref,
    `甲公司为增值税一般纳税人。本月销售商品不含税价款${sales}元，适用税率13%；购进原材料取得增值税专用发票注明价款${bought}元，税率13%；支付运费取得增值税专用发票注明运费${freight}元，税率9%。上述进项税额均已认证可抵扣，不考虑其他因素，甲公司本月应交增值税为（ ）元。`,
    fixed(answer),
    [fixed(sales * 0.13 - bought * 0.13), fixed(sales * 0.13), fixed(sales * 0.13 - (bought + freight) * 0.13)],
    `销项税额 = ${sales}×13% = ${fixed(sales * 0.13)}（元）；进项税额 = ${bought}×13% + ${freight}×9% = ${fixed(bought * 0.13 + freight * 0.09)}（元）；应交增值税 = ${fixed(sales * 0.13)} − ${fixed(bought * 0.13 + freight * 0.09)} = ${fixed(answer)}（元）。运费的进项税额按9%计算。`,
    near(answer),
  );
  return { question: q, section: VAT, calc: { kind: 'vatPayable', inputs: { sales, bought, freight } } };
}

function outputTax(rng: Rng, ref: string): Generated {
  const gross = rng.int(10, 500) * 1130;
  const answer = (gross / 1.13) * 0.13;
  const q = singleChoice(
    rng,
    ref,
    `甲公司为增值税一般纳税人，本月零售商品取得含税销售额${gross}元，适用增值税税率13%，则该笔销售的销项税额为（ ）元。`,
    fixed(answer),
    [fixed(gross * 0.13), fixed(gross / 1.13), fixed((gross / 0.87) * 0.13)],
    `含税销售额应先换算为不含税销售额：${gross}÷(1 + 13%) = ${fixed(gross / 1.13)}（元），销项税额 = ${fixed(gross / 1.13)}×13% = ${fixed(answer)}（元）。直接乘以13%是常见错误。`,
  );
  return { question: q, section: VAT, calc: { kind: 'outputTax', inputs: { gross } } };
}

function badDebt(rng: Rng, ref: string): Generated {
  for (;;) {
    const ending = rng.int(50, 500) * 10000;
    const rate = rng.pick([0.03, 0.05, 0.08, 0.1]);
    const opening = rng.int(1, 20) * 1000;
    const writtenOff = rng.int(0, 10) * 1000;
    const recovered = rng.int(0, 5) * 1000;
    const answer = ending * rate - (opening - writtenOff + recovered);
    if (answer <= 0 || writtenOff === 0 || recovered === 0) continue;
    const q = singleChoice(
      rng,
      ref,
      `甲公司按应收账款期末余额的${fixed(rate * 100, 0)}%计提坏账准备。2026年初“坏账准备”科目贷方余额为${opening}元；本年实际发生坏账${writtenOff}元，收回上年已核销的坏账${recovered}元；年末应收账款余额为${ending}元。不考虑其他因素，甲公司2026年末应计提的坏账准备为（ ）元。`,
      fixed(answer),
      [fixed(ending * rate), fixed(ending * rate - opening), fixed(ending * rate - (opening - writtenOff))],
      `年末坏账准备应有贷方余额 = ${ending}×${fixed(rate * 100, 0)}% = ${fixed(ending * rate)}（元）；计提前贷方余额 = ${opening} − ${writtenOff} + ${recovered} = ${opening - writtenOff + recovered}（元）；应计提 = ${fixed(ending * rate)} − ${opening - writtenOff + recovered} = ${fixed(answer)}（元）。发生坏账减少坏账准备，收回已核销坏账增加坏账准备。`,
      near(answer),
    );
    return { question: q, section: RECEIVABLES, calc: { kind: 'badDebt', inputs: { ending, rate, opening, writtenOff, recovered } } };
  }
}

function tradingAsset(rng: Rng, ref: string): Generated {
  const paid = rng.int(100, 900) * 1000;
  const dividend = rng.int(1, 9) * 1000;
  const fee = rng.int(1, 9) * 100;
  const sold = paid + rng.int(-40, 80) * 1000;
  const purchase = `甲公司从二级市场购入乙公司股票作为交易性金融资产核算，支付价款${paid}元（其中包含已宣告但尚未发放的现金股利${dividend}元），另支付交易费用${fee}元。`;
  if (rng.next() < 0.4) {
    const answer = paid - dividend;
    const q = singleChoice(
      rng,
      ref,
      `${purchase}不考虑增值税等其他因素，该交易性金融资产的初始入账金额为（ ）元。`,
      fixed(answer),
      [fixed(paid), fixed(paid - dividend + fee), fixed(paid + fee)],
      `交易性金融资产按公允价值入账，已宣告但尚未发放的现金股利记入“应收股利”，交易费用冲减“投资收益”。初始入账金额 = ${paid} − ${dividend} = ${fixed(answer)}（元）。`,
    );
    return { question: q, section: TRADING, calc: { kind: 'tradingInitial', inputs: { paid, dividend, fee } } };
  }
  const answer = sold - (paid - dividend) - fee;
  const q = singleChoice(
    rng,
    ref,
    `${purchase}随后收到上述现金股利。同一会计期间内，甲公司将该股票全部出售，取得价款${sold}元。不考虑增值税等其他因素，甲公司从购入到出售该交易性金融资产累计应确认的投资收益为（ ）元。`,
    fixed(answer),
    [fixed(sold - paid - fee), fixed(sold - (paid - dividend)), fixed(sold - paid)],
    `购入时交易费用冲减投资收益 −${fee}元；入账金额 = ${paid} − ${dividend} = ${paid - dividend}（元），出售时投资收益 = ${sold} − ${paid - dividend} = ${sold - paid + dividend}（元）；累计投资收益 = ${sold - paid + dividend} − ${fee} = ${fixed(answer)}（元）。收到购买时已宣告的股利冲减应收股利，不确认投资收益。`,
  );
  return { question: q, section: TRADING, calc: { kind: 'tradingIncome', inputs: { paid, dividend, fee, sold } } };
}

function materialCost(rng: Rng, ref: string): Generated {
  const qty = rng.int(10, 80) * 100;
  const price = rng.int(10, 90);
  const freight = rng.int(2, 30) * 100;
  const loss = rng.int(1, 9) * 10;
  const sorting = rng.int(1, 10) * 100;
  const total = qty * price + freight + sorting;
  const inputTax = qty * price * 0.13;
  const opening = `甲公司为增值税一般纳税人，购入原材料${qty}千克，取得增值税专用发票注明价款${qty * price}元、增值税税额${fixed(inputTax)}元；另发生运杂费${freight}元（不考虑运费的增值税），运输途中发生合理损耗${loss}千克，入库前发生挑选整理费用${sorting}元。`;
  if (rng.next() < 0.5) {
    const q = singleChoice(
      rng,
      ref,
      `${opening}该批原材料的入账价值为（ ）元。`,
      fixed(total),
      [fixed(total + inputTax), fixed(total - loss * price), fixed(qty * price + freight)],
      `原材料采购成本 = 购买价款 + 运杂费 + 入库前挑选整理费 = ${qty * price} + ${freight} + ${sorting} = ${fixed(total)}（元）。合理损耗计入成本，不从总成本中扣除；可抵扣的增值税不计入成本。`,
    );
    return { question: q, section: STOCK, calc: { kind: 'materialTotal', inputs: { qty, price, freight, sorting } } };
  }
  const unit = total / (qty - loss);
  const q = singleChoice(
    rng,
    ref,
    `${opening}该批原材料的实际单位成本为（ ）元/千克（计算结果保留两位小数）。`,
    fixed(unit),
    [fixed(total / qty), fixed((total + inputTax) / (qty - loss)), fixed((qty * price + freight) / (qty - loss))],
    `总成本 = ${qty * price} + ${freight} + ${sorting} = ${total}（元），合理损耗使单位成本提高：实际入库 ${qty} − ${loss} = ${qty - loss}（千克），单位成本 = ${total}÷${qty - loss} = ${fixed(unit)}（元/千克）。`,
    near(unit),
  );
  return { question: q, section: STOCK, calc: { kind: 'materialUnit', inputs: { qty, price, freight, sorting, loss } } };
}

function grossProfit(rng: Rng, ref: string): Generated {
  const opening = rng.int(20, 200) * 10000;
  const purchases = rng.int(50, 300) * 10000;
  const revenue = rng.int(60, 300) * 10000;
  const returns = rng.int(1, 9) * 10000;
  const margin = rng.pick([0.2, 0.25, 0.3, 0.35]);
  const net = revenue - returns;
  const cogs = net * (1 - margin);
  const answer = opening + purchases - cogs;
  if (answer <= 0) return grossProfit(rng, ref);
  const q = singleChoice(
    rng,
    ref,
    `某商业批发企业采用毛利率法计算发出存货成本。该企业某类商品月初存货成本${opening}元，本月购进${purchases}元，本月销售收入${revenue}元，发生销售退回与折让${returns}元，上季度该类商品毛利率为${fixed(margin * 100, 0)}%。则该类商品月末存货成本为（ ）元。`,
    fixed(answer),
    [fixed(opening + purchases - revenue * (1 - margin)), fixed(opening + purchases - net * margin), fixed(opening + purchases - net)],
    `销售净额 = ${revenue} − ${returns} = ${net}（元），销售毛利 = ${net}×${fixed(margin * 100, 0)}% = ${fixed(net * margin)}（元），销售成本 = ${net} − ${fixed(net * margin)} = ${fixed(cogs)}（元），月末存货成本 = ${opening} + ${purchases} − ${fixed(cogs)} = ${fixed(answer)}（元）。`,
    near(answer),
  );
  return { question: q, section: STOCK, calc: { kind: 'grossProfit', inputs: { opening, purchases, revenue, returns, margin } } };
}

/** Where an item goes; each item sits in exactly one group. */
const ACCOUNT_GROUPS: Record<string, string[]> = {
  原材料采购成本: ['购买价款', '运输途中的合理损耗', '入库前的挑选整理费用', '进口关税', '采购过程中发生的运输费'],
  管理费用: ['行政管理部门人员的职工薪酬', '业务招待费', '企业筹建期间的开办费', '董事会费', '行政管理部门固定资产的折旧费', '聘请中介机构费'],
  销售费用: ['专设销售机构人员的职工薪酬', '广告费', '展览费', '随同商品出售且不单独计价的包装物成本', '专设销售机构固定资产的折旧费'],
  财务费用: ['短期借款的利息', '汇兑损失', '支付的银行手续费'],
  营业外收入: ['确实无法支付的应付账款', '无法查明原因的现金溢余', '与企业日常活动无关的政府补助'],
  其他业务收入: ['出租固定资产取得的租金', '出租无形资产取得的租金', '销售原材料取得的收入', '出租包装物取得的租金'],
};

const ACCOUNT_SECTION: [string, string] = ['第7章 收入、费用和利润', '费用'];

function accountMultiple(rng: Rng, ref: string): Generated {
  const group = rng.pick(Object.keys(ACCOUNT_GROUPS));
  const members = ACCOUNT_GROUPS[group]!;
  const right = sample(rng, members, rng.int(2, Math.min(4, members.length)));
  const others = Object.entries(ACCOUNT_GROUPS).flatMap(([g, items]) => (g === group ? [] : items.map((item) => ({ item, g }))));
  const wrong = sample(rng, others, 5 - right.length);
  const q = multipleChoice(
    rng,
    ref,
    group === '原材料采购成本' ? '一般纳税人企业购入原材料，下列各项中应计入原材料采购成本的有（ ）。' : `下列各项中，企业应计入${group}的有（ ）。`,
    right,
    wrong.map((w) => w.item),
    `${right.join('、')}应计入${group}；${wrong.map((w) => `${w.item}应计入${w.g}`).join('，')}。`,
  );
  return { question: q, section: group === '原材料采购成本' ? STOCK : ACCOUNT_SECTION };
}

function accountJudge(rng: Rng, ref: string): Generated {
  const entries = Object.entries(ACCOUNT_GROUPS).flatMap(([g, items]) => items.map((item) => ({ item, g })));
  const { item, g } = rng.pick(entries);
  const truth = rng.next() < 0.5;
  const claimed = truth ? g : rng.pick(Object.keys(ACCOUNT_GROUPS).filter((x) => x !== g));
  return {
    question: judgement(ref, `“${item}”应计入${claimed}。`, truth, `${item}应计入${g}${truth ? '，说法正确' : `，而不是${claimed}`}。`),
    section: g === '原材料采购成本' ? STOCK : ACCOUNT_SECTION,
  };
}

function depreciationFill(rng: Rng, ref: string): Generated {
  const cost = rng.int(10, 100) * 1000;
  const salvage = rng.int(1, 5) * 1000;
  const life = rng.pick([4, 5]);
  const sl = (cost - salvage) / life;
  const ddb = (cost * 2) / life;
  const syd = ((cost - salvage) * life) / ((life * (life + 1)) / 2);
  return {
    question: blanks(
      ref,
      `某固定资产原价${cost}元，预计使用年限${life}年，预计净残值${salvage}元。第1年的折旧额：年限平均法为____元，双倍余额递减法为____元，年数总和法为____元（计算结果保留两位小数）。`,
      [fixed(sl), fixed(ddb), fixed(syd)],
      `年限平均法 = (${cost} − ${salvage})÷${life} = ${fixed(sl)}；双倍余额递减法 = ${cost}×2/${life} = ${fixed(ddb)}（前期不扣净残值）；年数总和法 = (${cost} − ${salvage})×${life}/${(life * (life + 1)) / 2} = ${fixed(syd)}。`,
    ),
    section: FIXED_ASSETS,
    calc: { kind: 'depreciationFill', inputs: { cost, salvage, life } },
  };
}

function badDebtFill(rng: Rng, ref: string): Generated {
  const ending = rng.int(50, 400) * 10000;
  const rate = rng.pick([0.05, 0.1]);
  const opening = rng.int(1, 20) * 1000;
  const answer = ending * rate - opening;
  return {
    question: blanks(
      ref,
      `某企业年末应收账款余额${ending}元，按${fixed(rate * 100, 0)}%计提坏账准备，计提前“坏账准备”科目贷方余额${opening}元，本年应计提坏账准备____元。`,
      // Whole yuan (a 10 000-yuan balance times 5 % or 10 %): the blank takes the plain integer a student writes.
      [String(answer)],
      `应有余额 ${ending}×${fixed(rate * 100, 0)}% = ${fixed(ending * rate)}，减去已有贷方余额 ${opening}，应计提 ${answer} 元。`,
    ),
    section: RECEIVABLES,
    calc: { kind: 'badDebtFill', inputs: { ending, rate, opening } },
  };
}

/** The generated 《初级会计实务》 questions: 130 single, 45 multiple, 35 judge and 24 fill. */
export function generateKuaiji(): Generated[] {
  const rng = createRng(20270202);
  const bank = new BankBuilder('kj');
  const singles: [number, (rng: Rng, ref: string) => Generated][] = [
    [14, straightLineYear],
    [12, doubleDeclining],
    [12, sumOfYears],
    [14, weightedAverage],
    [12, vatPayable],
    [10, outputTax],
    [12, badDebt],
    [16, tradingAsset],
    [16, materialCost],
    [12, grossProfit],
  ];
  for (const [count, make] of singles) bank.fill(count, (ref) => make(rng, ref));
  bank.fill(45, (ref) => accountMultiple(rng, ref));
  bank.fill(35, (ref) => accountJudge(rng, ref));
  bank.fill(12, (ref) => depreciationFill(rng, ref));
  bank.fill(12, (ref) => badDebtFill(rng, ref));
  return bank.items;
}
