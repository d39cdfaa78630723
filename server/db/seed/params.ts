/** Site parameters (read by key through products/front/api/param/getItemByKey). Values are strings; structured ones are JSON. */

/** The marker row: when present the seed has run. Bump SEED_VERSION when the demo data changes shape. */
export const SEED_VERSION_KEY = 'seed.version';
export const SEED_VERSION = '2027.4';

export interface ParamDef {
  key: string;
  value: string;
  remark: string;
}

export const appDownload = {
  ios: 'https://apps.apple.com/cn/app/id6450000001',
  android: '/new/download-app#android',
  version: '2.5.0',
  size: '68.4MB',
  updatedAt: '2026-10-15',
  features: ['离线缓存课程，地铁上也能看', '每日一练与章节练习随时刷题', '错题本与收藏夹云端同步', '直播课开课提醒'],
};

/** What the customer-service button's contact panel shows (src/domain/site/contactDetails.ts reads it). */
export const customerService = {
  enabled: true,
  title: '在线客服',
  phone: '400-618-2027',
  wechat: 'xuetu-kefu',
  qq: '800123456',
  workTime: '周一至周日 9:00-21:00',
  email: 'service@xuetu.example.com',
};

const examNotice = [
  '1. 考试开始后计时，时间到系统将自动交卷，请合理安排答题时间。',
  '2. 单选题、多选题、判断题提交后系统自动判分；主观题（简答、案例分析、写作）提交后可查看参考答案并自行评分。',
  '3. 多选题少选、错选的计分规则与正式考试一致：错选不得分，少选每个正确选项得0.5分（部分科目以试卷说明为准）。',
  '4. 答题过程中请勿刷新或关闭页面，中途退出时已作答内容会自动保存，可在"做题记录"中继续作答。',
  '5. 交卷后可查看成绩报告、答案与解析，错题会自动加入错题本。',
].join('\n');

const purchaseNotice = [
  '1. 课程为虚拟商品，购买后即开通学习权限，有效期自开通之日起计算，过期后无法继续观看。',
  '2. 课程一经开通，非质量问题不支持退款；如遇视频无法播放等问题，请联系在线客服处理。',
  '3. 课程包内包含的各门课程与课程包有效期一致；加购课需与主课程一同购买或在主课程有效期内购买。',
  '4. 同一账号仅限本人学习使用，请勿转借、转售；系统检测到异常登录时将临时限制播放。',
  '5. 如需开具发票，请在订单完成后30天内于"我的订单"中申请。',
].join('\n');

export const paramDefs: ParamDef[] = [
  { key: SEED_VERSION_KEY, value: SEED_VERSION, remark: '演示数据版本（存在即表示已初始化）' },
  {
    key: 'site.contact',
    value: JSON.stringify({ phone: '400-618-2027', workTime: '周一至周日 9:00-21:00', email: 'service@xuetu.example.com' }),
    remark: '客服联系方式',
  },
  { key: 'site.icp', value: '京ICP备2026018888号-1', remark: 'ICP备案号' },
  {
    key: 'site.company',
    value: JSON.stringify({ name: '学途教育科技有限公司', address: '北京市海淀区中关村大街27号学途大厦8层', postcode: '100080' }),
    remark: '公司信息',
  },
  { key: 'app.download', value: JSON.stringify(appDownload), remark: 'APP下载信息' },
  { key: 'customer.service', value: JSON.stringify(customerService), remark: '在线客服入口配置' },
  { key: 'qb.exam.notice', value: examNotice, remark: '题库考试须知' },
  { key: 'course.purchase.notice', value: purchaseNotice, remark: '购课须知' },
];
