/** The native app's download page: versions, links and what the app offers. */
export interface AppFeature {
  readonly title: string;
  readonly description: string;
}

export interface AppDownloadInfo {
  readonly iosUrl: string;
  readonly androidUrl: string;
  readonly version: string;
  readonly size: string;
  /** Release date of the current version, YYYY-MM-DD. */
  readonly updatedAt: string;
  readonly minIos: string;
  readonly minAndroid: string;
  readonly features: readonly AppFeature[];
  readonly releaseNotes: readonly string[];
}

export const APP_DOWNLOAD: AppDownloadInfo = {
  iosUrl: 'https://apps.apple.com/cn/app/id0000000000',
  androidUrl: 'https://download.xuetu.example/app/xuetu-2.5.0.apk',
  version: '2.5.0',
  size: '86.4 MB',
  updatedAt: '2026-10-28',
  minIos: 'iOS 13',
  minAndroid: 'Android 8',
  features: [
    { title: '名师直播与录播', description: '系统课、训练营、公开课随时观看，支持倍速播放与断点续看。' },
    { title: '离线缓存', description: '在 Wi-Fi 下缓存课程视频与讲义，地铁、通勤路上也能学习。' },
    { title: '海量题库', description: '章节练习、历年真题、模拟试卷、每日一练，覆盖主流职业资格考试。' },
    { title: '错题与收藏', description: '自动归集错题，一键收藏重点题目，考前集中复习更高效。' },
    { title: '学习进度同步', description: '手机、平板与电脑端学习记录实时同步，换设备接着学。' },
    { title: '考试提醒', description: '报名、考试、查分等关键时间节点及时推送，不错过重要安排。' },
  ],
  releaseNotes: ['新增每日一练打卡日历', '课程播放器支持 0.75 倍至 2.0 倍变速', '优化题库答题卡与解析页的显示效果', '修复部分机型缓存视频无法播放的问题'],
};
