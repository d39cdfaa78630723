/**
 * The one route table (product-spec §2). Paths are relative to the base /new. Each route lazily
 * loads its view, says whether it needs login, and names the matching page of the mobile site.
 * Keep `view` as a literal `() => import('./views/…')`: the bundle bench reads it from source.
 */
import type { ComponentType } from 'react';

export type Layout = 'main' | 'login' | 'bare';

export interface RouteViewProps {
  params: Record<string, string | undefined>;
  route: RouteDef;
}

export interface RouteDef {
  path: string;
  title: string;
  view: () => Promise<{ default: ComponentType<RouteViewProps> }>;
  auth: boolean;
  /** Only for visitors: a logged-in user is sent elsewhere (the login page). */
  guestOnly?: boolean;
  layout: Layout;
  /** The view uses no Fluent UI components, so Fluent's provider is not loaded for it. */
  plain?: boolean;
  /** The mobile site's page for this route; `:name` takes the route param. */
  mobile: string;
}

export interface RedirectDef {
  path: string;
  redirect: string;
}

const pending = () => import('./views/app/PendingPageView');


export const REDIRECTS: readonly RedirectDef[] = [
  { path: '/hc', redirect: '/hc/site-stated' },
  { path: '/uc', redirect: '/uc/account-manage/personal' },
  { path: '/uc/account-manage', redirect: '/uc/account-manage/personal' },
  { path: '/uc/my-course', redirect: '/uc/my-course/sys' },
  { path: '/question-bank', redirect: '/question-bank/home' },
  { path: '/demo-components', redirect: '/demo-components/home' },
];

export const ROUTES: readonly RouteDef[] = [
  // Public
  { path: '/', title: '首页', view: () => import('./views/home/HomeView'), auth: false, plain: true, layout: 'main', mobile: '/pages/index/index' },
  { path: '/about', title: '关于我们', view: () => import('./views/pages/AboutView'), auth: false, layout: 'main', mobile: '/pages/about/index' },
  { path: '/download-app', title: '下载App', view: () => import('./views/pages/DownloadAppView'), auth: false, layout: 'main', mobile: '/pages/download/index' },
  { path: '/other-pages/app-download', title: '下载App', view: () => import('./views/pages/DownloadAppView'), auth: false, layout: 'main', mobile: '/pages/download/index' },
  { path: '/404', title: '页面不存在', view: () => import('./views/pages/NotFoundView'), auth: false, layout: 'main', mobile: '/pages/404/index' },
  { path: '/teacher', title: '师资团队', view: pending, auth: false, layout: 'main', mobile: '/pages/teacher/index' },
  { path: '/transfer', title: '页面跳转', view: () => import('./views/pages/TransferView'), auth: false, layout: 'bare', mobile: '/pages/transfer/index' },
  { path: '/coupon-active', title: '课程活动', view: pending, auth: false, layout: 'main', mobile: '/pages/coupon/active' },
  { path: '/coupon-acquire', title: '领取优惠券', view: pending, auth: false, layout: 'main', mobile: '/pages/coupon/acquire' },
  { path: '/course-exchange', title: '兑换课程', view: pending, auth: false, layout: 'main', mobile: '/pages/course/exchange' },
  { path: '/demo-components/home', title: '组件示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: '/demo-components/play-video', title: '视频播放示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: '/demo-components/course-type', title: '课程类型示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: '/demo-components/breadcrumb', title: '面包屑示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: '/demo-components/upload', title: '上传示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },
  { path: '/demo-components/calculator', title: '计算器示例', view: pending, auth: false, layout: 'main', mobile: '/pages/index/index' },

  // Help centre
  { path: '/hc/pay-type', title: '支付方式', view: () => import('./views/help/PayTypeView'), auth: false, layout: 'main', mobile: '/pages/help/pay-type' },
  { path: '/hc/site-stated', title: '网站声明', view: () => import('./views/help/SiteStatedView'), auth: false, layout: 'main', mobile: '/pages/help/site-stated' },
  { path: '/hc/user-agreement', title: '用户协议', view: () => import('./views/help/UserAgreementView'), auth: false, layout: 'main', mobile: '/pages/help/user-agreement' },
  { path: '/hc/privacy-policy', title: '隐私政策', view: () => import('./views/help/PrivacyPolicyView'), auth: false, layout: 'main', mobile: '/pages/help/privacy-policy' },

  // Login layout
  { path: '/uc/login', title: '登录', view: () => import('./views/login/LoginView'), auth: false, guestOnly: true, plain: true, layout: 'login', mobile: '/pages/login/index' },
  { path: '/uc/bindphone', title: '绑定手机号', view: () => import('./views/login/BindPhoneView'), auth: false, plain: true, layout: 'login', mobile: '/pages/login/bindphone' },
  { path: '/uc/forgot-password', title: '找回密码', view: () => import('./views/login/ForgotPasswordView'), auth: false, plain: true, layout: 'login', mobile: '/pages/login/forgot-password' },

  // Courses and orders
  { path: '/course/free-course', title: '免费课程', view: pending, auth: false, layout: 'main', mobile: '/pages/course/list?type=free' },
  { path: '/course/pro-course', title: '精品课程', view: pending, auth: false, layout: 'main', mobile: '/pages/course/list?type=pro' },
  { path: '/course/resource', title: '资料下载', view: pending, auth: false, layout: 'main', mobile: '/pages/resource/index' },
  { path: '/course/detail/:courseId', title: '课程详情', view: pending, auth: false, layout: 'main', mobile: '/pages/course/detail?courseId=:courseId' },
  { path: '/course/preview/:courseId', title: '课程预览', view: pending, auth: false, layout: 'main', mobile: '/pages/course/detail?courseId=:courseId' },
  { path: '/course-player/:id', title: '课程学习', view: pending, auth: false, layout: 'bare', mobile: '/pages/course/player?id=:id' },
  { path: '/submit-order/:productId', title: '提交订单', view: pending, auth: true, layout: 'main', mobile: '/pages/order/submit?productId=:productId' },
  { path: '/order-pay/:orderId', title: '订单支付', view: pending, auth: true, layout: 'main', mobile: '/pages/order/pay?orderId=:orderId' },

  // User centre
  { path: '/uc/account-manage/personal', title: '个人资料', view: () => import('./views/uc/PersonalView'), auth: true, layout: 'main', mobile: '/pages/user/profile' },
  { path: '/uc/account-manage/security', title: '账号安全', view: () => import('./views/uc/SecurityView'), auth: true, layout: 'main', mobile: '/pages/user/security' },
  { path: '/uc/my-course/sys', title: '我的课程', view: pending, auth: true, layout: 'main', mobile: '/pages/user/course?type=sys' },
  { path: '/uc/my-course/free', title: '我的公开课', view: pending, auth: true, layout: 'main', mobile: '/pages/user/course?type=free' },
  { path: '/uc/my-course/add', title: '我的加购课', view: pending, auth: true, layout: 'main', mobile: '/pages/user/course?type=add' },
  { path: '/uc/my-course/:courseType/detail/:courseId', title: '课程学习详情', view: pending, auth: true, layout: 'main', mobile: '/pages/user/course-detail?courseType=:courseType&courseId=:courseId' },
  { path: '/uc/my-order', title: '我的订单', view: pending, auth: true, layout: 'main', mobile: '/pages/order/list' },
  { path: '/uc/my-order/:orderId', title: '订单详情', view: pending, auth: true, layout: 'main', mobile: '/pages/order/detail?orderId=:orderId' },
  { path: '/uc/my-coupon', title: '我的优惠券', view: pending, auth: true, layout: 'main', mobile: '/pages/user/coupon' },
  { path: '/uc/feedback', title: '意见反馈', view: pending, auth: true, layout: 'main', mobile: '/pages/user/feedback' },

  // Question bank
  { path: '/question-bank/home', title: '题库', view: pending, auth: false, layout: 'main', mobile: '/pages/question-bank/index' },
  { path: '/question-bank/record', title: '做题记录', view: pending, auth: true, layout: 'main', mobile: '/pages/question-bank/record' },
  { path: '/question-bank/learn-center-paper/:id', title: '试卷详情', view: pending, auth: true, layout: 'main', mobile: '/pages/question-bank/paper?id=:id' },
  { path: '/question-bank/transcript/:recordId/:paperId', title: '成绩单', view: pending, auth: true, layout: 'main', mobile: '/pages/question-bank/transcript?recordId=:recordId&paperId=:paperId' },
  { path: '/question-bank/learn-center/:paperId/:recordId?', title: '在线答题', view: pending, auth: true, layout: 'bare', mobile: '/pages/question-bank/answer?paperId=:paperId&recordId=:recordId' },
  { path: '/question-bank/learn-center-record/:questionType', title: '练习记录', view: pending, auth: true, layout: 'main', mobile: '/pages/question-bank/practice?questionType=:questionType' },
  { path: '/question-bank/learn-center-mark/:recordId', title: '试卷批阅', view: pending, auth: true, layout: 'bare', mobile: '/pages/question-bank/mark?recordId=:recordId' },
  { path: '/question-bank/learn-center-analyze/:paperId/:recordId', title: '试卷解析', view: pending, auth: true, layout: 'bare', mobile: '/pages/question-bank/analysis?paperId=:paperId&recordId=:recordId' },
  { path: '/question-bank/learn-center-analyze-record/:questionType/:recordId?', title: '题目解析', view: pending, auth: true, layout: 'bare', mobile: '/pages/question-bank/analysis-record?questionType=:questionType&recordId=:recordId' },
];
