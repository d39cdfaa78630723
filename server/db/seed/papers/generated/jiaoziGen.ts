/**
 * Generated 《综合素质》 questions over fact tables: 文学常识 (work → author, author → 朝代 / 国别), 教育法律
 * (通过年份, 施行日期) and 教育家 (著作, 主张). Each question asks one fact; distractors are other rows of the
 * same table, so every option is a real name or year and exactly one (or the keyed set) matches.
 */
import { blanks, BankBuilder, createRng, judgement, multipleChoice, sample, singleChoice, type Generated, type Rng } from './kit';

const CULTURE: [string, string] = ['第4章 文化素养', '第1节 历史与文学常识'];
const FOREIGN: [string, string] = ['第4章 文化素养', '第3节 外国文学常识'];
const LAW: [string, string] = ['第2章 教育法律法规', '第1节 教育法律法规'];
const EDUCATORS: [string, string] = ['第1章 职业理念', '第4节 中外教育家及其思想'];

interface Work {
  work: string;
  author: string;
  /** 朝代 of a classical Chinese author; 国别 of a foreign one; absent when not asked. */
  era?: string;
  country?: string;
}

/** Classical Chinese works with the author's 朝代. */
const CLASSICS: Work[] = [
  { work: '史记', author: '司马迁', era: '西汉' },
  { work: '汉书', author: '班固', era: '东汉' },
  { work: '三国志', author: '陈寿', era: '西晋' },
  { work: '资治通鉴', author: '司马光', era: '北宋' },
  { work: '梦溪笔谈', author: '沈括', era: '北宋' },
  { work: '天工开物', author: '宋应星', era: '明' },
  { work: '本草纲目', author: '李时珍', era: '明' },
  { work: '齐民要术', author: '贾思勰', era: '北魏' },
  { work: '水经注', author: '郦道元', era: '北魏' },
  { work: '红楼梦', author: '曹雪芹', era: '清' },
  { work: '西游记', author: '吴承恩', era: '明' },
  { work: '儒林外史', author: '吴敬梓', era: '清' },
  { work: '聊斋志异', author: '蒲松龄', era: '清' },
  { work: '牡丹亭', author: '汤显祖', era: '明' },
  { work: '窦娥冤', author: '关汉卿', era: '元' },
  { work: '西厢记', author: '王实甫', era: '元' },
  { work: '桃花扇', author: '孔尚任', era: '清' },
  { work: '长生殿', author: '洪昇', era: '清' },
  { work: '岳阳楼记', author: '范仲淹', era: '北宋' },
  { work: '醉翁亭记', author: '欧阳修', era: '北宋' },
  { work: '师说', author: '韩愈', era: '唐' },
  { work: '桃花源记', author: '陶渊明', era: '东晋' },
  { work: '阿房宫赋', author: '杜牧', era: '唐' },
  { work: '赤壁赋', author: '苏轼', era: '北宋' },
  { work: '爱莲说', author: '周敦颐', era: '北宋' },
  { work: '陋室铭', author: '刘禹锡', era: '唐' },
];

const MODERN: Work[] = [
  { work: '呐喊', author: '鲁迅' },
  { work: '朝花夕拾', author: '鲁迅' },
  { work: '女神', author: '郭沫若' },
  { work: '子夜', author: '茅盾' },
  { work: '林家铺子', author: '茅盾' },
  { work: '家', author: '巴金' },
  { work: '雷雨', author: '曹禺' },
  { work: '日出', author: '曹禺' },
  { work: '骆驼祥子', author: '老舍' },
  { work: '茶馆', author: '老舍' },
  { work: '边城', author: '沈从文' },
  { work: '围城', author: '钱锺书' },
  { work: '荷塘月色', author: '朱自清' },
  { work: '再别康桥', author: '徐志摩' },
  { work: '雨巷', author: '戴望舒' },
  { work: '城南旧事', author: '林海音' },
  { work: '平凡的世界', author: '路遥' },
  { work: '白鹿原', author: '陈忠实' },
];

const WORLD: Work[] = [
  { work: '哈姆雷特', author: '莎士比亚', country: '英国' },
  { work: '威尼斯商人', author: '莎士比亚', country: '英国' },
  { work: '巴黎圣母院', author: '雨果', country: '法国' },
  { work: '悲惨世界', author: '雨果', country: '法国' },
  { work: '战争与和平', author: '列夫·托尔斯泰', country: '俄国' },
  { work: '复活', author: '列夫·托尔斯泰', country: '俄国' },
  { work: '欧也妮·葛朗台', author: '巴尔扎克', country: '法国' },
  { work: '高老头', author: '巴尔扎克', country: '法国' },
  { work: '老人与海', author: '海明威', country: '美国' },
  { work: '百年孤独', author: '加西亚·马尔克斯', country: '哥伦比亚' },
  { work: '浮士德', author: '歌德', country: '德国' },
  { work: '少年维特之烦恼', author: '歌德', country: '德国' },
  { work: '堂吉诃德', author: '塞万提斯', country: '西班牙' },
  { work: '神曲', author: '但丁', country: '意大利' },
  { work: '羊脂球', author: '莫泊桑', country: '法国' },
  { work: '变色龙', author: '契诃夫', country: '俄国' },
  { work: '双城记', author: '狄更斯', country: '英国' },
  { work: '雾都孤儿', author: '狄更斯', country: '英国' },
  { work: '傲慢与偏见', author: '简·奥斯汀', country: '英国' },
  { work: '简·爱', author: '夏洛蒂·勃朗特', country: '英国' },
  { work: '呼啸山庄', author: '艾米莉·勃朗特', country: '英国' },
  { work: '罪与罚', author: '陀思妥耶夫斯基', country: '俄国' },
  { work: '玩偶之家', author: '易卜生', country: '挪威' },
  { work: '飞鸟集', author: '泰戈尔', country: '印度' },
  { work: '鲁滨逊漂流记', author: '笛福', country: '英国' },
  { work: '汤姆·索亚历险记', author: '马克·吐温', country: '美国' },
  { work: '红与黑', author: '司汤达', country: '法国' },
  { work: '海底两万里', author: '凡尔纳', country: '法国' },
  { work: '草叶集', author: '惠特曼', country: '美国' },
  { work: '基督山伯爵', author: '大仲马', country: '法国' },
  { work: '茶花女', author: '小仲马', country: '法国' },
  { work: '钢铁是怎样炼成的', author: '尼·奥斯特洛夫斯基' },
  { work: '童年', author: '高尔基' },
];

const ALL_WORKS = [...CLASSICS, ...MODERN, ...WORLD];
const ERAS = ['西汉', '东汉', '西晋', '东晋', '北魏', '唐', '北宋', '南宋', '元', '明', '清'];
const COUNTRIES = ['英国', '法国', '美国', '德国', '俄国', '意大利', '西班牙', '挪威', '印度', '哥伦比亚'];

const sectionOf = (w: Work): [string, string] => (WORLD.includes(w) ? FOREIGN : CULTURE);
const pair = (work: string, author: string): string => `《${work}》—${author}`;
/** Authors other than the work's, from the same group first so the distractors are plausible. */
const otherAuthors = (rng: Rng, w: Work, k: number): string[] => {
  const group = CLASSICS.includes(w) ? CLASSICS : MODERN.includes(w) ? MODERN : WORLD;
  return sample(
    rng,
    [...new Set(group.map((x) => x.author))].filter((a) => a !== w.author),
    k,
  );
};

function authorSingle(rng: Rng, ref: string, w: Work): Generated {
  const q = singleChoice(
    rng,
    ref,
    `《${w.work}》的作者是（ ）。`,
    w.author,
    otherAuthors(rng, w, 3),
    `《${w.work}》的作者是${w.author}${w.era ? `（${w.era}）` : w.country ? `（${w.country}）` : ''}。`,
  );
  return { question: q, section: sectionOf(w) };
}

function eraSingle(rng: Rng, ref: string, w: Work): Generated {
  const q = singleChoice(
    rng,
    ref,
    `《${w.work}》的作者${w.author}是（ ）时期的人。`,
    w.era!,
    sample(
      rng,
      ERAS.filter((e) => e !== w.era),
      3,
    ),
    `${w.author}是${w.era}人，著有《${w.work}》。`,
  );
  return { question: q, section: CULTURE };
}

function countrySingle(rng: Rng, ref: string, w: Work): Generated {
  const q = singleChoice(
    rng,
    ref,
    `《${w.work}》的作者${w.author}是（ ）作家。`,
    w.country!,
    sample(
      rng,
      COUNTRIES.filter((c) => c !== w.country),
      3,
    ),
    `${w.author}是${w.country}作家，代表作有《${w.work}》。`,
  );
  return { question: q, section: FOREIGN };
}

/** A pairing with a wrong author, from the work's own group. */
const wrongPair = (rng: Rng, w: Work): string => pair(w.work, otherAuthors(rng, w, 1)[0]!);

function pairingSingle(rng: Rng, ref: string): Generated {
  const works = sample(rng, ALL_WORKS, 4);
  const right = works[0]!;
  const q = singleChoice(
    rng,
    ref,
    '下列作品与作者对应正确的是（ ）。',
    pair(right.work, right.author),
    works.slice(1).map((w) => wrongPair(rng, w)),
    `${works.map((w) => pair(w.work, w.author)).join('，')}。`,
  );
  return { question: q, section: CULTURE };
}

function pairingMultiple(rng: Rng, ref: string): Generated {
  const works = sample(rng, ALL_WORKS, 5);
  const k = rng.int(2, 4);
  const right = works.slice(0, k).map((w) => pair(w.work, w.author));
  const wrong = works.slice(k).map((w) => wrongPair(rng, w));
  const q = multipleChoice(
    rng,
    ref,
    '下列作品与作者对应正确的有（ ）。',
    right,
    wrong,
    `正确的对应为：${works.map((w) => pair(w.work, w.author)).join('，')}。`,
  );
  return { question: q, section: CULTURE };
}

function authorJudge(rng: Rng, ref: string): Generated {
  const w = rng.pick(ALL_WORKS);
  const truth = rng.next() < 0.5;
  const claimed = truth ? w.author : otherAuthors(rng, w, 1)[0]!;
  return {
    question: judgement(ref, `《${w.work}》的作者是${claimed}。`, truth, `《${w.work}》的作者是${w.author}${truth ? '，说法正确' : ''}。`),
    section: sectionOf(w),
  };
}

interface Law {
  name: string;
  passed: number;
  effective: string;
}

/** Original enactments (a revision is named as such in its own row). */
const LAWS: Law[] = [
  { name: '《中华人民共和国义务教育法》', passed: 1986, effective: '1986年7月1日' },
  { name: '《中华人民共和国未成年人保护法》', passed: 1991, effective: '1992年1月1日' },
  { name: '《中华人民共和国教师法》', passed: 1993, effective: '1994年1月1日' },
  { name: '《中华人民共和国教育法》', passed: 1995, effective: '1995年9月1日' },
  { name: '《中华人民共和国职业教育法》', passed: 1996, effective: '1996年9月1日' },
  { name: '《中华人民共和国高等教育法》', passed: 1998, effective: '1999年1月1日' },
  { name: '《中华人民共和国预防未成年人犯罪法》', passed: 1999, effective: '1999年11月1日' },
  { name: '《中华人民共和国民办教育促进法》', passed: 2002, effective: '2003年9月1日' },
  { name: '《中华人民共和国家庭教育促进法》', passed: 2021, effective: '2022年1月1日' },
];

const REVISIONS: Law[] = [
  { name: '现行《中华人民共和国义务教育法》（2006年修订）', passed: 2006, effective: '2006年9月1日' },
  { name: '现行《中华人民共和国未成年人保护法》（2020年修订）', passed: 2020, effective: '2021年6月1日' },
];

function lawYearSingle(rng: Rng, ref: string, law: Law): Generated {
  const years = [...new Set(LAWS.map((l) => `${l.passed}年`))].filter((y) => y !== `${law.passed}年`);
  const q = singleChoice(
    rng,
    ref,
    `${law.name}由全国人民代表大会（或其常务委员会）于（ ）通过。`,
    `${law.passed}年`,
    sample(rng, years, 3),
    `${law.name}于${law.passed}年通过，自${law.effective}起施行。`,
  );
  return { question: q, section: LAW, calc: { kind: 'lawPassed', inputs: { passed: law.passed } } };
}

/** The law a row belongs to (a revision and its original are one law). */
const lawOf = (law: Law): string => /《[^》]+》/.exec(law.name)![0];

/** 施行日期 of other laws only: an original's date must not be offered against its revision's, or the reverse. */
const otherDates = (law: Law): string[] => [...new Set([...LAWS, ...REVISIONS].filter((l) => lawOf(l) !== lawOf(law)).map((l) => l.effective))];

/** How a stem names the row: an original with its year, so that its revision's date is not also right. */
const lawTitle = (law: Law): string => (REVISIONS.includes(law) ? law.name : `${law.passed}年通过的${law.name}`);

function lawEffectiveSingle(rng: Rng, ref: string, law: Law): Generated {
  const q = singleChoice(
    rng,
    ref,
    `${lawTitle(law)}自（ ）起施行。`,
    law.effective,
    sample(rng, otherDates(law), 3),
    `${law.name}于${law.passed}年通过，自${law.effective}起施行。`,
  );
  return { question: q, section: LAW };
}

function lawJudge(rng: Rng, ref: string): Generated {
  const law = rng.pick([...LAWS, ...REVISIONS]);
  const truth = rng.next() < 0.5;
  const claimed = truth ? law.effective : rng.pick(otherDates(law));
  return {
    question: judgement(ref, `${lawTitle(law)}自${claimed}起施行。`, truth, `${law.name}自${law.effective}起施行${truth ? '，说法正确' : ''}。`),
    section: LAW,
  };
}

function lawDecadeMultiple(rng: Rng, ref: string): Generated {
  const nineties = LAWS.filter((l) => l.passed >= 1990 && l.passed <= 1999);
  const others = LAWS.filter((l) => l.passed < 1990 || l.passed > 1999);
  const k = rng.int(Math.max(2, 5 - others.length), 4);
  const right = sample(rng, nineties, k);
  const wrong = sample(rng, others, 5 - k);
  const q = multipleChoice(
    rng,
    ref,
    '下列教育法律中，于20世纪90年代（1990—1999年）通过的有（ ）。',
    right.map((l) => l.name),
    wrong.map((l) => l.name),
    `${[...right, ...wrong].map((l) => `${l.name}${l.passed}年通过`).join('，')}。`,
  );
  return { question: q, section: LAW };
}

function lawFill(ref: string, law: Law): Generated {
  const [year, ...rest] = law.effective.split('年');
  return {
    question: blanks(
      ref,
      `${law.name}于____年通过，自____年${rest.join('年')}起施行。`,
      [String(law.passed), year!],
      `${law.name}于${law.passed}年通过，自${law.effective}起施行。`,
    ),
    section: LAW,
  };
}

const BOOKS: { book: string; author: string }[] = [
  { book: '大教学论', author: '夸美纽斯' },
  { book: '爱弥儿', author: '卢梭' },
  { book: '教育漫话', author: '洛克' },
  { book: '普通教育学', author: '赫尔巴特' },
  { book: '民主主义与教育', author: '杜威' },
  { book: '教育论', author: '斯宾塞' },
  { book: '给教师的建议', author: '苏霍姆林斯基' },
  { book: '把整个心灵献给孩子', author: '苏霍姆林斯基' },
  { book: '教学与发展', author: '赞科夫' },
  { book: '教育过程', author: '布鲁纳' },
  { book: '林哈德与葛笃德', author: '裴斯泰洛齐' },
  { book: '人的教育', author: '福禄培尔' },
  { book: '雄辩术原理', author: '昆体良' },
  { book: '教育诗', author: '马卡连柯' },
  { book: '理想国', author: '柏拉图' },
  { book: '人是教育的对象', author: '乌申斯基' },
];

const IDEAS: { idea: string; author: string }[] = [
  { idea: '教育即生活', author: '杜威' },
  { idea: '生活即教育', author: '陶行知' },
  { idea: '白板说', author: '洛克' },
  { idea: '产婆术', author: '苏格拉底' },
  { idea: '最近发展区', author: '维果茨基' },
  { idea: '发现学习', author: '布鲁纳' },
  { idea: '有意义接受学习', author: '奥苏贝尔' },
  { idea: '教育性教学', author: '赫尔巴特' },
  { idea: '泛智教育', author: '夸美纽斯' },
  { idea: '要素教育', author: '裴斯泰洛齐' },
  { idea: '掌握学习', author: '布卢姆' },
  { idea: '多元智能理论', author: '加德纳' },
  { idea: '思想自由，兼容并包', author: '蔡元培' },
  { idea: '教育为完满生活做准备', author: '斯宾塞' },
];

const EDUCATOR_NAMES = [...new Set([...BOOKS, ...IDEAS].map((x) => x.author))];

function bookSingle(rng: Rng, ref: string, b: (typeof BOOKS)[number]): Generated {
  const q = singleChoice(
    rng,
    ref,
    `教育著作《${b.book}》的作者是（ ）。`,
    b.author,
    sample(
      rng,
      EDUCATOR_NAMES.filter((n) => n !== b.author),
      3,
    ),
    `《${b.book}》是${b.author}的代表作。`,
  );
  return { question: q, section: EDUCATORS };
}

function ideaSingle(rng: Rng, ref: string, i: (typeof IDEAS)[number]): Generated {
  const q = singleChoice(
    rng,
    ref,
    `提出“${i.idea}”的教育家（心理学家）是（ ）。`,
    i.author,
    sample(
      rng,
      EDUCATOR_NAMES.filter((n) => n !== i.author),
      3,
    ),
    `“${i.idea}”是${i.author}的主张。`,
  );
  return { question: q, section: EDUCATORS };
}

function bookMultiple(rng: Rng, ref: string): Generated {
  const books = sample(rng, BOOKS, 5);
  const k = rng.int(2, 4);
  const right = books.slice(0, k).map((b) => `${b.author}—《${b.book}》`);
  const wrong = books
    .slice(k)
    .map((b) => `${rng.pick(EDUCATOR_NAMES.filter((n) => n !== b.author && !BOOKS.some((x) => x.author === n && x.book === b.book)))}—《${b.book}》`);
  const q = multipleChoice(
    rng,
    ref,
    '下列教育家与其著作对应正确的有（ ）。',
    right,
    wrong,
    `正确的对应为：${books.map((b) => `${b.author}—《${b.book}》`).join('，')}。`,
  );
  return { question: q, section: EDUCATORS };
}

function educatorJudge(rng: Rng, ref: string): Generated {
  const b = rng.pick(BOOKS);
  const truth = rng.next() < 0.5;
  const claimed = truth ? b.author : rng.pick(EDUCATOR_NAMES.filter((n) => n !== b.author));
  return {
    question: judgement(ref, `《${b.book}》是${claimed}的教育著作。`, truth, `《${b.book}》的作者是${b.author}${truth ? '，说法正确' : ''}。`),
    section: EDUCATORS,
  };
}

/** The generated 《综合素质》 questions: single over every fact row, plus multiple, judge and fill. */
export function generateJiaozi(): Generated[] {
  const rng = createRng(20270404);
  const bank = new BankBuilder('zs');
  for (const w of ALL_WORKS) bank.add(authorSingle(rng, bank.nextRef(), w));
  for (const w of CLASSICS) bank.add(eraSingle(rng, bank.nextRef(), w));
  for (const w of WORLD.filter((x) => x.country)) bank.add(countrySingle(rng, bank.nextRef(), w));
  for (const law of LAWS) bank.add(lawYearSingle(rng, bank.nextRef(), law));
  for (const law of [...LAWS, ...REVISIONS]) bank.add(lawEffectiveSingle(rng, bank.nextRef(), law));
  for (const b of BOOKS) bank.add(bookSingle(rng, bank.nextRef(), b));
  for (const i of IDEAS) bank.add(ideaSingle(rng, bank.nextRef(), i));
  bank.fill(12, (ref) => pairingSingle(rng, ref));
  bank.fill(28, (ref) => pairingMultiple(rng, ref));
  bank.fill(8, (ref) => lawDecadeMultiple(rng, ref));
  bank.fill(10, (ref) => bookMultiple(rng, ref));
  bank.fill(30, (ref) => authorJudge(rng, ref));
  bank.fill(8, (ref) => lawJudge(rng, ref));
  bank.fill(8, (ref) => educatorJudge(rng, ref));
  for (const law of LAWS) bank.add(lawFill(bank.nextRef(), law));
  return bank.items;
}
