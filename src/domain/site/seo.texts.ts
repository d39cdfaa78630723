/**
 * What the public pages tell search engines and link previews (src/domain/site/seo.ts): the site's
 * name, each page's title as the app sets it (the route's title in src/routes.ts) and its description.
 */

/** The pages whose heads are built here, by name (titles: the routes' own, checked by tests/unit/site/seo.test.ts). */
export const SEO_PAGE_TITLES = {
  teacher: '师资团队',
  about: '关于我们',
  notFound: '页面不存在',
  courseDetail: '课程详情',
  qbHome: '题库',
  payType: '支付方式',
  siteStated: '网站声明',
  userAgreement: '用户协议',
  privacyPolicy: '隐私政策',
} as const;

/** A list of names for a description: 一级建造师、消防工程师等 (at most `max`, in the given order). */
function some(names: readonly string[], max = 5): string {
  return names.length > max ? `${names.slice(0, max).join('、')}等` : names.join('、');
}

export const SEO_TEXTS = {
  siteName: '学途网校',
  /** The site's own description: index.html's meta description, which the home page keeps. */
  defaultDescription: '学途网校：一级建造师、消防工程师、教师资格证、初级会计等职业资格考试的视频课程与在线题库。随时随地学习，助力高效备考。',
  /** The name of the home page's list of courses (its JSON-LD ItemList). */
  homeCourses: '学途网校推荐课程',
  proList: (projects: readonly string[]) =>
    `学途网校精品课程：${projects.length > 0 ? `${some(projects)}考试项目的` : ''}系统课、课程包、训练营与加购课，名师主讲，按考试项目和科目挑选适合你的课程。`,
  freeList: (projects: readonly string[]) =>
    `学途网校免费公开课：${projects.length > 0 ? `${some(projects)}考试项目的` : ''}考试政策解读、备考规划与高频考点试听，名师主讲，免费学习。`,
  teacher: (projects: readonly string[]) =>
    `学途网校师资团队：${projects.length > 0 ? `${some(projects)}考试项目的` : '各考试项目的'}主讲老师，他们的资历、专长与主讲科目。`,
  /** A course with neither subtitle nor introduction. */
  course: (title: string) => `${title}：学途网校在线课程，名师视频精讲，随时随地学习。`,
  about: '关于学途网校：职业资格考试在线学习平台，提供系统课、课程包、训练营与免费公开课，以及章节练习、历年真题与模拟试卷题库。',
  notFound: '您访问的页面不存在或已被删除。',
  qbHome: (subject: string | null) =>
    `学途网校在线题库${subject ? `：${subject}` : ''}：章节练习、模拟试卷、历年真题与每日一练，在线作答、自动评分、错题本与每日复习。`,
  courseNotFound: '该课程不存在或已下架，去看看学途网校的其他课程吧。',
  help: {
    payType: '学途网校支持的支付方式：微信支付、支付宝与对公转账，以及付款、发票与退款的说明。',
    siteStated: '学途网校网站声明：版权声明、内容使用规则、知识产权、免责声明与侵权投诉方式。',
    userAgreement: '学途用户服务协议：您使用学途网站、学途 App 及相关服务的权利与义务，付费与退款条款及争议解决。',
    privacyPolicy: '学途隐私政策：我们收集哪些个人信息、如何使用与保护，以及您管理个人信息的权利。',
  },
} as const;
