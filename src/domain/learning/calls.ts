/** The learning calls of product-spec §7: my courses, the player, resources and learning records, typed from ./contract.ts. */
import type { EbookItem, EbookPageQuery, EbookViewCount, FileDownloadInfo, FileDownloadRequest, ResourceItem, ResourcePageQuery } from '../catalog/resources';
import type { UserProductStatus } from '../commerce/contract';
import type { Page } from '../shared/envelope';
import { API_PREFIX, defineCall as def, defineStateChangingGet as changingGet, type ApiCallDef, type ById } from '../shared/api';
import type {
  CourseStudyProgress,
  CoursewareInfo,
  CoursewareInfoQuery,
  LastLearnedRecord,
  LastRecordQuery,
  LearnedRecordPayload,
  LearnedRecordResult,
  LiveMessage,
  LiveMessagePayload,
  MyCourseList,
  MyCourseListQuery,
  PlayerConfig,
  PlayerConfigQuery,
} from './contract';

const UC = API_PREFIX.usercenter;
const PRODUCTS = API_PREFIX.products;
const DATA = API_PREFIX.dataanalysis;

export const LEARNING_CALLS = {
  myCourseList: def<{ answer: MyCourseList; query: MyCourseListQuery }>('GET', `${UC}/userproduct/getMyCourseList`),
  activeFreeCourse: changingGet<{ answer: UserProductStatus; params: ById }>(`${UC}/userproduct/activeFreeCourse/:id`),
  // Visitors get `status: false`.
  userProductStatus: def<{ answer: UserProductStatus; params: ById }>('GET', `${UC}/userproduct/getStatus/:id`),
  resourceFreePageList: def<{ answer: Page<ResourceItem>; body: ResourcePageQuery }>('POST', `${PRODUCTS}/resource/getfreepagelist`),
  resourceInfoList: def<{ answer: Page<EbookItem>; body: EbookPageQuery }>('POST', `${PRODUCTS}/resource/getInfoList`),
  // A short-lived signed link to download a resource (login required); the body and the answer travel sealed (src/domain/shared/sealed.ts).
  fileDownloadUrl: def<{ answer: FileDownloadInfo; body: FileDownloadRequest }>('POST', `${API_PREFIX.sys}/material/getFileDownloadUrl`, 'rsa'),
  ccConfig: def<{ answer: PlayerConfig; query: PlayerConfigQuery }>('GET', `${PRODUCTS}/bokecc/getCCConfig`),
  studyPercentage: def<{ answer: CourseStudyProgress; params: ById }>('GET', `${PRODUCTS}/catalogue/getStudyPercentage/:id`),
  coursewareInfo: def<{ answer: CoursewareInfo; body: CoursewareInfoQuery }>('POST', `${PRODUCTS}/catalogue/getCoursewareInfo`),
  // Counts a view of an e-book (at most once per address and hour).
  ebookAddViewNum: changingGet<{ answer: EbookViewCount; params: ById }>(`${PRODUCTS}/ebook/addViewNum/:id`),
  sendLiveMsg: def<{ answer: LiveMessage; body: LiveMessagePayload }>('POST', `${PRODUCTS}/yoke/sendLiveMsg`),
  lastLearnedRecord: def<{ answer: LastLearnedRecord | null; body: LastRecordQuery }>('POST', `${DATA}/userLearnedRecord/getLastRecord`),
  addLearnedRecord: def<{ answer: LearnedRecordResult; body: LearnedRecordPayload }>('POST', `${DATA}/userLearnedRecord/add`),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls our services add: the live chat's message stream (server-sent events; history first, then
 * each message as it is sent). Not a JSON call: each event's data is one LiveMessage.
 */
export const LEARNING_EXTRA_CALLS = {
  liveMessageStream: def<{ answer: LiveMessage; params: ById }>('GET', `${PRODUCTS}/yoke/liveStream/:id`),
} as const satisfies Record<string, ApiCallDef>;

export type LearningCallName = keyof typeof LEARNING_CALLS;
export type LearningExtraCallName = keyof typeof LEARNING_EXTRA_CALLS;
