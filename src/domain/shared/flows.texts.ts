/**
 * The shape of the flow label table (src/domain/flows.texts.ts gathers one table per area) and
 * the labels every page load shares. Read by the statechart gallery (`npm run statecharts`) and
 * its tests only; no screen imports it.
 */

/** One event a flow handles: what it means, and how a tester makes it happen on the screen. */
export interface FlowEventText {
  /** Short Chinese name of the event, drawn on the diagram's arrows (e.g. 验证码已发送). */
  label: string;
  /** Imperative phrase in the screen's words (e.g. 点击“登录”, 输入手机号, 等待60秒). */
  step: string;
}

/** Chinese texts of one statechart (src/machines), keyed by the machine's id in the table. */
export interface FlowTexts {
  /** The flow's name, e.g. 短信验证码登录. */
  title: string;
  /** Two to four plain sentences: what the student does, what can go wrong, where it ends. */
  description: string;
  /** Every state path ('loggedIn.ready') → its Chinese name. */
  states: Record<string, string>;
  /**
   * Every event type the machine's transitions use → label and step: the events views send, the
   * invoke results (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), the timers
   * (`xstate.after.<delay>.<state id>`) and `(always)` for the eventless transitions.
   */
  events: Record<string, FlowEventText>;
  /** Every guard the transitions name (as the diagram names it: `isEmpty`, `not(isBound)`, `inline`) → the condition in Chinese. */
  guards: Record<string, string>;
}

/** The one load of a page (src/machines/shared/pageData.ts): its states. */
export const PAGE_LOAD_STATES = {
  loading: '加载中',
  loaded: '已显示',
  failed: '加载失败',
} as const;

/**
 * A public page the server rendered with its data (src/domain/shared/serverPage.ts) starts from
 * it; any other start loads.
 */
export const PAGE_RENDERED_STATES = { starting: '打开页面' } as const;
export const PAGE_RENDERED_EVENTS = {
  '(always)': { label: '是否带服务器数据', step: '打开页面（服务器已渲染内容时直接显示）' },
} as const satisfies Record<string, FlowEventText>;
export const PAGE_RENDERED_GUARDS = { isRendered: '服务器已带数据' } as const;

/** …and its events, for the invoke id `load`. */
export const PAGE_LOAD_EVENTS = {
  'xstate.done.actor.load': { label: '数据已加载', step: '等待页面数据加载完成' },
  'xstate.error.actor.load': { label: '加载出错', step: '让数据加载失败（断网或服务器出错）' },
  RETRY: { label: '重新加载', step: '点击“重新加载”' },
} as const satisfies Record<string, FlowEventText>;

/** A settled page loads again in place (after a login, a sent form): no button of its own. */
export const PAGE_RELOAD_EVENT = {
  RELOAD: { label: '刷新数据', step: '让页面刷新数据（如登录后，无单独按钮）' },
} as const satisfies Record<string, FlowEventText>;

/** A page whose address changed in place (another tab, page or filter): it loads again. */
export const PAGE_PARAMS_EVENT = {
  PARAMS_CHANGED: { label: '切换页面参数', step: '切换标签、翻页或筛选（地址栏参数改变）' },
} as const satisfies Record<string, FlowEventText>;

/** The flows every area uses (src/machines/shared). */
export const SHARED_FLOWS = {
  customerService: {
    title: '在线客服',
    description:
      '学员点击页面右下角的客服按钮：配置了在线客服时先加载客服聊天并打开；没有配置或加载失败时显示联系方式面板。面板可以关闭，再次点击按钮时重新打开。',
    states: { idle: '未打开', loadingScript: '加载在线客服', panel: '显示联系方式' },
    events: {
      OPEN: { label: '打开客服', step: '点击客服按钮' },
      'xstate.done.actor.loadScript': { label: '在线客服已打开', step: '等待客服聊天窗口出现' },
      'xstate.error.actor.loadScript': { label: '在线客服加载失败', step: '让客服脚本加载失败（断网）' },
      CLOSE: { label: '关闭', step: '点击面板的关闭按钮' },
    },
    guards: { canReopenChat: '在线客服已就绪', shouldLoadScript: '配置了在线客服' },
  },
  customerServiceContact: {
    title: '客服联系方式',
    description: '客服面板加载电话、微信等联系方式后显示。没有配置联系方式时显示空状态，加载失败时显示“重新加载”。',
    states: { ...PAGE_LOAD_STATES, empty: '暂无联系方式' },
    events: { ...PAGE_LOAD_EVENTS, ...PAGE_RELOAD_EVENT },
    guards: { isEmpty: '没有联系方式' },
  },
} satisfies Record<string, FlowTexts>;

/**
 * The Chinese names of event payload fields (an input's `field`, or a payload key), for the test
 * paths QA reads (`npm run paths`): 输入手机号：“13800138000” rather than mobile. A field not named
 * here keeps its English name.
 */
export const FLOW_PAYLOAD_NAMES: Readonly<Record<string, string>> = {
  mobile: '手机号',
  code: '验证码',
  password: '密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirm: '确认密码',
  confirmPassword: '确认密码',
  name: '姓名',
  agreed: '勾选',
  answer: '答案',
  questionId: '题目编号',
  index: '第几题（从0数）',
  skuId: '规格编号',
  couponId: '优惠券编号',
  orderId: '订单号',
  channel: '支付方式',
  remark: '备注',
  address: '地址',
  addressId: '地址编号',
  gender: '性别',
  projectId: '意向项目编号',
  content: '内容',
  text: '文字',
  title: '标题',
  message: '消息',
  position: '播放位置（秒）',
  rate: '倍速',
  level: '级别',
  status: '状态',
  count: '数量',
  visible: '页面可见',
  held: '已持有',
  id: '编号',
  nodeId: '章节编号',
  coursewareId: '课件编号',
  resourceId: '资料编号',
  ebookId: '电子书编号',
  templateId: '模板编号',
  params: '参数',
  file: '文件',
  files: '文件',
  kind: '类型',
  solution: '滑块位置',
};
