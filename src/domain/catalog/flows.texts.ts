/** The catalogue flows (src/machines/catalog) in Chinese: one entry per statechart, keyed by machine id. */
import {
  PAGE_LOAD_EVENTS,
  PAGE_LOAD_STATES,
  PAGE_RELOAD_EVENT,
  PAGE_RENDERED_EVENTS,
  PAGE_RENDERED_GUARDS,
  PAGE_RENDERED_STATES,
  type FlowTexts,
} from '../shared/flows.texts';

export const CATALOG_FLOWS = {
  catalogueTree: {
    title: '课程目录',
    description:
      '课程详情页的“课程目录”先加载第一层章节，学员点击章节展开或收起，未加载过的章节在展开时才加载其下的内容。整个目录加载失败时显示“重新加载”；某个章节加载失败时在该章节下显示重试按钮。',
    states: { ...PAGE_RENDERED_STATES, loading: '加载目录', empty: '暂无目录', failed: '加载失败', ready: '目录已显示' },
    events: {
      ...PAGE_RENDERED_EVENTS,
      'xstate.done.actor.loadTop': { label: '目录已加载', step: '等待目录加载完成' },
      'xstate.error.actor.loadTop': { label: '目录加载出错', step: '让目录加载失败（断网或服务器出错）' },
      RETRY: { label: '重新加载', step: '点击“重新加载”' },
      TOGGLE: { label: '展开/收起章节', step: '点击章节标题（或章节下的“重试”）' },
      NODE_LOADED: { label: '章节内容已加载', step: '等待章节内容出现' },
      NODE_FAILED: { label: '章节加载失败', step: '让章节内容加载失败' },
    },
    guards: { ...PAGE_RENDERED_GUARDS, isRenderedEmpty: '服务器数据中没有章节', isEmpty: '没有章节', mustLoad: '章节未加载', mayToggle: '章节已加载' },
  },
  courseDetail: {
    title: '课程详情页',
    description:
      '学员打开一门课程的详情页，页面加载课程介绍、价格和规格，之后加载课程顾问。学员可以切换规格（如不同班型）查看价格。课程不存在时显示“课程不存在”，加载失败时显示“重新加载”。',
    states: { ...PAGE_RENDERED_STATES, loading: '加载中', loaded: '已显示', notFound: '课程不存在', failed: '加载失败' },
    events: {
      ...PAGE_RENDERED_EVENTS,
      ...PAGE_LOAD_EVENTS,
      SELECT_SKU: { label: '选择规格', step: '点击一个课程规格' },
      'xstate.done.actor.loadAdvisor': { label: '课程顾问已加载', step: '等待课程顾问出现' },
    },
    guards: { ...PAGE_RENDERED_GUARDS, isRenderedNotFound: '服务器已答复课程不存在', isNotFound: '课程不存在', isOfferedSku: '该规格在售' },
  },
  courseList: {
    title: '课程列表',
    description: '学员打开课程列表，按项目、分类筛选或翻页，列表随之重新加载。没有符合条件的课程时显示空状态，加载失败时显示“重新加载”。',
    states: { ...PAGE_RENDERED_STATES, loading: '加载中', loaded: '已显示', empty: '暂无课程', failed: '加载失败' },
    events: {
      ...PAGE_RENDERED_EVENTS,
      PARAMS_CHANGED: { label: '切换筛选或翻页', step: '选择项目、分类或点击页码' },
      'xstate.done.actor.loadCourseList': { label: '列表已加载', step: '等待课程列表加载完成' },
      'xstate.error.actor.loadCourseList': { label: '加载出错', step: '让列表加载失败（断网或服务器出错）' },
      RETRY: { label: '重新加载', step: '点击“重新加载”' },
    },
    guards: { ...PAGE_RENDERED_GUARDS, isRenderedEmpty: '服务器数据中没有课程', isNewChoice: '筛选条件有变化', hasNoCourses: '没有课程' },
  },
  coursePreview: {
    title: '课程试听',
    description: '学员打开课程的试听页，页面列出可试听的课件，点击一个课件即播放。没有试听课件时显示空状态；课程不存在或加载失败时分别提示。',
    states: { loading: '加载中', loaded: '已显示', empty: '暂无试听', notFound: '课程不存在', failed: '加载失败' },
    events: {
      ...PAGE_LOAD_EVENTS,
      SELECT: { label: '选择试听课件', step: '点击一个试听课件' },
    },
    guards: { isEmpty: '没有试听课件', isNotFound: '课程不存在', isListed: '课件在试听列表中' },
  },
  coursePurchase: {
    title: '购买/领取课程',
    description:
      '课程详情页的按钮先确认学员是否已拥有这门课。未拥有时，学员点击“立即购买”或“免费领取”；未登录会先弹出登录框，登录后再次确认。购买会转到提交订单页，免费课直接领取；已拥有时按钮变为去学习。',
    states: {
      checking: '确认是否已拥有',
      notOwned: '未拥有',
      needLogin: '等待登录',
      confirming: '再次确认',
      ordering: '去下单',
      activating: '领取中',
      owned: '已拥有',
    },
    events: {
      'xstate.done.actor.checkOwnership': { label: '确认完成', step: '等待确认完成' },
      'xstate.error.actor.checkOwnership': { label: '确认出错', step: '让确认请求失败' },
      BUY: { label: '立即购买', step: '点击“立即购买”' },
      ACTIVATE: { label: '免费领取', step: '点击“免费领取”' },
      SESSION_CHANGED: { label: '登录状态变化', step: '登录或退出登录' },
      'xstate.done.actor.login': { label: '登录框关闭', step: '在登录框中登录（或关闭登录框）' },
      'xstate.done.actor.confirmOwnership': { label: '确认完成', step: '等待确认完成' },
      'xstate.error.actor.confirmOwnership': { label: '确认出错', step: '让确认请求失败' },
      'xstate.done.actor.activate': { label: '领取成功', step: '等待领取成功' },
      'xstate.error.actor.activate': { label: '领取失败', step: '让领取失败' },
    },
    guards: { isOwned: '已拥有', isLoggedIn: '已登录', loggedInThroughModal: '已在登录框中登录', wantsToBuy: '要购买' },
  },
  resourcesDownload: {
    title: '下载资料',
    description: '学员在资料页点击一份资料的“下载”，网站先取得下载地址再开始下载。未登录会提示先登录；取地址失败时提示原因，可再次点击。',
    states: { idle: '等待下载', fetchingLink: '获取下载地址' },
    events: {
      DOWNLOAD: { label: '下载', step: '点击资料的“下载”' },
      'xstate.done.actor.fetchDownloadLink': { label: '开始下载', step: '等待下载开始' },
      'xstate.error.actor.fetchDownloadLink': { label: '获取地址失败', step: '让下载地址获取失败' },
    },
    guards: {},
  },
  resourcesPage: {
    title: '资料与电子书',
    description: '学员打开资料页，按分类筛选或翻页，列表随之重新加载；打开一本电子书时记一次阅读。没有资料时显示空状态，加载失败时显示“重新加载”。',
    states: {
      list: '资料列表',
      'list.loading': '加载中',
      'list.loaded': '已显示',
      'list.empty': '暂无资料',
      'list.failed': '加载失败',
      ebookView: '电子书阅读计数',
      'ebookView.idle': '未计数',
      'ebookView.counting': '计数中',
    },
    events: {
      PARAMS_CHANGED: { label: '切换筛选或翻页', step: '选择分类或点击页码' },
      'xstate.done.actor.loadResources': { label: '列表已加载', step: '等待资料列表加载完成' },
      'xstate.error.actor.loadResources': { label: '加载出错', step: '让列表加载失败（断网或服务器出错）' },
      RETRY: { label: '重新加载', step: '点击“重新加载”' },
      EBOOK_OPENED: { label: '打开电子书', step: '点击一本电子书' },
      'xstate.done.actor.countEbookView': { label: '已计数', step: '等待计数完成' },
      'xstate.error.actor.countEbookView': { label: '计数失败', step: '让计数请求失败（不影响阅读）' },
    },
    guards: { isNewChoice: '筛选条件有变化', isEmpty: '没有资料' },
  },
  teacherPage: {
    title: '讲师介绍',
    description: '学员打开讲师介绍页，页面按分组列出讲师。没有讲师时显示“暂无讲师信息”，加载失败时显示“重新加载”。',
    states: { ...PAGE_RENDERED_STATES, ...PAGE_LOAD_STATES, empty: '暂无讲师' },
    events: { ...PAGE_RENDERED_EVENTS, ...PAGE_LOAD_EVENTS, ...PAGE_RELOAD_EVENT },
    guards: { ...PAGE_RENDERED_GUARDS, isRenderedEmpty: '服务器数据中没有讲师', isEmpty: '没有讲师' },
  },
} satisfies Record<string, FlowTexts>;
