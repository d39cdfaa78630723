/**
 * Every call of product-spec §7, in one list. The client builds its typed call functions from it
 * and the server registers one route per entry (answering 501 until a feature claims it).
 * Path parameters use the `:name` form; `:name?` is optional.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** json: JSON body; multipart: file upload; signed-form: old form-urlencoded API with MD5 signature; rsa: RSA-encrypted body. */
export type Encoding = 'json' | 'multipart' | 'signed-form' | 'rsa';

export interface ApiCallDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly encoding: Encoding;
}

const USERCENTER = '/usercenter/front/api';
const SYS = '/sys/front/api';
const PRODUCTS = '/products/front/api';
const DATA = '/dataanalysis/front/api';
const QB = '/questionbank/front/api';

function def(method: HttpMethod, path: string, encoding: Encoding = 'json'): ApiCallDef {
  return { method, path, encoding };
}

export const API_CALLS = {
  // User centre
  forgetPwd: def('POST', `${USERCENTER}/account/forgetPwd`),
  logout: def('POST', `${USERCENTER}/account/logout`),
  updateBasicInfo: def('PUT', `${USERCENTER}/account/updateBasicInfo`),
  getUserInfo: def('POST', `${USERCENTER}/account/getUserInfo`),
  updateBindMobile: def('PUT', `${USERCENTER}/account/updateBindMobile`),
  updatePwd: def('PUT', `${USERCENTER}/account/updatePwd`),
  getWeChatBindStatus: def('GET', `${USERCENTER}/account/getWeChatBindStatus`),
  bindWeChat: def('GET', `${USERCENTER}/account/bindWeChat`),
  unBindWeChat: def('GET', `${USERCENTER}/account/unBindWeChat`),
  addressList: def('GET', `${USERCENTER}/address/getList`),
  addressDetail: def('GET', `${USERCENTER}/address/detail/:id`),
  addressDelete: def('DELETE', `${USERCENTER}/address/delete`),
  addressUpdate: def('PUT', `${USERCENTER}/address/update`),
  addressSave: def('POST', `${USERCENTER}/address/save`),
  userProductPageList: def('POST', `${USERCENTER}/userproduct/getPageList`),
  myCourseList: def('GET', `${USERCENTER}/userproduct/getMyCourseList`),
  activeFreeCourse: def('GET', `${USERCENTER}/userproduct/activeFreeCourse/:id`),
  userProductStatus: def('GET', `${USERCENTER}/userproduct/getStatus/:id`),
  userProductQuestionStatus: def('POST', `${USERCENTER}/userproduct/getQuestionStatus`),

  // Login
  loginByPwd: def('POST', `${USERCENTER}/login/loginByPwd`),
  loginBySms: def('POST', `${USERCENTER}/login/loginBySms`),
  bindMobileByWxCode: def('POST', `${USERCENTER}/login/bindMobileByWxCode`),
  loginByTempCode: def('POST', `${USERCENTER}/login/loginByTempCode/:code`),
  loginByWx: def('GET', `${USERCENTER}/login/loginByWx`),
  wxConfig: def('GET', `${USERCENTER}/login/wxConfig`),
  checkStatus: def('GET', `${USERCENTER}/login/checkStatus`),
  bindProject: def('PUT', `${USERCENTER}/account/bindProject`),
  sendMobileCode: def('POST', `${USERCENTER}/sms/sendMobileCodeCaptchaVerify`),

  // System
  regionListByParent: def('POST', `${SYS}/region/getListByParent`),
  uploadFile: def('POST', `${SYS}/material/uploadFile`, 'multipart'),
  uploadImage: def('POST', `${SYS}/material/uploadImage`, 'multipart'),
  classListByParentId: def('GET', `${SYS}/class/getListByParentId/:id`),
  classTreeList: def('POST', `${SYS}/class/treelist`),
  fileDownloadUrl: def('POST', `${SYS}/material/getFileDownloadUrl`, 'rsa'),

  // Other
  adItemsByCode: def('GET', '/content/front/api/adItem/getAdItemsByCode/:code'),
  payChannels: def('GET', '/payment/front/api/payChannelWay/getListByTerminal'),
  salesQrcode: def('POST', '/crm/front/api/sales/getQrcode'),
  paramByKey: def('GET', `${PRODUCTS}/param/getItemByKey/:key`),

  // Products
  coursePageList: def('POST', `${PRODUCTS}/course/getPageList`),
  courseDetails: def('GET', `${PRODUCTS}/course/getDetails/:id`),
  courseSkuList: def('POST', `${PRODUCTS}/course/getSkuList/:id`),
  catalogueList: def('POST', `${PRODUCTS}/catalogue/getCatalogueList/:id`),
  firstAudition: def('GET', `${PRODUCTS}/catalogue/getFirstAudition/:id`),
  coursewaresList: def('POST', `${PRODUCTS}/catalogue/getCoursewaresList`),
  resourceFreePageList: def('POST', `${PRODUCTS}/resource/getfreepagelist`),
  resourceInfoList: def('POST', `${PRODUCTS}/resource/getInfoList`),
  ccConfig: def('GET', `${PRODUCTS}/bokecc/getCCConfig`),
  unifiedPay: def('POST', `${PRODUCTS}/unifiedPay/pay`),
  studyPercentage: def('GET', `${PRODUCTS}/catalogue/getStudyPercentage/:id`),
  coursewareInfo: def('POST', `${PRODUCTS}/catalogue/getCoursewareInfo`),
  ebookAddViewNum: def('GET', `${PRODUCTS}/ebook/addViewNum/:id`),
  sendLiveMsg: def('POST', `${PRODUCTS}/yoke/sendLiveMsg`),

  // Learning records
  lastLearnedRecord: def('POST', `${DATA}/userLearnedRecord/getLastRecord`),
  addLearnedRecord: def('POST', `${DATA}/userLearnedRecord/add`),

  // Question bank
  qbEnumList: def('GET', `${QB}/setting/getEnumList`),
  qbHandScore: def('POST', `${QB}/userRecord/handScore`),
  qbRecordPageList: def('POST', `${QB}/userRecord/getPageList`),
  qbRecordSave: def('POST', `${QB}/userRecord/save`),
  qbRecordStatus: def('POST', `${QB}/userRecord/getStatus`),
  qbRecordReport: def('GET', `${QB}/userRecord/getReport/:id`),
  qbRecordQuestions: def('GET', `${QB}/userRecord/getQuestionsList/:id`),
  qbPaperReport: def('GET', `${QB}/userRecord/getPaperReport/:id`),
  qbRecordAnalysis: def('GET', `${QB}/userRecord/getAnalysis/:id`),
  qbRecordDelete: def('DELETE', `${QB}/userRecord/delete`),
  qbUserQuestionList: def('POST', `${QB}/userQuestions/getQuestionList`),
  qbUserQuestions: def('POST', `${QB}/userQuestions/getList`),
  qbCollectStatusList: def('POST', `${QB}/userQuestions/getCollectStatusList`),
  qbAddFeedback: def('POST', `${QB}/userQuestions/addFeedback`),
  qbCollect: def('POST', `${QB}/userQuestions/collect`),
  qbUserQuestionsDelete: def('DELETE', `${QB}/userQuestions/delete/:type/:subjectId`),
  qbPaperPageList: def('POST', `${QB}/paper/getPageList`),
  qbPaperQuestions: def('GET', `${QB}/paper/getQuestionList/:id`),
  qbPaperDetail: def('GET', `${QB}/paper/getDetail/:id`),
  qbSectionTree: def('GET', `${QB}/section/getTreeList/:id`),
  qbSectionQuestions: def('GET', `${QB}/section/getQuestionList/:id`),
  qbUserPaperList: def('GET', `${QB}/userPaper/getList/:id`),

  // Feedback (old API, signed form)
  feedbackSave: def('POST', '/api/basic/fb/savePC', 'signed-form'),
  feedbackUploadImg: def('POST', '/api/upload/uploadImg', 'signed-form'),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls our own services add beyond §7: the self-hosted slider captcha (in place of a third-party
 * widget), the RSA key for password fields, and temporary login codes for the app bridge.
 */
export const EXTRA_CALLS = {
  captchaChallenge: def('GET', '/captcha/front/api/slider/challenge'),
  rsaPublicKey: def('GET', `${USERCENTER}/login/publicKey`),
  createTempCode: def('POST', `${USERCENTER}/login/createTempCode`),
} as const satisfies Record<string, ApiCallDef>;

export const ALL_CALLS = { ...API_CALLS, ...EXTRA_CALLS };

export type ApiCallName = keyof typeof API_CALLS;
export type AnyCallName = keyof typeof ALL_CALLS;

/** Fills `:name` parameters; missing optional ones are dropped with their slash. */
export function buildPath(path: string, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  return path.replace(/\/:(\w+)(\?)?/g, (_m, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`缺少路径参数 ${name}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}
