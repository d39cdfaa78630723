/** Screen texts of the shared components in src/views/shared that any area's page may show. */

export const BREADCRUMB_TEXTS = {
  /** The breadcrumb's landmark name. */
  label: '面包屑',
  home: '首页',
} as const;

export const IMAGE_UPLOADER_TEXTS = {
  add: '添加图片',
  uploading: '上传中',
  failed: '上传失败',
  retry: '重试',
  remove: (n: number) => `删除第${n}张图片`,
  image: (n: number, name: string) => `第${n}张图片：${name}`,
  count: (n: number, max: number) => `${n}/${max}`,
  countLabel: (n: number, max: number) => `已选${n}张，最多${max}张`,
} as const;

/** What an image picker accepts unless told otherwise. */
export const DEFAULT_IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
