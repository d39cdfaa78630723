/**
 * The one route table (product-spec §2). Paths are relative to the base /new. Each route lazily
 * loads its view, says whether it needs login, and names the matching page of the mobile site.
 * Keep `view` as a literal `() => import('./views/…')`: the bundle bench reads it from source.
 */
import { DEFAULT_CHILDREN, PATTERNS } from './paths';
import type { RedirectDef, RouteDef } from './routeTypes';

const pending = () => import('./views/app/PendingPageView');

export const REDIRECTS: readonly RedirectDef[] = DEFAULT_CHILDREN.map(([path, redirect]) => ({ path, redirect }));

export const ROUTES: readonly RouteDef[] = [
  // Public
  {
    path: PATTERNS.home,
    title: '首页',
    view: () => import('./views/home/HomeView'),
    auth: false,
    plain: true,
    tall: true,
    layout: 'main',
    mobile: '/pages/index/index',
  },
  { path: PATTERNS.about, title: '关于我们', view: () => import('./views/pages/AboutView'), auth: false, layout: 'main', mobile: '/pages/about/index' },
  {
    path: PATTERNS.downloadApp,
    title: '下载App',
    view: () => import('./views/pages/DownloadAppView'),
    auth: false,
    layout: 'main',
    mobile: '/pages/download/index',
  },
  {
    path: PATTERNS.appDownloadLegacy,
    title: '下载App',
    view: () => import('./views/pages/DownloadAppView'),
    auth: false,
    layout: 'main',
    mobile: '/pages/download/index',
  },
  { path: PATTERNS.notFound, title: '页面不存在', view: () => import('./views/pages/NotFoundView'), auth: false, layout: 'main', mobile: '/pages/404/index' },
  { path: PATTERNS.teacher, title: '师资团队', view: () => import('./views/teacher/TeacherView'), auth: false, layout: 'main', mobile: '/pages/teacher/index' },
  {
    path: PATTERNS.transfer,
    title: '页面跳转',
    view: () => import('./views/pages/TransferView'),
    auth: false,
    layout: 'bare',
    mobile: '/pages/transfer/index',
  },
  { path: PATTERNS.couponActive, title: '课程活动', view: pending, auth: false, layout: 'main', mobile: '/pages/coupon/active' },
  { path: PATTERNS.couponAcquire, title: '领取优惠券', view: pending, auth: false, layout: 'main', mobile: '/pages/coupon/acquire' },
  { path: PATTERNS.courseExchange, title: '兑换课程', view: pending, auth: false, layout: 'main', mobile: '/pages/course/exchange' },
  { path: PATTERNS.demoHome, title: '组件示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: PATTERNS.demoPlayVideo, title: '视频播放示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: PATTERNS.demoCourseType, title: '课程类型示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: PATTERNS.demoBreadcrumb, title: '面包屑示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: PATTERNS.demoUpload, title: '上传示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: PATTERNS.demoCalculator, title: '计算器示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },

  // Help centre
  { path: PATTERNS.payType, title: '支付方式', view: () => import('./views/help/PayTypeView'), auth: false, layout: 'main', mobile: '/pages/help/pay-type' },
  {
    path: PATTERNS.siteStated,
    title: '网站声明',
    view: () => import('./views/help/SiteStatedView'),
    auth: false,
    layout: 'main',
    mobile: '/pages/help/site-stated',
  },
  {
    path: PATTERNS.userAgreement,
    title: '用户协议',
    view: () => import('./views/help/UserAgreementView'),
    auth: false,
    layout: 'main',
    mobile: '/pages/help/user-agreement',
  },
  {
    path: PATTERNS.privacyPolicy,
    title: '隐私政策',
    view: () => import('./views/help/PrivacyPolicyView'),
    auth: false,
    layout: 'main',
    mobile: '/pages/help/privacy-policy',
  },

  // Login layout
  {
    path: PATTERNS.login,
    title: '登录',
    view: () => import('./views/login/LoginView'),
    auth: false,
    guestOnly: true,
    plain: true,
    layout: 'login',
    mobile: '/pages/login/index',
  },
  {
    path: PATTERNS.bindPhone,
    title: '绑定手机号',
    view: () => import('./views/login/BindPhoneView'),
    auth: false,
    plain: true,
    layout: 'login',
    mobile: '/pages/login/bindphone',
  },
  {
    path: PATTERNS.forgotPassword,
    title: '找回密码',
    view: () => import('./views/login/ForgotPasswordView'),
    auth: false,
    plain: true,
    layout: 'login',
    mobile: '/pages/login/forgot-password',
  },

  // Courses and orders
  { path: PATTERNS.freeCourses, title: '免费课程', view: pending, auth: false, layout: 'main', mobile: '/pages/course/list?type=free' },
  { path: PATTERNS.proCourses, title: '精品课程', view: pending, auth: false, layout: 'main', mobile: '/pages/course/list?type=pro' },
  { path: PATTERNS.resources, title: '资料下载', view: pending, auth: false, layout: 'main', mobile: '/pages/resource/index' },
  {
    path: PATTERNS.courseDetail,
    title: '课程详情',
    view: () => import('./views/course/CourseDetailView'),
    auth: false,
    tall: true,
    layout: 'main',
    mobile: '/pages/course/detail?courseId=:courseId',
  },
  {
    path: PATTERNS.coursePreview,
    title: '课程预览',
    view: () => import('./views/course/CoursePreviewView'),
    auth: false,
    tall: true,
    layout: 'main',
    mobile: '/pages/course/detail?courseId=:courseId',
  },
  { path: PATTERNS.coursePlayer, title: '课程学习', view: pending, auth: false, layout: 'bare', mobile: '/pages/course/player?id=:id' },
  { path: PATTERNS.submitOrder, title: '提交订单', view: pending, auth: true, layout: 'main', mobile: '/pages/order/submit?productId=:productId' },
  { path: PATTERNS.orderPay, title: '订单支付', view: pending, auth: true, layout: 'main', mobile: '/pages/order/pay?orderId=:orderId' },

  // User centre
  { path: PATTERNS.personal, title: '个人资料', view: () => import('./views/uc/PersonalView'), auth: true, layout: 'main', mobile: '/pages/user/profile' },
  { path: PATTERNS.security, title: '账号安全', view: () => import('./views/uc/SecurityView'), auth: true, layout: 'main', mobile: '/pages/user/security' },
  { path: PATTERNS.myCoursesSys, title: '我的课程', view: pending, auth: true, layout: 'main', mobile: '/pages/user/course?type=sys' },
  { path: PATTERNS.myCoursesFree, title: '我的公开课', view: pending, auth: true, layout: 'main', mobile: '/pages/user/course?type=free' },
  { path: PATTERNS.myCoursesAdd, title: '我的加购课', view: pending, auth: true, layout: 'main', mobile: '/pages/user/course?type=add' },
  {
    path: PATTERNS.myCourseDetail,
    title: '课程学习详情',
    view: pending,
    auth: true,
    layout: 'main',
    mobile: '/pages/user/course-detail?courseType=:courseType&courseId=:courseId',
  },
  { path: PATTERNS.myOrders, title: '我的订单', view: pending, auth: true, layout: 'main', mobile: '/pages/order/list' },
  { path: PATTERNS.myOrderDetail, title: '订单详情', view: pending, auth: true, layout: 'main', mobile: '/pages/order/detail?orderId=:orderId' },
  { path: PATTERNS.myCoupons, title: '我的优惠券', view: pending, auth: true, layout: 'main', mobile: '/pages/user/coupon' },
  { path: PATTERNS.feedback, title: '意见反馈', view: pending, auth: true, layout: 'main', mobile: '/pages/user/feedback' },

  // Question bank
  { path: PATTERNS.questionBankHome, title: '题库', view: pending, auth: false, layout: 'main', mobile: '/pages/question-bank/index' },
  { path: PATTERNS.questionBankRecord, title: '做题记录', view: pending, auth: true, layout: 'main', mobile: '/pages/question-bank/record' },
  { path: PATTERNS.paperDetail, title: '试卷详情', view: pending, auth: true, layout: 'main', mobile: '/pages/question-bank/paper?id=:id' },
  {
    path: PATTERNS.transcript,
    title: '成绩单',
    view: pending,
    auth: true,
    layout: 'main',
    mobile: '/pages/question-bank/transcript?recordId=:recordId&paperId=:paperId',
  },
  {
    path: PATTERNS.answer,
    title: '在线答题',
    view: pending,
    auth: true,
    layout: 'bare',
    mobile: '/pages/question-bank/answer?paperId=:paperId&recordId=:recordId',
  },
  {
    path: PATTERNS.practiceRecord,
    title: '练习记录',
    view: pending,
    auth: true,
    layout: 'main',
    mobile: '/pages/question-bank/practice?questionType=:questionType',
  },
  { path: PATTERNS.paperMark, title: '试卷批阅', view: pending, auth: true, layout: 'bare', mobile: '/pages/question-bank/mark?recordId=:recordId' },
  {
    path: PATTERNS.paperAnalysis,
    title: '试卷解析',
    view: pending,
    auth: true,
    layout: 'bare',
    mobile: '/pages/question-bank/analysis?paperId=:paperId&recordId=:recordId',
  },
  {
    path: PATTERNS.recordAnalysis,
    title: '题目解析',
    view: pending,
    auth: true,
    layout: 'bare',
    mobile: '/pages/question-bank/analysis-record?questionType=:questionType&recordId=:recordId',
  },
];
