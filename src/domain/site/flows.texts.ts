/** The site flows (src/machines/site) in Chinese: one entry per statechart, keyed by machine id. */
import {
  PAGE_LOAD_EVENTS,
  PAGE_LOAD_STATES,
  PAGE_RELOAD_EVENT,
  PAGE_RENDERED_EVENTS,
  PAGE_RENDERED_GUARDS,
  PAGE_RENDERED_STATES,
  type FlowTexts,
} from '../shared/flows.texts';

export const SITE_FLOWS = {
  aboutPage: {
    title: '关于我们',
    description: '访客打开“关于我们”页面，页面加载介绍内容后显示。加载失败时显示“重新加载”。',
    states: { ...PAGE_LOAD_STATES },
    events: { ...PAGE_LOAD_EVENTS, ...PAGE_RELOAD_EVENT },
    guards: {},
  },
  feedback: {
    title: '意见反馈',
    description:
      '学员选择反馈类型，填写反馈内容，可以上传几张截图，点击“提交反馈”。内容为空或图片不符合要求时提示；图片上传失败可单张重试或删除；提交成功后可点击“继续反馈”。',
    states: { editing: '填写反馈', sending: '提交中', sent: '已提交' },
    events: {
      UPLOADED: { label: '图片已上传', step: '等待图片上传完成' },
      UPLOAD_FAILED: { label: '图片上传失败', step: '让图片上传失败' },
      SET_TYPE: { label: '选择类型', step: '选择反馈类型' },
      EDIT: { label: '填写内容', step: '在反馈内容中输入' },
      ADD_FILES: { label: '添加图片', step: '点击添加图片并选择文件' },
      REMOVE: { label: '删除图片', step: '点击图片的删除按钮' },
      RETRY: { label: '重传图片', step: '点击上传失败图片的“重试”' },
      SUBMIT: { label: '提交', step: '点击“提交反馈”' },
      'xstate.done.actor.send': { label: '提交成功', step: '等待提交成功' },
      'xstate.error.actor.send': { label: '提交失败', step: '让提交失败' },
      AGAIN: { label: '继续反馈', step: '点击“继续反馈”' },
    },
    guards: { isKnownType: '类型有效', formInvalid: '表单有误' },
  },
  feedbackList: {
    title: '我的反馈',
    description: '反馈页下方列出学员提交过的反馈和回复，可以翻页；提交新反馈后列表刷新。没有反馈时显示空状态，加载失败时显示“重新加载”。',
    states: { ...PAGE_LOAD_STATES, empty: '暂无反馈' },
    events: {
      ...PAGE_LOAD_EVENTS,
      RELOAD: { label: '刷新列表', step: '提交一条新反馈' },
      PARAMS_CHANGED: { label: '翻页', step: '点击页码' },
    },
    guards: { isNewParams: '页码有变化', isEmpty: '没有反馈' },
  },
  homePage: {
    title: '首页',
    description: '访客打开首页，页面加载轮播图、推荐课程等内容后显示。没有任何内容时显示空状态，加载失败时显示“重新加载”。',
    states: { ...PAGE_RENDERED_STATES, ...PAGE_LOAD_STATES, empty: '暂无内容' },
    events: { ...PAGE_RENDERED_EVENTS, ...PAGE_LOAD_EVENTS, ...PAGE_RELOAD_EVENT },
    guards: { ...PAGE_RENDERED_GUARDS, isRenderedEmpty: '服务器数据中没有内容', isEmpty: '没有内容' },
  },
} satisfies Record<string, FlowTexts>;
