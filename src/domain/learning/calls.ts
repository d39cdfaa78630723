/** The learning calls of product-spec §7: my courses, the player, resources and learning records. */
import { API_PREFIX, defineCall as def, defineStateChangingGet as changingGet, type ApiCallDef } from '../shared/api';

const UC = API_PREFIX.usercenter;
const PRODUCTS = API_PREFIX.products;
const DATA = API_PREFIX.dataanalysis;

export const LEARNING_CALLS = {
  myCourseList: def('GET', `${UC}/userproduct/getMyCourseList`),
  activeFreeCourse: changingGet(`${UC}/userproduct/activeFreeCourse/:id`),
  userProductStatus: def('GET', `${UC}/userproduct/getStatus/:id`),
  resourceFreePageList: def('POST', `${PRODUCTS}/resource/getfreepagelist`),
  resourceInfoList: def('POST', `${PRODUCTS}/resource/getInfoList`),
  fileDownloadUrl: def('POST', `${API_PREFIX.sys}/material/getFileDownloadUrl`, 'rsa'),
  ccConfig: def('GET', `${PRODUCTS}/bokecc/getCCConfig`),
  studyPercentage: def('GET', `${PRODUCTS}/catalogue/getStudyPercentage/:id`),
  coursewareInfo: def('POST', `${PRODUCTS}/catalogue/getCoursewareInfo`),
  ebookAddViewNum: changingGet(`${PRODUCTS}/ebook/addViewNum/:id`),
  sendLiveMsg: def('POST', `${PRODUCTS}/yoke/sendLiveMsg`),
  lastLearnedRecord: def('POST', `${DATA}/userLearnedRecord/getLastRecord`),
  addLearnedRecord: def('POST', `${DATA}/userLearnedRecord/add`),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls our services add: the live chat's message stream (server-sent events; history first, then
 * each message as it is sent).
 */
export const LEARNING_EXTRA_CALLS = {
  liveMessageStream: def('GET', `${PRODUCTS}/yoke/liveStream/:id`),
} as const satisfies Record<string, ApiCallDef>;

export type LearningCallName = keyof typeof LEARNING_CALLS;
export type LearningExtraCallName = keyof typeof LEARNING_EXTRA_CALLS;
