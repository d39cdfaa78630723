/**
 * Generated 《建设工程经济》 questions: each generator draws its numbers from the fixed-seed PRNG, computes the
 * key, writes the 解析 with the working and takes its distractors from the typical mistakes (simple for
 * compound interest, forgetting 税金及附加, ordinary for due annuities…).
 */
import { blanks, BankBuilder, createRng, fixed, judgement, multipleChoice, percent, sample, singleChoice, type Generated, type Rng } from './kit';

const ECO = '第1篇 工程经济';
const FIN = '第2篇 工程财务';
const PRICE = '第3篇 工程计价';
const TIME_VALUE: [string, string] = [ECO, '第1章 资金时间价值计算及应用'];
const EVALUATION: [string, string] = [ECO, '第2章 技术方案经济效果评价'];
const UNCERTAINTY: [string, string] = [ECO, '第3章 技术方案不确定性分析'];
const EQUIPMENT: [string, string] = [ECO, '第4章 设备更新分析与设备租赁'];
const VALUE_ENG: [string, string] = [ECO, '第5章 价值工程与新技术方案比选'];

/** Wrong numbers near the right one when the typical mistakes coincide after rounding. */
const near = (value: number, decimals: number) => (attempt: number) =>
  fixed(value * (1 + (attempt % 2 === 0 ? 1 : -1) * 0.04 * Math.ceil(attempt / 2)), decimals);

const rate = (rng: Rng): number => rng.pick([0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.12]);

function compoundFuture(rng: Rng, ref: string): Generated {
  const p = rng.int(5, 60) * 10;
  const i = rate(rng);
  const n = rng.int(3, 10);
  const f = p * (1 + i) ** n;
  const q = singleChoice(
    rng,
    ref,
    `某施工企业现在向银行借款${p}万元，年利率${percent(i, 0)}，按年复利计息，第${n}年末一次还本付息，则到期应偿还（ ）万元。`,
    fixed(f),
    [fixed(p * (1 + i * n)), fixed(p * (1 + i) ** (n - 1)), fixed(p * (1 + i) ** (n + 1))],
    `F = P×(1 + i)^n = ${p}×(1 + ${percent(i, 0)})^${n} = ${p}×${fixed((1 + i) ** n, 4)} = ${fixed(f)}（万元）。按单利计算 ${p}×(1 + ${n}×${percent(i, 0)}) = ${fixed(p * (1 + i * n))} 是常见错误。`,
    near(f, 2),
  );
  return { question: q, section: TIME_VALUE, calc: { kind: 'compoundFuture', inputs: { p, i, n } } };
}

function presentValue(rng: Rng, ref: string): Generated {
  const f = rng.int(10, 90) * 10;
  const i = rate(rng);
  const n = rng.int(3, 10);
  const p = f / (1 + i) ** n;
  const q = singleChoice(
    rng,
    ref,
    `某企业计划${n}年后获得一笔${f}万元的资金，年利率${percent(i, 0)}，按年复利计息，则现在应一次性存入（ ）万元。`,
    fixed(p),
    [fixed(f / (1 + i * n)), fixed(f / (1 + i) ** (n - 1)), fixed(f * (1 - i) ** n)],
    `P = F×(1 + i)^−n = ${f}÷(1 + ${percent(i, 0)})^${n} = ${f}÷${fixed((1 + i) ** n, 4)} = ${fixed(p)}（万元）。按单利折算 ${f}÷(1 + ${n}×${percent(i, 0)}) = ${fixed(f / (1 + i * n))} 是常见错误。`,
    near(p, 2),
  );
  return { question: q, section: TIME_VALUE, calc: { kind: 'presentValue', inputs: { f, i, n } } };
}

const PERIODS: { m: number; name: string }[] = [
  { m: 2, name: '半年' },
  { m: 4, name: '季度' },
  { m: 12, name: '月' },
];

function periodicFuture(rng: Rng, ref: string): Generated {
  const p = rng.int(5, 50) * 20;
  const r = rng.pick([0.06, 0.08, 0.1, 0.12]);
  const { m, name } = rng.pick(PERIODS);
  const years = rng.int(2, 5);
  const f = p * (1 + r / m) ** (m * years);
  const q = singleChoice(
    rng,
    ref,
    `某企业借款${p}万元，年名义利率${percent(r, 0)}，按${name}复利计息，第${years}年末一次还本付息，则到期应偿还（ ）万元。`,
    fixed(f),
    [fixed(p * (1 + r) ** years), fixed(p * (1 + r * years)), fixed(p * (1 + r / m) ** years)],
    `计息周期利率 i = ${percent(r, 0)}÷${m} = ${percent(r / m)}，${years}年共${m * years}个计息周期。F = ${p}×(1 + ${percent(r / m)})^${m * years} = ${fixed(f)}（万元）。按年复利得 ${fixed(p * (1 + r) ** years)}，按单利得 ${fixed(p * (1 + r * years))}，都是常见错误。`,
    near(f, 2),
  );
  return { question: q, section: TIME_VALUE, calc: { kind: 'periodicFuture', inputs: { p, r, m, years } } };
}

function effectiveRate(rng: Rng, ref: string): Generated {
  const r = rng.pick([0.04, 0.05, 0.06, 0.08, 0.09, 0.1, 0.12, 0.15, 0.16, 0.18]);
  const { m, name } = rng.pick(PERIODS);
  const eff = (1 + r / m) ** m - 1;
  const others = PERIODS.filter((x) => x.m !== m).map((x) => percent((1 + r / x.m) ** x.m - 1));
  const q = singleChoice(
    rng,
    ref,
    `已知年名义利率为${percent(r, 0)}，按${name}复利计息，则年有效利率为（ ）。`,
    percent(eff),
    [percent(r), ...others, percent(r + r / m)],
    `ieff = (1 + r/m)^m − 1 = (1 + ${percent(r, 0)}/${m})^${m} − 1 = ${percent(eff)}。一年内计息次数越多，年有效利率越高；选项中其他数值是按别的计息周期算出的结果。`,
  );
  return { question: q, section: TIME_VALUE, calc: { kind: 'effectiveRate', inputs: { r, m } } };
}

function annuityFuture(rng: Rng, ref: string): Generated {
  const a = rng.int(2, 30) * 5;
  const i = rate(rng);
  const n = rng.int(3, 10);
  const factor = ((1 + i) ** n - 1) / i;
  const f = a * factor;
  const q = singleChoice(
    rng,
    ref,
    `某人连续${n}年每年年末存入银行${a}万元，年利率${percent(i, 0)}，按年复利计息，则第${n}年末可一次性取出本利和（ ）万元。`,
    fixed(f),
    [fixed(f * (1 + i)), fixed(a * n), fixed(a * n * (1 + i * n))],
    `F = A×(F/A, i, n) = ${a}×[(1 + ${percent(i, 0)})^${n} − 1]÷${percent(i, 0)} = ${a}×${fixed(factor, 4)} = ${fixed(f)}（万元）。若按年初存入（预付年金）会多乘(1 + i)，得 ${fixed(f * (1 + i))}。`,
    near(f, 2),
  );
  return { question: q, section: TIME_VALUE, calc: { kind: 'annuityFuture', inputs: { a, i, n } } };
}

function capitalRecovery(rng: Rng, ref: string): Generated {
  const p = rng.int(10, 100) * 10;
  const i = rate(rng);
  const n = rng.int(3, 10);
  const factor = (i * (1 + i) ** n) / ((1 + i) ** n - 1);
  const a = p * factor;
  const q = singleChoice(
    rng,
    ref,
    `某施工企业向银行借款${p}万元，年利率${percent(i, 0)}，按年复利计息，约定在${n}年内每年年末等额偿还本息，则每年末应偿还（ ）万元。`,
    fixed(a),
    [fixed(p / n), fixed(p / n + p * i), fixed((p * (1 + i) ** n) / n)],
    `A = P×(A/P, i, n) = P×i(1 + i)^n÷[(1 + i)^n − 1] = ${p}×${fixed(factor, 4)} = ${fixed(a)}（万元）。${p}÷${n} = ${fixed(p / n)} 没有考虑利息。`,
    near(a, 2),
  );
  return { question: q, section: TIME_VALUE, calc: { kind: 'capitalRecovery', inputs: { p, i, n } } };
}

function staticPayback(rng: Rng, ref: string): Generated {
  const invest0 = rng.int(4, 12) * 100;
  const invest1 = rng.int(2, 8) * 100;
  const inflow = rng.int(2, 6) * 100 + rng.pick([0, 50]);
  const years = 8;
  const flows = [-invest0, -invest1, ...Array.from({ length: years - 1 }, () => inflow)];
  const cum: number[] = [];
  flows.reduce((acc, cf, t) => ((cum[t] = acc + cf), acc + cf), 0);
  const turn = cum.findIndex((c) => c >= 0);
  if (turn < 0) return staticPayback(rng, ref);
  const pt = turn - 1 + Math.abs(cum[turn - 1]!) / flows[turn]!;
  const q = singleChoice(
    rng,
    ref,
    `某技术方案各年净现金流量（万元）为：${flows.map((cf, t) => `第${t}年 ${cf}`).join('，')}。则该方案的静态投资回收期为（ ）年。`,
    fixed(pt),
    [fixed(pt - 1), fixed(pt + 1), fixed((invest0 + invest1) / inflow), String(turn)],
    `累计净现金流量依次为 ${cum.slice(0, turn + 1).join('、')}，第${turn}年由负转正。Pt = (${turn} − 1) + ${Math.abs(cum[turn - 1]!)}÷${flows[turn]} = ${fixed(pt)}（年）。静态投资回收期从建设开始年（第0年）算起。`,
    near(pt, 2),
  );
  return { question: q, section: EVALUATION, calc: { kind: 'staticPayback', inputs: { invest0, invest1, inflow } } };
}

function breakEvenQuantity(rng: Rng, ref: string): Generated {
  const price = rng.int(30, 120) * 10;
  const variable = Math.round(price * rng.int(40, 60)) / 100;
  const tax = Math.round(price * rng.int(5, 12)) / 100;
  const margin = price - variable - tax;
  const q0 = rng.int(2, 9) * 1000;
  const fixedCost = Math.round((q0 * margin) / 10000) * 10000;
  const bep = fixedCost / margin;
  const capacity = Math.ceil((bep * rng.int(15, 25)) / 10 / 1000) * 1000;
  const q = singleChoice(
    rng,
    ref,
    `某技术方案年设计生产能力为${capacity}台，单位产品售价（不含税）${fixed(price)}元，单位产品可变成本（不含税）${fixed(variable)}元，单位产品税金及附加${fixed(tax)}元，年固定成本${fixedCost / 10000}万元，则以产销量表示的盈亏平衡点为（ ）台（计算结果取整）。`,
    String(Math.round(bep)),
    [String(Math.round(fixedCost / (price - variable))), String(Math.round(fixedCost / (price - tax))), String(Math.round(fixedCost / price))],
    `BEP(Q) = CF÷(p − Cu − Tu) = ${fixedCost}÷(${fixed(price)} − ${fixed(variable)} − ${fixed(tax)}) = ${fixedCost}÷${fixed(margin)} ≈ ${Math.round(bep)}（台）。忘记扣除税金及附加会得到 ${Math.round(fixedCost / (price - variable))} 台。`,
    (k) => String(Math.round(bep * (1 + 0.05 * k))),
  );
  return { question: q, section: UNCERTAINTY, calc: { kind: 'breakEvenQuantity', inputs: { price, variable, tax, fixedCost } } };
}

function breakEvenPrice(rng: Rng, ref: string): Generated {
  const capacity = rng.int(2, 20) * 10000;
  const variable = rng.int(20, 80) * 10;
  const tax = rng.int(2, 9) * 10;
  const fixedCost = capacity * rng.int(5, 30) * 10;
  const perUnit = fixedCost / capacity;
  const p = perUnit + variable + tax;
  const q = singleChoice(
    rng,
    ref,
    `某技术方案设计年产量${capacity / 10000}万件，单位产品可变成本${variable}元，单位产品税金及附加${tax}元，年固定成本${fixedCost / 10000}万元。若按设计生产能力组织生产，则以单位产品售价表示的盈亏平衡点为（ ）元。`,
    String(p),
    [String(perUnit + variable), String(perUnit + tax), String(variable + tax)],
    `BEP(p) = CF÷Qd + Cu + Tu = ${fixedCost}÷${capacity} + ${variable} + ${tax} = ${perUnit} + ${variable} + ${tax} = ${p}（元）。漏掉税金及附加会得到 ${perUnit + variable} 元。`,
    (k) => String(p + 10 * k),
  );
  return { question: q, section: UNCERTAINTY, calc: { kind: 'breakEvenPrice', inputs: { capacity, variable, tax, fixedCost } } };
}

function returnOnEquity(rng: Rng, ref: string): Generated {
  const total = rng.int(10, 40) * 100;
  const debt = Math.round(total * rng.int(3, 6)) / 10;
  const equity = total - debt;
  const profit = rng.int(10, 50) * 10;
  const taxRate = 0.25;
  const net = profit * (1 - taxRate);
  const q = singleChoice(
    rng,
    ref,
    `某技术方案总投资${total}万元，其中债务资金${debt}万元，正常生产年份的年利润总额为${profit}万元，所得税税率25%，则该方案的资本金净利润率为（ ）。`,
    percent(net / equity),
    [percent(net / total), percent(profit / equity), percent(profit / total)],
    `资本金净利润率 ROE = 净利润÷技术方案资本金。资本金 = ${total} − ${debt} = ${equity}（万元），净利润 = ${profit}×(1 − 25%) = ${fixed(net)}（万元），ROE = ${fixed(net)}÷${equity} = ${percent(net / equity)}。用总投资或利润总额作分子分母都是常见错误。`,
  );
  return { question: q, section: EVALUATION, calc: { kind: 'returnOnEquity', inputs: { total, debt, profit } } };
}

function returnOnInvestment(rng: Rng, ref: string): Generated {
  const build = rng.int(20, 80) * 100;
  const interest = rng.int(1, 6) * 50;
  const working = rng.int(2, 10) * 50;
  const total = build + interest + working;
  const ebit = Math.round(total * rng.int(8, 20)) / 100;
  const q = singleChoice(
    rng,
    ref,
    `某技术方案建设投资${build}万元，建设期利息${interest}万元，全部流动资金${working}万元，达产后正常年份的年息税前利润为${fixed(ebit)}万元，则该方案的总投资收益率为（ ）。`,
    percent(ebit / total),
    [percent(ebit / build), percent(ebit / (build + working)), percent(ebit / (build + interest))],
    `总投资收益率 ROI = 息税前利润÷总投资，总投资 = 建设投资 + 建设期利息 + 全部流动资金 = ${build} + ${interest} + ${working} = ${total}（万元），ROI = ${fixed(ebit)}÷${total} = ${percent(ebit / total)}。`,
  );
  return { question: q, section: EVALUATION, calc: { kind: 'returnOnInvestment', inputs: { build, interest, working, ebit } } };
}

function straightLine(rng: Rng, ref: string): Generated {
  const cost = rng.int(10, 200) * 5;
  const salvageRate = rng.pick([0.03, 0.04, 0.05]);
  const life = rng.pick([5, 8, 10, 12, 15, 20]);
  const annual = (cost * (1 - salvageRate)) / life;
  const q = singleChoice(
    rng,
    ref,
    `某施工企业购入一台施工机械，原价${cost}万元，预计使用年限${life}年，预计净残值率${percent(salvageRate, 0)}，按平均年限法计提折旧，则该设备年折旧额为（ ）万元。`,
    fixed(annual),
    [fixed(cost / life), fixed((cost * (1 + salvageRate)) / life), fixed((cost * (1 - salvageRate)) / (life - 1))],
    `年折旧额 = 原价×(1 − 预计净残值率)÷预计使用年限 = ${cost}×(1 − ${percent(salvageRate, 0)})÷${life} = ${fixed(annual)}（万元）。不扣净残值会得到 ${fixed(cost / life)}。`,
  );
  return { question: q, section: [FIN, '第1章 财务会计基础与成本费用'], calc: { kind: 'straightLine', inputs: { cost, salvageRate, life } } };
}

function economicLife(rng: Rng, ref: string): Generated {
  const life = rng.int(5, 12);
  const lambda = rng.int(1, 6) * 0.5;
  const salvage = rng.int(0, 4) * 0.5;
  const value = (lambda * life * life) / 2 + salvage;
  const q = singleChoice(
    rng,
    ref,
    `某设备目前实际价值为${fixed(value, 2)}万元，预计残值为${fixed(salvage, 2)}万元，第一年设备运行成本为1万元，每年设备的劣化增量是均等的，年劣化值为${fixed(lambda, 2)}万元，则该设备的经济寿命为（ ）年。`,
    String(life),
    [String(life - 1), String(life + 1), String(Math.round(Math.sqrt((value - salvage) / lambda)))],
    `按低劣化数值法：N0 = √[2(P − LN)÷λ] = √[2×(${fixed(value, 2)} − ${fixed(salvage, 2)})÷${fixed(lambda, 2)}] = √${life * life} = ${life}（年）。`,
    (k) => String(life + 1 + k),
  );
  return { question: q, section: EQUIPMENT, calc: { kind: 'economicLife', inputs: { value, salvage, lambda } } };
}

const PARTS = ['甲', '乙', '丙', '丁'];

function valueIndex(rng: Rng, ref: string): Generated {
  for (;;) {
    const scores = PARTS.map(() => rng.int(10, 40));
    const costs = PARTS.map(() => rng.int(8, 45) * 10);
    const sumF = scores.reduce((a, b) => a + b, 0);
    const sumC = costs.reduce((a, b) => a + b, 0);
    const values = scores.map((f, k) => f / sumF / (costs[k]! / sumC));
    const sorted = [...values].sort((a, b) => a - b);
    if (sorted[0]! > 0.95 || sorted[1]! - sorted[0]! < 0.05) continue;
    const worst = values.indexOf(sorted[0]!);
    const q = singleChoice(
      rng,
      ref,
      `某产品由甲、乙、丙、丁4个部件组成，各部件功能评分分别为${scores.join('、')}，现实成本分别为${costs.join('、')}元。按价值工程原理，应优先选择（ ）作为改进对象。`,
      `部件${PARTS[worst]}`,
      PARTS.filter((_, k) => k !== worst).map((name) => `部件${name}`),
      `功能系数 = 功能评分÷${sumF}，成本系数 = 现实成本÷${sumC}，价值系数 V = 功能系数÷成本系数，依次为 ${values.map((v) => fixed(v)).join('、')}。部件${PARTS[worst]}的价值系数最低（${fixed(sorted[0]!)} < 1），说明其成本偏高，应优先改进。`,
    );
    return {
      question: q,
      section: VALUE_ENG,
      calc: {
        kind: 'valueIndex',
        inputs: Object.fromEntries([...scores.map((f, k): [string, number] => [`f${k}`, f]), ...costs.map((c, k): [string, number] => [`c${k}`, c])]),
      },
    };
  }
}

function quickRatio(rng: Rng, ref: string): Generated {
  const current = rng.int(20, 80) * 100;
  const stock = Math.round(current * rng.int(20, 50)) / 100;
  const liabilities = rng.int(10, 50) * 100;
  const quick = (current - stock) / liabilities;
  const q = singleChoice(
    rng,
    ref,
    `某施工企业期末流动资产为${current}万元，其中存货${fixed(stock, 0)}万元，流动负债为${liabilities}万元，则该企业的速动比率为（ ）。`,
    fixed(quick),
    [fixed(current / liabilities), fixed(stock / liabilities), fixed(liabilities / (current - stock))],
    `速动比率 = (流动资产 − 存货)÷流动负债 = (${current} − ${fixed(stock, 0)})÷${liabilities} = ${fixed(quick)}。${fixed(current / liabilities)} 是流动比率。`,
    near(quick, 2),
  );
  return { question: q, section: [FIN, '第2章 财务分析'], calc: { kind: 'quickRatio', inputs: { current, stock, liabilities } } };
}

function bondCost(rng: Rng, ref: string): Generated {
  const amount = rng.int(5, 50) * 100;
  const coupon = rng.pick([0.05, 0.06, 0.07, 0.08, 0.09]);
  const fee = rng.pick([0.01, 0.015, 0.02, 0.03]);
  const cost = (coupon * (1 - 0.25)) / (1 - fee);
  const q = singleChoice(
    rng,
    ref,
    `某公司按面值发行5年期债券${amount}万元，票面年利率${percent(coupon, 0)}，发行费率${percent(fee, 1)}，企业所得税税率25%，则该债券的资金成本率为（ ）。`,
    percent(cost),
    [percent(coupon * 0.75), percent(coupon / (1 - fee)), percent(coupon)],
    `资金成本率 = 年利息×(1 − 所得税率)÷[筹资总额×(1 − 筹资费率)] = ${amount}×${percent(coupon, 0)}×(1 − 25%)÷[${amount}×(1 − ${percent(fee, 1)})] = ${percent(cost)}。利息可在税前扣除，筹资费用要从筹资总额中扣除。`,
  );
  return { question: q, section: [FIN, '第3章 筹资管理'], calc: { kind: 'bondCost', inputs: { coupon, fee } } };
}

function advanceDeduction(rng: Rng, ref: string): Generated {
  const contract = rng.int(10, 80) * 100;
  const advance = rng.pick([0.1, 0.15, 0.2, 0.25, 0.3]);
  const material = rng.pick([0.5, 0.6, 0.625, 0.75]);
  const start = contract - (contract * advance) / material;
  const q = singleChoice(
    rng,
    ref,
    `某工程合同总额为${contract}万元，工程预付款为合同总额的${percent(advance, 0)}，主要材料及构件所占比重为${percent(material, 1)}，则工程预付款的起扣点为（ ）万元。`,
    fixed(start),
    [fixed(contract * advance), fixed((contract * advance) / material), fixed(contract - contract * advance)],
    `起扣点 T = P − M÷N = ${contract} − ${contract}×${percent(advance, 0)}÷${percent(material, 1)} = ${contract} − ${fixed((contract * advance) / material)} = ${fixed(start)}（万元）。`,
  );
  return { question: q, section: [PRICE, '第3章 工程量清单计价与合同价款'], calc: { kind: 'advanceDeduction', inputs: { contract, advance, material } } };
}

function netPresentValue(rng: Rng, ref: string): Generated {
  const invest = rng.int(5, 30) * 100;
  const i = rng.pick([0.08, 0.1, 0.12]);
  const n = rng.int(5, 10);
  const factor = (1 - (1 + i) ** -n) / i;
  const annual = Math.round((invest / factor) * rng.int(85, 125)) / 100;
  const npv = -invest + annual * factor;
  const q = singleChoice(
    rng,
    ref,
    `某技术方案期初一次性投资${invest}万元，此后${n}年每年年末净收益${fixed(annual)}万元，基准收益率为${percent(i, 0)}，(P/A, ${percent(i, 0)}, ${n}) = ${fixed(factor, 4)}，则该方案的财务净现值为（ ）万元。`,
    fixed(-invest + annual * Number(fixed(factor, 4))),
    [fixed(annual * n - invest), fixed(invest - annual * Number(fixed(factor, 4))), fixed(annual * Number(fixed(factor, 4)))],
    `FNPV = −${invest} + ${fixed(annual)}×${fixed(factor, 4)} = ${fixed(-invest + annual * Number(fixed(factor, 4)))}（万元）。FNPV ${npv >= 0 ? '≥ 0，方案在财务上可行' : '< 0，方案在财务上不可行'}。不折现直接相加得 ${fixed(annual * n - invest)}。`,
    near(npv, 2),
  );
  return { question: q, section: EVALUATION, calc: { kind: 'netPresentValue', inputs: { invest, annual, factor: Number(fixed(factor, 4)) } } };
}

function irrInterpolation(rng: Rng, ref: string): Generated {
  const low = rng.pick([0.08, 0.1, 0.12, 0.14, 0.16]);
  const high = low + 0.02;
  const npv1 = rng.int(2, 40) * 10;
  const npv2 = -rng.int(2, 40) * 10;
  const irr = low + ((high - low) * npv1) / (npv1 - npv2);
  const q = singleChoice(
    rng,
    ref,
    `对某技术方案进行财务评价，当折现率为${percent(low, 0)}时财务净现值为${npv1}万元，折现率为${percent(high, 0)}时财务净现值为${npv2}万元，则该方案的财务内部收益率约为（ ）。`,
    percent(irr),
    [percent(high - ((high - low) * npv1) / (npv1 - npv2)), percent(low + ((high - low) * -npv2) / (npv1 - npv2)), percent((low + high) / 2)],
    `线性内插：FIRR ≈ ${percent(low, 0)} + (${percent(high, 0)} − ${percent(low, 0)})×${npv1}÷(${npv1} + ${-npv2}) = ${percent(irr)}。`,
    (k) => percent(irr + 0.0011 * k * (k % 2 === 0 ? 1 : -1)),
  );
  return { question: q, section: EVALUATION, calc: { kind: 'irrInterpolation', inputs: { low, high, npv1, npv2 } } };
}

function leaseRent(rng: Rng, ref: string): Generated {
  const price = rng.int(20, 120);
  const years = rng.int(3, 8);
  const i = rng.pick([0.06, 0.08, 0.1, 0.12]);
  const extra = rng.pick([0.02, 0.03, 0.04, 0.05]);
  const rent = (price * (1 + years * i)) / years + price * extra;
  const q = singleChoice(
    rng,
    ref,
    `某施工企业租赁一台设备，设备价格${price}万元，租期${years}年，每年年末支付租金，折现率${percent(i, 0)}，附加率${percent(extra, 0)}。按附加率法计算，每年租金为（ ）万元。`,
    fixed(rent),
    [fixed((price * (1 + years * i)) / years), fixed(price / years + price * extra), fixed((price * (1 + years * (i + extra))) / years + price * extra)],
    `R = P×(1 + N×i)÷N + P×r = ${price}×(1 + ${years}×${percent(i, 0)})÷${years} + ${price}×${percent(extra, 0)} = ${fixed((price * (1 + years * i)) / years)} + ${fixed(price * extra)} = ${fixed(rent)}（万元）。`,
    near(rent, 2),
  );
  return { question: q, section: EQUIPMENT, calc: { kind: 'leaseRent', inputs: { price, years, i, extra } } };
}

function timeNorm(rng: Rng, ref: string): Generated {
  const output = rng.pick([2, 2.5, 4, 5, 8, 10, 12.5, 16, 20, 25]);
  const norm = 1 / output;
  const q = singleChoice(
    rng,
    ref,
    `某工序的产量定额为${output} m³/工日，则其时间定额为（ ）工日/m³。`,
    String(Number(norm.toFixed(4))),
    [String(output), String(Number((output / 10).toFixed(4))), String(Number((norm * 10).toFixed(4)))],
    `时间定额与产量定额互为倒数：时间定额 = 1÷${output} = ${Number(norm.toFixed(4))}（工日/m³）。`,
    (k) => String(Number((norm * (k + 2)).toFixed(4))),
  );
  return { question: q, section: [PRICE, '第2章 建设工程定额'], calc: { kind: 'timeNorm', inputs: { output } } };
}

/** Fee items by 建标〔2013〕44号 component; each item sits in exactly one group. */
const FEE_GROUPS: Record<string, string[]> = {
  措施项目费: [
    '安全文明施工费',
    '夜间施工增加费',
    '二次搬运费',
    '冬雨季施工增加费',
    '已完工程及设备保护费',
    '工程定位复测费',
    '大型机械设备进出场及安拆费',
    '脚手架工程费',
  ],
  企业管理费: ['管理人员工资', '劳动保护费', '检验试验费', '工会经费', '职工教育经费', '财产保险费', '差旅交通费', '工具用具使用费'],
  规费: ['养老保险费', '失业保险费', '医疗保险费', '工伤保险费', '生育保险费', '住房公积金'],
  其他项目费: ['暂列金额', '计日工', '总承包服务费'],
};

/** Indicators by the ability they measure. */
const RATIO_GROUPS: Record<string, string[]> = {
  偿债能力: ['资产负债率', '流动比率', '速动比率'],
  营运能力: ['总资产周转率', '流动资产周转率', '存货周转率', '应收账款周转率'],
  盈利能力: ['净资产收益率', '总资产净利率', '营业净利率'],
  发展能力: ['营业增长率', '资本积累率'],
};

function groupMultiple(rng: Rng, ref: string, groups: Record<string, string[]>, stem: (group: string) => string, section: [string, string]): Generated {
  const names = Object.keys(groups).filter((g) => groups[g]!.length >= 2);
  const group = rng.pick(names);
  const members = groups[group]!;
  const rightCount = rng.int(2, Math.min(4, members.length));
  const right = sample(rng, members, rightCount);
  const others = Object.entries(groups).flatMap(([g, items]) => (g === group ? [] : items.map((item) => ({ item, g }))));
  const wrong = sample(rng, others, 5 - rightCount);
  const q = multipleChoice(
    rng,
    ref,
    stem(group),
    right,
    wrong.map((w) => w.item),
    `${right.join('、')}属于${group}；${wrong.map((w) => `${w.item}属于${w.g}`).join('，')}。`,
  );
  return { question: q, section };
}

function groupJudge(
  rng: Rng,
  ref: string,
  groups: Record<string, string[]>,
  section: [string, string],
  phrase: (item: string, group: string) => string,
): Generated {
  const entries = Object.entries(groups).flatMap(([g, items]) => items.map((item) => ({ item, g })));
  const { item, g } = rng.pick(entries);
  const truth = rng.next() < 0.5;
  const claimed = truth ? g : rng.pick(Object.keys(groups).filter((x) => x !== g));
  return { question: judgement(ref, phrase(item, claimed), truth, `${item}属于${g}${truth ? '，说法正确' : `，不属于${claimed}`}。`), section };
}

function effectiveRateFill(rng: Rng, ref: string): Generated {
  const r = rng.pick([0.06, 0.08, 0.1, 0.12]);
  const { m, name } = rng.pick(PERIODS);
  const eff = (1 + r / m) ** m - 1;
  return {
    question: blanks(
      ref,
      `年名义利率为${percent(r, 0)}，按${name}复利计息，计息周期利率为____%，年有效利率为____%（计算结果保留两位小数）。`,
      [fixed((r / m) * 100), fixed(eff * 100)],
      `计息周期利率 = ${percent(r, 0)}÷${m} = ${percent(r / m)}；年有效利率 = (1 + ${percent(r / m)})^${m} − 1 = ${percent(eff)}。`,
    ),
    section: TIME_VALUE,
    calc: { kind: 'effectiveRateFill', inputs: { r, m } },
  };
}

function compoundFill(rng: Rng, ref: string): Generated {
  const p = rng.int(1, 20) * 50;
  const i = rate(rng);
  const n = rng.int(2, 8);
  const f = p * (1 + i) ** n;
  return {
    question: blanks(
      ref,
      `现在存入${p}万元，年利率${percent(i, 0)}，按年复利计息，第${n}年末的本利和为____万元（计算结果保留两位小数）。`,
      [fixed(f)],
      `F = ${p}×(1 + ${percent(i, 0)})^${n} = ${fixed(f)}（万元）。`,
    ),
    section: TIME_VALUE,
    calc: { kind: 'compoundFill', inputs: { p, i, n } },
  };
}

/** The generated 《建设工程经济》 questions: 175 single, 45 multiple, 12 judge and 10 fill. */
export function generateJingji(): Generated[] {
  const rng = createRng(20270101);
  const bank = new BankBuilder('jj');
  const singles: [number, (rng: Rng, ref: string) => Generated][] = [
    [12, compoundFuture],
    [10, presentValue],
    [12, periodicFuture],
    [10, effectiveRate],
    [10, annuityFuture],
    [10, capitalRecovery],
    [10, staticPayback],
    [10, breakEvenQuantity],
    [8, breakEvenPrice],
    [8, returnOnEquity],
    [8, returnOnInvestment],
    [8, straightLine],
    [8, economicLife],
    [8, valueIndex],
    [8, quickRatio],
    [6, bondCost],
    [7, advanceDeduction],
    [8, netPresentValue],
    [6, irrInterpolation],
    [6, leaseRent],
    [5, timeNorm],
  ];
  for (const [count, make] of singles) bank.fill(count, (ref) => make(rng, ref));
  bank.fill(25, (ref) =>
    groupMultiple(rng, ref, FEE_GROUPS, (g) => `根据《建筑安装工程费用项目组成》（建标〔2013〕44号），下列费用中属于${g}的有（ ）。`, [
      PRICE,
      '第1章 建设工程项目总投资与建安工程费',
    ]),
  );
  bank.fill(20, (ref) => groupMultiple(rng, ref, RATIO_GROUPS, (g) => `下列财务分析指标中，用于反映企业${g}的有（ ）。`, [FIN, '第2章 财务分析']));
  bank.fill(8, (ref) =>
    groupJudge(
      rng,
      ref,
      FEE_GROUPS,
      [PRICE, '第1章 建设工程项目总投资与建安工程费'],
      (item, g) => `根据《建筑安装工程费用项目组成》（建标〔2013〕44号），${item}属于${g}。`,
    ),
  );
  bank.fill(4, (ref) => groupJudge(rng, ref, RATIO_GROUPS, [FIN, '第2章 财务分析'], (item, g) => `${item}是反映企业${g}的指标。`));
  bank.fill(5, (ref) => effectiveRateFill(rng, ref));
  bank.fill(5, (ref) => compoundFill(rng, ref));
  return bank.items;
}
