/**
 * Study materials (资料), e-books and the sales advisors' QR codes: their shapes, file types and
 * limits. The download itself goes through a sealed exchange (shared/sealed.ts).
 */
import type { NamedRef } from './contract';

/** File types a resource may have, with the label the filter shows. */
export const RESOURCE_FILE_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip'] as const;

export type ResourceFileType = (typeof RESOURCE_FILE_TYPES)[number];

export const RESOURCE_FILE_TYPE_LABELS: Record<ResourceFileType, string> = {
  pdf: 'PDF',
  doc: 'Word',
  docx: 'Word',
  xls: 'Excel',
  xlsx: 'Excel',
  ppt: 'PPT',
  pptx: 'PPT',
  zip: '压缩包',
};

export const RESOURCE_PAGE_DEFAULT_SIZE = 10;
export const RESOURCE_PAGE_MAX_SIZE = 50;

/** A downloadable resource as the free-resources list shows it (no URL: downloads are asked for one by one). */
export interface ResourceItem {
  id: number;
  title: string;
  fileType: string;
  /** Bytes. */
  size: number;
  project: NamedRef;
  subject: NamedRef | null;
  downloadCount: number;
  /** ISO 8601. */
  createdAt: string;
}

/** resourceFreePageList: filters as the client's lists send them (null or 0: all). */
export interface ResourcePageQuery {
  current?: number;
  size?: number;
  projectId?: number | null;
  subjectId?: number | null;
  fileType?: ResourceFileType | null;
  keyword?: string | null;
}

/** An e-book (电子书) of the resources page; read online at `readUrl`, counted by ebookAddViewNum. */
export interface EbookItem {
  id: number;
  title: string;
  author: string;
  cover: string;
  intro: string;
  pageCount: number;
  viewCount: number;
  project: NamedRef;
  subject: NamedRef | null;
  readUrl: string;
}

/** resourceInfoList (the e-books list). */
export interface EbookPageQuery {
  current?: number;
  size?: number;
  projectId?: number | null;
  subjectId?: number | null;
  keyword?: string | null;
}

/** A view counts at most once per address per e-book in this window. */
export const EBOOK_VIEW_WINDOW_SECONDS = 3600;

/** What ebookAddViewNum answers: the count after this view (unchanged when it did not count). */
export interface EbookViewCount {
  viewCount: number;
  counted: boolean;
}

/** The request of fileDownloadUrl, sealed (see shared/sealed.ts) before it leaves the browser. */
export interface FileDownloadRequest {
  resourceId: number;
}

/** The answer of fileDownloadUrl once opened: a signed link valid for a few minutes. */
export interface FileDownloadInfo {
  url: string;
  fileName: string;
  size: number;
  /** ISO 8601. */
  expiresAt: string;
}

export const DOWNLOAD_URL_TTL_SECONDS = 300;

/** Downloads one user may ask for per hour. */
export const DOWNLOADS_PER_HOUR = 60;

/** The sales advisor (学习顾问) of a project: salesQrcode. */
export interface SalesQrcode {
  advisorId: number;
  name: string;
  avatar: string;
  wechatId: string;
  /** The advisor's greeting under the QR code. */
  tip: string;
  /** An SVG image of the QR code (GET /static/qrcode). */
  qrcodeUrl: string;
  /** The project the advisor serves; null for the general advisor. */
  projectId: number | null;
}

/** "12.5 MB", "860 KB" — how a resource's size is shown. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '--';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  return `${(kb / 1024).toFixed(1)} MB`;
}

/**
 * The file name a download is saved under: the title, keeping its extension when it has the
 * file's own, else adding it; characters file systems refuse are replaced.
 */
export function downloadFileName(title: string, fileType: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are among what file systems refuse.
  const safe = title.replace(/[\u0000-\u001f\u007f\\/:*?"<>|]/g, '_').trim() || '资料';
  return safe.toLowerCase().endsWith(`.${fileType.toLowerCase()}`) ? safe : `${safe}.${fileType}`;
}
